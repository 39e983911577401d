// Rules of this file:
// 1. Byte for byte what Raster's Swift definitions give (Compositing.swift, Mul255.swift, the
//    sweep of Coverage.swift): the same Float operations in the same order, with no fused
//    multiply-add (contraction is off below), and integer blends that are exact whichever
//    instruction set runs them. Tests hold the SIMD paths to the scalar one and the rasterizer to
//    per-pixel compositing, and pin hashes and golden images.
// 2. The AVX2 path is chosen at run time from the CPU, so one binary runs everywhere and writes
//    the same bytes everywhere.
// 3. No allocation, no global state apart from the CPU flag read once.
#pragma clang fp contract(off)

#include "raster_kernels.h"
#include <math.h>
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

static inline uint32_t alpha_of(uint32_t packed) {
    // Byte 3 in memory order is alpha, whatever the machine's byte order.
    return ((const uint8_t *)&packed)[3];
}

static inline uint32_t source_over(uint32_t source, uint32_t destination) {
    return source + mul255_lanes(destination, 255u - alpha_of(source));
}

void fb_blend_run_scalar(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    uint32_t inverse = 255u - alpha_of(colour);
    for (ptrdiff_t i = 0; i < count; i++) pixels[i] = colour + mul255_lanes(pixels[i], inverse);
}

#if FB_X86
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i f = _mm_set1_epi16((short)(255u - alpha_of(colour)));
    const __m128i half = _mm_set1_epi16(128);
    const __m128i source = _mm_set1_epi32((int)colour);
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(pixels + i));
        __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
        lo = _mm_add_epi16(_mm_mullo_epi16(lo, f), half);
        hi = _mm_add_epi16(_mm_mullo_epi16(hi, f), half);
        lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
        __m128i r = _mm_add_epi8(_mm_packus_epi16(lo, hi), source);
        _mm_storeu_si128((__m128i *)(pixels + i), r);
    }
    fb_blend_run_scalar(pixels + i, count - i, colour);
}

__attribute__((target("avx2")))
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i f = _mm256_set1_epi16((short)(255u - alpha_of(colour)));
    const __m256i half = _mm256_set1_epi16(128);
    const __m256i source = _mm256_set1_epi32((int)colour);
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + i));
        // In-lane unpack and pack: the pack puts every byte back where the unpack took it.
        __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
        lo = _mm256_add_epi16(_mm256_mullo_epi16(lo, f), half);
        hi = _mm256_add_epi16(_mm256_mullo_epi16(hi, f), half);
        lo = _mm256_srli_epi16(_mm256_add_epi16(lo, _mm256_srli_epi16(lo, 8)), 8);
        hi = _mm256_srli_epi16(_mm256_add_epi16(hi, _mm256_srli_epi16(hi, 8)), 8);
        __m256i r = _mm256_add_epi8(_mm256_packus_epi16(lo, hi), source);
        _mm256_storeu_si256((__m256i *)(pixels + i), r);
    }
    fb_blend_run_sse2(pixels + i, count - i, colour);
}

static int avx2_state = -1;   // -1 unknown, 0 no, 1 yes; a benign race (every thread writes the same)

bool fb_cpu_has_avx2(void) {
    if (avx2_state < 0) {
        __builtin_cpu_init();
        avx2_state = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return avx2_state == 1;
}
#else
// Other architectures: the scalar formula under every name.
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
bool fb_cpu_has_avx2(void) { return false; }
#endif

static inline void fill_run(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    for (ptrdiff_t i = 0; i < count; i++) pixels[i] = colour;
}

// Coverage.swift's coverageByte, isFullCoverage, isZeroCoverage and borderCoverage.
static inline uint32_t coverage_byte(float c) { return (uint32_t)(uint8_t)(c * 255.0f + 0.5f); }
static inline bool is_full(float c) { return c * 255.0f + 0.5f >= 255.0f; }
static inline bool is_zero(float c) { return c * 255.0f + 0.5f < 1.0f; }
static inline float border_coverage(float outer, float inner) {
    float d = outer - inner;
    return 0.0f >= d ? 0.0f : d;   // Swift's max(d, 0)
}
static inline float clamp_coverage(float sum) {
    float a = fabsf(sum);
    return 1.0f < a ? 1.0f : a;    // Swift's min(|sum|, 1)
}

// Compositing.swift's LayerPaint.color: (border·cb over fill·cf)·opacity.
static inline uint32_t layer_colour(const fb_paint *paint, uint32_t cf, uint32_t cb) {
    return mul255_lanes(source_over(mul255_lanes(paint->border, cb), mul255_lanes(paint->fill, cf)), paint->opacity);
}

// Blitter.swift's RowBlitter.blit for one span.
static inline void blit_span(const fb_paint *paint, bool avx2, uint32_t *pixels, ptrdiff_t count,
                             float outer, float inner) {
    if (is_zero(outer)) return;
    uint32_t cb = paint->has_border ? coverage_byte(border_coverage(outer, inner)) : 0;
    uint32_t colour;
    if (cb == 0 && is_full(outer)) colour = paint->interior;
    else if (cb == 0) colour = mul255_lanes(mul255_lanes(paint->fill, coverage_byte(outer)), paint->opacity);
    else colour = layer_colour(paint, coverage_byte(outer), cb);
    uint32_t a = alpha_of(colour);
    if (a == 255) { fill_run(pixels, count, colour); return; }
    if (a == 0) return;
    if (count < 4) fb_blend_run_scalar(pixels, count, colour);
    else if (avx2 && count >= 8) fb_blend_run_avx2(pixels, count, colour);
    else fb_blend_run_sse2(pixels, count, colour);
}

void fb_sweep_and_blit(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                       uint32_t *pixels, ptrdiff_t pixel_stride) {
    const bool avx2 = fb_cpu_has_avx2();
    const bool hole = rows.inner_cells != NULL;
    const ptrdiff_t width = rows.width;
    for (ptrdiff_t row = first; row < first + count; row++) {
        float *oc = rows.outer_cells + row * rows.stride;
        uint64_t *ob = rows.outer_bits + row * rows.words;
        float *ic = hole ? rows.inner_cells + row * rows.stride : NULL;
        uint64_t *ib = hole ? rows.inner_bits + row * rows.words : NULL;
        uint32_t *line = pixels + row * pixel_stride;
        float outer_sum = 0, inner_sum = 0, outer_value = 0, inner_value = 0;
        ptrdiff_t column = -1;
        for (ptrdiff_t word = 0; word < rows.words; word++) {
            uint64_t bits = ob[word];
            ob[word] = 0;
            if (hole) { bits |= ib[word]; ib[word] = 0; }
            while (bits != 0) {
                ptrdiff_t c = word << 6 | __builtin_ctzll(bits);
                bits &= bits - 1;
                if (c >= width) break;
                if (column >= 0 && (outer_value != 0 || inner_value != 0))
                    blit_span(&paint, avx2, line + column, c - column, outer_value, inner_value);
                outer_sum += oc[c];
                oc[c] = 0;
                outer_value = clamp_coverage(outer_sum);
                if (hole) {
                    inner_sum += ic[c];
                    ic[c] = 0;
                    inner_value = clamp_coverage(inner_sum);
                }
                column = c;
            }
        }
        if (column >= 0 && (outer_value != 0 || inner_value != 0))
            blit_span(&paint, avx2, line + column, width - column, outer_value, inner_value);
        // The slack cells past the box hold nothing a pixel shows; cleared marked or not.
        oc[width] = 0; oc[width + 1] = 0;
        if (hole) { ic[width] = 0; ic[width + 1] = 0; }
    }
}
