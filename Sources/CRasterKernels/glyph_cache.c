// The glyph cache's store and miss path (GlyphCache.swift is the Swift face). Rules:
// 1. A glyph's pixel origin is rounded down to 1/64 px: the whole-pixel part places the mask, the
//    phase (0...63 in x and y) keys it with the font, the glyph, the fill rule and the exact bits
//    of the linear part (a, b, c, d). The key is compared whole (48 bytes); the hash only picks
//    the slot. Icons use the same keys (a file hash as the font, a piece as the glyph).
// 2. A mask is a pure function of its key and the outline (which the key names): the coverage of
//    the outline under (a, b, c, d) plus the phase, computed at a canonical offset, by the
//    arithmetic of the path fill (accumulate.c's fixed-point walk, the sweep's coverage byte),
//    point for point what `ShapeCoverage.begin(path:)` + the Swift sweep into bytes gave before
//    this file existed: the same Double expressions, in the same order (fp contract off), so the
//    same fixed-point vertices, cells and bytes. A hit and a miss, a warm and a cold cache, give
//    identical pixels.
// 3. The accumulation here is accumulate.c's walk (cell_walk.h, shared) without its clipping and
//    touched bits: a mask's
//    box holds its whole polygon (control box + 1 px), so no edge needs cutting, and the sweep
//    reads every cell of the mask densely (8 at a time with AVX2), clearing them.
// 4. Bounded: at most `max_bytes` of masks and FB_GC_MAX_ENTRIES masks; past either the cache
//    empties and starts again (which changes no byte drawn, rule 2). A single mask larger than
//    FB_GC_MAX_MASK_PIXELS is never made: FB_GLYPH_TOO_BIG, decided from the key alone, and the
//    caller fills the path at the same rounded origin.
// 5. The flattened outlines (GlyphOutlines.swift's, a pure function of the glyph and the scale
//    step k of the linear part) are kept here too, once Swift has flattened one
//    (`fb_glyph_cache_set_outline`), so a miss whose outline is known is computed without leaving
//    C. k is computed here by the same Double steps as `GlyphOutlines.scaleStep` (a test holds
//    the two equal); at most FB_GC_MAX_OUTLINES, then emptied.
#include "glyph_cache.h"
#include "glyph_masks.h"
#include "runs_simd.h"
#include "cell_walk.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FB_GC_PHASES 64.0
#define FB_GC_MAX_ENTRIES (1 << 16)
#define FB_GC_MIN_SLOTS 1024
#define FB_GC_MAX_OUTLINES 4096
#define FB_GC_OUTLINE_SLOTS 8192
// Largest mask, in pixels: 2^18 (512 × 512, 256 KiB of bytes and 1 MiB of cells while computed).
// A bigger outline (a hero icon, a display-size glyph) would crowd the store and sweep mostly
// empty cells densely: it is filled as a path instead (FB_GLYPH_TOO_BIG), which depends only on
// the key, so bytes still never depend on the cache.
#define FB_GC_MAX_MASK_PIXELS (1 << 18)

typedef struct {
    uint64_t font;
    uint64_t a, b, c, d;
    uint32_t glyph;
    uint32_t phase;   // even-odd << 16 | phase x << 8 | phase y
} gc_key;

// A flattened outline the cache keeps (rule 5): its key, a copy of its points and contour ends
// in one block, and its box.
typedef struct {
    uint64_t font;
    uint32_t glyph;
    int32_t step;
    fb_glyph_outline outline;
    void *block;        // NULL: empty slot
} gc_outline;

typedef struct {
    gc_key key;
    uint64_t hash;     // 0: empty slot
    size_t offset;     // arena offset of the extents (2·height uint16), the bytes follow 8-aligned
    int32_t x, y;      // the mask's top-left pixel from the whole-pixel origin
    int32_t width, height;
} gc_slot;

struct fb_glyph_cache {
    gc_slot *slots;
    size_t capacity;   // power of two
    size_t count;
    uint8_t *arena;
    size_t arena_used, arena_size, max_bytes;
    int32_t *cells;    // zero between calls (the sweep clears what the walk wrote)
    size_t cells_size;
    double *points;    // a mapped outline, x y pairs
    int32_t *fixed;    // the same in 22.10 fixed point
    size_t points_size, fixed_size;
    uint64_t hits, misses;
    gc_outline *outlines;   // open addressing, FB_GC_OUTLINE_SLOTS; font 0 and points NULL: empty
    size_t outline_count;
};

fb_glyph_cache *fb_glyph_cache_create(size_t max_bytes) {
    fb_glyph_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    cache->slots = calloc(FB_GC_MIN_SLOTS, sizeof(gc_slot));
    if (!cache->slots) { free(cache); return NULL; }
    cache->capacity = FB_GC_MIN_SLOTS;
    cache->max_bytes = max_bytes;
    return cache;
}

static void gc_clear_outlines(fb_glyph_cache *cache) {
    if (!cache->outlines) return;
    for (size_t i = 0; i < FB_GC_OUTLINE_SLOTS; i++) free(cache->outlines[i].block);
    memset(cache->outlines, 0, FB_GC_OUTLINE_SLOTS * sizeof(gc_outline));
    cache->outline_count = 0;
}

void fb_glyph_cache_destroy(fb_glyph_cache *cache) {
    if (!cache) return;
    gc_clear_outlines(cache);
    free(cache->outlines);
    free(cache->slots);
    free(cache->arena);
    free(cache->cells);
    free(cache->points);
    free(cache->fixed);
    free(cache);
}

uint64_t fb_glyph_cache_hits(const fb_glyph_cache *cache) { return cache->hits; }
uint64_t fb_glyph_cache_misses(const fb_glyph_cache *cache) { return cache->misses; }
size_t fb_glyph_cache_bytes(const fb_glyph_cache *cache) { return cache->arena_used; }

static inline uint64_t gc_mix(uint64_t h, uint64_t v) {
    uint64_t m = (h ^ v) * 0xBF58476D1CE4E5B9ull;
    return m ^ (m >> 31);
}

static inline uint64_t gc_hash(const gc_key *k) {
    uint64_t h = gc_mix(gc_mix(gc_mix(gc_mix(gc_mix(k->font ^ (uint64_t)k->glyph * 0x9E3779B97F4A7C15ull, k->a),
                                             k->b), k->c), k->d), k->phase);
    return h | 1;
}

static inline uint64_t gc_bits(double v) { uint64_t u; memcpy(&u, &v, 8); return u; }

static void gc_clear(fb_glyph_cache *cache) {
    memset(cache->slots, 0, cache->capacity * sizeof(gc_slot));
    cache->count = 0;
    cache->arena_used = 0;
}

