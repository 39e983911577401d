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

/// One shape's coverage cells (Float signed-area sums) and touched bits, row-major
/// (`stride` cells and `words` bit words per row); `inner_*` NULL when there is no hole.
typedef struct {
    float *outer_cells;
    uint64_t *outer_bits;
    float *inner_cells;
    uint64_t *inner_bits;
    ptrdiff_t stride;
    ptrdiff_t words;
    ptrdiff_t width;
} fb_coverage_rows;

/// Adds the closed polygon of `count` points (x, y pairs in canvas pixels; the last joins the
/// first) to the cells of the box whose top-left canvas pixel is (origin_x, origin_y) and whose
/// size is `rows.width` × `height`: CoverageAccumulator's signed-area accumulation.
void fb_accumulate_polygon(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                           ptrdiff_t height, float *cells, uint64_t *bits, ptrdiff_t stride,
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
/// Whether this CPU runs `fb_blend_run_avx2` (and so whether the sweep uses it).
bool fb_cpu_has_avx2(void);
/// Whether this CPU has SSE4.1 (and so whether the accumulation runs its SSE4.1 build).
bool fb_cpu_has_sse41(void);
/// For tests: while on, this thread runs the baseline kernels (SSE2 blends, the accumulation
/// without SSE4.1) whatever the CPU has; both functions above then answer false on it.
void fb_use_baseline_kernels_on_this_thread(bool on);

#endif
