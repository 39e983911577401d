// The rasterizer's innermost loops in C: the sparse sweep of a shape's coverage cells and the
// compositing of the resulting spans, with AVX2 where the CPU has it (chosen at run time).
// Called only by Raster's Rasterizer; rules and the arithmetic they must match are in
// raster_kernels.c.
#ifndef FLIPBOOK_RASTER_KERNELS_H
#define FLIPBOOK_RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/// A layer's paint as packed premultiplied pixels (four bytes in memory order).
typedef struct {
    uint32_t fill;
    uint32_t border;
    /// The colour where the fill covers a pixel fully and the border not at all.
    uint32_t interior;
    uint32_t opacity;   // 0...255
    bool has_border;
} fb_paint;

/// Cell fixed point: coordinates in 1/FB_CELL_ONE pixel (22.10), and a cell value of
/// FB_CELL_FULL = 2·FB_CELL_ONE² is one whole pixel of signed area (exact in Float; Int32 cells
/// hold windings up to ±1023).
#define FB_CELL_SHIFT 10
#define FB_CELL_ONE 1024
#define FB_CELL_FULL 2097152

/// Row extents, the marks of a one-polygon fill (the other kind being a bit per written cell): for
/// each row, four int32, the columns written by edges going down, then by edges going up, each
/// as {FB_EXTENT_BASE − first column, last column + 1}; all four zero when the row has no
/// written cell (so they widen by maxima, and a zeroed buffer is empty). For a convex polygon each
/// is the narrow band where one side crosses the row, and what lies outside and between them is
/// a span of one coverage; for any other polygon they may take in cells no edge wrote, which sum
/// as zeros and show the same bytes.
#define FB_EXTENT_BASE (1 << 30)

/// One shape's coverage cells (int32 signed-area sums, FB_CELL_FULL a pixel) and marks, row-major
/// (`stride` cells a row): touched bits (`words` bit words a row), or row extents when
/// `outer_extents` is not NULL (then `outer_bits` is unused). Row extents serve the non-zero,
/// one-coverage sweeps only: no inner cells, no border, no even-odd fill (those sweeps read
/// bits). `inner_*` NULL when there is no hole.
typedef struct {
    int32_t *outer_cells;
    uint64_t *outer_bits;
    int32_t *outer_extents;
    int32_t *inner_cells;
    uint64_t *inner_bits;
    ptrdiff_t stride;
    ptrdiff_t words;
    ptrdiff_t width;
} fb_coverage_rows;

/// Adds the closed polygon of `count` points (x, y pairs in canvas pixels; the last joins the
/// first) to the cells of the box whose top-left canvas pixel is (origin_x, origin_y) and whose
/// size is `rows.width` × `height`: CoverageAccumulator's signed-area accumulation. Edges are
/// clipped to the box in Double, then walked in 22.10 fixed point into int32 cells; every written
/// cell is marked in `bits` (`words` a row).
void fb_accumulate_polygon(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                           ptrdiff_t height, int32_t *cells, uint64_t *bits, ptrdiff_t stride,
                           ptrdiff_t words, ptrdiff_t width);

/// fb_accumulate_polygon's cells, marked as row extents (`extents`: 4 × height int32).
void fb_accumulate_polygon_extents(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                                   ptrdiff_t height, int32_t *cells, int32_t *extents, ptrdiff_t stride,
                                   ptrdiff_t width);

/// One edge of a shape's outline after clipping to its box, in 22.10 fixed point relative to the
/// box's top-left corner, y0 < y1, `direction` ±1: what fb_accumulate_polygon walks.
typedef struct {
    int32_t x0, y0, x1, y1, direction;
} fb_edge;

/// fb_accumulate_polygon's clipping and rounding without the walk: appends the polygon's edges to
/// `edges` (room for 3·count) and returns how many. Walking them all with fb_walk_edges_rows over
/// every row gives exactly fb_accumulate_polygon's cells.
ptrdiff_t fb_build_edges(const double *points, ptrdiff_t count, double origin_x, double origin_y, ptrdiff_t height,
                         ptrdiff_t width, fb_edge *edges);

/// Walks `edges` over box rows first_row ..< first_row + row_count only, into cell rows
/// 0 ..< row_count of `cells` / `bits` (`stride` cells, `words` bit words a row): those rows'
/// cells of a whole walk, exactly.
void fb_walk_edges_rows(const fb_edge *edges, ptrdiff_t count, ptrdiff_t first_row, ptrdiff_t row_count,
                        int32_t *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words);

/// fb_walk_edges_rows marking row extents (4 × row_count int32) instead of bits.
void fb_walk_edges_rows_extents(const fb_edge *edges, ptrdiff_t count, ptrdiff_t first_row, ptrdiff_t row_count,
                                int32_t *cells, int32_t *extents, ptrdiff_t stride);

/// One shape of a frame drawn band by band: its box in canvas pixels, its paint, its outline's
/// edges (and its border hole's, when `has_inner`) as ranges of the frame's edge array, and where
/// its colour table starts in the frame's tables (fb_build_colour_table; −1 when it has a border
/// or a hole, which take the general sweep).
typedef struct {
    int32_t x, y, width, height;
    fb_paint paint;
    int32_t outer_first, outer_count, inner_first, inner_count;
    bool has_inner;
    int32_t table;
} fb_band_shape;

/// A box of canvas pixels (x, y, width, height) to fill with the background before drawing.
typedef struct {
    int32_t x, y, width, height;
} fb_box;

