// Rules of this file:
// 1. Byte for byte what Raster's Swift definitions give (Compositing.swift, Mul255.swift, the
//    sweep of Coverage.swift): the same Float operations in the same order, with no fused
//    multiply-add (contraction is off below), and integer blends that are exact whichever
//    instruction set runs them. Tests hold the SIMD paths to the scalar one and the rasterizer to
//    per-pixel compositing, and pin hashes and golden images.
// 2. The AVX2 blends and the SSE4.1 accumulation are chosen at run time from the CPU, so one
//    binary runs everywhere and writes the same bytes everywhere. A variant is the same source
//    compiled again (an always_inline function called with constant flags), never a second copy.
// 3. No allocation, no global state apart from the CPU feature word read once.
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
    const __m128i half = _mm_set1_epi16(128), k257 = _mm_set1_epi16(257);
    const __m128i source = _mm_set1_epi32((int)colour);
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(pixels + i));
        __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
        lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, f), half), k257);
        hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, f), half), k257);
        __m128i r = _mm_add_epi8(_mm_packus_epi16(lo, hi), source);
        _mm_storeu_si128((__m128i *)(pixels + i), r);
    }
    fb_blend_run_scalar(pixels + i, count - i, colour);
}

__attribute__((target("avx2")))
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i f = _mm256_set1_epi16((short)(255u - alpha_of(colour)));
    const __m256i half = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    const __m256i source = _mm256_set1_epi32((int)colour);
    ptrdiff_t i = 0;
#define BLEND8(d) ({ __m256i lo_ = _mm256_unpacklo_epi8((d), zero), hi_ = _mm256_unpackhi_epi8((d), zero); \
        lo_ = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo_, f), half), k257); \
        hi_ = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi_, f), half), k257); \
        _mm256_add_epi8(_mm256_packus_epi16(lo_, hi_), source); })
    for (; i + 8 <= count; i += 8) {
        // In-lane unpack and pack: the pack puts every byte back where the unpack took it.
        __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + i));
        _mm256_storeu_si256((__m256i *)(pixels + i), BLEND8(d));
    }
    if (i < count) {
        // The last 1…7 pixels in one masked step: masked-off lanes are neither read nor written.
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - i)), lanes);
        __m256i d = _mm256_maskload_epi32((const int *)(pixels + i), mask);
        _mm256_maskstore_epi32((int *)(pixels + i), mask, BLEND8(d));
    }
#undef BLEND8
}

// The CPU's features, read once: bit 0 set once known, bit 1 AVX2, bit 2 SSE4.1. A benign race:
// every thread computes and stores the same value.
static int cpu_features = 0;

static int read_cpu_features(void) {
    if (cpu_features == 0) {
        __builtin_cpu_init();
        cpu_features = 1 | (__builtin_cpu_supports("avx2") ? 2 : 0) | (__builtin_cpu_supports("sse4.1") ? 4 : 0);
    }
    return cpu_features;
}

// Tests switch a thread to the baseline kernels, to hold them to the same bytes on a CPU that
// would otherwise never run them. Per thread, so no other thread's choice changes.
static _Thread_local bool baseline_only = false;

void fb_use_baseline_kernels_on_this_thread(bool on) { baseline_only = on; }

bool fb_cpu_has_avx2(void) { return !baseline_only && (read_cpu_features() & 2) != 0; }
bool fb_cpu_has_sse41(void) { return !baseline_only && (read_cpu_features() & 4) != 0; }
#else
void fb_use_baseline_kernels_on_this_thread(bool on) { (void)on; }
// Other architectures: the scalar formula under every name.
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
bool fb_cpu_has_avx2(void) { return false; }
bool fb_cpu_has_sse41(void) { return false; }
#endif

static inline void fill_run(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    for (ptrdiff_t i = 0; i < count; i++) pixels[i] = colour;
}

// `colour` over a run of pixels: stored when opaque, nothing when clear, else blended by the
// widest kernel that fits (AVX2 takes any run of 4 or more in whole and masked 8-pixel steps;
// shorter runs are cheaper scalar, measured).
#define FB_MIN_VECTOR_RUN 4

