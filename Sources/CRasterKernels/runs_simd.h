// The span blend and the edge-pixel run at the AVX2 and AVX-512 levels as inline functions,
// shared by their exported names (blend.c, sweep_simd.c: what the tests hold to the scalar
// definitions) and by the sweep's builds for those levels (sweep.c), which inline them into the
// row loop. Why inline: with one call per run (a level switch, composite_span's tests, the
// constants rebuilt) and the runs of 1–3 pixels done scalar, the sweep of the 256-rect workloads
// spent a quarter to a third more time (perf samples of the sweep against
// the accumulation's in the same run; Sources/CRasterKernels/README.md has the figures). Also here:
// cells to coverage bytes in 8 and 16 lanes, shared with the glyph masks' sweeps (glyph_cache.c).
//
// AVX-512 needs F, BW and VL (fb_cpu_level's AVX-512 level). Rules: kernels_internal.h's (every
// byte the scalar formula's; masked lanes are neither read nor written).
#ifndef FLIPBOOK_RUNS_SIMD_H
#define FLIPBOOK_RUNS_SIMD_H
#include "kernels_internal.h"

#if FB_X86
#define FB_AVX2_TARGET __attribute__((target("avx2")))
#define FB_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl")))

// Each pixel's 255 − alpha in all four of its bytes: the inverted colour's byte 3, spread (the
// same pattern in every 128-bit lane).
#define FB_SPREAD_ALPHA 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15

// Cells to coverage bytes, 8 lanes: the prefix sum of `x` onto `*running` (left holding the last
// lane's sum in every lane), |Σ| capped at a pixel (non-zero) or folded with period 2 (even-odd:
// cell_magnitude's fold), then magnitude_byte's integer formula lane for lane (255·v as a shift
// and a subtract, the bias, a shift): one byte value per 32-bit lane.
FB_AVX2_TARGET static inline __m256i fb_coverage_bytes8(__m256i x, __m256i *running, const bool even_odd) {
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    __m256i carry = _mm256_shuffle_epi32(x, 0xFF);
    x = _mm256_add_epi32(x, _mm256_permute2x128_si256(carry, carry, 0x08));
    x = _mm256_add_epi32(x, *running);
    *running = _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(7));
    __m256i v = _mm256_abs_epi32(x);
    if (even_odd) {
        v = _mm256_and_si256(v, _mm256_set1_epi32(2 * FB_CELL_FULL - 1));
        v = _mm256_min_epu32(v, _mm256_sub_epi32(_mm256_set1_epi32(2 * FB_CELL_FULL), v));
    } else {
        v = _mm256_min_epu32(v, _mm256_set1_epi32(FB_CELL_FULL));
    }
    return _mm256_srli_epi32(
        _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(v, 8), v), _mm256_set1_epi32(FB_MAGNITUDE_BIAS)),
        FB_MAGNITUDE_SHIFT);
}

// `colour` over `count` pixels: stored when opaque, nothing when clear, else source-over 8 pixels
// an AVX2 step by the span blends' mul255 (one `pmulhrsw` a lane); from 8 pixels on the last step
// is a whole one that may overlap the step before, shorter spans one masked step.
FB_AVX2_TARGET static inline void fb_blend_span_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const uint32_t a = alpha_of(colour);
    if (a == 255) {
        for (ptrdiff_t i = 0; i < count; i++) pixels[i] = colour;
        return;
    }
    if (a == 0) return;
    // mul255 by 255 − a as one rounding multiply (mul255_factors.c): the same bytes.
    const __m256i zero = _mm256_setzero_si256(), f = _mm256_set1_epi16((short)mulhrs_factor(255u - a));
    const __m256i source = _mm256_set1_epi32((int)colour);
