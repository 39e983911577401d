// CPNG: setjmp-owning wrappers around libpng. See include/png_shim.h for the contract and
// README.md for why this shim exists.
//
// setjmp rules followed here: every object that is changed after setjmp and read on the error
// path is either volatile or lives behind a pointer that itself never changes (C11 7.13.2.1).
#include "png_shim.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// MARK: - Errors

typedef struct error_sink {
    char *message;
    size_t capacity;
    // libpng often explains an error in a warning just before it: png_check_IHDR warns "Image
    // width exceeds user limit in IHDR", then errors with only "Invalid IHDR data".
    char last_warning[160];
} error_sink;

static void write_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", text);
    }
}

// libpng requires an error handler that never returns: copy the text (with the warning that led
// to it, if any), then jump back to the setjmp of whichever entry point is running.
static void on_libpng_error(png_structp png, png_const_charp text) {
    error_sink *sink = (error_sink *)png_get_error_ptr(png);
    if (sink != NULL && sink->message != NULL && sink->capacity > 0) {
        if (sink->last_warning[0] != '\0') {
            snprintf(sink->message, sink->capacity, "%s (after warning: %s)", text, sink->last_warning);
        } else {
            snprintf(sink->message, sink->capacity, "%s", text);
        }
    }
    png_longjmp(png, 1);
}

// Warnings alone never fail a call (e.g. a bad CRC in an ancillary chunk, which libpng skips),
// and libpng's default handler would print them to stderr in the middle of a progress bar: keep
// the last one for the error message instead.
static void on_libpng_warning(png_structp png, png_const_charp text) {
    error_sink *sink = (error_sink *)png_get_error_ptr(png);
    if (sink != NULL) {
        snprintf(sink->last_warning, sizeof sink->last_warning, "%s", text);
    }
}

// MARK: - Encoding

static void buffer_write(png_structp png, png_bytep data, size_t length) {
    cpng_buffer *buffer = (cpng_buffer *)png_get_io_ptr(png);
    if (length > buffer->capacity - buffer->count) {
        // Doubling keeps the number of reallocations logarithmic in the output size; 64 KiB
        // covers a typical flat 640x1136 frame without any.
        size_t capacity = buffer->capacity < 65536 ? 65536 : buffer->capacity;
        while (capacity - buffer->count < length) {
            if (capacity > SIZE_MAX / 2) {
                png_error(png, "encoded PNG would exceed the addressable memory size");
            }
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory while growing the encoded PNG buffer");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
}

// Memory output has nothing to flush. Passing NULL would not do: libpng then installs its
// default flush, which treats the I/O pointer as a FILE *.
static void buffer_flush(png_structp png) {
    (void)png;
}

static int zlib_strategy(int strategy) {
    switch (strategy) {
    case CPNG_STRATEGY_FILTERED: return Z_FILTERED;
    case CPNG_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    case CPNG_STRATEGY_RLE: return Z_RLE;
    case CPNG_STRATEGY_FIXED: return Z_FIXED;
    default: return Z_DEFAULT_STRATEGY;
    }
}

int cpng_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height,
                      cpng_encode_options options, cpng_buffer *out,
                      char *message, size_t message_capacity) {
    char text[160];
    if (rgba == NULL || out == NULL) {
        write_message(message, message_capacity, "cpng_encode_rgba8: pixel or output pointer is NULL");
        return CPNG_ERROR_ARGUMENT;
    }
    if (width == 0 || height == 0) {
        snprintf(text, sizeof text, "image size %ux%u is empty; PNG needs at least 1x1", width, height);
        write_message(message, message_capacity, text);
        return CPNG_ERROR_ARGUMENT;
    }
    if (options.level < 0 || options.level > 9) {
        snprintf(text, sizeof text, "zlib level %d is outside 0...9", options.level);
        write_message(message, message_capacity, text);
        return CPNG_ERROR_ARGUMENT;
    }
    if (options.strategy < CPNG_STRATEGY_DEFAULT || options.strategy > CPNG_STRATEGY_FIXED) {
        snprintf(text, sizeof text, "zlib strategy %d is not one of CPNG_STRATEGY_*", options.strategy);
        write_message(message, message_capacity, text);
        return CPNG_ERROR_ARGUMENT;
    }
    if (options.filters == 0 || (options.filters & ~CPNG_FILTER_ALL) != 0) {
        snprintf(text, sizeof text, "filter set 0x%x is not a non-empty subset of 0xF8", (unsigned)options.filters);
        write_message(message, message_capacity, text);
        return CPNG_ERROR_ARGUMENT;
    }

    error_sink sink = { message, message_capacity, "" };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_libpng_error, on_libpng_warning);
    if (png == NULL) {
        write_message(message, message_capacity, "png_create_write_struct failed (out of memory?)");
        return CPNG_ERROR_LIBPNG;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        write_message(message, message_capacity, "png_create_info_struct failed (out of memory?)");
        return CPNG_ERROR_LIBPNG;
    }
    // out is a pointer that never changes, so the buffer it points at is safe to free here.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        cpng_buffer_free(out);
        return CPNG_ERROR_LIBPNG;
    }

    png_set_write_fn(png, out, buffer_write, buffer_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options.level);
    png_set_compression_strategy(png, zlib_strategy(options.strategy));
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
    // Nothing but IHDR is in info: no tIME, text, gAMA, sRGB or pHYs, so the bytes depend only on
    // the pixels and the options above.
    png_write_info(png, info);

    const size_t row_bytes = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, rgba + (size_t)y * row_bytes);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return CPNG_OK;
}