static inline void composite_run(bool avx2, uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    uint32_t a = alpha_of(colour);
    if (a == 255) { fill_run(pixels, count, colour); return; }
    if (a == 0) return;
    if (count < FB_MIN_VECTOR_RUN) fb_blend_run_scalar(pixels, count, colour);
    else if (avx2) fb_blend_run_avx2(pixels, count, colour);
    else fb_blend_run_sse2(pixels, count, colour);
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
// The even-odd rule on an accumulated winding area: |sum| folded into [0, 1] with period 2
// (1.5 → 0.5, 2 → 0); Coverage.swift's evenOddCoverage. fmodf is exact, so the fold is too.
static inline float fold_even_odd(float sum) {
    float a = fmodf(fabsf(sum), 2.0f);
    return 1.0f < a ? 2.0f - a : a;
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
    composite_run(avx2, pixels, count, colour);
}

// The colour of every fill coverage byte for a paint without a border: table[b] is
// layer_colour(paint, b, 0) = mul255(mul255(fill, b), opacity), so table[0] is 0 and table[255]
// the interior colour. Built per shape, 4 entries per SSE2 step (~0.1 µs), it replaces two chained
// multiplies per edge pixel by one load.
static void build_colour_table(uint32_t fill, uint32_t opacity, uint32_t *table) {
#if FB_X86
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    const __m128i f = _mm_unpacklo_epi8(_mm_set1_epi32((int)fill), zero);   // 2 pixels, 16-bit lanes
    const __m128i o = _mm_set1_epi16((short)opacity), four = _mm_set1_epi16(4);
    __m128i b01 = _mm_setr_epi16(0, 0, 0, 0, 1, 1, 1, 1), b23 = _mm_setr_epi16(2, 2, 2, 2, 3, 3, 3, 3);
    const __m128i k257 = _mm_set1_epi16(257);
#define MUL255_EPI16(x, g) _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16((x), (g)), half), k257)
    for (int b = 0; b < 256; b += 4) {
        __m128i lo = MUL255_EPI16(MUL255_EPI16(f, b01), o), hi = MUL255_EPI16(MUL255_EPI16(f, b23), o);
        _mm_storeu_si128((__m128i *)(table + b), _mm_packus_epi16(lo, hi));
        b01 = _mm_add_epi16(b01, four);
        b23 = _mm_add_epi16(b23, four);
    }
#undef MUL255_EPI16
#else
    for (uint32_t b = 0; b < 256; b++) table[b] = mul255_lanes(mul255_lanes(fill, b), opacity);
#endif
}

// composite_run kept out of line for the sweep: spans are few next to edge pixels, and the sweep's
// loop stays small (measured: inlining it there costs ~2 %). Clear runs, past a shape's right
// edge on every row, never get here.
static __attribute__((noinline)) void composite_span(bool avx2, uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    composite_run(avx2, pixels, count, colour);
}

#define FB_PREFETCH_ROWS 4

// Edge pixels are the first touch of their cache lines, a canvas row apart (7.5 KiB at 1080p). A
// shape's extent changes little from one row to the next, so once a row is swept the sweep asks
// for a later row's lines over this row's extent, widened by a margin, so that they are in cache
// when it gets there. A hint only; no effect on any value.
#define FB_PREFETCH_MARGIN 16
static inline void prefetch_extent(const uint32_t *line, ptrdiff_t lo, ptrdiff_t hi, ptrdiff_t width) {
    lo = lo > FB_PREFETCH_MARGIN ? lo - FB_PREFETCH_MARGIN : 0;
    hi = hi + FB_PREFETCH_MARGIN < width ? hi + FB_PREFETCH_MARGIN : width - 1;
    const char *p = (const char *)(line + lo), *end = (const char *)(line + hi);
    for (; p < end; p += 64) __builtin_prefetch(p, 1);
    __builtin_prefetch(end, 1);
}

// The sweep, written once and compiled per case (hole, border, plain): `hole` and `tabled` are
// constants at every call, so the plain case gets a loop with neither in it and registers to spare.
static inline __attribute__((always_inline))
void sweep_rows(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const fb_paint *paint,
                const uint32_t *table, bool avx2, uint32_t *pixels, ptrdiff_t pixel_stride,
                const bool hole, const bool tabled, const bool even_odd, const bool clip_mask) {
    const ptrdiff_t width = rows->width;
    // Without a border the colour is looked up. A single pixel (most edge pixels) takes the one
    // formula that is exact for every colour, inline: an opaque colour makes mul255(d, 0) = 0,
    // coverage 0 makes the colour 0 and mul255(d, 255) = d.
#define BLIT(at, n) do { \
        if (tabled) { \
            uint32_t colour_ = table[coverage_byte(outer_value)]; \
            if ((n) == 1) line[at] = source_over(colour_, line[at]); \
            else if (colour_ != 0) composite_span(avx2, line + (at), (n), colour_); \
        } else { \
            blit_span(paint, avx2, line + (at), (n), outer_value, inner_value); \
        } } while (0)
    for (ptrdiff_t row = first; row < first + count; row++) {
        float *oc = rows->outer_cells + row * rows->stride;
        uint64_t *ob = rows->outer_bits + row * rows->words;
        float *ic = hole || clip_mask ? rows->inner_cells + row * rows->stride : NULL;
        uint64_t *ib = hole || clip_mask ? rows->inner_bits + row * rows->words : NULL;
        uint32_t *line = pixels + row * pixel_stride;
        float outer_sum = 0, inner_sum = 0, outer_value = 0, inner_value = 0, mask_sum = 0;
        ptrdiff_t column = -1, leftmost = -1;
        for (ptrdiff_t word = 0; word < rows->words; word++) {
            uint64_t bits = ob[word];
            ob[word] = 0;
            if (hole || clip_mask) { bits |= ib[word]; ib[word] = 0; }
            while (bits != 0) {
                ptrdiff_t c = word << 6 | __builtin_ctzll(bits);
                bits &= bits - 1;
                if (c >= width) break;
                if (column >= 0) { if (outer_value != 0 || inner_value != 0) BLIT(column, c - column); }
                else leftmost = c;
                outer_sum += oc[c];
                oc[c] = 0;
                outer_value = even_odd ? fold_even_odd(outer_sum) : clamp_coverage(outer_sum);
                if (clip_mask) {
                    mask_sum += ic[c];
                    ic[c] = 0;
                    outer_value = outer_value * clamp_coverage(mask_sum);
                }
                if (hole) {
                    inner_sum += ic[c];
                    ic[c] = 0;
                    inner_value = clamp_coverage(inner_sum);
                }
                column = c;
            }
        }
        if (column >= 0 && (outer_value != 0 || inner_value != 0)) BLIT(column, width - column);
        if (column >= 0 && row + FB_PREFETCH_ROWS < first + count)
            prefetch_extent(line + FB_PREFETCH_ROWS * pixel_stride, leftmost, column, width);
        // The slack cells past the box hold nothing a pixel shows; cleared marked or not.
        oc[width] = 0; oc[width + 1] = 0;
        if (hole || clip_mask) { ic[width] = 0; ic[width + 1] = 0; }
    }
#undef BLIT
}

