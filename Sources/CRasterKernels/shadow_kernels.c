// Layer shadows: the blur's two passes and the composite of the blurred mask (shadow_kernels.h).
// Rules:
// 1. Bits equal to Shadow.swift's loops before this kernel, at every level: each element is
//    t = t + w·s with the product rounded to Float and then the sum (FP_CONTRACT off: no fused
//    multiply-add, which rounds once), in the order of the taps.
//    Lanes never mix, so the vector width cannot change a value.
// 2. The composite is the glyph masks' blit (glyph_masks.c) over one row of coverage bytes: its
//    per-byte rule is Shadow.swift's, colour·c then ·opacity, then source-over.
#include "shadow_kernels.h"
#include "glyph_masks.h"
#include "raster_kernels.h"
#include "kernels_internal.h"
#include <string.h>
#if defined(__x86_64__)
#define BLUR_X86 1
#endif

#pragma STDC FP_CONTRACT OFF

typedef void (*blur_axpy)(float *target, const float *source, float weight, ptrdiff_t count);

// The definition, and the scalar level's kernel.
static void axpy_scalar(float *target, const float *source, float weight, ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i++) {
        float product = weight * source[i];
        target[i] = target[i] + product;
    }
}

// One body for the vector levels: 16 floats a step as a GCC/Clang vector, which the baseline
// build does as four SSE2 operations, the AVX2 build as two and the AVX-512 build as one; each
// lane is the definition's multiply, then add (rule 1). The tail is the definition's loop.
typedef float blur_f16 __attribute__((vector_size(64)));

static inline __attribute__((always_inline))
void axpy_body(float *target, const float *source, float weight, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        blur_f16 t, s;
        __builtin_memcpy(&t, target + i, sizeof t);
        __builtin_memcpy(&s, source + i, sizeof s);
        blur_f16 product = weight * s;
        t = t + product;
        __builtin_memcpy(target + i, &t, sizeof t);
    }
    for (; i < count; i++) {
        float product = weight * source[i];
        target[i] = target[i] + product;
    }
}

#if BLUR_X86
static void axpy_sse2(float *target, const float *source, float weight, ptrdiff_t count) {
    axpy_body(target, source, weight, count);
}

__attribute__((target("avx2")))
static void axpy_avx2(float *target, const float *source, float weight, ptrdiff_t count) {
    axpy_body(target, source, weight, count);
}

__attribute__((target("avx512f")))
static void axpy_avx512(float *target, const float *source, float weight, ptrdiff_t count) {
    axpy_body(target, source, weight, count);
}
#endif

static blur_axpy blur_kernel(void) {
#if BLUR_X86
    const int level = fb_kernel_level();
    if (level >= FB_LEVEL_AVX512) return axpy_avx512;
    if (level >= FB_LEVEL_AVX2) return axpy_avx2;
    if (level >= FB_LEVEL_SSE2) return axpy_sse2;
#endif
    return axpy_scalar;
}

void fb_blur_separable(float *mask, float *temp, ptrdiff_t width, ptrdiff_t height, const float *weights,
                       ptrdiff_t k, ptrdiff_t active_lo, ptrdiff_t active_hi) {
    if (k <= 0 || width <= 0 || height <= 0) return;
    const blur_axpy axpy = blur_kernel();
    const size_t size = (size_t)width * (size_t)height;
    // Horizontal: temp[y][x] = Σ_j w[j]·mask[y][x + j − k], only rows that hold any mask.
    memset(temp, 0, size * sizeof(float));
    for (ptrdiff_t y = active_lo; y < active_hi; y++) {
        float *row = temp + y * width;
        const float *source = mask + y * width;
        for (ptrdiff_t j = 0; j <= 2 * k; j++) {
            const ptrdiff_t shift = j - k;
            const ptrdiff_t lo = shift < 0 ? -shift : 0;
            const ptrdiff_t hi = shift > 0 ? width - shift : width;
            if (lo < hi) axpy(row + lo, source + lo + shift, weights[j], hi - lo);
        }
    }
    // Vertical: mask[y][x] = Σ_j w[j]·temp[y + j − k][x], the taps on active rows only.
    memset(mask, 0, size * sizeof(float));
    for (ptrdiff_t y = 0; y < height; y++) {
        float *row = mask + y * width;
        for (ptrdiff_t j = 0; j <= 2 * k; j++) {
            const ptrdiff_t source = y + j - k;
            if (source < active_lo || source >= active_hi) continue;
            axpy(row, temp + source * width, weights[j], width);
        }
    }
}

void fb_composite_blurred_row(uint32_t *pixels, const float *blurred, const float *clip, ptrdiff_t count,
                              uint32_t colour, uint32_t opacity, uint8_t *bytes) {
    // Swift's min(v, 1) (`1 < v ? 1 : v`) and coverageByte (v·255 + 0.5, truncated), in Float.
    if (clip) {
        for (ptrdiff_t i = 0; i < count; i++) {
            float v = blurred[i];
            v = 1.0f < v ? 1.0f : v;
            v = v * clip[i];
            bytes[i] = (uint8_t)(v * 255.0f + 0.5f);
        }
    } else {
        for (ptrdiff_t i = 0; i < count; i++) {
            float v = blurred[i];
            v = 1.0f < v ? 1.0f : v;
            bytes[i] = (uint8_t)(v * 255.0f + 0.5f);
        }
    }
    fb_blit_glyph_mask(pixels, 0, bytes, 0, NULL, 0, count, 1, colour, opacity);
}
