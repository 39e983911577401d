#include "video_pixels.h"

// BT.709 (Kr = 0.2126, Kb = 0.0722), limited range, in 15-bit fixed point (so that every
// coefficient fits a signed 16-bit lane, for SIMD multiply-adds that give the same bytes):
//   Y  = 16  + 219/255 · (Kr·R + Kg·G + Kb·B)
//   Cb = 128 + 112/255 · (B − Y′) / (1 − Kb)
//   Cr = 128 + 112/255 · (R − Y′) / (1 − Kr)        (Y′ = Kr·R + Kg·G + Kb·B, full range)
// Each row of coefficients is rounded from the exact value, then one entry moved by 1 where
// needed so that Y's sum to round(219/255 · 2¹⁵) and each chroma row sums to 0: grey (R = G = B)
// then gives exactly Cb = Cr = 128 and Y = 16 + round(219/255 · v).
enum {
    Y_R = 5983, Y_G = 20127, Y_B = 2032,
    CB_R = -3298, CB_G = -11094, CB_B = 14392,
    CR_R = 14392, CR_G = -13072, CR_B = -1320,
};

size_t cvp_yuv420p_size(uint32_t width, uint32_t height) {
    return (size_t)width * height + 2 * ((size_t)(width / 2) * (height / 2));
}

static inline uint8_t luma(const uint8_t *p) {
    return (uint8_t)((Y_R * p[0] + Y_G * p[1] + Y_B * p[2] + (16 << 15) + (1 << 14)) >> 15);
}

static inline void chroma(const uint8_t *a, const uint8_t *b, uint8_t *cb, uint8_t *cr) {
    int r = a[0] + a[4] + b[0] + b[4], g = a[1] + a[5] + b[1] + b[5], bl = a[2] + a[6] + b[2] + b[6];
    *cb = (uint8_t)((CB_R * r + CB_G * g + CB_B * bl + (128 << 17) + (1 << 16)) >> 17);
    *cr = (uint8_t)((CR_R * r + CR_G * g + CR_B * bl + (128 << 17) + (1 << 16)) >> 17);
}

#if defined(__SSE2__)
#include <emmintrin.h>

// Sums each pixel's pair of 32-bit products: [a0+a1, a2+a3, b0+b1, b2+b3].
static inline __m128i pair_sums(__m128i a, __m128i b) {
    __m128 even = _mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), _MM_SHUFFLE(2, 0, 2, 0));
    __m128 odd = _mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), _MM_SHUFFLE(3, 1, 3, 1));
    return _mm_add_epi32(_mm_castps_si128(even), _mm_castps_si128(odd));
}

// Y of 4 pixels (16 bytes of RGBA) as 4 int32.
static inline __m128i luma4(__m128i v, __m128i coefficients, __m128i offset) {
    __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_madd_epi16(_mm_unpacklo_epi8(v, zero), coefficients);
    __m128i hi = _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), coefficients);
    return _mm_srai_epi32(_mm_add_epi32(pair_sums(lo, hi), offset), 15);
}

// 16 luma bytes of one row.
static inline void luma16(const uint8_t *p, uint8_t *y, __m128i coefficients, __m128i offset) {
    __m128i a = luma4(_mm_loadu_si128((const __m128i *)p), coefficients, offset);
    __m128i b = luma4(_mm_loadu_si128((const __m128i *)(p + 16)), coefficients, offset);
    __m128i c = luma4(_mm_loadu_si128((const __m128i *)(p + 32)), coefficients, offset);
    __m128i d = luma4(_mm_loadu_si128((const __m128i *)(p + 48)), coefficients, offset);
    _mm_storeu_si128((__m128i *)y, _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d)));
}

// The 2x2 sums of 4 pixels of the top row and the 4 below them: 2 blocks as 16-bit
// [R, G, B, A, R, G, B, A].
static inline __m128i block_sums(__m128i top, __m128i bottom) {
    __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_add_epi16(_mm_unpacklo_epi8(top, zero), _mm_unpacklo_epi8(bottom, zero));
    __m128i hi = _mm_add_epi16(_mm_unpackhi_epi8(top, zero), _mm_unpackhi_epi8(bottom, zero));
    lo = _mm_add_epi16(lo, _mm_srli_si128(lo, 8));
    hi = _mm_add_epi16(hi, _mm_srli_si128(hi, 8));
    return _mm_unpacklo_epi64(lo, hi);
}