void fb_sweep_and_blit(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                       uint32_t *pixels, ptrdiff_t pixel_stride) {
    const bool avx2 = fb_cpu_has_avx2();
    // The colour table serves the plain case only: a hole comes with a border (the rasterizer
    // makes one for borders alone), and a border's colour depends on two coverages.
    if (rows.inner_cells != NULL) {
        sweep_rows(&rows, first, count, &paint, NULL, avx2, pixels, pixel_stride, true, false, false, false);
    } else if (paint.has_border) {
        sweep_rows(&rows, first, count, &paint, NULL, avx2, pixels, pixel_stride, false, false, false, false);
    } else {
        uint32_t table[256];
        build_colour_table(paint.fill, paint.opacity, table);
        sweep_rows(&rows, first, count, &paint, table, avx2, pixels, pixel_stride, false, true, false, false);
    }
}

void fb_sweep_and_blit_path(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                            uint32_t *pixels, ptrdiff_t pixel_stride, bool even_odd) {
    // Paths: one coverage, no border, so always the tabled plain case; inner cells, when given,
    // hold the clip region's coverage, multiplied in after the fill rule's fold.
    const bool avx2 = fb_cpu_has_avx2(), mask = rows.inner_cells != NULL;
    uint32_t table[256];
    build_colour_table(paint.fill, paint.opacity, table);
    if (even_odd && mask) sweep_rows(&rows, first, count, &paint, table, avx2, pixels, pixel_stride, false, true, true, true);
    else if (even_odd) sweep_rows(&rows, first, count, &paint, table, avx2, pixels, pixel_stride, false, true, true, false);
    else if (mask) sweep_rows(&rows, first, count, &paint, table, avx2, pixels, pixel_stride, false, true, false, true);
    else sweep_rows(&rows, first, count, &paint, table, avx2, pixels, pixel_stride, false, true, false, false);
}

