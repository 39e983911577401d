// Layers in perspective drawn exactly (Raster's Rasterizer+Projected.swift): each canvas pixel's
// colour read from the plane's texture through the inverse homography. Rules in
// projected_kernels.c.
#ifndef FLIPBOOK_PROJECTED_KERNELS_H
#define FLIPBOOK_PROJECTED_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// How canvas pixels find their colour in a layer's texture: every map in row vectors or as
/// AffineTransform's (a, b, c, d, tx, ty), as the Swift side holds them.
typedef struct {
    /// Packed premultiplied texels, `width` a row; those outside [box_x0, box_x1) × [box_y0,
    /// box_y1) read as transparent.
    const uint32_t *texels;
    ptrdiff_t width;
    ptrdiff_t box_x0, box_y0, box_x1, box_y1;
    /// Canvas → plane (m11, m12, m13, m21, m22, m23, m31, m32, m33).
    double inverse[9];
    /// The plane → canvas homography's W column (m13, m23, m33), and the nearest W in front of the eye.
    double forward_w[3];
    double near_w;
    /// Plane → the layer's local units, the box each read is clamped to (min x, min y, max x,
    /// max y), and local units → texture pixels.
    double to_local[6];
    double clamp[4];
    double to_texture[6];
} fb_projected_read;

/// The colours of `count` canvas pixels from (x, y) rightwards into `out` (packed premultiplied):
/// each pixel's centre (x + 0.5, y + 0.5) taken to the plane (transparent when behind the eye or
/// not finite), to local units, clamped to the box, to the texture and read bilinearly (texel
/// centres at half-integers). The same bytes as the Swift definition
/// (`ProjectedSampler.textureColour`): the same double operations in the same order.
void fb_projected_texture_span(const fb_projected_read *read, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count,
                               uint32_t *out);

#endif
