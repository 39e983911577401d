// Shaded paints (gradients and images): the source colour of every pixel of a span, and the
// compositing of such a span with a coverage. Called only by Raster's GradientShader.swift,
// ImageShader.swift and Rasterizer+Shading.swift; the rules and the arithmetic are in
// shade_kernels.c.
#ifndef FLIPBOOK_SHADE_KERNELS_H
#define FLIPBOOK_SHADE_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/// An affine map x' = a·x + c·y + tx, y' = b·x + d·y + ty (Geometry.AffineTransform's).
typedef struct {
    double a, b, c, d, tx, ty;
} fb_affine;

enum { FB_GRADIENT_LINEAR = 0, FB_GRADIENT_RADIAL = 1, FB_GRADIENT_CONIC = 2, FB_GRADIENT_FOCAL = 3 };

/// What t outside [0, 1] takes: the end colour (Core Animation, SVG's `pad`), or t mirrored
/// (`reflect`) or wrapped (`repeat`) into it.
enum { FB_SPREAD_PAD = 0, FB_SPREAD_REFLECT = 1, FB_SPREAD_REPEAT = 2 };

/// A gradient in its own space (the item's local points): canvas pixel centres are mapped there by
/// `to_local`; `stop_count` ≥ 1 stops of packed colours at non-decreasing locations, premultiplied
/// unless `straight`.
///
/// FB_GRADIENT_FOCAL is SVG's radial gradient: t = 0 on the focal circle (focal_x, focal_y,
/// focal_r), t = 1 on the circle centred on start with radius |end − start|, each t's circle
/// interpolated between them; the largest t whose radius is ≥ 0 wins, and a pixel on no such
/// circle is clear.
typedef struct {
    int kind;
    fb_affine to_local;
    double start_x, start_y, end_x, end_y;
    double focal_x, focal_y, focal_r;
    int spread;
    /// Stops in straight colour, interpolated so and premultiplied after (SVG's rule), instead of
    /// interpolated premultiplied (Core Animation's).
    bool straight;
    const uint32_t *colours;
    const double *locations;
    ptrdiff_t stop_count;
    /// Ordered (4×4 Bayer) dither of the interpolated channels instead of rounding to nearest.
    bool dither;
} fb_gradient;

/// The gradient's colour at each of `count` pixels (x, y), (x + 1, y), …, canvas coordinates of
/// the pixel's top-left corner (sampled at its centre).
void fb_shade_gradient(const fb_gradient *gradient, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out);

/// The gradient parameter t (before clamping) at point (px, py) of the gradient's own space.
double fb_gradient_parameter(const fb_gradient *gradient, double px, double py);

enum { FB_SAMPLE_NEAREST = 0, FB_SAMPLE_BILINEAR = 1, FB_SAMPLE_AREA = 2 };

/// Most texels the smooth sampler's footprint spans along one axis (why: shade_kernels.c).
#define FB_AREA_MAX_TAPS 20

/// One canvas column's taps along the image's u axis: the first texel, how many (−1: not
/// computed yet), and each one's weight (shade_kernels.c's box_weights).
typedef struct {
    ptrdiff_t first;
    ptrdiff_t count;
    double weights[FB_AREA_MAX_TAPS];
} fb_area_taps;

/// An image with its mipmap chain (level 0 the image; level k+1 the 2×2 average of level k,
/// ⌈w/2⌉ × ⌈h/2⌉), packed premultiplied pixels, rows without padding.
typedef struct {
    /// Every level, one after another; level k starts at texels + offsets[k].
    const uint32_t *texels;
    const ptrdiff_t *offsets;
    const ptrdiff_t *widths;
    const ptrdiff_t *heights;
    ptrdiff_t level_count;
    /// Canvas pixel → level-0 image coordinates (texel i spans [i, i + 1)).
    fb_affine to_image;
    int mode;
    /// Optional (NULL: none), lent by the caller for one draw of this sampler: an entry for each
    /// canvas column from `column_x` on (`column_count` of them), every `count` −1 at the start.
    /// When the map's u does not depend on the row (to_image.c = 0: no shear or turn), the smooth
    /// sampler computes a column's u taps on the first row that asks and reuses them on every
    /// other: the same taps, so the same bytes, without the per-pixel clamps, floors and weights.
    fb_area_taps *column_taps;
    ptrdiff_t column_x;
    ptrdiff_t column_count;
} fb_image_sampler;

/// The image's colour at each of `count` pixels starting at canvas pixel (x, y).
void fb_shade_image(const fb_image_sampler *sampler, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out);

/// Composites `count` source colours onto `pixels`: per pixel, layer = (border·cb over src·cf)·opacity,
/// then layer source-over the pixel, every product mul255 (Compositing.swift's order). `cb` 0 for
/// paths; coverage bytes 0 leave the pixel alone.
void fb_blend_shaded(uint32_t *pixels, const uint32_t *source, ptrdiff_t count, uint32_t cf,
                     uint32_t border, uint32_t cb, uint32_t opacity);

/// One mip level from the one above: each texel the rounded mean of the (up to) 2×2 texels it
/// covers, channel by channel (premultiplied, so transparent texels weigh nothing in colour).
void fb_downsample_half(const uint32_t *source, ptrdiff_t width, ptrdiff_t height, uint32_t *out);

/// Straight-alpha RGBA8 bytes (4 per pixel) → packed premultiplied pixels, each channel
/// round(c·a/255) (PremultipliedRGBA8's rule).
void fb_premultiply_rgba(const uint8_t *rgba, ptrdiff_t count, uint32_t *out);

#endif