// ---------------------------------------------------------------------------------------------
// Signed-area accumulation (CoverageAccumulator.swift's rules apply; this is its hot loop).
//
// Every edge adds, to the cells of each pixel row it crosses, the change it makes to the coverage
// of that row from one column to the next; a prefix sum along the row (the sweep above) then gives,
// for every pixel, the signed area of the polygon inside it. Geometry in double, cells in float.
// `sw_min` / `sw_max` are Swift's `min` / `max` exactly (which operand wins a tie matters for the
// sign of a zero), so these bytes are the ones the Swift implementation gave.

static inline double sw_min(double x, double y) { return y < x ? y : x; }
// floor and ceil as integers. `rounding` is a constant at every use: true in code compiled for
// SSE4.1 (or any non-x86 CPU), where each is one rounding instruction; false otherwise, where
// libm's would be calls and a truncation with a correction does it inline. The same integer either
// way: exact for |v| < 2⁶³, and every coordinate here is clipped to the box first.
static inline __attribute__((always_inline)) ptrdiff_t floor_int(double v, const bool rounding) {
    if (rounding) return (ptrdiff_t)__builtin_floor(v);
    ptrdiff_t t = (ptrdiff_t)v;
    return (double)t > v ? t - 1 : t;
}
static inline __attribute__((always_inline)) ptrdiff_t ceil_int(double v, const bool rounding) {
    if (rounding) return (ptrdiff_t)__builtin_ceil(v);
    ptrdiff_t t = (ptrdiff_t)v;
    return (double)t < v ? t + 1 : t;
}
static inline double sw_max(double x, double y) { return y >= x ? y : x; }

typedef struct {
    float *cells;
    uint64_t *bits;
    ptrdiff_t stride;
    ptrdiff_t words;
} target;

static inline void add_cell(const target *t, float value, ptrdiff_t row, ptrdiff_t column) {
    t->cells[row * t->stride + column] += value;
    t->bits[row * t->words + (column >> 6)] |= (uint64_t)1 << (column & 63);
}

static inline void mark_cells(const target *t, ptrdiff_t row, ptrdiff_t first, ptrdiff_t last) {
    uint64_t *base = t->bits + row * t->words;
    ptrdiff_t word = first >> 6, last_word = last >> 6;
    uint64_t bits = ~(uint64_t)0 << (first & 63);
    while (word < last_word) {
        base[word] |= bits;
        bits = ~(uint64_t)0;
        word++;
    }
    base[word] |= bits & (~(uint64_t)0 >> (63 - (last & 63)));
}