static gc_slot *gc_find(fb_glyph_cache *cache, const gc_key *key, uint64_t hash) {
    size_t mask = cache->capacity - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        gc_slot *s = &cache->slots[i];
        if (s->hash == hash && memcmp(&s->key, key, sizeof *key) == 0) return s;
        if (s->hash == 0) return s;
    }
}

// Doubles the table (rehashing); false when out of memory (the caller empties it instead).
static bool gc_grow(fb_glyph_cache *cache) {
    size_t capacity = cache->capacity * 2;
    gc_slot *slots = calloc(capacity, sizeof(gc_slot));
    if (!slots) return false;
    for (size_t i = 0; i < cache->capacity; i++) {
        const gc_slot *s = &cache->slots[i];
        if (!s->hash) continue;
        size_t j = s->hash & (capacity - 1);
        while (slots[j].hash) j = (j + 1) & (capacity - 1);
        slots[j] = *s;
    }
    free(cache->slots);
    cache->slots = slots;
    cache->capacity = capacity;
    return true;
}

// Grows *buffer to hold `needed` elements (doubling, but not past `limit` when that is larger
// than `needed`; 0: no limit); false when out of memory.
static bool gc_reserve(void **buffer, size_t *size, size_t needed, size_t element, size_t limit) {
    if (needed <= *size) return true;
    size_t n = *size ? *size : 1024;
    while (n < needed) n *= 2;
    if (limit && n > limit) n = limit > needed ? limit : needed;
    void *grown = realloc(*buffer, n * element);
    if (!grown) return false;
    *buffer = grown;
    *size = n;
    return true;
}

// ---- The mask: geometry, accumulation (accumulate.c's walk, rule 3), dense sweep ----

typedef struct {
    int32_t left, top, width, height;   // width a multiple of 8
    bool even_odd;                      // the fill rule the sweep folds the cell sums by
} gc_geometry;

static inline double gc_min(double x, double y) { return y < x ? y : x; }   // Swift.min
static inline double gc_max(double x, double y) { return y >= x ? y : x; }  // Swift.max

// The mask's box: the outline's box mapped by the linear part plus the phase (Geometry's
// boundingBox(of:under:) and Rect arithmetic), 1 px of margin, width rounded up to 8. 1: a mask;
// 0: not finite (nothing drawn); -1: too big for a mask (4096 px or more across, or more than
// FB_GC_MAX_MASK_PIXELS; the caller fills the path instead).
static int gc_mask_geometry(const fb_glyph_outline *o, const fb_glyph_transform *p, gc_geometry *g) {
    const double cx[4] = { o->min_x, o->max_x, o->max_x, o->min_x };
    const double cy[4] = { o->min_y, o->min_y, o->max_y, o->max_y };
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int i = 0; i < 4; i++) {
        double x = p->a * cx[i] + p->c * cy[i] + p->tx, y = p->b * cx[i] + p->d * cy[i] + p->ty;
        x0 = gc_min(x0, x); y0 = gc_min(y0, y); x1 = gc_max(x1, x); y1 = gc_max(y1, y);
    }
    double w = x1 - x0, h = y1 - y0, max_x = x0 + w, max_y = y0 + h;
    if (!isfinite(x0) || !isfinite(max_x) || !isfinite(y0) || !isfinite(max_y)) return 0;
    if (!(w < 4096) || !(h < 4096)) return -1;
    // Far from any canvas's origin the mask could not be placed in 32-bit offsets: nothing drawn.
    if (!(fabs(x0) < 1073741824.0) || !(fabs(y0) < 1073741824.0)) return 0;
    g->left = (int32_t)floor(x0) - 1;
    g->top = (int32_t)floor(y0) - 1;
    int32_t ink_width = (int32_t)ceil(max_x) - g->left + 1;
    g->height = (int32_t)ceil(max_y) - g->top + 1;
    g->width = (ink_width + 7) & ~7;
    return (int64_t)g->width * g->height > FB_GC_MAX_MASK_PIXELS ? -1 : 1;
}

static inline int32_t gc_to_fixed(double v) { return (int32_t)(v * FB_CELL_ONE + 0.5); }

// accumulate.c's walk (cell_walk.h) without touched bits (rule 3): the mask is swept densely.
static void gc_walk_edge(int32_t *cells, ptrdiff_t stride, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                         int32_t direction) {
    const target t = { cells, NULL, stride, 0, NULL, NULL };
    walk_edge(&t, x0, y0, x1, y1, direction, 0);
}

// Extents of a row from its first and last non-zero column (first < 0: empty row), widened to
// groups of 8 inside the row as the blit wants (GlyphCache.swift's rule).
static inline void gc_extent(uint16_t *e, int32_t first, int32_t last, int32_t width) {
    if (first < 0) { e[0] = 0; e[1] = 0; return; }
    int32_t length = (last + 1 - first + 7) & ~7;
    int32_t start = first < width - length ? first : width - length;
    e[0] = (uint16_t)start;
    e[1] = (uint16_t)(start + length);
}

static void gc_sweep_scalar(int32_t *cells, ptrdiff_t stride, int32_t width, int32_t height, bool even_odd,
                            uint8_t *bytes, uint16_t *extents) {
    for (int32_t y = 0; y < height; y++) {
        int32_t *row = cells + y * stride;
        uint8_t *out = bytes + (ptrdiff_t)y * width;
        int32_t sum = 0, first = -1, last = -1;
        for (int32_t x = 0; x < width; x++) {
            sum += row[x];
            row[x] = 0;
            uint8_t b = (uint8_t)magnitude_byte(even_odd ? cell_magnitude(sum, true) : cell_magnitude(sum, false));
            out[x] = b;
            if (b) { if (first < 0) first = x; last = x; }
        }
        row[width] = 0;
        row[width + 1] = 0;
        gc_extent(extents + 2 * y, first, last, width);
    }
}

// A run of n cells with no edge (all zero) in a dense sweep: every pixel has the running sum's
// coverage, the scalar sweep's byte for it (the SIMD lanes give the same). `flat` caches the byte
// of the last sum seen, since runs of one row mostly share it.
typedef struct {
    int32_t sum;
    uint8_t byte;
} gc_flat;

static inline void gc_flat_run(uint8_t *out, int32_t x, int32_t n, int32_t sum, bool even_odd, gc_flat *flat,
                               int32_t *first, int32_t *last) {
    if (sum != flat->sum) {
        flat->sum = sum;
        flat->byte = (uint8_t)magnitude_byte(cell_magnitude(sum, even_odd));
    }
    memset(out + x, flat->byte, (size_t)n);
    if (flat->byte) {
        if (*first < 0) *first = x;
        *last = x + n - 1;
    }
}

