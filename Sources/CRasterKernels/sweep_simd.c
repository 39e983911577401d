// The sweep's edge pixels, a run of consecutive marked cells at a time, at each instruction-set
// level: prefix sum of the cells (exact: integers), coverage byte (the Float expression of
// kernels_internal.h, lane for lane the scalar one), colour from the shape's table, source-over
// with each pixel's own alpha. Every level gives the scalar function's bytes and leaves the cells
// zero; BlendKernelTests holds each to the scalar one on every length and offset.
#include "kernels_internal.h"

int32_t fb_edge_run_scalar(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                           const uint32_t *table, bool even_odd) {
    for (ptrdiff_t i = 0; i < count; i++) {
        sum += cells[i];
        cells[i] = 0;
        pixels[i] = source_over(table[magnitude_byte(cell_magnitude(sum, even_odd))], pixels[i]);
    }
    return sum;
}

#if FB_X86
int32_t fb_edge_run_sse2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd) {
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi32(FB_CELL_FULL);
    const __m128i period = _mm_set1_epi32(2 * FB_CELL_FULL - 1), two_full = _mm_set1_epi32(2 * FB_CELL_FULL);
    const __m128 scale = _mm_set1_ps(FB_CELL_SCALE_255), half_ps = _mm_set1_ps(0.5f);
    const __m128i half = _mm_set1_epi16(128), k257 = _mm_set1_epi16(257), c255 = _mm_set1_epi32(255);
    __m128i running = _mm_set1_epi32(sum);
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(cells + i));
        _mm_storeu_si128((__m128i *)(cells + i), zero);
        x = _mm_add_epi32(x, _mm_slli_si128(x, 4));
        x = _mm_add_epi32(x, _mm_slli_si128(x, 8));
        x = _mm_add_epi32(x, running);
        running = _mm_shuffle_epi32(x, 0xFF);
        __m128i s = _mm_srai_epi32(x, 31);
        __m128i v = _mm_sub_epi32(_mm_xor_si128(x, s), s);   // |x| (as unsigned)
        if (even_odd) {
            v = _mm_and_si128(v, period);
            __m128i w = _mm_sub_epi32(two_full, v);
            __m128i gt = _mm_cmpgt_epi32(v, full);
            v = _mm_or_si128(_mm_and_si128(gt, w), _mm_andnot_si128(gt, v));
        } else {
            __m128i gt = _mm_or_si128(_mm_cmpgt_epi32(v, full), _mm_cmplt_epi32(v, zero));
            v = _mm_or_si128(_mm_and_si128(gt, full), _mm_andnot_si128(gt, v));
        }
        __m128i b = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_cvtepi32_ps(v), scale), half_ps));
        int32_t index[4];
        _mm_storeu_si128((__m128i *)index, b);
        __m128i colour = _mm_setr_epi32((int)table[index[0]], (int)table[index[1]], (int)table[index[2]], (int)table[index[3]]);
        __m128i inverse = _mm_xor_si128(_mm_srli_epi32(colour, 24), c255);
        inverse = _mm_or_si128(inverse, _mm_slli_epi32(inverse, 8));
        inverse = _mm_or_si128(inverse, _mm_slli_epi32(inverse, 16));
        __m128i d = _mm_loadu_si128((const __m128i *)(pixels + i));
        __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
        lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, _mm_unpacklo_epi8(inverse, zero)), half), k257);
        hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, _mm_unpackhi_epi8(inverse, zero)), half), k257);
        _mm_storeu_si128((__m128i *)(pixels + i), _mm_add_epi8(_mm_packus_epi16(lo, hi), colour));
    }
    return fb_edge_run_scalar(cells + i, pixels + i, count - i, _mm_cvtsi128_si32(running), table, even_odd);
}

// Each pixel's 255 − alpha in all four of its bytes: the inverted colour's byte 3, spread.
#define FB_SPREAD_ALPHA 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15