#define FB_BLEND8(d) ({ __m256i lo_ = _mm256_unpacklo_epi8((d), zero), hi_ = _mm256_unpackhi_epi8((d), zero); \
        lo_ = _mm256_mulhrs_epi16(lo_, f); \
        hi_ = _mm256_mulhrs_epi16(hi_, f); \
        _mm256_add_epi8(_mm256_packus_epi16(lo_, hi_), source); })
    if (count >= 8) {
        // The last 8 pixels read first and written last, as fb_blend_span_avx512 does: no masked
        // store ends the span.
        const __m256i last = FB_BLEND8(_mm256_loadu_si256((const __m256i *)(pixels + count - 8)));
        for (ptrdiff_t i = 0; i + 8 < count; i += 8) {
            // In-lane unpack and pack: the pack puts every byte back where the unpack took it.
            __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + i));
            _mm256_storeu_si256((__m256i *)(pixels + i), FB_BLEND8(d));
        }
        _mm256_storeu_si256((__m256i *)(pixels + count - 8), last);
    } else {
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)count), lanes);
        __m256i d = _mm256_maskload_epi32((const int *)pixels, mask);
        _mm256_maskstore_epi32((int *)pixels, mask, FB_BLEND8(d));
    }
#undef FB_BLEND8
}

// A run of 0…4 edge pixels in one 4-lane step: fb_edge_run_scalar's pixels, cells and sum, with a
// gather of 4 colours. Most runs of a turned shape's edges are this short.
FB_AVX2_TARGET static inline int32_t fb_edge_run4_avx2(int32_t *cells, uint32_t *pixels, ptrdiff_t count,
                                                       int32_t sum, const uint32_t *table, const bool even_odd,
                                                       uint32_t *last) {
    const __m128i z = _mm_setzero_si128();
    const __m128i m = _mm_cmpgt_epi32(_mm_set1_epi32((int)count), _mm_setr_epi32(0, 1, 2, 3));
    __m128i x = _mm_maskload_epi32(cells, m);
    _mm_maskstore_epi32(cells, m, z);
    x = _mm_add_epi32(x, _mm_slli_si128(x, 4));
    x = _mm_add_epi32(x, _mm_slli_si128(x, 8));
    x = _mm_add_epi32(x, _mm_set1_epi32(sum));
    // Lanes past the run add nothing, so lane 3 holds the run's last sum.
    const int32_t result = _mm_extract_epi32(x, 3);
    __m128i v = _mm_abs_epi32(x);
    if (even_odd) {
        v = _mm_and_si128(v, _mm_set1_epi32(2 * FB_CELL_FULL - 1));
        v = _mm_min_epi32(v, _mm_sub_epi32(_mm_set1_epi32(2 * FB_CELL_FULL), v));
    } else {
        v = _mm_min_epu32(v, _mm_set1_epi32(FB_CELL_FULL));
    }
    __m128i b = magnitude_bytes4(v);
    __m128i colour = _mm_mask_i32gather_epi32(z, (const int *)table, b, m, 4);
    *last = (uint32_t)_mm_cvtsi128_si32(_mm_castps_si128(
        _mm_permutevar_ps(_mm_castsi128_ps(colour), _mm_set1_epi32((int)count - 1))));
    __m128i inverse = _mm_shuffle_epi8(_mm_xor_si128(colour, _mm_set1_epi32(-1)), _mm_setr_epi8(FB_SPREAD_ALPHA));
    __m128i d = _mm_maskload_epi32((const int *)pixels, m);
    __m128i lo = _mm_unpacklo_epi8(d, z), hi = _mm_unpackhi_epi8(d, z);
    const __m128i h = _mm_set1_epi16(128), k = _mm_set1_epi16(257);
    lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, _mm_unpacklo_epi8(inverse, z)), h), k);
    hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, _mm_unpackhi_epi8(inverse, z)), h), k);
    _mm_maskstore_epi32((int *)pixels, m, _mm_add_epi8(_mm_packus_epi16(lo, hi), colour));
    return result;
}