// 8 Cb and 8 Cr bytes from 16 pixels of two rows.
static inline void chroma16(const uint8_t *top, const uint8_t *bottom, uint8_t *cb, uint8_t *cr) {
    const __m128i cb_coefficients = _mm_setr_epi16(CB_R, CB_G, CB_B, 0, CB_R, CB_G, CB_B, 0);
    const __m128i cr_coefficients = _mm_setr_epi16(CR_R, CR_G, CR_B, 0, CR_R, CR_G, CR_B, 0);
    const __m128i offset = _mm_set1_epi32((128 << 17) + (1 << 16));
    __m128i blocks[4];
    for (int k = 0; k < 4; k++) {
        blocks[k] = block_sums(_mm_loadu_si128((const __m128i *)(top + 16 * k)),
                               _mm_loadu_si128((const __m128i *)(bottom + 16 * k)));
    }
    __m128i cb01 = pair_sums(_mm_madd_epi16(blocks[0], cb_coefficients), _mm_madd_epi16(blocks[1], cb_coefficients));
    __m128i cb23 = pair_sums(_mm_madd_epi16(blocks[2], cb_coefficients), _mm_madd_epi16(blocks[3], cb_coefficients));
    __m128i cr01 = pair_sums(_mm_madd_epi16(blocks[0], cr_coefficients), _mm_madd_epi16(blocks[1], cr_coefficients));
    __m128i cr23 = pair_sums(_mm_madd_epi16(blocks[2], cr_coefficients), _mm_madd_epi16(blocks[3], cr_coefficients));
    cb01 = _mm_srai_epi32(_mm_add_epi32(cb01, offset), 17);
    cb23 = _mm_srai_epi32(_mm_add_epi32(cb23, offset), 17);
    cr01 = _mm_srai_epi32(_mm_add_epi32(cr01, offset), 17);
    cr23 = _mm_srai_epi32(_mm_add_epi32(cr23, offset), 17);
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(cb01, cb23), _mm_packs_epi32(cr01, cr23));
    _mm_storel_epi64((__m128i *)cb, bytes);
    _mm_storel_epi64((__m128i *)cr, _mm_srli_si128(bytes, 8));
}
#endif

#if defined(__x86_64__)
#include <immintrin.h>

// The SSE2 arithmetic in both 128-bit lanes of AVX2 registers, 32 pixels a step: every in-lane
// operation (unpacks, pmaddwd, shuffles, packs) is the SSE2 one per lane, so each sum is the same
// and so is each byte; only the final permutes put the lanes' results back in pixel order.
__attribute__((target("avx2")))
static inline __m256i pair_sums8(__m256i a, __m256i b) {
    __m256 even = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(2, 0, 2, 0));
    __m256 odd = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(3, 1, 3, 1));
    return _mm256_add_epi32(_mm256_castps_si256(even), _mm256_castps_si256(odd));
}

// Y of 8 pixels (32 bytes of RGBA) as int32: pixels 0–3 in the low lane, 4–7 in the high.
__attribute__((target("avx2")))
static inline __m256i luma8(__m256i v, __m256i coefficients, __m256i offset) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = _mm256_madd_epi16(_mm256_unpacklo_epi8(v, zero), coefficients);
    __m256i hi = _mm256_madd_epi16(_mm256_unpackhi_epi8(v, zero), coefficients);
    return _mm256_srai_epi32(_mm256_add_epi32(pair_sums8(lo, hi), offset), 15);
}

