// Glyph masks onto pixels, SSE2 (every x86-64), AVX2 or AVX-512 BW (chosen at run time through
// fb_kernel_level, kernels_internal.h). Rules:
// 1. Byte for byte `fb_blit_mask` (mask_blit.c): per byte colour = round(round(fill·b/255)·o/255),
//    then colour + round(pixel·(255 − colour.a)/255). Coverage 0 gives colour 0 and leaves the
//    pixel (round(p·255/255) = p), so zero bytes need no branch; runs of zeros are skipped only
//    to save time. round(t/255) for t = x·y + 128 is (t·257) >> 16 (mulhi), exact for every
//    16-bit t (checked exhaustively), the identity raster_kernels.c uses. At AVX2 and AVX-512 the
//    colour's products (by the paint's channels, by the opacity: one factor across the vector)
//    are one `pmulhrsw` each by mul255_factors.c's factors, the same bytes.
// 2. Reads and writes stay inside [start, end) of each row: the tails go through the scalar loop.
// 3. An opaque paint (fill alpha 255, opacity 255; most text) skips the opacity product, and its
//    colour's alpha round(255·b/255) is b itself, so 255 − alpha comes from the coverage without
//    the shuffles: the same bytes.
#include "glyph_masks.h"
#include "mask_blit.h"
#include "raster_kernels.h"
#include "kernels_internal.h"
#include <string.h>
#if defined(__x86_64__)
#define GM_X86 1
#include <emmintrin.h>
#include <immintrin.h>
#endif