#if FB_X86
// The scalar sweep 8 cells a step: the coverage bytes of fb_coverage_bytes8 (prefix sum in lanes,
// cell_magnitude's fold, magnitude_byte's integer formula per lane), narrowed to bytes.
FB_AVX2_TARGET
static void gc_sweep_avx2(int32_t *cells, ptrdiff_t stride, int32_t width, int32_t height, bool even_odd,
                          uint8_t *bytes, uint16_t *extents) {
    const __m256i zero = _mm256_setzero_si256(), gather = _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0);
    for (int32_t y = 0; y < height; y++) {
        int32_t *row = cells + y * stride;
        uint8_t *out = bytes + (ptrdiff_t)y * width;
        __m256i running = zero;
        int32_t first = -1, last = -1;
        gc_flat flat = { 0, 0 };
        for (int32_t x = 0; x < width; x += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(row + x));
            if (_mm256_testz_si256(v, v)) {
                // No edge in these 8 cells, already zero: no prefix sum to take.
                gc_flat_run(out, x, 8, _mm256_cvtsi256_si32(running), even_odd, &flat, &first, &last);
                continue;
            }
            _mm256_storeu_si256((__m256i *)(row + x), zero);
            __m256i b = fb_coverage_bytes8(v, &running, even_odd);
            b = _mm256_packus_epi32(b, b);
            b = _mm256_packus_epi16(b, b);
            b = _mm256_permutevar8x32_epi32(b, gather);
            uint64_t group = (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(b));
            memcpy(out + x, &group, 8);
            if (group) {
                if (first < 0) first = x + (__builtin_ctzll(group) >> 3);
                last = x + 7 - (__builtin_clzll(group) >> 3);
            }
        }
        row[width] = 0;
        row[width + 1] = 0;
        gc_extent(extents + 2 * y, first, last, width);
    }
}
#endif

#if FB_X86
// gc_sweep_avx2 16 cells a step (the AVX-512 level: fb_coverage_bytes16), bytes by an unsigned
// narrowing (every value is 0...255 already). A row's last 8 cells (widths are multiples of 8)
// take the step under a lane mask.
FB_AVX512_TARGET
static void gc_sweep_avx512(int32_t *cells, ptrdiff_t stride, int32_t width, int32_t height, bool even_odd,
                            uint8_t *bytes, uint16_t *extents) {
    const __m512i zero = _mm512_setzero_si512();
    for (int32_t y = 0; y < height; y++) {
        int32_t *row = cells + y * stride;
        uint8_t *out = bytes + (ptrdiff_t)y * width;
        __m512i running = zero;
        int32_t first = -1, last = -1;
        gc_flat flat = { 0, 0 };
        for (int32_t x = 0; x < width; x += 16) {
            const __mmask16 lanes = width - x >= 16 ? (__mmask16)0xFFFF : (__mmask16)0x00FF;
            const int32_t n = width - x >= 16 ? 16 : 8;
            __m512i v = _mm512_maskz_loadu_epi32(lanes, row + x);
            if (!_mm512_test_epi32_mask(v, v)) {
                gc_flat_run(out, x, n, _mm_cvtsi128_si32(_mm512_castsi512_si128(running)), even_odd, &flat, &first,
                            &last);
                continue;
            }
            _mm512_mask_storeu_epi32(row + x, lanes, zero);
            __m512i b = fb_coverage_bytes16(v, &running, even_odd);
            const __m128i narrowed = _mm512_cvtusepi32_epi8(b);
            if (n == 16) _mm_storeu_si128((__m128i *)(out + x), narrowed);
            else _mm_storel_epi64((__m128i *)(out + x), narrowed);
            unsigned inked = (unsigned)_mm512_mask_test_epi32_mask(lanes, b, b);
            if (inked) {
                if (first < 0) first = x + __builtin_ctz(inked);
                last = x + 31 - __builtin_clz(inked);
            }
        }
        row[width] = 0;
        row[width + 1] = 0;
        gc_extent(extents + 2 * y, first, last, width);
    }
}
#endif

// One chord from (px, py) to (x, y) into the cells (rule 3): the path fill's edge, walked from its
// upper end. Most chords of a glyph stay in one row: walk_edge's first case, here inline
// (row_piece's one-cell case then needs no call either); a row piece's cover is y − py signed.
static inline __attribute__((always_inline))
void gc_chord(int32_t *origin, ptrdiff_t stride, int32_t px, int32_t py, int32_t x, int32_t y) {
    if (py == y) return;
    int32_t x0 = px, y0 = py, x1 = x, y1 = y, direction = 1;
    if (py > y) { x0 = x; y0 = y; x1 = px; y1 = py; direction = -1; }
    int32_t r0 = y0 >> FB_CELL_SHIFT;
    if (r0 == (y1 - 1) >> FB_CELL_SHIFT) {
        const target t = { origin, NULL, stride, 0, NULL, NULL };
        row_piece(&t, r0, x0, x1, y - py, 0);
    } else {
        gc_walk_edge(origin, stride, x0, y0, x1, y1, direction);
    }
}

// The mapped polygon (x and y apart) and its smallest x and y, as Swift.min folds them (NaN-free
// here: the outline and the transform are finite, gc_mask_geometry checked the box).
static void gc_map_scalar(const double *in, ptrdiff_t count, const double m[6], double *xs, double *ys,
                          double *min_x, double *min_y) {
    const double a = m[0], b = m[1], c = m[2], d = m[3], tx = m[4], ty = m[5];
    double lx = *min_x, ly = *min_y;
    for (ptrdiff_t i = 0; i < count; i++) {
        double x = in[2 * i], y = in[2 * i + 1];
        double px = a * x + c * y + tx, py = b * x + d * y + ty;
        xs[i] = px;
        ys[i] = py;
        lx = gc_min(lx, px);
        ly = gc_min(ly, py);
    }
    *min_x = lx;
    *min_y = ly;
}

static void gc_fix_scalar(const double *xs, const double *ys, ptrdiff_t count, double bx, double by, int32_t *fx,
                          int32_t *fy) {
    for (ptrdiff_t i = 0; i < count; i++) {
        fx[i] = gc_to_fixed(xs[i] - bx);
        fy[i] = gc_to_fixed(ys[i] - by);
    }
}