__attribute__((target("avx2")))
int32_t fb_edge_run_avx2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd) {
    const __m256i zero = _mm256_setzero_si256(), full = _mm256_set1_epi32(FB_CELL_FULL);
    const __m256i period = _mm256_set1_epi32(2 * FB_CELL_FULL - 1), two_full = _mm256_set1_epi32(2 * FB_CELL_FULL);
    const __m256 scale = _mm256_set1_ps(FB_CELL_SCALE_255), half_ps = _mm256_set1_ps(0.5f);
    const __m256i half = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257), ones = _mm256_set1_epi32(-1);
    const __m256i spread = _mm256_setr_epi8(FB_SPREAD_ALPHA, FB_SPREAD_ALPHA);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), last = _mm256_set1_epi32(7);
    __m256i running = _mm256_set1_epi32(sum);
    for (ptrdiff_t i = 0; i < count; i += 8) {
        // The last 1…7 cells and pixels in one masked step: masked lanes are neither read nor
        // written (they read as 0, so the prefix sum past the run stays the run's last).
        const bool whole = count - i >= 8;
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - i)), lanes);
        __m256i x = whole ? _mm256_loadu_si256((const __m256i *)(cells + i)) : _mm256_maskload_epi32(cells + i, mask);
        if (whole) _mm256_storeu_si256((__m256i *)(cells + i), zero);
        else _mm256_maskstore_epi32(cells + i, mask, zero);
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
        __m256i carry = _mm256_shuffle_epi32(x, 0xFF);
        x = _mm256_add_epi32(x, _mm256_permute2x128_si256(carry, carry, 0x08));
        x = _mm256_add_epi32(x, running);
        running = _mm256_permutevar8x32_epi32(x, last);
        __m256i v = _mm256_abs_epi32(x);
        if (even_odd) {
            v = _mm256_and_si256(v, period);
            v = _mm256_min_epi32(v, _mm256_sub_epi32(two_full, v));
        } else {
            v = _mm256_min_epu32(v, full);
        }
        __m256i b = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(v), scale), half_ps));
        __m256i colour = _mm256_mask_i32gather_epi32(zero, (const int *)table, b, mask, 4);
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

__attribute__((target("avx512f,avx512bw")))
int32_t fb_edge_run_avx512(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                           const uint32_t *table, bool even_odd) {
    const __m512i zero = _mm512_setzero_si512(), full = _mm512_set1_epi32(FB_CELL_FULL);
    const __m512i period = _mm512_set1_epi32(2 * FB_CELL_FULL - 1), two_full = _mm512_set1_epi32(2 * FB_CELL_FULL);
    const __m512 scale = _mm512_set1_ps(FB_CELL_SCALE_255), half_ps = _mm512_set1_ps(0.5f);
    const __m512i half = _mm512_set1_epi16(128), k257 = _mm512_set1_epi16(257), ones = _mm512_set1_epi32(-1);
    const __m512i spread = _mm512_set_epi32(0x0F0F0F0F, 0x0B0B0B0B, 0x07070707, 0x03030303, 0x0F0F0F0F, 0x0B0B0B0B,
                                            0x07070707, 0x03030303, 0x0F0F0F0F, 0x0B0B0B0B, 0x07070707, 0x03030303,
                                            0x0F0F0F0F, 0x0B0B0B0B, 0x07070707, 0x03030303);
    const __m512i last = _mm512_set1_epi32(15);
    __m512i running = _mm512_set1_epi32(sum);
    for (ptrdiff_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512i x = _mm512_maskz_loadu_epi32(m, cells + i);
        _mm512_mask_storeu_epi32(cells + i, m, zero);
        // Lane k gains lane k − 1, k − 2, k − 4, k − 8 (alignr with zero shifts lanes up).
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 15));
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 14));
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 12));
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 8));
        x = _mm512_add_epi32(x, running);
        running = _mm512_permutexvar_epi32(last, x);
        __m512i v = _mm512_abs_epi32(x);
        if (even_odd) {
            v = _mm512_and_si512(v, period);
            v = _mm512_min_epi32(v, _mm512_sub_epi32(two_full, v));
        } else {
            v = _mm512_min_epu32(v, full);
        }
        __m512i b = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(_mm512_cvtepi32_ps(v), scale), half_ps));
        __m512i colour = _mm512_mask_i32gather_epi32(zero, m, b, (const void *)table, 4);
        __m512i inverse = _mm512_shuffle_epi8(_mm512_xor_si512(colour, ones), spread);
        __m512i d = _mm512_maskz_loadu_epi32(m, pixels + i);
        __m512i lo = _mm512_unpacklo_epi8(d, zero), hi = _mm512_unpackhi_epi8(d, zero);
        lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(lo, _mm512_unpacklo_epi8(inverse, zero)), half), k257);
        hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(hi, _mm512_unpackhi_epi8(inverse, zero)), half), k257);
        _mm512_mask_storeu_epi32(pixels + i, m, _mm512_add_epi8(_mm512_packus_epi16(lo, hi), colour));
    }
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(running));
}
#else
int32_t fb_edge_run_sse2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd) {
    return fb_edge_run_scalar(cells, pixels, count, sum, table, even_odd);
}
int32_t fb_edge_run_avx2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd) {
    return fb_edge_run_scalar(cells, pixels, count, sum, table, even_odd);
}
int32_t fb_edge_run_avx512(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                           const uint32_t *table, bool even_odd) {
    return fb_edge_run_scalar(cells, pixels, count, sum, table, even_odd);
}
#endif
