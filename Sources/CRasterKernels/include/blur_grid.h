// Layer blurs and backdrop materials (Raster's LayerBlur.swift, Rasterizer+Backdrop.swift): the
// passes around the separable Gaussian, over whole frames. Plain C, no fused operations, so every
// machine gives the same bits.
#ifndef FLIPBOOK_BLUR_GRID_H
#define FLIPBOOK_BLUR_GRID_H

#include <stddef.h>
#include <stdint.h>

/// Four planes (r, g, b, a: `planes` + c·cw·ch) of cw × ch cells, cell (u, v) the mean of the
/// step × step premultiplied pixels from (ox + u·step, oy + v·step) of a width × height RGBA8
/// image; pixels beyond it are its nearest edge pixel when `clamp_edges`, else transparent. The
/// mean is the integer sum times 1/step² in float.
void fb_grid_average(const uint8_t *rgba, ptrdiff_t width, ptrdiff_t height, ptrdiff_t ox, ptrdiff_t oy,
                     ptrdiff_t step, ptrdiff_t cw, ptrdiff_t ch, int clamp_edges, float *planes);

/// Where the centres of `count` pixels fall on a grid of `cells` cells of `step` pixels, the
/// first cell starting `offset` pixels before pixel 0: cell index (at most cells − 2) and weight
/// of the next cell, c = clamp((p + offset + ½)/step − ½, 0, cells − 1).
void fb_grid_positions(ptrdiff_t cells, ptrdiff_t step, ptrdiff_t offset, ptrdiff_t count, int32_t *index,
                       float *weight);

/// A material's colours at out_w × out_h pixels, from a blurred grid of four planes (r, g, b, a,
/// each `plane` floats apart) interpolated bilinearly at the positions `fb_grid_positions` gave
/// (columns: `ux`, `fx`; rows: `vy`, `fy`): alpha held to 0…255,
/// the colour saturated about its Rec. 709 luminance (L + s·(c − L), held to 0…alpha), the tint
/// (premultiplied, 0…255) drawn over it; rounded to bytes, colour ≤ alpha, into `out` (four
/// bytes a pixel, r g b a).
void fb_grid_resolve_material(const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux, const float *fx,
                              const int32_t *vy, const float *fy, ptrdiff_t out_w, ptrdiff_t out_h, float saturation,
                              float tr, float tg, float tb, float ta, uint8_t *out);

/// The blurred grid's pixels, interpolated, rounded to bytes (colour ≤ alpha) and stored into
/// the out_w × out_h pixels at `rgba` (rows `stride` bytes apart).
void fb_grid_resolve_store(const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux, const float *fx,
                           const int32_t *vy, const float *fy, ptrdiff_t out_w, ptrdiff_t out_h, uint8_t *rgba,
                           ptrdiff_t stride);

#endif