static inline uint32_t gm_mul255_lanes(uint32_t x, uint32_t f) {
    uint32_t even = x & 0x00FF00FFu, odd = (x >> 8) & 0x00FF00FFu;
    uint32_t te = even * f + 0x00800080u, to = odd * f + 0x00800080u;
    even = ((te + ((te >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    odd = ((to + ((to >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return even | (odd << 8);
}

static inline uint32_t gm_alpha(uint32_t packed) { return ((const uint8_t *)&packed)[3]; }

static inline void gm_scalar(uint32_t *p, const uint8_t *m, ptrdiff_t n, uint32_t fill, uint32_t opacity) {
    for (ptrdiff_t x = 0; x < n; x++) {
        uint32_t b = m[x];
        if (b == 0) continue;
        uint32_t c = gm_mul255_lanes(gm_mul255_lanes(fill, b), opacity);
        p[x] = c + gm_mul255_lanes(p[x], 255u - gm_alpha(c));
    }
}

/// Columns [start, end) of mask row y, clipped to the blitted window (rule 2).
static inline int gm_extent(const uint16_t *extents, ptrdiff_t y, ptrdiff_t column, ptrdiff_t width,
                            ptrdiff_t *start, ptrdiff_t *end) {
    *start = column; *end = column + width;
    if (extents) {
        if (extents[2 * y] > *start) *start = extents[2 * y];
        if (extents[2 * y + 1] < *end) *end = extents[2 * y + 1];
    }
    return *start < *end;
}

#if GM_X86
// The paint's four channel factors for `pmulhrsw` (mul255_factors.c), lane k of every pixel
// holding the factor of the paint's byte k: mul255(fill, b) as one multiply a lane (AVX2 and
// AVX-512; SSE2 has no pmulhrsw).
static inline long long gm_channel_factors(uint32_t fill) {
    const uint8_t *c = (const uint8_t *)&fill;
    return (long long)((uint64_t)mulhrs_factor(c[0]) | (uint64_t)mulhrs_factor(c[1]) << 16 |
                       (uint64_t)mulhrs_factor(c[2]) << 32 | (uint64_t)mulhrs_factor(c[3]) << 48);
}

#define GM_MUL(x, g) _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16((x), (g)), half), k257)

/// Two pixels in 16-bit lanes (d), their coverage broadcast per channel (b): the blended pair.
static inline __m128i gm_pair(__m128i d, __m128i b, __m128i f, __m128i o, int translucent,
                              __m128i half, __m128i k257, __m128i c255) {
    __m128i c = GM_MUL(f, b);
    if (translucent) c = GM_MUL(c, o);
    __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(c, 0xFF), 0xFF);
    return _mm_add_epi16(c, GM_MUL(d, _mm_sub_epi16(c255, a)));
}

static void gm_blit_sse2(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                         const uint16_t *extents, ptrdiff_t column, ptrdiff_t width, ptrdiff_t height,
                         uint32_t fill, uint32_t opacity) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), k257 = _mm_set1_epi16(257);
    const __m128i c255 = _mm_set1_epi16(255);
    const __m128i f = _mm_unpacklo_epi8(_mm_set1_epi32((int)fill), zero);
    const __m128i o = _mm_set1_epi16((short)opacity);
    const int translucent = opacity != 255, opaque = opacity == 255 && gm_alpha(fill) == 255;
    const __m128i solid = _mm_set1_epi32((int)fill);
    for (ptrdiff_t y = 0; y < height; y++) {
        ptrdiff_t start, end;
        if (!gm_extent(extents, y, column, width, &start, &end)) continue;
        uint32_t *p = pixels + y * pixel_stride + (start - column);
        const uint8_t *m = mask + y * mask_stride + start;
        const ptrdiff_t n = end - start;
        ptrdiff_t x = 0;
        for (; x + 4 <= n; x += 4) {
            uint32_t cov;
            memcpy(&cov, m + x, 4);
            if (cov == 0) continue;
            if (cov == 0xFFFFFFFFu && opaque) { _mm_storeu_si128((__m128i *)(p + x), solid); continue; }
            __m128i c8 = _mm_cvtsi32_si128((int)cov);
            c8 = _mm_unpacklo_epi8(c8, c8);
            c8 = _mm_unpacklo_epi16(c8, c8);     // each coverage byte four times
            __m128i d = _mm_loadu_si128((const __m128i *)(p + x));
            __m128i lo = gm_pair(_mm_unpacklo_epi8(d, zero), _mm_unpacklo_epi8(c8, zero), f, o, translucent, half, k257, c255);
            __m128i hi = gm_pair(_mm_unpackhi_epi8(d, zero), _mm_unpackhi_epi8(c8, zero), f, o, translucent, half, k257, c255);
            _mm_storeu_si128((__m128i *)(p + x), _mm_packus_epi16(lo, hi));
        }
        gm_scalar(p + x, m + x, n - x, fill, opacity);
    }
}

#define GM_MUL256(x, g) _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16((x), (g)), half), k257)

// `opaque_fill` is a constant at each call (rule 3), so the compiler makes two loops.
__attribute__((target("avx2"), always_inline))
static inline void gm_blit_avx2_body(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask,
                                     ptrdiff_t mask_stride, const uint16_t *extents, ptrdiff_t column,
                                     ptrdiff_t width, ptrdiff_t height, uint32_t fill, uint32_t opacity,
                                     const int opaque_fill) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    const __m256i c255 = _mm256_set1_epi16(255);
    const __m256i f = _mm256_set1_epi64x(gm_channel_factors(fill));
    const __m256i o = _mm256_set1_epi16((short)mulhrs_factor(opacity));
    const int translucent = !opaque_fill && opacity != 255, opaque = opaque_fill;
    const __m256i solid = _mm256_set1_epi32((int)fill);
    for (ptrdiff_t y = 0; y < height; y++) {
        ptrdiff_t start, end;
        if (!gm_extent(extents, y, column, width, &start, &end)) continue;
        uint32_t *p = pixels + y * pixel_stride + (start - column);
        const uint8_t *m = mask + y * mask_stride + start;
        const ptrdiff_t n = end - start;
        ptrdiff_t x = 0;
        for (; x + 8 <= n; x += 8) {
            uint64_t cov;
            memcpy(&cov, m + x, 8);
            if (cov == 0) continue;
            if (cov == ~(uint64_t)0 && opaque) { _mm256_storeu_si256((__m256i *)(p + x), solid); continue; }
            // 32-bit lane i (in-lane order: pixels 0–3 | 4–7) holds b_i in both 16-bit halves; the
            // 32-bit unpacks then match the pixel unpacks below (pixels 0,1 | 4,5 and 2,3 | 6,7).
            __m256i b = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)cov));
            b = _mm256_or_si256(b, _mm256_slli_epi32(b, 16));
            __m256i blo = _mm256_unpacklo_epi32(b, b), bhi = _mm256_unpackhi_epi32(b, b);
            __m256i d = _mm256_loadu_si256((const __m256i *)(p + x));
            __m256i dlo = _mm256_unpacklo_epi8(d, zero), dhi = _mm256_unpackhi_epi8(d, zero);
            __m256i clo = _mm256_mulhrs_epi16(blo, f), chi = _mm256_mulhrs_epi16(bhi, f);
            if (translucent) { clo = _mm256_mulhrs_epi16(clo, o); chi = _mm256_mulhrs_epi16(chi, o); }
            // Rule 3: an opaque paint's colour has alpha b itself.
            __m256i alo = opaque_fill ? blo : _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(clo, 0xFF), 0xFF);
            __m256i ahi = opaque_fill ? bhi : _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(chi, 0xFF), 0xFF);
            __m256i rlo = _mm256_add_epi16(clo, GM_MUL256(dlo, _mm256_sub_epi16(c255, alo)));
            __m256i rhi = _mm256_add_epi16(chi, GM_MUL256(dhi, _mm256_sub_epi16(c255, ahi)));
            _mm256_storeu_si256((__m256i *)(p + x), _mm256_packus_epi16(rlo, rhi));
        }
        // Rows are padded to groups of 8 (GlyphCache.swift): only a window cut by the canvas edge
        // leaves a tail here.
        gm_scalar(p + x, m + x, n - x, fill, opacity);
    }
}

__attribute__((target("avx2")))
static void gm_blit_avx2(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                         const uint16_t *extents, ptrdiff_t column, ptrdiff_t width, ptrdiff_t height,
                         uint32_t fill, uint32_t opacity) {
    if (opacity == 255 && gm_alpha(fill) == 255)
        gm_blit_avx2_body(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity, 1);
    else
        gm_blit_avx2_body(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity, 0);
}

