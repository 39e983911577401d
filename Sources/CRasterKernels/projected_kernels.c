// Layers in perspective drawn exactly: the texture read of Rasterizer+Projected.swift's
// `blendTexture`, one bilinear point a canvas pixel, at its centre, with a GPU's 8 bits of
// subtexel precision.
//
// Rules: the point's place is plain IEEE double arithmetic in the Swift definition's order, no
// contraction, no libm; Swift's min and max as written in the standard library (`y < x ? y : x`,
// `y >= x ? y : x`), so signed zeros fall the same way. The blend is whole numbers. So the bytes
// are those of `ProjectedSampler.textureColour`, which ProjectedTextureKernelTests holds it to at
// every level.
#pragma clang fp contract(off)
#include "projected_kernels.h"
#include "kernels_internal.h"

// A texel's channels are its bytes in memory order, read here by shifts.
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "texels are read as little-endian words");

static inline uint32_t texel_at(const fb_projected_read *r, int64_t x, int64_t y) {
    if (x < r->box_x0 || x >= r->box_x1 || y < r->box_y0 || y >= r->box_y1) return 0;
    return r->texels[y * r->width + x];
}

// A point's four texels, in the Swift order (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1).
// Most points lie inside the box with all four: one test for the four then, instead of a test
// each (the same texels).
static inline __attribute__((always_inline)) void fetch_texels(const fb_projected_read *r, int64_t x, int64_t y,
                                                               uint32_t t[4]) {
    if (x >= r->box_x0 && x + 1 < r->box_x1 && y >= r->box_y0 && y + 1 < r->box_y1) {
        const uint32_t *row = r->texels + y * r->width + x;
        t[0] = row[0];
        t[1] = row[1];
        t[2] = row[r->width];
        t[3] = row[r->width + 1];
    } else {
        t[0] = texel_at(r, x, y);
        t[1] = texel_at(r, x + 1, y);
        t[2] = texel_at(r, x, y + 1);
        t[3] = texel_at(r, x + 1, y + 1);
    }
}

// One pixel a lane (GCC/Clang vector extensions): four lanes for the baseline build (two SSE2
// halves), eight for AVX2, sixteen for AVX-512; a vector of doubles wider than the registers is
// two or more of them, so neighbouring pixels' chains of arithmetic overlap. Each lane does the
// scalar arithmetic in the same order, so every width gives the bits of the scalar definition.
// The types of `n` lanes: doubles and their masks, 32-bit integers, texels and floats.
#define SPAN_TYPES(n)                                                 \
    typedef double fb_p##n __attribute__((vector_size(8 * (n))));   \
    typedef int64_t fb_l##n __attribute__((vector_size(8 * (n))));  \
    typedef int32_t fb_i##n __attribute__((vector_size(4 * (n))));  \
    typedef uint32_t fb_u##n __attribute__((vector_size(4 * (n)))); \
    typedef float fb_f##n __attribute__((vector_size(4 * (n))));

SPAN_TYPES(4)
#define broadcast4(x) ((fb_p4){x, x, x, x})
#define lanes4 ((fb_p4){0.0, 1.0, 2.0, 3.0})

#define SPAN_NAME span_baseline
#define SPAN_LANES 4
#define SPAN_TARGET
#include "projected_span.h"

#if defined(__x86_64__)
SPAN_TYPES(8)
#define broadcast8(x) ((fb_p8){x, x, x, x, x, x, x, x})
#define lanes8 ((fb_p8){0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0})

#define SPAN_NAME span_avx2
#define SPAN_LANES 8
#define SPAN_TARGET __attribute__((target("avx2")))
// Four 64-bit words a gather, two gathers; then the words' low halves (the left texels) and high
// halves (the right ones) apart.
#define SPAN_GATHER(base, at, left, right)                                                                   \
    do {                                                                                                    \
        const __m256i order = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);                                     \
        const __m256i lower = _mm256_permutevar8x32_epi32(                                                 \
            _mm256_i32gather_epi64((const long long *)(base), _mm256_castsi256_si128((__m256i)(at)), 4), order); \
        const __m256i upper = _mm256_permutevar8x32_epi32(                                                 \
            _mm256_i32gather_epi64((const long long *)(base), _mm256_extracti128_si256((__m256i)(at), 1), 4),  \
            order);                                                                                         \
        (left) = (fb_u8)_mm256_permute2x128_si256(lower, upper, 0x20);                                      \
        (right) = (fb_u8)_mm256_permute2x128_si256(lower, upper, 0x31);                                     \
    } while (0)
#define SPAN_ALL(mask) (_mm256_movemask_epi8((__m256i)(mask)) == -1)
#include "projected_span.h"

SPAN_TYPES(16)
#define broadcast16(x) ((fb_p16){x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x})
#define lanes16 ((fb_p16){0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0})

#define AVX512_TARGET __attribute__((target("avx512f,avx512vl,avx512dq,avx2")))
#define SPAN_NAME span_avx512
#define SPAN_LANES 16
#define SPAN_TARGET AVX512_TARGET
// Eight 64-bit words a gather, two gathers; each word's low half is a left texel, its high half
// the right one.
#define GATHER8(base, at) _mm512_i32gather_epi64((at), (const long long *)(base), 4)
#define LOW_HALVES(lower, upper) \
    _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(lower)), _mm512_cvtepi64_epi32(upper), 1)
#define SPAN_GATHER(base, at, left, right)                                                           \
    do {                                                                                            \
        const __m512i lower = GATHER8(base, _mm512_castsi512_si256((__m512i)(at)));                 \
        const __m512i upper = GATHER8(base, _mm512_extracti64x4_epi64((__m512i)(at), 1));           \
        (left) = (fb_u16)LOW_HALVES(lower, upper);                                                  \
        (right) = (fb_u16)LOW_HALVES(_mm512_srli_epi64(lower, 32), _mm512_srli_epi64(upper, 32));   \
    } while (0)
#define SPAN_ALL(mask) (_mm512_movepi32_mask((__m512i)(mask)) == 0xFFFF)
#include "projected_span.h"
#endif

void fb_projected_texture_span(const fb_projected_read *read, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count,
                               uint32_t *out) {
#if defined(__x86_64__)
    if (fb_kernel_level() >= FB_LEVEL_AVX512) { span_avx512(read, x, y, count, out); return; }
    if (fb_kernel_level() >= FB_LEVEL_AVX2) { span_avx2(read, x, y, count, out); return; }
#endif
    span_baseline(read, x, y, count, out);
}
