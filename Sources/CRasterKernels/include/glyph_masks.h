// Compositing of cached glyph coverage masks (GlyphCache.swift) with a solid paint, four or
// eight pixels per step. The scalar definition is `fb_blit_mask` (mask_blit.h); tests hold this
// file to it byte for byte.
#ifndef FLIPBOOK_GLYPH_MASKS_H
#define FLIPBOOK_GLYPH_MASKS_H

#include <stddef.h>
#include <stdint.h>

/// Composites `fill` (packed premultiplied) × coverage × `opacity` (0...255) source-over the
/// pixels, for `height` rows of `width` coverage bytes (`mask_stride` apart; pixel rows
/// `pixel_stride` apart), exactly as `fb_blit_mask`. `extents` (2 per row, may be NULL) give the
/// columns [start, end) of each mask row outside which its bytes are 0, counted from the mask
/// row's first byte; `column` is the mask column of the first pixel drawn (the part of the mask
/// left of the canvas is skipped), so row r blits columns max(start, column) ..< min(end,
/// column + width).
void fb_blit_glyph_mask(uint32_t *pixels, ptrdiff_t pixel_stride, const uint8_t *mask, ptrdiff_t mask_stride,
                        const uint16_t *extents, ptrdiff_t column, ptrdiff_t width, ptrdiff_t height,
                        uint32_t fill, uint32_t opacity);

#endif
