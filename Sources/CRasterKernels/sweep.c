// The sparse sweep: prefix sums of a shape's marked cells row by row (clearing them), coverage
// bytes, and the compositing of each pixel and span (Blitter.swift's rules: byte for byte the
// per-pixel definition of Compositing.swift).
//
// A row is a sequence of marked cells (edge pixels, where the coverage changes) and unmarked
// gaps (spans of one coverage, so one colour, filled or blended in bulk: no per-pixel work). The
// plain case (a fill without border, every path) takes marked cells a run at a time: at the AVX2
// and AVX-512 levels every run and span goes through runs_simd.h's kernels inlined into a build of
// the row loop for that level; at SSE2 runs of 4 or more call its edge kernel (sweep_simd.c) and
// shorter ones are done inline. Borders (two coverages) and clipped paths (a coverage product)
// take the general loop, one colour per marked cell.
#include "runs_simd.h"

static inline void fill_run(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    for (ptrdiff_t i = 0; i < count; i++) pixels[i] = colour;
}

// `colour` over a run of pixels: stored when opaque, nothing when clear, else blended by the
// widest kernel of this level (4 or more pixels; shorter runs are cheaper scalar, measured).
static __attribute__((noinline)) void composite_span(int level, uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    uint32_t a = alpha_of(colour);
    if (a == 255) { fill_run(pixels, count, colour); return; }
    if (a == 0) return;
    if (count < 4 || level == FB_LEVEL_SCALAR) fb_blend_run_scalar(pixels, count, colour);
    else if (level >= FB_LEVEL_AVX2) fb_blend_run_avx2(pixels, count, colour);
    else fb_blend_run_sse2(pixels, count, colour);
}

static inline void composite(int level, uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    if (count == 1) pixels[0] = source_over(colour, pixels[0]);
    else if (colour != 0) composite_span(level, pixels, count, colour);
}

// Compositing.swift's LayerPaint.color for coverage bytes cf, cb (Blitter.swift's RowBlitter).
static inline uint32_t layer_colour(const fb_paint *paint, uint32_t cf, uint32_t cb) {
    if (cf == 0) return 0;
    if (cb == 0 && cf == 255) return paint->interior;
    if (cb == 0) return mul255_lanes(mul255_lanes(paint->fill, cf), paint->opacity);
    return mul255_lanes(source_over(mul255_lanes(paint->border, cb), mul255_lanes(paint->fill, cf)), paint->opacity);
}

uint32_t fb_magnitude_byte(uint32_t v) { return magnitude_byte(v); }