#if FB_X86
// gc_map_scalar 4 points a step: the same IEEE operations lane for lane ((a·x + c·y) + tx, no
// contraction: kernels_internal.h turns it off, and the target has no FMA). minpd(p, m) is
// p < m ? p : m, gc_min's expression; the order in which lanes are folded changes no minimum
// but the sign of a zero, and floor(±0) gives the same box, vertices and cells.
__attribute__((target("avx2")))
static void gc_map_avx2(const double *in, ptrdiff_t count, const double m[6], double *xs, double *ys,
                        double *min_x, double *min_y) {
    const __m256d a = _mm256_set1_pd(m[0]), b = _mm256_set1_pd(m[1]), c = _mm256_set1_pd(m[2]);
    const __m256d d = _mm256_set1_pd(m[3]), tx = _mm256_set1_pd(m[4]), ty = _mm256_set1_pd(m[5]);
    __m256d lx = _mm256_set1_pd(*min_x), ly = _mm256_set1_pd(*min_y);
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d p = _mm256_loadu_pd(in + 2 * i), q = _mm256_loadu_pd(in + 2 * i + 4);
        __m256d x = _mm256_unpacklo_pd(p, q), y = _mm256_unpackhi_pd(p, q);   // points 0 2 1 3
        __m256d px = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(a, x), _mm256_mul_pd(c, y)), tx);
        __m256d py = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(b, x), _mm256_mul_pd(d, y)), ty);
        _mm256_storeu_pd(xs + i, _mm256_permute4x64_pd(px, 0xD8));
        _mm256_storeu_pd(ys + i, _mm256_permute4x64_pd(py, 0xD8));
        lx = _mm256_min_pd(px, lx);
        ly = _mm256_min_pd(py, ly);
    }
    double l[4], k[4];
    _mm256_storeu_pd(l, lx);
    _mm256_storeu_pd(k, ly);
    double rx = l[0], ry = k[0];
    for (int j = 1; j < 4; j++) { rx = gc_min(rx, l[j]); ry = gc_min(ry, k[j]); }
    *min_x = rx;
    *min_y = ry;
    gc_map_scalar(in + 2 * i, count - i, m, xs + i, ys + i, min_x, min_y);
}

__attribute__((target("avx2")))
static void gc_fix_avx2(const double *xs, const double *ys, ptrdiff_t count, double bx, double by, int32_t *fx,
                        int32_t *fy) {
    const __m256d one = _mm256_set1_pd(FB_CELL_ONE), half = _mm256_set1_pd(0.5);
    const __m256d vx = _mm256_set1_pd(bx), vy = _mm256_set1_pd(by);
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d x = _mm256_sub_pd(_mm256_loadu_pd(xs + i), vx), y = _mm256_sub_pd(_mm256_loadu_pd(ys + i), vy);
        _mm_storeu_si128((__m128i *)(fx + i), _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(x, one), half)));
        _mm_storeu_si128((__m128i *)(fy + i), _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(y, one), half)));
    }
    gc_fix_scalar(xs + i, ys + i, count - i, bx, by, fx + i, fy + i);
}

// row_piece in lanes for pieces inside one or two cells (`*fits`: the lanes where it is, the
// others hold garbage): the values for cells c0, c0 + 1 and c0 + 2. One cell: d·(2·ONE − s) and
// d·s, the same int32 products. Two cells: row_piece's d·2I/W truncated toward zero, with the
// products d·2I (|d·2I| < 3·2^30) exact in Double and a quotient that is not an integer at least
// 1/W ≥ 2^−11 from the next one, far more than its rounding error (< 2^−20), so truncating the
// Double quotient gives C's integer one. The divisions are skipped when no lane needs them.
static inline __attribute__((always_inline, target("avx2")))
__m256i gc_piece_avx2(__m256i lo, __m256i hi, __m256i d, __m256i want, __m256i *c0, __m256i *v0, __m256i *v1,
                      __m256i *v2, unsigned *two_cells) {
    const __m256i cell = _mm256_set1_epi32(FB_CELL_ONE), floor_mask = _mm256_set1_epi32(-FB_CELL_ONE);
    __m256i base = _mm256_and_si256(lo, floor_mask);   // (lo >> SHIFT) << SHIFT, lo ≥ 0
    __m256i span = _mm256_sub_epi32(hi, base);
    __m256i two = _mm256_cmpgt_epi32(span, cell);
    __m256i fits = _mm256_andnot_si256(_mm256_cmpgt_epi32(span, _mm256_add_epi32(cell, cell)), want);
    __m256i s = _mm256_sub_epi32(_mm256_add_epi32(lo, hi), _mm256_add_epi32(base, base));
    __m256i whole = _mm256_slli_epi32(d, FB_CELL_SHIFT + 1);
    __m256i right = _mm256_mullo_epi32(d, s);
    *c0 = _mm256_srai_epi32(lo, FB_CELL_SHIFT);
    *v0 = _mm256_sub_epi32(whole, right);
    *v1 = right;
    *v2 = _mm256_setzero_si256();
    *two_cells = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(two, fits)));
    if (*two_cells) {
        __m256i a = _mm256_sub_epi32(_mm256_add_epi32(base, cell), lo);                  // v0 of row_piece
        __m256i b = _mm256_sub_epi32(_mm256_add_epi32(base, _mm256_add_epi32(cell, cell)), hi);   // v1
        __m256i i0 = _mm256_mullo_epi32(a, a);
        __m256i i1 = _mm256_sub_epi32(_mm256_add_epi32(_mm256_slli_epi32(a, FB_CELL_SHIFT + 1),
                                                       _mm256_set1_epi32(FB_CELL_ONE * FB_CELL_ONE)),
                                      _mm256_mullo_epi32(b, b));
        __m256i w = _mm256_sub_epi32(hi, lo);
        __m128i g0[2], g1[2];
        for (int h = 0; h < 2; h++) {
            __m256d dd = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(d, 1) : _mm256_castsi256_si128(d));
            __m256d ww = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(w, 1) : _mm256_castsi256_si128(w));
            __m256d j0 = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(i0, 1) : _mm256_castsi256_si128(i0));
            __m256d j1 = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(i1, 1) : _mm256_castsi256_si128(i1));
            g0[h] = _mm256_cvttpd_epi32(_mm256_div_pd(_mm256_mul_pd(dd, j0), ww));
            g1[h] = _mm256_cvttpd_epi32(_mm256_div_pd(_mm256_mul_pd(dd, j1), ww));
        }
        __m256i G0 = _mm256_inserti128_si256(_mm256_castsi128_si256(g0[0]), g0[1], 1);
        __m256i G1 = _mm256_inserti128_si256(_mm256_castsi128_si256(g1[0]), g1[1], 1);
        *v0 = _mm256_blendv_epi8(*v0, G0, two);
        *v1 = _mm256_blendv_epi8(*v1, _mm256_sub_epi32(G1, G0), two);
        *v2 = _mm256_and_si256(_mm256_sub_epi32(whole, G1), two);
    }
    return fits;
}

