// CPNG: the only place Flipbook touches libpng.
//
// Rules of this module:
// - libpng reports errors by longjmp, which must never unwind through Swift frames. Every entry
//   point below owns its own setjmp, so control always comes back here and out as a status code
//   plus a NUL-terminated message copied from libpng.
// - Encoded bytes depend only on the pixels and the options: no tIME, no text chunks, no
//   gAMA/sRGB/pHYs. The same input gives byte-identical output on every run (for a fixed libpng
//   and zlib).
// - Memory handed to the caller is owned by the caller and released with the matching *_free.
#ifndef FLIPBOOK_PNG_SHIM_H
#define FLIPBOOK_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Status codes returned by every entry point.
#define CPNG_OK 0
// libpng (or the shim's own I/O callbacks) raised an error; the message buffer says what.
#define CPNG_ERROR_LIBPNG 1
// An argument was outside the documented range; the message buffer names it.
#define CPNG_ERROR_ARGUMENT 2

// zlib strategies, mirroring Z_DEFAULT_STRATEGY ... Z_FIXED. Kept as our own constants so Swift
// never needs zlib.h.
#define CPNG_STRATEGY_DEFAULT 0
#define CPNG_STRATEGY_FILTERED 1
#define CPNG_STRATEGY_HUFFMAN_ONLY 2
#define CPNG_STRATEGY_RLE 3
#define CPNG_STRATEGY_FIXED 4

// PNG row filters (bit set), mirroring libpng's PNG_FILTER_* flags for png_set_filter. With more
// than one bit set libpng picks per row the filter whose output has the smallest sum of absolute
// values (its "adaptive" heuristic).
#define CPNG_FILTER_NONE 0x08
#define CPNG_FILTER_SUB 0x10
#define CPNG_FILTER_UP 0x20
#define CPNG_FILTER_AVG 0x40
#define CPNG_FILTER_PAETH 0x80
#define CPNG_FILTER_ALL 0xF8

typedef struct cpng_encode_options {
    // zlib compression level, 0 (stored) ... 9 (smallest, slowest).
    int level;
    // One of CPNG_STRATEGY_*.
    int strategy;
    // Non-empty subset of CPNG_FILTER_ALL.
    int filters;
} cpng_encode_options;

// A growable byte buffer filled by the encoder. Release with cpng_buffer_free.
typedef struct cpng_buffer {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} cpng_buffer;

// A decoded image: width * height * 4 bytes of straight-alpha RGBA8, rows top to bottom, no
// padding. Release with cpng_image_free.
typedef struct cpng_image {
    uint32_t width;
    uint32_t height;
    uint8_t *rgba;
} cpng_image;

// Encodes width * height pixels of straight-alpha RGBA8 (rows top to bottom, 4 * width bytes per
// row, no padding) as an 8-bit RGBA, non-interlaced PNG into *out, which must be zeroed on entry.
// On failure returns a CPNG_ERROR_* code, writes a message into message[0 ..< message_capacity]
// and leaves *out empty.
int cpng_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height,
                      cpng_encode_options options, cpng_buffer *out,
                      char *message, size_t message_capacity);

void cpng_buffer_free(cpng_buffer *buffer);

// What a decode may allocate, checked on the IHDR before any pixel buffer exists. Every field
// must be at least 1.
typedef struct cpng_decode_limits {
    // Largest width and height (png_set_user_limits).
    uint32_t max_side;
    // Largest width * height; the RGBA buffer is 4 bytes a pixel.
    uint64_t max_pixels;
    // Largest allocation libpng may make for one ancillary chunk (png_set_chunk_malloc_max).
    size_t max_chunk_bytes;
} cpng_decode_limits;

// Decodes any PNG (any colour type, bit depth 1-16, palette, tRNS, interlaced) from memory into
// straight-alpha RGBA8 in *out, which must be zeroed on entry. 16-bit samples are scaled with
// rounding; no gamma or colour-space conversion is applied. An image larger than `limits`, or
// claiming more rows than `count` bytes of deflate data could hold (1032:1), is refused before
// anything is allocated for it. On failure returns a CPNG_ERROR_* code, writes a message and
// leaves *out empty.
int cpng_decode_rgba8(const uint8_t *bytes, size_t count, cpng_decode_limits limits, cpng_image *out,
                      char *message, size_t message_capacity);

void cpng_image_free(cpng_image *image);

// The library versions linked at run time ("1.6.39", "1.2.13"), for reports and benchmarks.
// Static strings; never freed.
const char *cpng_libpng_version(void);
const char *cpng_zlib_version(void);

#ifdef __cplusplus
}
#endif

#endif
