// Layer shadows (Raster's Shadow.swift): the separable Gaussian's two 1-D passes over a Float
// mask (SSE2, AVX2 or AVX-512 F chosen at run time, fb_kernel_level) and the composite of the
// blurred mask. Rules in shadow_kernels.c.
#ifndef FLIPBOOK_SHADOW_KERNELS_H
#define FLIPBOOK_SHADOW_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Blurs `mask` (width × height floats, non-zero only in rows [active_lo, active_hi)) with the
/// 2k + 1 `weights`, horizontally into `temp` (same size; overwritten), then vertically back into
/// `mask`. Each output is Σ_j weights[j]·input[· + j − k] summed in the order of j, every product
/// and sum rounded to Float (never fused), so every level gives the same bits. Only the outputs
/// in columns [out_x_lo, out_x_hi) and rows [out_y_lo, out_y_hi) are computed (the part of the
/// mask that lands on the canvas); the rest of `mask` is left undefined.
void fb_blur_separable(float *mask, float *temp, ptrdiff_t width, ptrdiff_t height, const float *weights,
                       ptrdiff_t k, ptrdiff_t active_lo, ptrdiff_t active_hi, ptrdiff_t out_x_lo, ptrdiff_t out_x_hi,
                       ptrdiff_t out_y_lo, ptrdiff_t out_y_hi);

/// Composites `colour` (packed premultiplied) × the coverage byte of min(blurred[i], 1) (times
/// clip[i] when `clip` is not NULL) × `opacity` source-over `count` pixels, each product exactly
/// rounded in that order (Compositing.swift's `scaled(by:)` twice, then source-over); `bytes`
/// holds `count` bytes of scratch. Coverage 0 leaves a pixel alone.
void fb_composite_blurred_row(uint32_t *pixels, const float *blurred, const float *clip, ptrdiff_t count,
                              uint32_t colour, uint32_t opacity, uint8_t *bytes);

#endif