// walk_edge for an edge over three or more rows, 8 rows a step: row r0 + k runs from X(k) to
// X(k + 1), X(0) = x0, X(k) = x0 + floor((n + (k − 1)·step) / 2dy) at the boundaries (the closed
// form of walk_edge's accumulator, n = 2·dx·c + dy, step = 2·dx·ONE), X(last + 1) = x1. In
// Double the numerators (< 2^46) are exact and a quotient that is not an integer is at least
// 2^−23 from the next one, far more than its rounding error (< 2^−29), so floor gives the
// integer. Rows whose piece spans three or more cells go to row_piece.
__attribute__((target("avx2")))
static void gc_tall_edge_avx2(int32_t *origin, ptrdiff_t stride, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              int32_t direction) {
    const int32_t r0 = y0 >> FB_CELL_SHIFT, last = ((y1 - 1) >> FB_CELL_SHIFT) - r0;
    const int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0;
    const int32_t first_cover = ((r0 + 1) << FB_CELL_SHIFT) - y0, last_cover = y1 - ((r0 + last) << FB_CELL_SHIFT);
    const __m256d n = _mm256_set1_pd((double)(2 * dx * first_cover + dy)), step = _mm256_set1_pd((double)(2 * dx * FB_CELL_ONE));
    const __m256d den = _mm256_set1_pd((double)(2 * dy));
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), vx0 = _mm256_set1_epi32(x0);
    const __m256i rows = _mm256_set1_epi32((int32_t)stride), vlast = _mm256_set1_epi32(last);
    const __m256i previous = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
    const target t = { origin, NULL, stride, 0, NULL, NULL };
    __m256i b = vx0;   // lane 7: the x at the top of row k0 (x0 for the first step, replaced below)
    for (int32_t k0 = 0; k0 <= last; k0 += 8) {
        __m256i k = _mm256_add_epi32(_mm256_set1_epi32(k0), lane);
        __m128i xb[2];
        for (int h = 0; h < 2; h++) {
            __m256d kd = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(k, 1) : _mm256_castsi256_si128(k));
            xb[h] = _mm256_cvttpd_epi32(_mm256_floor_pd(_mm256_div_pd(_mm256_add_pd(n, _mm256_mul_pd(kd, step)), den)));
        }
        // Row k starts where row k − 1 ended: the previous step's lane 7, then this step's lanes.
        __m256i top = _mm256_permutevar8x32_epi32(b, previous);
        b = _mm256_add_epi32(vx0, _mm256_inserti128_si256(_mm256_castsi128_si256(xb[0]), xb[1], 1));
        __m256i a = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(b, previous), top, 1);
        __m256i is_first = _mm256_cmpeq_epi32(k, _mm256_setzero_si256()), is_last = _mm256_cmpeq_epi32(k, vlast);
        a = _mm256_blendv_epi8(a, vx0, is_first);
        b = _mm256_blendv_epi8(b, _mm256_set1_epi32(x1), is_last);
        __m256i cover = _mm256_blendv_epi8(_mm256_set1_epi32(FB_CELL_ONE), _mm256_set1_epi32(first_cover), is_first);
        cover = _mm256_blendv_epi8(cover, _mm256_set1_epi32(last_cover), is_last);
        __m256i d = direction < 0 ? _mm256_sub_epi32(_mm256_setzero_si256(), cover) : cover;
        __m256i valid = _mm256_cmpgt_epi32(_mm256_add_epi32(vlast, _mm256_set1_epi32(1)), k);
        __m256i c0, v0, v1, v2;
        unsigned two;
        __m256i fits = gc_piece_avx2(_mm256_min_epi32(a, b), _mm256_max_epi32(a, b), d, valid, &c0, &v0, &v1, &v2, &two);
        __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_add_epi32(_mm256_set1_epi32(r0), k), rows), c0);
        int32_t ai[8], ai0[8], ai1[8], ai2[8], xs[8], ys[8], ds[8];
        _mm256_storeu_si256((__m256i *)ai, _mm256_and_si256(at, fits));
        _mm256_storeu_si256((__m256i *)ai0, _mm256_and_si256(v0, fits));
        _mm256_storeu_si256((__m256i *)ai1, _mm256_and_si256(v1, fits));
        _mm256_storeu_si256((__m256i *)ai2, _mm256_and_si256(v2, fits));
        const int count = last - k0 < 7 ? last - k0 + 1 : 8;
        for (int j = 0; j < count; j++) {
            origin[ai[j]] += ai0[j];
            origin[ai[j] + 1] += ai1[j];
        }
        for (two &= (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(fits)); two; two &= two - 1) {
            int j = __builtin_ctz(two);
            origin[ai[j] + 2] += ai2[j];
        }
        unsigned rest = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_andnot_si256(fits, valid)));
        if (rest) {
            _mm256_storeu_si256((__m256i *)xs, a);
            _mm256_storeu_si256((__m256i *)ys, b);
            _mm256_storeu_si256((__m256i *)ds, d);
            for (; rest; rest &= rest - 1) {
                int j = __builtin_ctz(rest);
                row_piece(&t, r0 + k0 + j, xs[j], ys[j], ds[j], 0);
            }
        }
    }
}

// gc_chord with edges over three or more rows in lanes.
static inline __attribute__((always_inline, target("avx2")))
void gc_chord_avx2(int32_t *origin, ptrdiff_t stride, int32_t px, int32_t py, int32_t x, int32_t y) {
    int32_t lo = py < y ? py : y, hi = py < y ? y : py;
    if (((hi - 1) >> FB_CELL_SHIFT) - (lo >> FB_CELL_SHIFT) >= 2) {
        if (py < y) gc_tall_edge_avx2(origin, stride, px, py, x, y, 1);
        else gc_tall_edge_avx2(origin, stride, x, y, px, py, -1);
        return;
    }
    gc_chord(origin, stride, px, py, x, y);
}

