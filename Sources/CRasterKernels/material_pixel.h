// One pixel of a backdrop material from its blurred premultiplied colour (blur_grid.c's resolver
// and shadow_kernels.c's streamed exact backdrop): the same operations in the same order in both,
// so the two give the same bytes.
#ifndef FLIPBOOK_MATERIAL_PIXEL_H
#define FLIPBOOK_MATERIAL_PIXEL_H

#include <stdint.h>

static inline uint8_t material_to_byte(float v) { return (uint8_t)((v < 0 ? 0 : v > 255 ? 255 : v) + 0.5f); }
static inline float material_clamp(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }
static inline uint8_t material_min_byte(uint8_t a, uint8_t b) { return a < b ? a : b; }

// Alpha held to 0…255, the colour saturated about its Rec. 709 luminance (L + s·(c − L), held to
// 0…alpha), the tint (premultiplied, 0…255; keep = 1 − ta/255) drawn over it, rounded to bytes
// with colour ≤ alpha, into o[0…3].
static inline void material_pixel(const float c[4], float saturation, float tr, float tg, float tb, float ta,
                                  float keep, uint8_t *o) {
    const float a = material_clamp(c[3], 0, 255);
    const float luminance = 0.2126f * c[0] + 0.7152f * c[1] + 0.0722f * c[2];
    const float r = material_clamp(luminance + saturation * (c[0] - luminance), 0, a);
    const float g = material_clamp(luminance + saturation * (c[1] - luminance), 0, a);
    const float b = material_clamp(luminance + saturation * (c[2] - luminance), 0, a);
    const uint8_t alpha = material_to_byte(ta + a * keep);
    o[0] = material_min_byte(material_to_byte(tr + r * keep), alpha);
    o[1] = material_min_byte(material_to_byte(tg + g * keep), alpha);
    o[2] = material_min_byte(material_to_byte(tb + b * keep), alpha);
    o[3] = alpha;
}

#endif