/// Scratch cells for one band: room for (widest box + 2) × band_rows cells,
/// ((widest box + 65) / 64) × band_rows bit words and 4 × band_rows row extents (for the shapes
/// with a colour table), each buffer all zero (and left so).
typedef struct {
    int32_t *outer_cells;
    uint64_t *outer_bits;
    int32_t *outer_extents;
    int32_t *inner_cells;
    uint64_t *inner_bits;
} fb_band_scratch;

/// Draws a frame band by band (rows [k·band_rows, (k + 1)·band_rows)): in each band, fills the
/// `restore` boxes' rows with `background`, then accumulates and sweeps every shape's rows in that
/// band, in order. The same bytes as filling every box and drawing the shapes one after the other
/// (fb_accumulate_polygon, fb_sweep_and_blit), while the band of the canvas stays in cache.
void fb_draw_banded(const fb_band_shape *shapes, ptrdiff_t shape_count, const fb_edge *edges, const uint32_t *tables,
                    const fb_box *restore,
                    ptrdiff_t restore_count, uint32_t background, uint32_t *pixels, ptrdiff_t canvas_width,
                    ptrdiff_t canvas_height, ptrdiff_t band_rows, fb_band_scratch scratch);

/// table[b] = mul255(mul255(fill, b), opacity) for every coverage byte b (256 entries).
void fb_build_colour_table(uint32_t fill, uint32_t opacity, uint32_t *table);

/// Sweeps rows first ..< first + count of `rows` (clearing what it reads) and composites each
/// row's spans onto `pixels` (row r of the box starts at pixels + r·pixel_stride). `prefetch`: ask
/// for the canvas rows a few rows ahead (worth it when the canvas is larger than the caches keep;
/// a hint only, the bytes are the same either way).
void fb_sweep_and_blit(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                       uint32_t *pixels, ptrdiff_t pixel_stride, bool prefetch);

/// As `fb_sweep_and_blit` for a filled path (`paint` has no border): each pixel's coverage is the
/// outer sum folded by the fill rule (min(|Σ|, 1), or with `even_odd` |Σ| folded with period 2),
/// times min(|inner Σ|, 1) when `rows` has inner cells (the clip region's coverage).
void fb_sweep_and_blit_path(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                            uint32_t *pixels, ptrdiff_t pixel_stride, bool even_odd, bool prefetch);

/// `colour` source-over each of `count` pixels, by the scalar formula, SSE2, AVX2 or AVX-512 (the
/// last only where fb_cpu_level() is FB_LEVEL_AVX512).
void fb_blend_run_scalar(uint32_t *pixels, ptrdiff_t count, uint32_t colour);
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour);
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour);
/// The factor b with (d·b + 2^14) >> 15 = mul255(d, x) for every d in 0...255, which the AVX2
/// and AVX-512 blends multiply by with `pmulhrsw` (mul255_factors.c; for the tests).
uint16_t fb_mulhrs_factor(uint32_t x);
void fb_blend_run_avx512(uint32_t *pixels, ptrdiff_t count, uint32_t colour);

/// The smallest box holding `count` points (x, y interleaved) as min x, min y, max x, max y in
/// `bounds`; false, `bounds` untouched, when there is no point or one is not finite.
bool fb_point_bounds(const double *points, ptrdiff_t count, double *bounds);

/// The coverage byte of a cell-sum magnitude v in 0...FB_CELL_FULL, as every kernel computes it in
/// integers (kernels_internal.h); equal to Swift's coverageByte(Float(v) / FB_CELL_FULL) for every
/// v (for the tests).
uint32_t fb_magnitude_byte(uint32_t v);

/// The sweep's edge pixels (a run of marked cells): prefix sum of `count` cells from `sum`
/// (clearing them), coverage byte of each (`even_odd` folds), colour `table[byte]`, source-over
/// the pixel. Returns the last prefix sum. One per instruction-set level, same bytes.
int32_t fb_edge_run_scalar(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                           const uint32_t *table, bool even_odd);
int32_t fb_edge_run_sse2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd);
int32_t fb_edge_run_avx2(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                         const uint32_t *table, bool even_odd);
int32_t fb_edge_run_avx512(int32_t *cells, uint32_t *pixels, ptrdiff_t count, int32_t sum,
                           const uint32_t *table, bool even_odd);

/// Instruction-set levels of the kernels, chosen at run time from the CPU (the highest it has)
/// unless a test forces one on its thread.
#define FB_LEVEL_SCALAR 0
#define FB_LEVEL_SSE2 1
#define FB_LEVEL_AVX2 2
#define FB_LEVEL_AVX512 3
/// The highest level this CPU runs (AVX-512 needs F, BW and VL), or lower when the environment's
/// FLIPBOOK_CPU_LEVEL (scalar, sse2, avx2) names a lower one: the suite's run as an AVX2-only CPU.
int fb_cpu_level(void);
/// For tests: this thread runs the kernels of `level` (capped at fb_cpu_level()); -1 returns to
/// the CPU's choice. The level every kernel call on this thread then uses.
void fb_force_kernel_level_on_this_thread(int level);
int fb_current_kernel_level(void);
/// Every thread of the process runs at most `level` (-1: no cap). For benchmarks that measure a
/// lower level on a CPU that has a higher one; call it before drawing starts.
void fb_cap_kernel_level(int level);
/// Whether this thread's kernels use AVX2 (level ≥ AVX2).
bool fb_cpu_has_avx2(void);
/// For tests: while on, this thread runs the SSE2 level (fb_force_kernel_level_on_this_thread).
void fb_use_baseline_kernels_on_this_thread(bool on);

#endif