// The 8 chords ending at points j ..< j + 8 (each from the point before it), of which the lanes
// in `lanes` are to be drawn. The common chords are computed in lanes: inside one row, or
// crossing one row boundary, with each row piece inside one or two cells (gc_piece_avx2).
// walk_edge's crossing x0 + floor((2·dx·c + dy) / 2dy) (c: the cover above the boundary) is
// taken in Double: |2·dx·c + dy| < 2^35 and the products are exact, so is the numerator; a
// quotient that is not an integer is at least 1/2dy ≥ 2^−12 from the next one, far more than its
// rounding error (< 2^−17), so floor gives floor_div's integer. The lanes' cell values are then
// added lane by lane (lanes of other chords add 0 to the first cell); every other chord goes to
// gc_chord. Integer cell sums do not depend on the order in which chords are added.
static inline __attribute__((always_inline, target("avx2")))
void gc_chords_avx2(const int32_t *fx, const int32_t *fy, ptrdiff_t j, __m256i lanes, int32_t *origin,
                    ptrdiff_t stride) {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
    const __m256i rows = _mm256_set1_epi32((int32_t)stride);
    __m256i x = _mm256_loadu_si256((const __m256i *)(fx + j)), y = _mm256_loadu_si256((const __m256i *)(fy + j));
    __m256i px = _mm256_loadu_si256((const __m256i *)(fx + j - 1));
    __m256i py = _mm256_loadu_si256((const __m256i *)(fy + j - 1));
    __m256i d = _mm256_sub_epi32(y, py);
    __m256i down = _mm256_cmpgt_epi32(y, py);
    // The upper end (ux, uy) and the lower (lx, ly), as walk_edge orders them.
    __m256i ux = _mm256_blendv_epi8(x, px, down), lx = _mm256_blendv_epi8(px, x, down);
    __m256i uy = _mm256_min_epi32(y, py), ly = _mm256_max_epi32(y, py);
    __m256i r0 = _mm256_srai_epi32(uy, FB_CELL_SHIFT);
    __m256i r1 = _mm256_srai_epi32(_mm256_sub_epi32(ly, one), FB_CELL_SHIFT);
    __m256i one_row = _mm256_cmpeq_epi32(r0, r1), two_rows = _mm256_cmpeq_epi32(_mm256_add_epi32(r0, one), r1);
    __m256i cover = _mm256_sub_epi32(_mm256_slli_epi32(_mm256_add_epi32(r0, one), FB_CELL_SHIFT), uy);
    __m256i dx = _mm256_sub_epi32(lx, ux), dy = _mm256_sub_epi32(ly, uy);
    __m128i q[2];
    for (int h = 0; h < 2; h++) {
        __m256d a = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(dx, 1) : _mm256_castsi256_si128(dx));
        __m256d c = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(cover, 1) : _mm256_castsi256_si128(cover));
        __m256d b = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(dy, 1) : _mm256_castsi256_si128(dy));
        __m256d n = _mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(a, a), c), b);
        q[h] = _mm256_cvttpd_epi32(_mm256_floor_pd(_mm256_div_pd(n, _mm256_add_pd(b, b))));
    }
    __m256i cross = _mm256_add_epi32(ux, _mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1));
    // One row: the whole chord is the first piece and the second is empty.
    __m256i xb = _mm256_blendv_epi8(cross, lx, one_row);
    __m256i da = _mm256_blendv_epi8(_mm256_sign_epi32(cover, d), d, one_row);
    __m256i db = _mm256_sub_epi32(d, da);
    __m256i want = _mm256_andnot_si256(_mm256_cmpeq_epi32(d, zero), _mm256_and_si256(lanes, _mm256_or_si256(one_row, two_rows)));
    __m256i ac, a0, a1, a2, bc, b0, b1, b2;
    unsigned a_two, b_two;
    __m256i fast = gc_piece_avx2(_mm256_min_epi32(ux, xb), _mm256_max_epi32(ux, xb), da, want, &ac, &a0, &a1, &a2, &a_two);
    fast = gc_piece_avx2(_mm256_min_epi32(xb, lx), _mm256_max_epi32(xb, lx), db, fast, &bc, &b0, &b1, &b2, &b_two);
    __m256i row = _mm256_mullo_epi32(r0, rows);
    int32_t at[8], v0[8], v1[8], v2[8], bt[8], w0[8], w1[8], w2[8];
    _mm256_storeu_si256((__m256i *)at, _mm256_and_si256(_mm256_add_epi32(row, ac), fast));
    _mm256_storeu_si256((__m256i *)v0, _mm256_and_si256(a0, fast));
    _mm256_storeu_si256((__m256i *)v1, _mm256_and_si256(a1, fast));
    _mm256_storeu_si256((__m256i *)v2, a2);
    _mm256_storeu_si256((__m256i *)bt, _mm256_add_epi32(_mm256_add_epi32(row, rows), bc));
    _mm256_storeu_si256((__m256i *)w0, b0);
    _mm256_storeu_si256((__m256i *)w1, b1);
    _mm256_storeu_si256((__m256i *)w2, b2);
    for (int k = 0; k < 8; k++) {
        origin[at[k]] += v0[k];
        origin[at[k] + 1] += v1[k];
    }
    const unsigned drawn = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(fast));
    for (unsigned m = a_two & drawn; m; m &= m - 1) {
        int k = __builtin_ctz(m);
        origin[at[k] + 2] += v2[k];
    }
    for (unsigned m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(fast, two_rows))); m; m &= m - 1) {
        int k = __builtin_ctz(m);
        origin[bt[k]] += w0[k];
        origin[bt[k] + 1] += w1[k];
        origin[bt[k] + 2] += w2[k];
    }
    (void)b_two;
    unsigned rest = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(lanes)) & ~drawn;
    for (; rest; rest &= rest - 1) {
        ptrdiff_t k = j + __builtin_ctz(rest);
        gc_chord_avx2(origin, stride, fx[k - 1], fy[k - 1], fx[k], fy[k]);
    }
}

// The contour start ..< end: its closing chord, then the chords ending at points start + 1 ..< end,
// 8 a step; the last step, if short, is the 8 chords ending at end with the lanes already drawn
// left out (or one by one when there are fewer than 8 in all).
__attribute__((target("avx2")))
static void gc_walk_avx2(const int32_t *fx, const int32_t *fy, ptrdiff_t start, ptrdiff_t end, int32_t *origin,
                         ptrdiff_t stride) {
    const __m256i all = _mm256_set1_epi32(-1);
    gc_chord_avx2(origin, stride, fx[end - 1], fy[end - 1], fx[start], fy[start]);
    const ptrdiff_t first = start + 1;
    ptrdiff_t j = first;
    for (; j + 8 <= end; j += 8) gc_chords_avx2(fx, fy, j, all, origin, stride);
    if (j == end) return;
    if (end - 8 >= first) {
        const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        // Lanes k with end − 8 + k ≥ j, i.e. k > j − end + 7.
        __m256i lanes = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32((int32_t)(j - end + 7)));
        gc_chords_avx2(fx, fy, end - 8, lanes, origin, stride);
        return;
    }
    for (; j < end; j++) gc_chord_avx2(origin, stride, fx[j - 1], fy[j - 1], fx[j], fy[j]);
}
#endif

