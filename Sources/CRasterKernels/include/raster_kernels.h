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

/// One shape's coverage cells (int32 signed-area sums, FB_CELL_FULL a pixel) and touched bits, row-major
/// (`stride` cells and `words` bit words per row); `inner_*` NULL when there is no hole.
typedef struct {
    int32_t *outer_cells;
    uint64_t *outer_bits;
    int32_t *inner_cells;
    uint64_t *inner_bits;
    ptrdiff_t stride;
    ptrdiff_t words;
    ptrdiff_t width;
} fb_coverage_rows;

/// Adds the closed polygon of `count` points (x, y pairs in canvas pixels; the last joins the
/// first) to the cells of the box whose top-left canvas pixel is (origin_x, origin_y) and whose
/// size is `rows.width` × `height`: CoverageAccumulator's signed-area accumulation. Edges are
/// clipped to the box in Double, then walked in 24.8 fixed point into int32 cells.
void fb_accumulate_polygon(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                           ptrdiff_t height, int32_t *cells, uint64_t *bits, ptrdiff_t stride,
                           ptrdiff_t words, ptrdiff_t width);

/// Sweeps rows first ..< first + count of `rows` (clearing what it reads) and composites each
/// row's spans onto `pixels` (row r of the box starts at pixels + r·pixel_stride).
void fb_sweep_and_blit(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                       uint32_t *pixels, ptrdiff_t pixel_stride);

/// As `fb_sweep_and_blit` for a filled path (`paint` has no border): each pixel's coverage is the
/// outer sum folded by the fill rule (min(|Σ|, 1), or with `even_odd` |Σ| folded with period 2),
/// times min(|inner Σ|, 1) when `rows` has inner cells (the clip region's coverage).
void fb_sweep_and_blit_path(fb_coverage_rows rows, ptrdiff_t first, ptrdiff_t count, fb_paint paint,
                            uint32_t *pixels, ptrdiff_t pixel_stride, bool even_odd);

/// `colour` source-over each of `count` pixels, by the scalar formula, SSE2, or AVX2.
void fb_blend_run_scalar(uint32_t *pixels, ptrdiff_t count, uint32_t colour);
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour);
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour);

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
/// The highest level this CPU runs (AVX-512 needs F and BW).
int fb_cpu_level(void);
/// For tests: this thread runs the kernels of `level` (capped at fb_cpu_level()); -1 returns to
/// the CPU's choice. The level every kernel call on this thread then uses.
void fb_force_kernel_level_on_this_thread(int level);
int fb_current_kernel_level(void);
/// Whether this thread's kernels use AVX2 (level ≥ AVX2).
bool fb_cpu_has_avx2(void);
/// For tests: while on, this thread runs the SSE2 level (fb_force_kernel_level_on_this_thread).
void fb_use_baseline_kernels_on_this_thread(bool on);

#endif