void cpng_buffer_free(cpng_buffer *buffer) {
    if (buffer == NULL) {
        return;
    }
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
    buffer->capacity = 0;
}

// MARK: - Decoding

typedef struct memory_source {
    const uint8_t *bytes;
    size_t count;
    size_t offset;
} memory_source;

static void source_read(png_structp png, png_bytep data, size_t length) {
    memory_source *source = (memory_source *)png_get_io_ptr(png);
    if (length > source->count - source->offset) {
        char text[160];
        snprintf(text, sizeof text,
                 "PNG data ends early: needed %zu bytes at offset %zu but the data is %zu bytes long (truncated file?)",
                 length, source->offset, source->count);
        png_error(png, text);
    }
    memcpy(data, source->bytes + source->offset, length);
    source->offset += length;
}

int cpng_decode_rgba8(const uint8_t *bytes, size_t count, cpng_decode_limits limits, cpng_image *out,
                      char *message, size_t message_capacity) {
    if ((bytes == NULL && count > 0) || out == NULL) {
        write_message(message, message_capacity, "cpng_decode_rgba8: input or output pointer is NULL");
        return CPNG_ERROR_ARGUMENT;
    }
    if (limits.max_side == 0 || limits.max_pixels == 0 || limits.max_chunk_bytes == 0) {
        write_message(message, message_capacity, "cpng_decode_rgba8: every decode limit must be at least 1");
        return CPNG_ERROR_ARGUMENT;
    }

    error_sink sink = { message, message_capacity, "" };
    memory_source source = { bytes, count, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, on_libpng_error, on_libpng_warning);
    if (png == NULL) {
        write_message(message, message_capacity, "png_create_read_struct failed (out of memory?)");
        return CPNG_ERROR_LIBPNG;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        write_message(message, message_capacity, "png_create_info_struct failed (out of memory?)");
        return CPNG_ERROR_LIBPNG;
    }
    // Both are assigned after setjmp and freed on the error path, hence volatile.
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return CPNG_ERROR_LIBPNG;
    }

    png_set_read_fn(png, &source, source_read);
    // Bounds before anything is allocated for the image (the shim's own buffers below and
    // libpng's row buffers): libpng checks IHDR against these in png_read_info and errors with
    // "Image width exceeds user limit in IHDR" (kept through the warning).
    png_set_user_limits(png, limits.max_side, limits.max_side);
    // No ancillary chunk may make libpng allocate more than this (iCCP, zTXt, iTXt, unknown
    // chunks; IDAT is streamed, never held whole). 0 in the struct would mean "no limit".
    png_set_chunk_malloc_max(png, limits.max_chunk_bytes);
    // That limit alone is not enough: libpng 1.6 reports a chunk over it as a *benign* error,
    // which readers downgrade to a warning, and then allocates the chunk's declared length (the
    // libFuzzer harness found a zTXt declaring 989 MB). The decoder never uses an ancillary chunk
    // but tRNS (no colour management, no text), so the others are handled as "never keep":
    // skipped by png_crc_finish in 1 KiB reads, never allocated. Unknown chunks already are.
    static const png_byte ignored[] =
        "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0tEXt\0tIME\0zTXt";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored, (int)(sizeof ignored / 5));
    png_read_info(png, info);

    {
        // Checked on IHDR's values, before any pixel buffer exists.
        const png_uint_32 w = png_get_image_width(png, info);
        const png_uint_32 h = png_get_image_height(png, info);
        if ((uint64_t)w * h > limits.max_pixels) {
            char text[200];
            snprintf(text, sizeof text,
                     "image is %ux%u = %llu pixels; the reader accepts at most %llu (PNG.maxDecodedPixels)",
                     (unsigned)w, (unsigned)h, (unsigned long long)w * h, (unsigned long long)limits.max_pixels);
            png_error(png, text);
        }
        // deflate cannot expand data more than 1032:1 (a 258-byte match in 2 bits; zlib's own
        // figure, zlib.net/zlib_tech.html), so the filtered rows (one filter byte plus the packed
        // samples, a lower bound even for Adam7) cannot come out of fewer than raw / 1032
        // compressed bytes, and the compressed bytes are part of the input. A file that claims
        // more pixels than it could hold is refused here instead of after a large allocation.
        const uint64_t channels = png_get_channels(png, info);
        const uint64_t depth = png_get_bit_depth(png, info);
        const uint64_t raw = (uint64_t)h * ((((uint64_t)w * channels * depth) + 7) / 8 + 1);
        if (raw / 1032 > (uint64_t)count) {
            char text[240];
            snprintf(text, sizeof text,
                     "image claims %ux%u pixels (%llu bytes of rows) but the file is only %zu bytes, "
                     "less than deflate's 1032:1 limit allows (truncated or hostile file)",
                     (unsigned)w, (unsigned)h, (unsigned long long)raw, count);
            png_error(png, text);
        }
    }

    const png_byte color_type = png_get_color_type(png, info);
    const png_byte bit_depth = png_get_bit_depth(png, info);
    const int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    // Normalise every colour type to 8-bit RGBA. No gamma or colour-space transform is requested:
    // tests and image diffs compare stored sample values, not displayed colours.
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (bit_depth == 16) {
        // Rounds (v * 255 + 32767) / 65535 rather than dropping the low byte.
        png_set_scale_16(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);

    const png_uint_32 width = png_get_image_width(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    const size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != (size_t)width * 4) {
        png_error(png, "internal: transforms did not produce 4 bytes per pixel");
    }
    if (height > SIZE_MAX / row_bytes) {
        png_error(png, "image is too large to hold in memory");
    }
    pixels = malloc(row_bytes * height);
    rows = malloc(sizeof(png_bytep) * height);
    if (pixels == NULL || rows == NULL) {
        char text[160];
        snprintf(text, sizeof text, "out of memory: a %ux%u image needs %zu bytes of RGBA",
                 (unsigned)width, (unsigned)height, row_bytes * height);
        png_error(png, text);
    }
    for (png_uint_32 y = 0; y < height; y++) {
        rows[y] = pixels + (size_t)y * row_bytes;
    }
    png_read_image(png, rows);
    // Reads up to IEND so a file cut after its last IDAT is still reported as truncated.
    png_read_end(png, NULL);

    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    out->width = width;
    out->height = height;
    out->rgba = pixels;
    return CPNG_OK;
}

void cpng_image_free(cpng_image *image) {
    if (image == NULL) {
        return;
    }
    free(image->rgba);
    image->rgba = NULL;
    image->width = 0;
    image->height = 0;
}

// MARK: - Versions

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}

const char *cpng_zlib_version(void) {
    return zlibVersion();
}