// The colour of every fill coverage byte for a paint without a border: table[b] is
// layer_colour(paint, b, 0) = mul255(mul255(fill, b), opacity), so table[0] is 0 and table[255]
// the interior colour. Built per shape, 4 entries per SSE2 step (~0.1 µs).
void fb_build_colour_table(uint32_t fill, uint32_t opacity, uint32_t *table) {
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

#ifndef FB_PREFETCH
#define FB_PREFETCH 1
#endif
#define FB_PREFETCH_ROWS 4
// Edge pixels are the first touch of their cache lines, a canvas row apart (7.5 KiB at 1080p).
// Once a row is swept, the sweep asks for a later row's lines over this row's extent, widened
// by a margin. A hint only; no effect on any value.
#define FB_PREFETCH_MARGIN 16
static inline void prefetch_extent(const uint32_t *line, ptrdiff_t lo, ptrdiff_t hi, ptrdiff_t width) {
    lo = lo > FB_PREFETCH_MARGIN ? lo - FB_PREFETCH_MARGIN : 0;
    hi = hi + FB_PREFETCH_MARGIN < width ? hi + FB_PREFETCH_MARGIN : width - 1;
    const char *p = (const char *)(line + lo), *end = (const char *)(line + hi);
    for (; p < end; p += 64) __builtin_prefetch(p, 1);
    __builtin_prefetch(end, 1);
}

// At the SSE2 and scalar levels, runs of edge pixels at least this long go to the level's kernel;
// shorter ones are done inline, scalar (the AVX2 and AVX-512 builds inline every run).
#ifndef FB_SIMD_RUN
#define FB_SIMD_RUN 4
#endif

// runs_simd.h's kernels are called from sweep_tabled, which has no target of its own, so they
// cannot be always_inline; once sweep_tabled is inlined into sweep_tabled_avx2 or _avx512 the
// compiler inlines them (objdump finds no call in either).
//
// A run of edge pixels: inline at `inlined` (FB_LEVEL_AVX2 or _AVX512, a constant at each call),
// else (the SSE2 and scalar levels) inline scalar when shorter than FB_SIMD_RUN and a call to the
// level's kernel otherwise. `*last` gets the colour of the run's last coverage, which is the
// colour of the span after it (the same sum, so the same byte): the inline kernels take it from
// their gathered lanes, the others look it up.
static inline __attribute__((always_inline))
int32_t edge_pixels(const int inlined, int level, int32_t *cells, uint32_t *pixels, ptrdiff_t run, int32_t sum,
                    const uint32_t *table, const bool even_odd, uint32_t *last) {
#if FB_X86
    if (inlined == FB_LEVEL_AVX512) return fb_edge_run_avx512_inline(cells, pixels, run, sum, table, even_odd, last);
    if (inlined == FB_LEVEL_AVX2) return fb_edge_run_avx2_inline(cells, pixels, run, sum, table, even_odd, last);
#endif
    if (run >= FB_SIMD_RUN) {
        sum = level >= FB_LEVEL_SSE2 ? fb_edge_run_sse2(cells, pixels, run, sum, table, even_odd)
                                     : fb_edge_run_scalar(cells, pixels, run, sum, table, even_odd);
        *last = table[magnitude_byte(cell_magnitude(sum, even_odd))];
        return sum;
    }
    for (ptrdiff_t i = 0; i < run; i++) {
        sum += cells[i];
        cells[i] = 0;
        *last = table[magnitude_byte(cell_magnitude(sum, even_odd))];
        pixels[i] = source_over(*last, pixels[i]);
    }
    return sum;
}

// A span of one colour: inline at `inlined`, else composite().
static inline __attribute__((always_inline))
void span_pixels(const int inlined, int level, uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
#if FB_X86
    if (inlined == FB_LEVEL_AVX512) { fb_blend_span_avx512(pixels, count, colour); return; }
    if (inlined == FB_LEVEL_AVX2) { fb_blend_span_avx2(pixels, count, colour); return; }
#endif
    composite(level, pixels, count, colour);
}

// The plain case: one coverage, colours from `table`. `inlined` (a constant at each call): the
// level whose run kernels are inlined (runs_simd.h), every run of edge pixels and every span
// through them, or 0 for calls per run.
static inline __attribute__((always_inline))
void sweep_tabled(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const uint32_t *table,
                  int level, uint32_t *pixels, ptrdiff_t pixel_stride, const bool even_odd, const int inlined,
                  const bool prefetch) {
    // Local copies: clearing a bit word (a uint64_t store) may alias the rows' ptrdiff_t fields,
    // so read through `rows` they were reloaded for every word.
    const ptrdiff_t width = rows->width, words = rows->words, stride = rows->stride;
    int32_t *oc = rows->outer_cells + first * stride;
    uint64_t *ob = rows->outer_bits + first * words;
    uint32_t *line = pixels + first * pixel_stride;
    for (ptrdiff_t row = first; row < first + count; row++, oc += stride, ob += words, line += pixel_stride) {
        int32_t sum = 0;
        uint32_t colour = 0;
        ptrdiff_t span = -1, leftmost = -1;
        for (ptrdiff_t word = 0; word < words; word++) {
            uint64_t bits = ob[word];
            if (bits == 0) continue;
            ob[word] = 0;
            // Kept opaque to the compiler: stepping the cell and pixel pointers with the word
            // index (strength reduction) spilled them and cost every empty word four memory adds.
            ptrdiff_t word_cell = word << 6;
            __asm__("" : "+r"(word_cell));
            while (bits != 0) {
                int k = __builtin_ctzll(bits);
                ptrdiff_t c = word_cell | k;
                if (c >= width) break;
                if (span >= 0) { if (c > span) span_pixels(inlined, level, line + span, c - span, colour); }
                else leftmost = c;
                uint64_t ones = ~(bits >> k);
                ptrdiff_t run = ones == 0 ? 64 - k : __builtin_ctzll(ones);
                bits = run + k >= 64 ? 0 : bits & (~(uint64_t)0 << (run + k));
                if (run > width - c) run = width - c;
                sum = edge_pixels(inlined, level, oc + c, line + c, run, sum, table, even_odd, &colour);
                span = c + run;
            }
        }
        if (span >= 0 && span < width) span_pixels(inlined, level, line + span, width - span, colour);
        if (FB_PREFETCH && prefetch && span >= 0 && row + FB_PREFETCH_ROWS < first + count)
            prefetch_extent(line + FB_PREFETCH_ROWS * pixel_stride, leftmost, span - 1, width);
        // The slack cells past the box hold nothing a pixel shows; cleared marked or not.
        oc[width] = 0; oc[width + 1] = 0;
    }
}

// The plain case over row extents (raster_kernels.h), non-zero fill: a row is at most two runs of
// edge pixels, the two extents (one when they meet or overlap), with a span between them and one
// after. No bit words to scan: for a convex shape each row's marks are two ranges, and sweeping
// them from bits cost a load, a test and a branch per word, and the bit arithmetic per run
// (small-n256 1.13×, small-n16 1.10× frames/s against the bits). Cells
// inside an extent that no edge wrote hold zero, so their pixels take the same bytes as a span's:
// the edge kernels' per-pixel blend and the span blends' are the same mul255.
static inline __attribute__((always_inline))
void sweep_extents(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const uint32_t *table,
                   int level, uint32_t *pixels, ptrdiff_t pixel_stride, const int inlined, const bool prefetch) {
    const ptrdiff_t width = rows->width, stride = rows->stride;
    int32_t *oc = rows->outer_cells + first * stride;
    int32_t *extent = rows->outer_extents + 4 * first;
    uint32_t *line = pixels + first * pixel_stride;
    for (ptrdiff_t row = first; row < first + count; row++, oc += stride, extent += 4, line += pixel_stride) {
        // Columns [s0, e0) and [s1, e1); an empty extent has e = 0.
        ptrdiff_t s0 = FB_EXTENT_BASE - extent[0], e0 = extent[1], s1 = FB_EXTENT_BASE - extent[2], e1 = extent[3];
        extent[0] = 0; extent[1] = 0; extent[2] = 0; extent[3] = 0;
        if (e0 == 0) { s0 = s1; e0 = e1; e1 = 0; }
        else if (e1 != 0 && s1 < s0) { ptrdiff_t s = s0, e = e0; s0 = s1; e0 = e1; s1 = s; e1 = e; }
        if (e1 != 0 && s1 <= e0) { if (e1 > e0) e0 = e1; e1 = 0; }
        // Cells from the width on are the two slack cells, which no pixel shows: cleared below.
        if (e0 != 0 && s0 < width) {
            int32_t sum = 0;
            uint32_t colour = 0;
            ptrdiff_t end = e0 < width ? e0 : width;
            sum = edge_pixels(inlined, level, oc + s0, line + s0, end - s0, sum, table, false, &colour);
            ptrdiff_t span = end;
            if (e1 != 0 && s1 < width) {
                if (s1 > span) span_pixels(inlined, level, line + span, s1 - span, colour);
                end = e1 < width ? e1 : width;
                sum = edge_pixels(inlined, level, oc + s1, line + s1, end - s1, sum, table, false, &colour);
                span = end;
            }
            if (span < width) span_pixels(inlined, level, line + span, width - span, colour);
            if (FB_PREFETCH && prefetch && row + FB_PREFETCH_ROWS < first + count)
                prefetch_extent(line + FB_PREFETCH_ROWS * pixel_stride, s0, span - 1, width);
        }
        oc[width] = 0; oc[width + 1] = 0;
    }
}

// The plain case's three variants: bits by either fill rule, or row extents (non-zero only: an
// even-odd build of sweep_extents beside the others cost the non-zero one's code 0.9 % more
// instructions, and no even-odd fill marks extents).
static inline __attribute__((always_inline))
void sweep_plain(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const uint32_t *table, int level,
                 uint32_t *pixels, ptrdiff_t pixel_stride, const bool even_odd, const int inlined, const bool prefetch) {
    if (rows->outer_extents != NULL) {
        sweep_extents(rows, first, count, table, level, pixels, pixel_stride, inlined, prefetch);
    } else if (even_odd) {
        sweep_tabled(rows, first, count, table, level, pixels, pixel_stride, true, inlined, prefetch);
    } else {
        sweep_tabled(rows, first, count, table, level, pixels, pixel_stride, false, inlined, prefetch);
    }
}

// sweep_plain at the thread's level: the AVX-512 or AVX2 build, or calls per run.
#if FB_X86
FB_AVX512_TARGET static void sweep_tabled_avx512(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count,
                                                 const uint32_t *table, uint32_t *pixels, ptrdiff_t pixel_stride,
                                                 const bool even_odd, const bool prefetch) {
    sweep_plain(rows, first, count, table, FB_LEVEL_AVX512, pixels, pixel_stride, even_odd, FB_LEVEL_AVX512, prefetch);
}
FB_AVX2_TARGET static void sweep_tabled_avx2(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count,
                                             const uint32_t *table, uint32_t *pixels, ptrdiff_t pixel_stride,
                                             const bool even_odd, const bool prefetch) {
    sweep_plain(rows, first, count, table, FB_LEVEL_AVX2, pixels, pixel_stride, even_odd, FB_LEVEL_AVX2, prefetch);
}
#endif
// `prefetch`: whether the rows ahead are asked for. Yes for a shape drawn into a canvas larger than
// the caches keep (without the hints the sweep of large-n16 took about a quarter more time); no in
// a band or a small canvas, which stay in cache, and where the hints cost the sweep of large-n256's
// bands about 8 % of its time and of small-n16 and small-n256 2–4 % (perf samples against the
// walk's).
static void sweep_tabled_at(int level, const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count,
                            const uint32_t *table, uint32_t *pixels, ptrdiff_t pixel_stride, const bool even_odd,
                            const bool prefetch) {
#if FB_X86
    if (level >= FB_LEVEL_AVX512) { sweep_tabled_avx512(rows, first, count, table, pixels, pixel_stride, even_odd, prefetch); return; }
    if (level == FB_LEVEL_AVX2) { sweep_tabled_avx2(rows, first, count, table, pixels, pixel_stride, even_odd, prefetch); return; }
#endif
    sweep_plain(rows, first, count, table, level, pixels, pixel_stride, even_odd, 0, prefetch);
}

// Borders (hole: the inner sum is a second coverage) and clipped paths (clip_mask: the inner sum
// is the clip region's coverage, multiplied in after the fold): one colour per marked cell.
static void sweep_general(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const fb_paint *paint,
                          const uint32_t *table, int level, uint32_t *pixels, ptrdiff_t pixel_stride,
                          bool even_odd, bool clip_mask) {
    // Local copies, as in sweep_tabled.
    const ptrdiff_t width = rows->width, words = rows->words, stride = rows->stride;
    const bool two = rows->inner_cells != NULL;
    for (ptrdiff_t row = first; row < first + count; row++) {
        int32_t *oc = rows->outer_cells + row * stride;
        uint64_t *ob = rows->outer_bits + row * words;
        int32_t *ic = two ? rows->inner_cells + row * stride : NULL;
        uint64_t *ib = two ? rows->inner_bits + row * words : NULL;
        uint32_t *line = pixels + row * pixel_stride;
        int32_t outer_sum = 0, inner_sum = 0;
        uint32_t colour = 0;
        ptrdiff_t column = -1;
        for (ptrdiff_t word = 0; word < words; word++) {
            uint64_t bits = ob[word];
            ob[word] = 0;
            if (two) { bits |= ib[word]; ib[word] = 0; }
            while (bits != 0) {
                ptrdiff_t c = word << 6 | __builtin_ctzll(bits);
                bits &= bits - 1;
                if (c >= width) break;
                if (column >= 0) composite(level, line + column, c - column, colour);
                outer_sum += oc[c];
                oc[c] = 0;
                uint32_t outer = cell_magnitude(outer_sum, even_odd);
                if (two) { inner_sum += ic[c]; ic[c] = 0; }
                if (clip_mask) {
                    float value = magnitude_coverage(outer) * magnitude_coverage(cell_magnitude(inner_sum, false));
                    colour = table[coverage_byte(value)];
                } else if (table != NULL) {
                    colour = table[magnitude_byte(outer)];
                } else {
                    uint32_t inner = two ? cell_magnitude(inner_sum, false) : 0;
                    uint32_t cb = paint->has_border ? magnitude_byte(outer > inner ? outer - inner : 0) : 0;
                    colour = layer_colour(paint, magnitude_byte(outer), cb);
                }
                column = c;
            }
        }
        if (column >= 0) composite(level, line + column, width - column, colour);
        oc[width] = 0; oc[width + 1] = 0;
        if (two) { ic[width] = 0; ic[width + 1] = 0; }
    }
}

void fb_sweep_and_blit(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                       uint32_t *pixels, ptrdiff_t pixel_stride, bool prefetch) {
    const int level = fb_kernel_level();
    // The colour table serves the plain case only: a hole comes with a border (the rasterizer
    // makes one for borders alone), and a border's colour depends on two coverages.
    if (rows.inner_cells != NULL || paint.has_border) {
        sweep_general(&rows, first, count, &paint, NULL, level, pixels, pixel_stride, false, false);
    } else {
        uint32_t table[256];
        fb_build_colour_table(paint.fill, paint.opacity, table);
        sweep_tabled_at(level, &rows, first, count, table, pixels, pixel_stride, false, prefetch);
    }
}

void fb_sweep_and_blit_path(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                            uint32_t *pixels, ptrdiff_t pixel_stride, bool even_odd, bool prefetch) {
    // Paths: one coverage, no border, so always tabled; inner cells, when given, hold the clip
    // region's coverage, multiplied in after the fill rule's fold.
    const int level = fb_kernel_level();
    uint32_t table[256];
    fb_build_colour_table(paint.fill, paint.opacity, table);
    if (rows.inner_cells != NULL) sweep_general(&rows, first, count, &paint, table, level, pixels, pixel_stride, even_odd, true);
    else sweep_tabled_at(level, &rows, first, count, table, pixels, pixel_stride, even_odd, prefetch);
}

void fb_sweep_rows_tabled(const fb_coverage_rows *rows, ptrdiff_t first, ptrdiff_t count, const uint32_t *table,
                          uint32_t *pixels, ptrdiff_t pixel_stride) {
    sweep_tabled_at(fb_kernel_level(), rows, first, count, table, pixels, pixel_stride, false, false);
}