// 32 luma bytes of one row. The packs leave 4-pixel groups in the order 0, 2, 4, 6 | 1, 3, 5, 7.
__attribute__((target("avx2")))
static inline void luma32(const uint8_t *p, uint8_t *y, __m256i coefficients, __m256i offset) {
    __m256i a = luma8(_mm256_loadu_si256((const __m256i *)p), coefficients, offset);
    __m256i b = luma8(_mm256_loadu_si256((const __m256i *)(p + 32)), coefficients, offset);
    __m256i c = luma8(_mm256_loadu_si256((const __m256i *)(p + 64)), coefficients, offset);
    __m256i d = luma8(_mm256_loadu_si256((const __m256i *)(p + 96)), coefficients, offset);
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
    bytes = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256((__m256i *)y, bytes);
}

// block_sums in lanes: the 2x2 sums of 8 pixels of the top row and the 8 below them, blocks
// 0, 1 in the low lane and 2, 3 in the high.
__attribute__((target("avx2")))
static inline __m256i block_sums8(__m256i top, __m256i bottom) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = _mm256_add_epi16(_mm256_unpacklo_epi8(top, zero), _mm256_unpacklo_epi8(bottom, zero));
    __m256i hi = _mm256_add_epi16(_mm256_unpackhi_epi8(top, zero), _mm256_unpackhi_epi8(bottom, zero));
    lo = _mm256_add_epi16(lo, _mm256_srli_si256(lo, 8));
    hi = _mm256_add_epi16(hi, _mm256_srli_si256(hi, 8));
    return _mm256_unpacklo_epi64(lo, hi);
}

// 16 Cb and 16 Cr bytes from 32 pixels of two rows. Block sums arrive as pairs of blocks
// (2k, 2k + 1): pairs 0, 2, 4, 6 in the low lane and 1, 3, 5, 7 in the high, Cb then Cr; the
// 16-bit unpack of the register with its lanes swapped interleaves them back.
__attribute__((target("avx2")))
static inline void chroma32(const uint8_t *top, const uint8_t *bottom, uint8_t *cb, uint8_t *cr) {
    const __m256i cb_coefficients = _mm256_setr_epi16(CB_R, CB_G, CB_B, 0, CB_R, CB_G, CB_B, 0, CB_R, CB_G, CB_B, 0,
                                                      CB_R, CB_G, CB_B, 0);
    const __m256i cr_coefficients = _mm256_setr_epi16(CR_R, CR_G, CR_B, 0, CR_R, CR_G, CR_B, 0, CR_R, CR_G, CR_B, 0,
                                                      CR_R, CR_G, CR_B, 0);
    const __m256i offset = _mm256_set1_epi32((128 << 17) + (1 << 16));
    __m256i blocks[4];
    for (int k = 0; k < 4; k++) {
        blocks[k] = block_sums8(_mm256_loadu_si256((const __m256i *)(top + 32 * k)),
                                _mm256_loadu_si256((const __m256i *)(bottom + 32 * k)));
    }
    __m256i cb01 = pair_sums8(_mm256_madd_epi16(blocks[0], cb_coefficients), _mm256_madd_epi16(blocks[1], cb_coefficients));
    __m256i cb23 = pair_sums8(_mm256_madd_epi16(blocks[2], cb_coefficients), _mm256_madd_epi16(blocks[3], cb_coefficients));
    __m256i cr01 = pair_sums8(_mm256_madd_epi16(blocks[0], cr_coefficients), _mm256_madd_epi16(blocks[1], cr_coefficients));
    __m256i cr23 = pair_sums8(_mm256_madd_epi16(blocks[2], cr_coefficients), _mm256_madd_epi16(blocks[3], cr_coefficients));
    cb01 = _mm256_srai_epi32(_mm256_add_epi32(cb01, offset), 17);
    cb23 = _mm256_srai_epi32(_mm256_add_epi32(cb23, offset), 17);
    cr01 = _mm256_srai_epi32(_mm256_add_epi32(cr01, offset), 17);
    cr23 = _mm256_srai_epi32(_mm256_add_epi32(cr23, offset), 17);
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(cb01, cb23), _mm256_packs_epi32(cr01, cr23));
    __m256i swapped = _mm256_permute4x64_epi64(bytes, 0x4E);
    _mm_storeu_si128((__m128i *)cb, _mm256_castsi256_si128(_mm256_unpacklo_epi16(bytes, swapped)));
    _mm_storeu_si128((__m128i *)cr, _mm256_castsi256_si128(_mm256_unpackhi_epi16(bytes, swapped)));
}