// Computes the mask of `o` under the linear part of `t` plus phase (px, py) into `extents` and
// `bytes` (g->height rows of g->width). `points`/`fixed` hold room for every point (x values,
// then y values), `cells` for (width + 2)·height zeros and is left zero.
static void gc_mask_fill(const fb_glyph_outline *o, const fb_glyph_transform *placed, const gc_geometry *g,
                         double *points, int32_t *fixed, int32_t *cells, uint8_t *bytes, uint16_t *extents) {
    const ptrdiff_t stride = g->width + 2;
    // The canvas transform: the phase moved by the mask's offset (exact: k/64 minus an integer).
    const double m[6] = { placed->a, placed->b, placed->c, placed->d, placed->tx - (double)g->left,
                          placed->ty - (double)g->top };
    const ptrdiff_t count = o->contours ? o->ends[o->contours - 1] : 0;
#if FB_X86
    const int level = fb_kernel_level();
    const bool avx2 = level >= FB_LEVEL_AVX2;
#endif
    double *xs = points, *ys = points + count;
    int32_t *fx = fixed, *fy = fixed + count;
    double min_x = INFINITY, min_y = INFINITY;
#if FB_X86
    if (avx2) gc_map_avx2(o->points, count, m, xs, ys, &min_x, &min_y);
    else
#endif
        gc_map_scalar(o->points, count, m, xs, ys, &min_x, &min_y);
    if (count > 0 && isfinite(min_x) && isfinite(min_y)) {
        // The polygon's own pixel box, as the path fill took it: vertices relative to its corner.
        double bx = floor(min_x), by = floor(min_y);
        if (bx < 0) bx = 0;
        if (by < 0) by = 0;
#if FB_X86
        if (avx2) gc_fix_avx2(xs, ys, count, bx, by, fx, fy);
        else
#endif
            gc_fix_scalar(xs, ys, count, bx, by, fx, fy);
        int32_t *origin = cells + (ptrdiff_t)by * stride + (ptrdiff_t)bx;
        ptrdiff_t start = 0;
        for (ptrdiff_t k = 0; k < o->contours; k++) {
            ptrdiff_t end = o->ends[k];
            if (end - start >= 3) {
#if FB_X86
                if (avx2) {
                    gc_walk_avx2(fx, fy, start, end, origin, stride);
                } else
#endif
                {
                    gc_chord(origin, stride, fx[end - 1], fy[end - 1], fx[start], fy[start]);
                    for (ptrdiff_t i = start + 1; i < end; i++) gc_chord(origin, stride, fx[i - 1], fy[i - 1], fx[i], fy[i]);
                }
            }
            start = end;
        }
    }
#if FB_X86
    if (level >= FB_LEVEL_AVX512) {
        gc_sweep_avx512(cells, stride, g->width, g->height, g->even_odd, bytes, extents);
        return;
    }
    if (avx2) { gc_sweep_avx2(cells, stride, g->width, g->height, g->even_odd, bytes, extents); return; }
#endif
    gc_sweep_scalar(cells, stride, g->width, g->height, g->even_odd, bytes, extents);
}

static bool gc_scratch(fb_glyph_cache *cache, const fb_glyph_outline *o, const gc_geometry *g) {
    size_t count = o->contours ? (size_t)o->ends[o->contours - 1] : 0;
    if (!gc_reserve((void **)&cache->points, &cache->points_size, 2 * count, sizeof(double), 0)) return false;
    if (!gc_reserve((void **)&cache->fixed, &cache->fixed_size, 2 * count, sizeof(int32_t), 0)) return false;
    size_t old = cache->cells_size;
    size_t needed = (size_t)(g->width + 2) * (size_t)g->height;
    if (!gc_reserve((void **)&cache->cells, &cache->cells_size, needed, sizeof(int32_t), 0)) return false;
    if (cache->cells_size > old) memset(cache->cells + old, 0, (cache->cells_size - old) * sizeof(int32_t));
    return true;
}

static inline size_t gc_bytes_offset(size_t offset, int32_t height) {
    return (offset + 4 * (size_t)height + 7) & ~(size_t)7;
}

// GlyphOutlines.scaleStep: k = ⌈4·log2 σ⌉ for the linear part's largest singular value σ,
// clamped to [−80, 80]; false when σ is 0 or not finite. Swift's exponent and significand are
// frexp's e − 1 and 2·m, exactly.
bool fb_glyph_scale_step(double a, double b, double c, double d, int32_t *step) {
    double s = (a * a + b * b + c * c + d * d) / 2;
    double det = a * d - b * c;
    double sigma = sqrt(s + sqrt(gc_max(s * s - det * det, 0)));
    if (!isfinite(sigma) || !(sigma > 0)) return false;
    int e2;
    double m = 2 * frexp(sigma, &e2);
    int32_t k = 4 * (e2 - 1);
    if (m > 1) {
        k += 1;
        if (m > 1.189207115002721) k += 1;
        if (m > 1.4142135623730951) k += 1;
        if (m > 1.681792830507429) k += 1;
    }
    *step = k < -80 ? -80 : (k > 80 ? 80 : k);
    return true;
}

static inline size_t gc_outline_index(uint64_t font, uint32_t glyph, int32_t step) {
    uint64_t h = gc_mix(gc_mix(font, (uint64_t)glyph * 0x9E3779B97F4A7C15ull), (uint64_t)(uint32_t)step);
    return (size_t)h & (FB_GC_OUTLINE_SLOTS - 1);
}

static gc_outline *gc_find_outline(fb_glyph_cache *cache, uint64_t font, uint32_t glyph, int32_t step) {
    if (!cache->outlines) return NULL;
    for (size_t i = gc_outline_index(font, glyph, step);; i = (i + 1) & (FB_GC_OUTLINE_SLOTS - 1)) {
        gc_outline *o = &cache->outlines[i];
        if (!o->block) return o;
        if (o->font == font && o->glyph == glyph && o->step == step) return o;
    }
}

bool fb_glyph_cache_set_outline(fb_glyph_cache *cache, uint64_t font, uint32_t glyph, int32_t step,
                                const fb_glyph_outline *outline) {
    if (!cache->outlines) {
        cache->outlines = calloc(FB_GC_OUTLINE_SLOTS, sizeof(gc_outline));
        if (!cache->outlines) return false;
    }
    if (cache->outline_count + 1 > FB_GC_MAX_OUTLINES) gc_clear_outlines(cache);
    gc_outline *slot = gc_find_outline(cache, font, glyph, step);
    if (slot->block) return true;
    ptrdiff_t contours = outline->contours > 0 ? outline->contours : 0;
    size_t count = contours ? (size_t)outline->ends[contours - 1] : 0;
    void *block = malloc(2 * count * sizeof(double) + (size_t)contours * sizeof(int32_t) + 1);
    if (!block) return false;
    double *points = block;
    int32_t *ends = (int32_t *)(points + 2 * count);
    if (count) memcpy(points, outline->points, 2 * count * sizeof(double));
    if (contours) memcpy(ends, outline->ends, (size_t)contours * sizeof(int32_t));
    slot->font = font;
    slot->glyph = glyph;
    slot->step = step;
    slot->block = block;
    slot->outline = (fb_glyph_outline){ points, ends, contours, outline->min_x, outline->min_y, outline->max_x,
                                        outline->max_y };
    cache->outline_count++;
    return true;
}

