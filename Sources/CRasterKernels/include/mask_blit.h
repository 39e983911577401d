// Compositing of a cached 8-bit coverage mask (a glyph's) with a solid paint.
#ifndef FLIPBOOK_MASK_BLIT_H
#define FLIPBOOK_MASK_BLIT_H

#include <stddef.h>
#include <stdint.h>

/// Composites `fill` (packed premultiplied) × coverage × `opacity` (0...255) source-over the
/// pixels, for each of `height` rows of `width` coverage bytes (`mask_stride` apart; pixel rows
/// `pixel_stride` apart). Per pixel exactly the path sweep's plain case: colour =
/// round(round(fill·b/255)·opacity/255) per byte, then source-over; coverage 0 leaves the pixel.
void fb_blit_mask(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                  ptrdiff_t width, ptrdiff_t height, uint32_t fill, uint32_t opacity);

#endif