// Rows 2j and 2j + 1 from pixel 0, 32 pixels a step; returns the first pixel not converted.
__attribute__((target("avx2")))
static size_t rows_avx2(const uint8_t *top, const uint8_t *bottom, uint8_t *y0, uint8_t *y1, uint8_t *cb, uint8_t *cr,
                        size_t width) {
    const __m256i coefficients = _mm256_setr_epi16(Y_R, Y_G, Y_B, 0, Y_R, Y_G, Y_B, 0, Y_R, Y_G, Y_B, 0, Y_R, Y_G, Y_B, 0);
    const __m256i offset = _mm256_set1_epi32((16 << 15) + (1 << 14));
    size_t i = 0;
    for (; i + 32 <= width; i += 32) {
        luma32(top + 4 * i, y0 + i, coefficients, offset);
        luma32(bottom + 4 * i, y1 + i, coefficients, offset);
        chroma32(top + 4 * i, bottom + 4 * i, cb + i / 2, cr + i / 2);
    }
    return i;
}

static int cvp_level = -1;

// AVX2 where the CPU has it (read once; a benign race: every thread stores the same value).
static int best_level(void) {
    if (cvp_level < 0) {
        __builtin_cpu_init();
        cvp_level = __builtin_cpu_supports("avx2") ? CVP_LEVEL_AVX2 : CVP_LEVEL_SSE2;
    }
    return cvp_level;
}
#else
static int best_level(void) { return CVP_LEVEL_SCALAR; }
#endif

int cvp_rgba_to_yuv420p_bt709(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t *out) {
    return cvp_rgba_to_yuv420p_bt709_at(rgba, width, height, out, best_level());
}

int cvp_rgba_to_yuv420p_bt709_at(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t *out, int level) {
    if (rgba == NULL || out == NULL || width == 0 || height == 0 || width % 2 != 0 || height % 2 != 0) return -1;
    if (level > best_level()) level = best_level();
    size_t cw = width / 2, ch = height / 2;
    uint8_t *yp = out, *cbp = out + (size_t)width * height, *crp = cbp + cw * ch;
    for (size_t j = 0; j < ch; j++) {
        const uint8_t *top = rgba + (2 * j) * (size_t)width * 4, *bottom = top + (size_t)width * 4;
        uint8_t *y0 = yp + (2 * j) * (size_t)width, *y1 = y0 + width;
        size_t i = 0;
#if defined(__x86_64__)
        if (level >= CVP_LEVEL_AVX2) i = rows_avx2(top, bottom, y0, y1, cbp + j * cw, crp + j * cw, width);
#endif
#if defined(__SSE2__)
        // The same sums of products as the scalar code, 16 pixels a step: the bytes are identical.
        const __m128i y_coefficients = _mm_setr_epi16(Y_R, Y_G, Y_B, 0, Y_R, Y_G, Y_B, 0);
        const __m128i y_offset = _mm_set1_epi32((16 << 15) + (1 << 14));
        if (level >= CVP_LEVEL_SSE2) {
            for (; i + 16 <= (size_t)width; i += 16) {
                luma16(top + 4 * i, y0 + i, y_coefficients, y_offset);
                luma16(bottom + 4 * i, y1 + i, y_coefficients, y_offset);
                chroma16(top + 4 * i, bottom + 4 * i, cbp + j * cw + i / 2, crp + j * cw + i / 2);
            }
        }
#endif
        for (; i < (size_t)width; i += 2) {
            y0[i] = luma(top + 4 * i);
            y0[i + 1] = luma(top + 4 * i + 4);
            y1[i] = luma(bottom + 4 * i);
            y1[i + 1] = luma(bottom + 4 * i + 4);
            chroma(top + 4 * i, bottom + 4 * i, cbp + j * cw + i / 2, crp + j * cw + i / 2);
        }
    }
    return 0;
}