// The part of an edge inside one pixel row: from x = xa to x = xb over a height whose signed value
// is `area`. Cell i receives area·(g(i) − g(i − 1)) where g(i) is the mean over the edge's x values
// u of clamp(i + 1 − u, 0, 1) = (R(i + 1) − R(i)) / (hi − lo), R(v) = ∫ ramp(v − u) du over
// [lo, hi]; inside one column the mean is at the midpoint.
static inline __attribute__((always_inline))
void add_row_span(const target *t, double xa, double xb, double area, ptrdiff_t row, const bool rounding) {
    double lo = sw_min(xa, xb), hi = sw_max(xa, xb);
    ptrdiff_t i0 = floor_int(lo, rounding), i1 = ceil_int(hi, rounding);
    if (i1 <= i0 + 1) {
        double fraction = (lo + hi) / 2 - (double)i0;
        add_cell(t, (float)(area * (1 - fraction)), row, i0);
        add_cell(t, (float)(area * fraction), row, i0 + 1);
        return;
    }
    double span = hi - lo, inverse_span = 1 / span, mid = (lo + hi) / 2;
    mark_cells(t, row, i0, i1);
    float *cells = t->cells + row * t->stride;
    // R(v) is 0 for v ≤ lo, (v − lo)²/2 inside, span·(v − mid) for v ≥ hi. Here v = i + 1 runs
    // over i0 + 1 … i1: never ≤ lo (i0 = ⌊lo⌋), and ≥ hi only at the last step (i1 = ⌈hi⌉), which
    // is therefore taken out of the loop rather than decided by a branch in it.
    double r_left = 0, g_previous = 0;
    for (ptrdiff_t i = i0; i < i1 - 1; i++) {
        double v = (double)(i + 1);
        double r_right = (v - lo) * (v - lo) / 2;
        double g = (r_right - r_left) * inverse_span;
        cells[i] += (float)(area * (g - g_previous));
        g_previous = g;
        r_left = r_right;
    }
    {
        double v = (double)i1;
        double g = (span * (v - mid) - r_left) * inverse_span;
        cells[i1 - 1] += (float)(area * (g - g_previous));
        g_previous = g;
    }
    cells[i1] += (float)(area * (1 - g_previous));
}

// A downward piece with both x in [0, width]: each row it crosses (clipped to [0, height]) gets its
// share. x is interpolated from the piece's start at every row boundary, so rounding does not
// accumulate along tall edges.
static inline __attribute__((always_inline))
void add_piece(const target *t, double x0, double y0, double x1, double y1, double direction, double height,
               const bool rounding) {
    double y_start = sw_max(y0, 0), y_end = sw_min(y1, height);
    if (!(y_start < y_end)) return;
    double dxdy = (x1 - x0) / (y1 - y0);
    double lo = sw_min(x0, x1), hi = sw_max(x0, x1);
#define PIECE_X(y) ((y) == y1 ? x1 : sw_min(sw_max(x0 + ((y) - y0) * dxdy, lo), hi))
    ptrdiff_t row = floor_int(y_start, rounding), end_row = ceil_int(y_end, rounding);
    double y_top = y_start, x_top = PIECE_X(y_start);
    while (row < end_row) {
        double y_bottom = sw_min((double)(row + 1), y_end);
        double x_bottom = PIECE_X(y_bottom);
        add_row_span(t, x_top, x_bottom, direction * (y_bottom - y_top), row, rounding);
        y_top = y_bottom;
        x_top = x_bottom;
        row++;
    }
#undef PIECE_X
}

