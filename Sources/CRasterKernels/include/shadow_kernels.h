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

/// The floats `fb_blur_rgba` needs as scratch for a region `width` pixels wide and a kernel
/// reaching k pixels each side.
ptrdiff_t fb_blur_rgba_scratch_count(ptrdiff_t width, ptrdiff_t k);

/// Blurs a width × height region of RGBA8 pixels in place (a layer's blur filter): every channel
/// as `fb_blur_separable` blurs one plane of its bytes as Floats, with only rows
/// [active_lo, active_hi) read (the others count as transparent), every row and column written,
/// each value rounded to a byte as Swift's `UInt8(min(max(v, 0), 255) + 0.5)` and each colour
/// then held to its pixel's alpha. The same bits as one channel at a time through
/// `fb_blur_separable` (alpha first), with the four channels interleaved and the rows streamed a
/// strip at a time, so the working set stays in cache. `scratch` holds
/// `fb_blur_rgba_scratch_count(width, k)` floats.
void fb_blur_rgba(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t width, ptrdiff_t height, const float *weights,
                  ptrdiff_t k, ptrdiff_t active_lo, ptrdiff_t active_hi, float *scratch);

/// A backdrop material's colours for the w × h box at (x0, y0) of a width × height RGBA8 pixmap,
/// blurred exactly (the 2k + 1 `weights`) with the pixmap's edge pixels repeated beyond it, into
/// `out` (four bytes a pixel, box rows one after another): the bytes `fb_grid_resolve_material`
/// gives from a step-1 grid blurred plane by plane, streamed as `fb_blur_rgba` streams a filter.
/// `scratch` holds `fb_blur_rgba_scratch_count(w, k)` floats.
void fb_backdrop_exact(const uint8_t *rgba, ptrdiff_t width, ptrdiff_t height, ptrdiff_t x0, ptrdiff_t y0,
                       ptrdiff_t w, ptrdiff_t h, const float *weights, ptrdiff_t k, float saturation, float tr,
                       float tg, float tb, float ta, float *scratch, uint8_t *out);

#endif