// fb_edge_run_scalar's pixels, cells and sum, 8 lanes a step (runs of 1–4: fb_edge_run4_avx2).
FB_AVX2_TARGET static inline int32_t fb_edge_run_avx2_inline(int32_t *cells, uint32_t *pixels, ptrdiff_t count,
                                                             int32_t sum, const uint32_t *table,
                                                             const bool even_odd, uint32_t *last) {
    if (count <= 4) return fb_edge_run4_avx2(cells, pixels, count, sum, table, even_odd, last);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i half = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257), ones = _mm256_set1_epi32(-1);
    const __m256i spread = _mm256_setr_epi8(FB_SPREAD_ALPHA, FB_SPREAD_ALPHA);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i running = _mm256_set1_epi32(sum);
    for (ptrdiff_t i = 0; i < count; i += 8) {
        // The last 1…7 cells and pixels in one masked step: masked lanes are neither read nor
        // written (they read as 0, so the prefix sum past the run stays the run's last).
        const bool whole = count - i >= 8;
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - i)), lanes);
        __m256i x = whole ? _mm256_loadu_si256((const __m256i *)(cells + i)) : _mm256_maskload_epi32(cells + i, mask);
        if (whole) _mm256_storeu_si256((__m256i *)(cells + i), zero);
        else _mm256_maskstore_epi32(cells + i, mask, zero);
        __m256i b = fb_coverage_bytes8(x, &running, even_odd);
        __m256i colour = _mm256_mask_i32gather_epi32(zero, (const int *)table, b, mask, 4);
        if (!whole || i + 8 == count)
            *last = (uint32_t)_mm256_cvtsi256_si32(
                _mm256_permutevar8x32_epi32(colour, _mm256_set1_epi32((int)(count - i - 1))));
        __m256i inverse = _mm256_shuffle_epi8(_mm256_xor_si256(colour, ones), spread);
        __m256i d = whole ? _mm256_loadu_si256((const __m256i *)(pixels + i)) : _mm256_maskload_epi32((const int *)(pixels + i), mask);
        __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
        lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, _mm256_unpacklo_epi8(inverse, zero)), half), k257);
        hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, _mm256_unpackhi_epi8(inverse, zero)), half), k257);
        __m256i r = _mm256_add_epi8(_mm256_packus_epi16(lo, hi), colour);
        if (whole) _mm256_storeu_si256((__m256i *)(pixels + i), r);
        else _mm256_maskstore_epi32((int *)(pixels + i), mask, r);
    }
    return _mm_cvtsi128_si32(_mm256_castsi256_si128(running));
}

// The lanes below `count` of a 16-lane step.
FB_AVX512_TARGET static inline __mmask16 fb_lanes16(ptrdiff_t count) {
    return count >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << count) - 1);
}

// `colour` over `count` pixels: stored when opaque, nothing when clear, else source-over 16 pixels
// a step by the span blends' mul255 (one `pmulhrsw` a lane); from 16 pixels on the last step is a
// whole one that may overlap the step before, shorter spans one masked step.
FB_AVX512_TARGET static inline void fb_blend_span_avx512(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const uint32_t a = alpha_of(colour);
    const __m512i source = _mm512_set1_epi32((int)colour);
    if (a == 255) {
        // As the blend below: a last whole step that may overlap, not a masked one.
        if (count >= 16) {
            for (ptrdiff_t i = 0; i + 16 < count; i += 16) _mm512_storeu_si512(pixels + i, source);
            _mm512_storeu_si512(pixels + count - 16, source);
        } else {
            _mm512_mask_storeu_epi32(pixels, fb_lanes16(count), source);
        }
        return;
    }
    if (a == 0) return;
    // mul255 by 255 − a as one rounding multiply (mul255_factors.c): the same bytes.
    const __m512i zero = _mm512_setzero_si512(), f = _mm512_set1_epi16((short)mulhrs_factor(255u - a));
#define FB_BLEND16(d) ({ __m512i lo_ = _mm512_mulhrs_epi16(_mm512_unpacklo_epi8((d), zero), f); \
        __m512i hi_ = _mm512_mulhrs_epi16(_mm512_unpackhi_epi8((d), zero), f); \
        _mm512_add_epi8(_mm512_packus_epi16(lo_, hi_), source); })
    if (count >= 16) {
        // The last 16 pixels read first, then the whole steps, then the last 16 written: where
        // they overlap the last whole step, both blended the same original pixels, so the second
        // write repeats the first. A masked store no longer ends the span: the edge run after it
        // loads the next bytes, which such a store's range covers, and a load that overlaps a
        // pending masked store waits for it to reach the cache (small-n256: 1.04× frames/s).
        const __m512i last = FB_BLEND16(_mm512_loadu_si512(pixels + count - 16));
        for (ptrdiff_t i = 0; i + 16 < count; i += 16)
            _mm512_storeu_si512(pixels + i, FB_BLEND16(_mm512_loadu_si512(pixels + i)));
        _mm512_storeu_si512(pixels + count - 16, last);
    } else {
        const __mmask16 m = fb_lanes16(count);
        _mm512_mask_storeu_epi32(pixels, m, FB_BLEND16(_mm512_maskz_loadu_epi32(m, pixels)));
    }
