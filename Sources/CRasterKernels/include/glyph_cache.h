// The glyph cache's store and miss path in C (GlyphCache.swift is the Swift face): one lookup and
// blit per glyph drawn, and on a miss the coverage mask computed end to end here (outline mapped,
// accumulated, swept to bytes) into an arena the cache owns. Rules are in glyph_cache.c.
#ifndef FLIPBOOK_GLYPH_CACHE_H
#define FLIPBOOK_GLYPH_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct fb_glyph_cache fb_glyph_cache;

/// A glyph outline flattened in its own units (GlyphOutlines.swift): contour k is the points
/// `ends[k − 1] ..< ends[k]` (x, y pairs; the last joins the first), and the box of all points as
/// Geometry's `Rect` gives it (min_x, min_y, and max as min + (max − min)). No contours and an
/// infinite box: a glyph that draws nothing.
typedef struct {
    const double *points;
    const int32_t *ends;
    ptrdiff_t contours;
    double min_x, min_y, max_x, max_y;
} fb_glyph_outline;

/// The transform of one glyph: linear part a, b, c, d and translation tx, ty (x' = a·x + c·y + tx,
/// y' = b·x + d·y + ty, Geometry's `AffineTransform`).
typedef struct {
    double a, b, c, d, tx, ty;
} fb_glyph_transform;

/// Outcome of `fb_glyph_cache_draw`.
#define FB_GLYPH_HIT 1
#define FB_GLYPH_COMPUTED 0
#define FB_GLYPH_MISS -1
/// The mask would be larger than the cache takes (glyph_cache.c's FB_GC_MAX_MASK_PIXELS, or 4096 px
/// across): nothing drawn, the caller fills the path at the same rounded origin.
#define FB_GLYPH_TOO_BIG -2

/// A cache holding at most `max_bytes` of masks (then emptied); NULL when out of memory.
fb_glyph_cache *fb_glyph_cache_create(size_t max_bytes);
void fb_glyph_cache_destroy(fb_glyph_cache *cache);

/// Draws glyph (font, glyph) under `t` with `fill` (packed premultiplied) × `opacity` (0...255),
/// its coverage folded by the even-odd rule when `even_odd` (non-zero otherwise; part of the key),
/// source-over, onto the canvas_width × canvas_height pixels (rows `stride` pixels apart). With
/// `outline` NULL a glyph not in the cache is computed from the outline kept by
/// `fb_glyph_cache_set_outline`, and when there is none it is not drawn and the call returns
/// FB_GLYPH_MISS; with
/// it, the mask is computed, stored and drawn (FB_GLYPH_COMPUTED). `box` (x, y, width, height)
/// receives the pixels written (width 0: none). Counts hits and computed masks.
int fb_glyph_cache_draw(fb_glyph_cache *cache, uint64_t font, uint32_t glyph, fb_glyph_transform t,
                        const fb_glyph_outline *outline, uint32_t *pixels, ptrdiff_t stride,
                        ptrdiff_t canvas_width, ptrdiff_t canvas_height, uint32_t fill, uint32_t opacity,
                        bool even_odd, int32_t box[4]);

/// Keeps a copy of glyph (font, glyph)'s outline flattened for scale step `step`
/// (GlyphOutlines.swift), so that `fb_glyph_cache_draw` computes misses of that glyph at that
/// step without being handed the outline. False when out of memory (nothing kept).
bool fb_glyph_cache_set_outline(fb_glyph_cache *cache, uint64_t font, uint32_t glyph, int32_t step,
                                const fb_glyph_outline *outline);

/// GlyphOutlines.scaleStep in C: false when the linear part stretches by 0 or a non-finite amount.
bool fb_glyph_scale_step(double a, double b, double c, double d, int32_t *step);

uint64_t fb_glyph_cache_hits(const fb_glyph_cache *cache);
uint64_t fb_glyph_cache_misses(const fb_glyph_cache *cache);
/// Bytes of masks held now (for tests of the bound).
size_t fb_glyph_cache_bytes(const fb_glyph_cache *cache);

/// For tests: the mask of `outline` under `t` as the cache stores it, without a cache:
/// writes its offset from the glyph's whole-pixel origin, size (width a multiple of 8) and, when
/// `bytes` is not NULL and `capacity` ≥ width·height, its coverage bytes. Returns width·height.
ptrdiff_t fb_glyph_mask_compute(const fb_glyph_outline *outline, fb_glyph_transform t, int32_t geometry[4],
                                uint8_t *bytes, ptrdiff_t capacity);

#endif
