// CPNGDeflate: Flipbook's PNG writer, libdeflate for the compression and our own chunk framing.
//
// Rules of this module:
// - Output is an 8-bit, non-interlaced PNG: RGB (colour type 2) when every pixel is opaque, RGBA
//   (colour type 6) otherwise; signature, IHDR, one IDAT, IEND. Nothing else
//   (no tIME, text, gAMA, sRGB or pHYs), so the bytes depend only on the pixels, the level, the
//   filter and the libdeflate version.
// - Each thread keeps its own scratch (the filtered rows, the output, one compressor), reused
//   from call to call and freed when the thread exits: no allocation per frame once warm.
// - No longjmp, no global state shared between threads: safe to call from many threads at once.
#ifndef FLIPBOOK_PNG_DEFLATE_H
#define FLIPBOOK_PNG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CPNGD_OK 0
// An argument was outside its documented range; the message says which.
#define CPNGD_ERROR_ARGUMENT 2
// Out of memory, or libdeflate could not compress; the message says which.
#define CPNGD_ERROR_ENCODE 3

// PNG row filter types (PNG specification §9.2), one for every row.
#define CPNGD_FILTER_NONE 0
#define CPNGD_FILTER_SUB 1
#define CPNGD_FILTER_UP 2
#define CPNGD_FILTER_AVERAGE 3
#define CPNGD_FILTER_PAETH 4

// Encodes width * height pixels of straight-alpha RGBA8 (rows top to bottom, 4 * width bytes per
// row, no padding) at libdeflate `level` (0 ... 12) with `filter` on every row, as RGB when every
// alpha is 255 (a quarter fewer bytes to compress; decoders give alpha 255 back). On success
// *png points at *count bytes in this thread's scratch, valid until this thread's next call:
// copy them out. On failure returns a CPNGD_ERROR_* code and writes a NUL-terminated message
// into message[0 ..< message_capacity].
int cpngd_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                       const uint8_t **png, size_t *count, char *message, size_t message_capacity);

// The libdeflate version compiled against, e.g. "1.14".
const char *cpngd_libdeflate_version(void);

// Frees this thread's scratch now (it is freed anyway when the thread exits).
void cpngd_release_thread_scratch(void);

#ifdef __cplusplus
}
#endif

#endif