#undef FB_BLEND16
}

// fb_coverage_bytes8 in 16 lanes, the prefix sum by four lane shifts (lane k gains lane k − 1,
// k − 2, k − 4, k − 8: alignr with zero shifts lanes up).
FB_AVX512_TARGET static inline __m512i fb_coverage_bytes16(__m512i x, __m512i *running, const bool even_odd) {
    const __m512i zero = _mm512_setzero_si512();
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 15));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 14));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 12));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 8));
    x = _mm512_add_epi32(x, *running);
    *running = _mm512_permutexvar_epi32(_mm512_set1_epi32(15), x);
    __m512i v = _mm512_abs_epi32(x);
    if (even_odd) {
        v = _mm512_and_si512(v, _mm512_set1_epi32(2 * FB_CELL_FULL - 1));
        v = _mm512_min_epu32(v, _mm512_sub_epi32(_mm512_set1_epi32(2 * FB_CELL_FULL), v));
    } else {
        v = _mm512_min_epu32(v, _mm512_set1_epi32(FB_CELL_FULL));
    }
    return _mm512_srli_epi32(
        _mm512_add_epi32(_mm512_sub_epi32(_mm512_slli_epi32(v, 8), v), _mm512_set1_epi32(FB_MAGNITUDE_BIAS)),
        FB_MAGNITUDE_SHIFT);
}

// fb_edge_run_scalar's pixels, cells and sum, 16 lanes a step (runs of 1–4: fb_edge_run4_avx2,
// whose gather loads 4 colours instead of 16).
FB_AVX512_TARGET static inline int32_t fb_edge_run_avx512_inline(int32_t *cells, uint32_t *pixels, ptrdiff_t count,
                                                                 int32_t sum, const uint32_t *table,
                                                                 const bool even_odd, uint32_t *last) {
    if (count <= 4) return fb_edge_run4_avx2(cells, pixels, count, sum, table, even_odd, last);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i half = _mm512_set1_epi16(128), k257 = _mm512_set1_epi16(257), ones = _mm512_set1_epi32(-1);
    const __m512i spread = _mm512_broadcast_i32x4(_mm_setr_epi8(FB_SPREAD_ALPHA));
    __m512i running = _mm512_set1_epi32(sum);
    for (ptrdiff_t i = 0; i < count; i += 16) {
        const __mmask16 m = fb_lanes16(count - i);
        __m512i x = _mm512_maskz_loadu_epi32(m, cells + i);
        _mm512_mask_storeu_epi32(cells + i, m, zero);
        __m512i b = fb_coverage_bytes16(x, &running, even_odd);
        __m512i colour = _mm512_mask_i32gather_epi32(zero, m, b, (const void *)table, 4);
        if (count - i <= 16)
            *last = (uint32_t)_mm_cvtsi128_si32(
                _mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_set1_epi32((int)(count - i - 1)), colour)));
        __m512i inverse = _mm512_shuffle_epi8(_mm512_xor_si512(colour, ones), spread);
        __m512i d = _mm512_maskz_loadu_epi32(m, pixels + i);
        __m512i lo = _mm512_unpacklo_epi8(d, zero), hi = _mm512_unpackhi_epi8(d, zero);
        lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(lo, _mm512_unpacklo_epi8(inverse, zero)), half), k257);
        hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(hi, _mm512_unpackhi_epi8(inverse, zero)), half), k257);
        _mm512_mask_storeu_epi32(pixels + i, m, _mm512_add_epi8(_mm512_packus_epi16(lo, hi), colour));
    }
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(running));
}
#endif
#endif
