// Shared by the kernel files of this target only (not part of its public API): the blend
// arithmetic every kernel uses, the instruction-set levels, and the cell scale.
#ifndef FLIPBOOK_KERNELS_INTERNAL_H
#define FLIPBOOK_KERNELS_INTERNAL_H
#pragma clang fp contract(off)

#include "raster_kernels.h"
#if defined(__x86_64__) || defined(__i386__)
#define FB_X86 1
#include <emmintrin.h>
#include <immintrin.h>
#endif

// round(a·b/255) on each byte of x (f in 0...255), two bytes per 32-bit multiply
// (Mul255.swift's mul255Lanes).
static inline uint32_t mul255_lanes(uint32_t x, uint32_t f) {
    uint32_t even = x & 0x00FF00FFu, odd = (x >> 8) & 0x00FF00FFu;
    uint32_t te = even * f + 0x00800080u, to = odd * f + 0x00800080u;
    even = ((te + ((te >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    odd = ((to + ((to >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return even | (odd << 8);
}

// mul255(d, x) for 16-bit lanes d in 0...255 and one factor x is `pmulhrsw` by
// mulhrs_factor(x) (the table is mul255_factors.c's). The index is masked, so a value outside
// the documented 0...255 reads no memory past the table.
extern const uint16_t fb_mulhrs_factors[256];
static inline uint16_t mulhrs_factor(uint32_t x) { return fb_mulhrs_factors[x & 255]; }

// floor and ceil as integers, inline (libm's are calls on the baseline target), for finite
// arguments far inside ±2^62: each use turns the result into an integer at once, so floor's −0
// (which this gives as 0) cannot show.
static inline int64_t floor_int(double x) {
    int64_t i = (int64_t)x;                 // truncation toward zero
    return i - (x < (double)i);
}
static inline int64_t ceil_int(double x) {
    int64_t i = (int64_t)x;
    return i + (x > (double)i);
}

static inline uint32_t alpha_of(uint32_t packed) {
    // Byte 3 in memory order is alpha, whatever the machine's byte order.
    return ((const uint8_t *)&packed)[3];
}

static inline uint32_t source_over(uint32_t source, uint32_t destination) {
    return source + mul255_lanes(destination, 255u - alpha_of(source));
}

// A cell sum s (one pixel's signed area, FB_CELL_FULL = one pixel) as the coverage byte of
// Coverage.swift: round(c·255) with c = min(|s|, 1) (non-zero) or |s| folded with period 2
// (even-odd): the Float expression c·255 + 0.5 truncated, exactly as Swift does (coverageByte).
// c = v / FB_CELL_FULL is exact in Float (v ≤ 2^22), and scaling by a power of two commutes with
// rounding, so (float)v · (255 / FULL) is the very Float that c · 255 is.
_Static_assert(FB_CELL_ONE == 1 << FB_CELL_SHIFT && FB_CELL_FULL == 2 * FB_CELL_ONE * FB_CELL_ONE, "cell scale");
static inline uint32_t cell_magnitude(int32_t sum, const bool even_odd) {
    uint32_t a = sum < 0 ? 0u - (uint32_t)sum : (uint32_t)sum;
    if (even_odd) {
        a &= 2u * FB_CELL_FULL - 1u;
        return a > FB_CELL_FULL ? 2u * FB_CELL_FULL - a : a;
    }
    return a < FB_CELL_FULL ? a : FB_CELL_FULL;
}
// The same byte in integers: (255·v + FULL/2 + 15) >> 21 equals the Float expression for every v
// in 0 … FB_CELL_FULL (all 2^21 + 1 checked by CoverageByteTests through fb_magnitude_byte). The
// 15 is the Float's own rounding: 255·v needs up to 29 bits and a Float keeps 24, which lifts 15
// values lying just below a half to the next byte; no other bias matches them all. The SIMD
// kernels take it as a shift, a subtract, an add and a shift (latency 4) where the conversion,
// multiply, add and truncation took 16 cycles on the edge pixels' dependency chain.
#define FB_MAGNITUDE_BIAS (FB_CELL_FULL / 2 + 15)
#define FB_MAGNITUDE_SHIFT (2 * FB_CELL_SHIFT + 1)
_Static_assert(FB_CELL_FULL == 1 << FB_MAGNITUDE_SHIFT, "magnitude shift");
static inline uint32_t magnitude_byte(uint32_t v) { return (v * 255u + FB_MAGNITUDE_BIAS) >> FB_MAGNITUDE_SHIFT; }
#if FB_X86
// magnitude_byte in four 32-bit lanes (SSE2; the SSE2 edge kernel and the 4-lane edge step).
static inline __m128i magnitude_bytes4(__m128i v) {
    return _mm_srli_epi32(_mm_add_epi32(_mm_sub_epi32(_mm_slli_epi32(v, 8), v), _mm_set1_epi32(FB_MAGNITUDE_BIAS)),
                          FB_MAGNITUDE_SHIFT);
}
#endif
static inline float magnitude_coverage(uint32_t v) { return (float)v * (1.0f / (float)FB_CELL_FULL); }
static inline uint32_t coverage_byte(float c) { return (uint32_t)(uint8_t)(c * 255.0f + 0.5f); }

// The instruction-set level a kernel runs at on this thread: FB_LEVEL_* of raster_kernels.h.
int fb_kernel_level(void);

// sweep.c's plain (tabled) sweep of rows first ..< first + count, for the band driver (no
// prefetch: a band stays in cache).
void fb_sweep_rows_tabled(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const uint32_t *table,
                          uint32_t *pixels, ptrdiff_t pixel_stride);

#endif