#define GM_MUL512(x, g) _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16((x), (g)), half5), k257_5)

// The AVX2 loop 16 pixels a step (AVX-512 BW); a last group of 8 (rows are padded to 8) and
// window tails go through the AVX2 body's arithmetic on one row.
__attribute__((target("avx512f,avx512bw,avx2"), always_inline))
static inline void gm_blit_avx512_body(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask,
                                       ptrdiff_t mask_stride, const uint16_t *extents, ptrdiff_t column,
                                       ptrdiff_t width, ptrdiff_t height, uint32_t fill, uint32_t opacity,
                                       const int opaque_fill) {
    const __m512i zero5 = _mm512_setzero_si512(), half5 = _mm512_set1_epi16(128), k257_5 = _mm512_set1_epi16(257);
    const __m512i c255_5 = _mm512_set1_epi16(255);
    const __m512i f5 = _mm512_set1_epi64(gm_channel_factors(fill));
    const __m512i o5 = _mm512_set1_epi16((short)mulhrs_factor(opacity));
    const int translucent = !opaque_fill && opacity != 255;
    for (ptrdiff_t y = 0; y < height; y++) {
        ptrdiff_t start, end;
        if (!gm_extent(extents, y, column, width, &start, &end)) continue;
        uint32_t *p = pixels + y * pixel_stride + (start - column);
        const uint8_t *m = mask + y * mask_stride + start;
        const ptrdiff_t n = end - start;
        ptrdiff_t x = 0;
        for (; x + 16 <= n; x += 16) {
            __m128i cov = _mm_loadu_si128((const __m128i *)(m + x));
            if (_mm_testz_si128(cov, cov)) continue;
            // 32-bit lane i holds b_i in both 16-bit halves; the 32-bit unpacks then match the
            // pixel unpacks below in every 128-bit lane (pixels 4k, 4k+1 and 4k+2, 4k+3).
            __m512i b = _mm512_cvtepu8_epi32(cov);
            b = _mm512_or_si512(b, _mm512_slli_epi32(b, 16));
            __m512i blo = _mm512_unpacklo_epi32(b, b), bhi = _mm512_unpackhi_epi32(b, b);
            __m512i d = _mm512_loadu_si512((const void *)(p + x));
            __m512i dlo = _mm512_unpacklo_epi8(d, zero5), dhi = _mm512_unpackhi_epi8(d, zero5);
            __m512i clo = _mm512_mulhrs_epi16(blo, f5), chi = _mm512_mulhrs_epi16(bhi, f5);
            if (translucent) { clo = _mm512_mulhrs_epi16(clo, o5); chi = _mm512_mulhrs_epi16(chi, o5); }
            __m512i alo = opaque_fill ? blo : _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(clo, 0xFF), 0xFF);
            __m512i ahi = opaque_fill ? bhi : _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(chi, 0xFF), 0xFF);
            __m512i rlo = _mm512_add_epi16(clo, GM_MUL512(dlo, _mm512_sub_epi16(c255_5, alo)));
            __m512i rhi = _mm512_add_epi16(chi, GM_MUL512(dhi, _mm512_sub_epi16(c255_5, ahi)));
            _mm512_storeu_si512((void *)(p + x), _mm512_packus_epi16(rlo, rhi));
        }
        if (x < n) {
            uint16_t tail[2] = { 0, (uint16_t)(n - x) };
            gm_blit_avx2_body(p + x, pixel_stride, m + x, mask_stride, tail, 0, n - x, 1, fill, opacity, opaque_fill);
        }
    }
}

__attribute__((target("avx512f,avx512bw,avx2")))
static void gm_blit_avx512(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                           const uint16_t *extents, ptrdiff_t column, ptrdiff_t width, ptrdiff_t height,
                           uint32_t fill, uint32_t opacity) {
    if (opacity == 255 && gm_alpha(fill) == 255)
        gm_blit_avx512_body(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity, 1);
    else
        gm_blit_avx512_body(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity, 0);
}
#endif

void fb_blit_glyph_mask(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                        const uint16_t *extents, ptrdiff_t column, ptrdiff_t width, ptrdiff_t height,
                        uint32_t fill, uint32_t opacity) {
#if GM_X86
    const int level = fb_kernel_level();
    if (level >= FB_LEVEL_AVX512) gm_blit_avx512(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity);
    else if (level >= FB_LEVEL_AVX2) gm_blit_avx2(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity);
    else gm_blit_sse2(pixels, pixel_stride, mask, mask_stride, extents, column, width, height, fill, opacity);
#else
    for (ptrdiff_t y = 0; y < height; y++) {
        ptrdiff_t start, end;
        if (gm_extent(extents, y, column, width, &start, &end))
            gm_scalar(pixels + y * pixel_stride + (start - column), mask + y * mask_stride + start, end - start, fill, opacity);
    }
#endif
}

