// libFuzzer harness for the PNG reader: every input goes through cpng_decode_rgba8 with the
// limits the PNG module uses (PNG.maxDecodedSide, maxDecodedPixels, maxChunkBytes). Built with
// AddressSanitizer, so an out-of-bounds access, a leak or an allocation over -malloc_limit_mb
// fails the run. See Tests/Fuzz/README.md for the commands.
#include "../../Sources/CPNG/png_shim.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const cpng_decode_limits limits = { 32768, (uint64_t)16384 * 16384, 8000000 };
    cpng_image image = { 0, 0, NULL };
    char message[512];
    const int status = cpng_decode_rgba8(data, size, limits, &image, message, sizeof message);
    if (status == CPNG_OK) {
        // Touch the whole buffer: a wrong size would be found by ASan here.
        volatile uint8_t sum = 0;
        for (size_t i = 0; i < (size_t)image.width * image.height * 4; i++) sum ^= image.rgba[i];
        (void)sum;
    } else if (image.rgba != NULL || message[0] == '\0') {
        __builtin_trap();  // a failure must leave *out empty and say why
    }
    cpng_image_free(&image);
    return 0;
}
