// The sweep's edge pixels, a run of consecutive marked cells at a time, at each instruction-set
// level: prefix sum of the cells (exact: integers), coverage byte (magnitude_byte of
// kernels_internal.h, in integers, lane for lane the scalar one), colour from the shape's table,
// source-over with each pixel's own alpha. Every level gives the scalar function's bytes and
// leaves the cells zero; BlendKernelTests holds each to the scalar one on every length and offset.
#include "runs_simd.h"

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
        __m128i b = magnitude_bytes4(v);
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

FB_AVX2_TARGET
int32_t fb_edge_run_avx2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd) {
    uint32_t last;
    return fb_edge_run_avx2_inline(cells, pixels, count, sum, table, even_odd, &last);
}

FB_AVX512_TARGET
int32_t fb_edge_run_avx512(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                           const uint32_t *table, bool even_odd) {
    uint32_t last;
    return fb_edge_run_avx512_inline(cells, pixels, count, sum, table, even_odd, &last);
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
