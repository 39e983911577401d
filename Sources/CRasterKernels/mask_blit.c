// Cached glyph masks onto pixels. The arithmetic is raster_kernels.c's (mul255 on each byte,
// source-over in premultiplied RGBA8), repeated here so the two files stay independent; the
// tests hold a glyph drawn through its mask to the bytes of the same coverage drawn per pixel.
#include "mask_blit.h"

static inline uint32_t mb_mul255_lanes(uint32_t x, uint32_t f) {
    uint32_t even = x & 0x00FF00FFu, odd = (x >> 8) & 0x00FF00FFu;
    uint32_t te = even * f + 0x00800080u, to = odd * f + 0x00800080u;
    even = ((te + ((te >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    odd = ((to + ((to >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return even | (odd << 8);
}

static inline uint32_t mb_alpha(uint32_t packed) { return ((const uint8_t *)&packed)[3]; }

void fb_blit_mask(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                  ptrdiff_t width, ptrdiff_t height, uint32_t fill, uint32_t opacity) {
    // One colour and its inverse alpha per coverage byte, built lazily: a glyph touches a few
    // dozen distinct levels, so most of the table is never computed.
    uint32_t colour[256];
    uint16_t inverse[256];
    uint8_t known[256] = {0};
    for (ptrdiff_t y = 0; y < height; y++) {
        const uint8_t *m = mask + y * mask_stride;
        uint32_t *p = pixels + y * pixel_stride;
        for (ptrdiff_t x = 0; x < width; x++) {
            uint32_t b = m[x];
            if (b == 0) continue;
            if (!known[b]) {
                colour[b] = mb_mul255_lanes(mb_mul255_lanes(fill, b), opacity);
                inverse[b] = (uint16_t)(255u - mb_alpha(colour[b]));
                known[b] = 1;
            }
            uint32_t inv = inverse[b];
            p[x] = inv == 0 ? colour[b] : colour[b] + mb_mul255_lanes(p[x], inv);
        }
    }
}