ptrdiff_t fb_glyph_mask_compute(const fb_glyph_outline *outline, fb_glyph_transform t, int32_t geometry[4],
                                uint8_t *bytes, ptrdiff_t capacity) {
    gc_geometry g = { 0, 0, 0, 0 };
    geometry[0] = geometry[1] = geometry[2] = geometry[3] = 0;
    if (gc_mask_geometry(outline, &t, &g) <= 0) return 0;
    geometry[0] = g.left; geometry[1] = g.top; geometry[2] = g.width; geometry[3] = g.height;
    ptrdiff_t size = (ptrdiff_t)g.width * g.height;
    if (!bytes || capacity < size) return size;
    fb_glyph_cache *scratch = fb_glyph_cache_create(0);
    uint16_t *extents = malloc(4 * (size_t)g.height);
    if (scratch && extents && gc_scratch(scratch, outline, &g))
        gc_mask_fill(outline, &t, &g, scratch->points, scratch->fixed, scratch->cells, bytes, extents);
    free(extents);
    fb_glyph_cache_destroy(scratch);
    return size;
}

// Stores the mask of key under `slot` (empty), computing it from `o`; false when out of memory.
static gc_slot *gc_insert(fb_glyph_cache *cache, const gc_key *key, uint64_t hash, const fb_glyph_outline *o,
                          const fb_glyph_transform *placed, const gc_geometry *geometry, bool drawable) {
    gc_geometry g = *geometry;
    size_t size = drawable ? gc_bytes_offset(0, g.height) + (size_t)g.width * g.height : 0;
    if (cache->arena_used + size > cache->max_bytes || cache->count + 1 > FB_GC_MAX_ENTRIES) gc_clear(cache);
    if ((cache->count + 1) * 2 > cache->capacity && !gc_grow(cache)) gc_clear(cache);
    size_t offset = (cache->arena_used + 7) & ~(size_t)7;
    if (drawable) {
        if (!gc_reserve((void **)&cache->arena, &cache->arena_size, offset + size, 1, cache->max_bytes)) return NULL;
        if (!gc_scratch(cache, o, &g)) return NULL;
        uint16_t *extents = (uint16_t *)(cache->arena + offset);
        uint8_t *bytes = cache->arena + gc_bytes_offset(offset, g.height);
        gc_mask_fill(o, placed, &g, cache->points, cache->fixed, cache->cells, bytes, extents);
        cache->arena_used = offset + size;
    } else {
        g.width = g.height = 0;
    }
    gc_slot *slot = gc_find(cache, key, hash);
    slot->key = *key;
    slot->hash = hash;
    slot->offset = offset;
    slot->x = g.left;
    slot->y = g.top;
    slot->width = g.width;
    slot->height = g.height;
    cache->count++;
    return slot;
}

static const fb_glyph_outline gc_no_outline = { NULL, NULL, 0, INFINITY, INFINITY, INFINITY, INFINITY };

int fb_glyph_cache_draw(fb_glyph_cache *cache, uint64_t font, uint32_t glyph, fb_glyph_transform t,
                        const fb_glyph_outline *outline, uint32_t *pixels, ptrdiff_t stride,
                        ptrdiff_t canvas_width, ptrdiff_t canvas_height, uint32_t fill, uint32_t opacity,
                        bool even_odd, int32_t box[4]) {
    box[0] = box[1] = box[2] = box[3] = 0;
    // Rule 1: 1/64 px (FreeType's 26.6 grid), rounded down; GlyphCache.place's Double steps.
    double qx = floor(t.tx * FB_GC_PHASES), qy = floor(t.ty * FB_GC_PHASES);
    double ix = floor(qx / FB_GC_PHASES), iy = floor(qy / FB_GC_PHASES);
    // An origin this far out places no mask on any canvas (and would not fit the offsets).
    if (!(fabs(ix) < 1073741824.0) || !(fabs(iy) < 1073741824.0)) return FB_GLYPH_HIT;
    uint32_t phase_x = (uint32_t)(qx - ix * FB_GC_PHASES), phase_y = (uint32_t)(qy - iy * FB_GC_PHASES);
    gc_key key = { font, gc_bits(t.a), gc_bits(t.b), gc_bits(t.c), gc_bits(t.d), glyph,
                   (uint32_t)even_odd << 16 | phase_x << 8 | phase_y };
    uint64_t hash = gc_hash(&key);
    gc_slot *slot = gc_find(cache, &key, hash);
    int result = FB_GLYPH_HIT;
    if (slot->hash) {
        cache->hits++;
    } else {
        if (!outline) {
            int32_t step;
            if (fb_glyph_scale_step(t.a, t.b, t.c, t.d, &step)) {
                const gc_outline *known = gc_find_outline(cache, font, glyph, step);
                if (!known || !known->block) return FB_GLYPH_MISS;
                outline = &known->outline;
            } else {
                outline = &gc_no_outline;   // GlyphOutlines.flattened's empty outline
            }
        }
        fb_glyph_transform placed = { t.a, t.b, t.c, t.d, (double)phase_x / FB_GC_PHASES, (double)phase_y / FB_GC_PHASES };
        gc_geometry g = { 0, 0, 0, 0, even_odd };
        int shape = gc_mask_geometry(outline, &placed, &g);
        if (shape < 0) return FB_GLYPH_TOO_BIG;
        g.even_odd = even_odd;
        slot = gc_insert(cache, &key, hash, outline, &placed, &g, shape > 0);
        cache->misses++;
        result = FB_GLYPH_COMPUTED;
        if (!slot) return result;
    }
    if (slot->height == 0) return result;
    const int64_t ox = (int64_t)ix + slot->x, oy = (int64_t)iy + slot->y;
    const int64_t x0 = ox > 0 ? ox : 0, y0 = oy > 0 ? oy : 0;
    const int64_t x1 = ox + slot->width < canvas_width ? ox + slot->width : canvas_width;
    const int64_t y1 = oy + slot->height < canvas_height ? oy + slot->height : canvas_height;
    if (!(x0 < x1 && y0 < y1)) return result;
    box[0] = (int32_t)x0; box[1] = (int32_t)y0; box[2] = (int32_t)(x1 - x0); box[3] = (int32_t)(y1 - y0);
    const uint16_t *extents = (const uint16_t *)(cache->arena + slot->offset);
    const uint8_t *bytes = cache->arena + gc_bytes_offset(slot->offset, slot->height);
    const ptrdiff_t row = (ptrdiff_t)(y0 - oy), column = (ptrdiff_t)(x0 - ox);
    fb_blit_glyph_mask(pixels + y0 * stride + x0, stride, bytes + row * slot->width, slot->width, extents + 2 * row,
                       column, (ptrdiff_t)(x1 - x0), (ptrdiff_t)(y1 - y0), fill, opacity);
    return result;
}