// One edge in box coordinates (the box spans [0, width] × [0, height]). The parts above and below
// the box are dropped; the part right of x = width changes only columns ≥ width and is dropped; the
// part left of x = 0 is replaced by its projection on x = 0, which changes every column ≥ 0 by the
// same amount.
static inline __attribute__((always_inline))
void add_line(const target *t, double p0x, double p0y, double p1x, double p1y, double width, double height,
              const bool rounding) {
    if (p0y == p1y) return;   // horizontal: no area
    double tx, ty, bx, by, direction;
    if (p0y < p1y) { tx = p0x; ty = p0y; bx = p1x; by = p1y; direction = 1; }
    else { tx = p1x; ty = p1y; bx = p0x; by = p0y; direction = -1; }
    if (!(by > 0) || !(ty < height)) return;
    // Fast path, the usual edge: strictly inside the box's columns, with a margin that no cut
    // computed below could cross by rounding, so there is nothing to cut or project and the edge
    // is one piece from (tx, ty) to (bx, by), as the general path would find, without its divisions.
    const double margin = 1e-6;
    if (tx > margin && bx > margin && tx < width - margin && bx < width - margin) {
        // Within one pixel row (most corner chords): add_piece would find x = tx at the top and
        // x = bx at the bottom, so the row gets its span directly, without the slope. The bound
        // on the height keeps add_piece's slope finite (|bx − tx| < width), as that equality needs.
        if (ty >= 0 && by <= height && by - ty >= 1e-290) {
            ptrdiff_t row = floor_int(ty, rounding);
            if (by <= (double)(row + 1)) {
                add_row_span(t, tx, bx, direction * (by - ty), row, rounding);
                return;
            }
        }
        add_piece(t, tx, ty, bx, by, direction, height, rounding);
        return;
    }
    double dxdy = (bx - tx) / (by - ty);
    double lo = sw_min(tx, bx), hi = sw_max(tx, bx);
#define LINE_X(y) ((y) == by ? bx : sw_min(sw_max(tx + ((y) - ty) * dxdy, lo), hi))
    double cut_a = by, cut_b = by;
    if (dxdy != 0) {
        double y0 = ty - tx / dxdy, yw = ty + (width - tx) / dxdy;
        if (y0 > ty && y0 < by) cut_a = y0;
        if (yw > ty && yw < by) cut_b = yw;
        if (cut_a > cut_b) { double s = cut_a; cut_a = cut_b; cut_b = s; }
    }
    double y_start = ty;
    for (int piece = 0; piece < 3; piece++) {
        double y_end = piece == 0 ? cut_a : piece == 1 ? cut_b : by;
        if (!(y_end > y_start)) continue;
        double x_mid = LINE_X((y_start + y_end) / 2);
        if (x_mid <= 0) {
            add_piece(t, 0, y_start, 0, y_end, direction, height, rounding);
        } else if (x_mid < width) {
            add_piece(t, sw_min(sw_max(LINE_X(y_start), 0), width), y_start,
                      sw_min(sw_max(LINE_X(y_end), 0), width), y_end, direction, height, rounding);
        }
        y_start = y_end;
    }
#undef LINE_X
}

static inline __attribute__((always_inline))
void accumulate_polygon(const double *points, ptrdiff_t count, double origin_x, double origin_y, ptrdiff_t height,
                        float *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words, ptrdiff_t width,
                        const bool rounding) {
    const target t = { cells, bits, stride, words };
    const double w = (double)width, h = (double)height;
    double px = points[2 * (count - 1)] - origin_x, py = points[2 * (count - 1) + 1] - origin_y;
    for (ptrdiff_t i = 0; i < count; i++) {
        double cx = points[2 * i] - origin_x, cy = points[2 * i + 1] - origin_y;
        add_line(&t, px, py, cx, cy, w, h, rounding);
        px = cx;
        py = cy;
    }
}

#if FB_X86
// The accumulation compiled for SSE4.1, chosen at run time: floor and ceil become one roundsd each
// (they sit on the critical path of every row piece; ~8 % of a 1080p frame of 256 shapes).
// Rounding to an integer is exact, so the values are those of the baseline build.
__attribute__((target("sse4.1")))
static void accumulate_polygon_sse41(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                                     ptrdiff_t height, float *cells, uint64_t *bits, ptrdiff_t stride,
                                     ptrdiff_t words, ptrdiff_t width) {
    accumulate_polygon(points, count, origin_x, origin_y, height, cells, bits, stride, words, width, true);
}
#endif

void fb_accumulate_polygon(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                           ptrdiff_t height, float *cells, uint64_t *bits, ptrdiff_t stride,
                           ptrdiff_t words, ptrdiff_t width) {
    if (count < 3 || width <= 0 || height <= 0) return;
#if FB_X86
    if (fb_cpu_has_sse41()) {
        accumulate_polygon_sse41(points, count, origin_x, origin_y, height, cells, bits, stride, words, width);
    } else {
        accumulate_polygon(points, count, origin_x, origin_y, height, cells, bits, stride, words, width, false);
    }
#else
    accumulate_polygon(points, count, origin_x, origin_y, height, cells, bits, stride, words, width, true);
#endif
}
