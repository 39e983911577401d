// Shaded paints: gradients and images, one source colour per pixel.
//
// Rules of this file:
// 1. Plain IEEE double arithmetic, no fused multiply-add (contraction off), no libm apart from
//    sqrt and floor (both exactly rounded by IEEE 754): the same bytes on every machine, in debug
//    and release. The conic gradient's angle uses its own arctangent (Abramowitz & Stegun 4.4.49,
//    |error| ≤ 2e-8 rad, far below 1/255 of a turn) rather than libm's atan2, whose last bit may
//    differ between C libraries.
// 2. Colours are packed premultiplied pixels (four bytes in memory order, alpha at byte 3), and
//    every interpolation runs on premultiplied channels, so r, g, b ≤ a holds for every result
//    (each is a weighted sum of values that satisfy it, rounded by one monotone rule).
// 3. Compositing is Compositing.swift's order: src·cf, border·cb over it, ·opacity, source-over the
//    pixel, every product exactly rounded (mul255).
// 4. No allocation; the caller owns every buffer.
#pragma clang fp contract(off)
#include "shade_kernels.h"
#include "kernels_internal.h"
#include <math.h>

static inline uint32_t channel(uint32_t packed, int k) { return ((const uint8_t *)&packed)[k]; }

static inline uint32_t pack(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    uint32_t v;
    uint8_t *p = (uint8_t *)&v;
    p[0] = (uint8_t)r; p[1] = (uint8_t)g; p[2] = (uint8_t)b; p[3] = (uint8_t)a;
    return v;
}

// A pixel's four channels as one vector of doubles (GCC/Clang vector extensions): each lane does
// the scalar channel's own arithmetic in the same order (rule 1), so SSE2 pairs and AVX2 quads
// give the bits of four separate scalar computations.
typedef double fb_d4 __attribute__((vector_size(32)));
typedef int32_t fb_i4 __attribute__((vector_size(16)));
typedef uint8_t fb_b4 __attribute__((vector_size(4)));

// A macro, not a function: a function returning fb_d4 would change its ABI between the baseline
// and AVX2 builds of the body (-Wpsabi). The texel's bytes in memory order (channel k is byte k)
// widened as one vector: one zero-extending move and one conversion where the CPU has them,
// instead of four byte extractions and inserts.
#define TEXEL_CHANNELS(t)                                                                              \
    ({ uint32_t texel_ = (t); fb_b4 bytes_; __builtin_memcpy(&bytes_, &texel_, 4);                      \
       __builtin_convertvector(__builtin_convertvector(bytes_, fb_i4), fb_d4); })

// mul255_lanes and source_over: kernels_internal.h (the one definition of Mul255.swift and
// Compositing.swift's rounding in C).

#if defined(__x86_64__)
// fb_blend_shaded without a border (cb = 0: images and gradients inside a layer, every path),
// 8 pixels a step: src·cf·opacity, then source-over with each pixel's own alpha, in 16-bit lanes
// with the blend kernels' mul255 (blend.c: the scalar formula's bytes). The scalar loop's two
// shortcuts need no branch here: sources are premultiplied (rule 2), so a layer colour with alpha
// 0 is all zero and one with alpha 255 gets nothing from the pixel, and no byte sum passes 255.
// Why: on images.yaml fb_blend_shaded was 14 % of a render's samples, one pixel at a time.
__attribute__((target("avx2")))
static ptrdiff_t blend_shaded_avx2(uint32_t *pixels, const uint32_t *source, ptrdiff_t count, uint32_t cf,
                                   uint32_t opacity) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    // The span's coverage and opacity are one factor across the vector: one `pmulhrsw` each
    // (mul255_factors.c), the same bytes as MUL255.
    const __m256i f = _mm256_set1_epi16((short)mulhrs_factor(cf));
    const __m256i o = _mm256_set1_epi16((short)mulhrs_factor(opacity));
    const __m256i k255 = _mm256_set1_epi16(255);
    // Each pixel's alpha (16-bit lane 3 of its four) into all four of its lanes.
    const __m256i alpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                           6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
#define MUL255(x, g) _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16((x), (g)), half), k257)
#define OVER(s, d) ({ __m256i layer_ = _mm256_mulhrs_epi16(_mm256_mulhrs_epi16((s), f), o), a_ = _mm256_shuffle_epi8(layer_, alpha); \
        _mm256_add_epi16(layer_, MUL255((d), _mm256_sub_epi16(k255, a_))); })
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + i));
        __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + i));
        __m256i lo = OVER(_mm256_unpacklo_epi8(s, zero), _mm256_unpacklo_epi8(d, zero));
        __m256i hi = OVER(_mm256_unpackhi_epi8(s, zero), _mm256_unpackhi_epi8(d, zero));
        _mm256_storeu_si256((__m256i *)(pixels + i), _mm256_packus_epi16(lo, hi));
    }
#undef OVER
#undef MUL255
    return i;
}
#endif

void fb_blend_shaded(uint32_t *pixels, const uint32_t *source, ptrdiff_t count, uint32_t cf,
                     uint32_t border, uint32_t cb, uint32_t opacity) {
    if (cf == 0 && cb == 0) return;
#if defined(__x86_64__)
    if (cb == 0 && count >= 8 && fb_kernel_level() >= FB_LEVEL_AVX2) {
        ptrdiff_t done = blend_shaded_avx2(pixels, source, count, cf, opacity);
        pixels += done;
        source += done;
        count -= done;
    }
#endif
    uint32_t border_part = cb ? mul255_lanes(border, cb) : 0;
    // The layer colour is a pure function of the source texel here (cf, cb and opacity are the
    // span's), so a run of equal sources (a gradient row, a flat image area) computes it once.
    uint32_t last_source = 0, colour = 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        if (i == 0 || source[i] != last_source) {
            last_source = source[i];
            colour = mul255_lanes(last_source, cf);
            if (cb) colour = source_over(border_part, colour);
            colour = mul255_lanes(colour, opacity);
        }
        uint32_t a = channel(colour, 3);
        if (a == 255) pixels[i] = colour;
        else if (a != 0) pixels[i] = source_over(colour, pixels[i]);
    }
}

// ---- Gradients ----

static const double pi = 3.14159265358979323846;

// atan(z) for z in [0, 1], Abramowitz & Stegun 4.4.49 (|error| ≤ 2e-8).
static double atan_unit(double z) {
    double z2 = z * z;
    double p = -0.0040540580;
    p = p * z2 + 0.0218612288;
    p = p * z2 - 0.0559098861;
    p = p * z2 + 0.0964200441;
    p = p * z2 - 0.1390853351;
    p = p * z2 + 0.1994653599;
    p = p * z2 - 0.3332985605;
    p = p * z2 + 0.9999993329;
    return p * z;
}

// atan2(y, x) in (−π, π], 0 for the origin.
static double angle_of(double y, double x) {
    double ax = fabs(x), ay = fabs(y);
    if (ax == 0 && ay == 0) return 0;
    double a = ay > ax ? pi / 2 - atan_unit(ax / ay) : atan_unit(ay / ax);
    if (x < 0) a = pi - a;
    return y < 0 ? -a : a;
}

// Inlined into the shading loop; `fb_gradient_parameter` is its exported twin for Swift.
static inline __attribute__((always_inline)) double gradient_parameter(const fb_gradient *g, double px, double py) {
    double dx = g->end_x - g->start_x, dy = g->end_y - g->start_y;
    double ox = px - g->start_x, oy = py - g->start_y;
    switch (g->kind) {
    case FB_GRADIENT_RADIAL: {
        // CAGradientLayer's radial: an ellipse centred on startPoint whose radii are endPoint's
        // distances from it along x and y; a circle of radius |end − start| when one is 0.
        double rx = fabs(dx), ry = fabs(dy);
        if (rx > 0 && ry > 0) {
            double u = ox / rx, v = oy / ry;
            return sqrt(u * u + v * v);
        }
        double r2 = dx * dx + dy * dy;
        return r2 > 0 ? sqrt((ox * ox + oy * oy) / r2) : 0;
    }
    case FB_GRADIENT_CONIC: {
        // Turns clockwise on screen (y down) from the direction of endPoint, in [0, 1).
        double turn = (angle_of(oy, ox) - angle_of(dy, dx)) / (2 * pi);
        if (turn < 0) turn += 1;
        return turn >= 1 ? turn - 1 : turn;
    }
    case FB_GRADIENT_FOCAL: {
        // |p − c(t)| = r(t) with c(t) = focal + t·(start − focal), r(t) = focal_r + t·(R − focal_r):
        // a·t² − 2·b·t + c = 0.
        double cx = g->start_x - g->focal_x, cy = g->start_y - g->focal_y;
        double r1 = sqrt(dx * dx + dy * dy), r0 = g->focal_r, dr = r1 - r0;
        double qx = px - g->focal_x, qy = py - g->focal_y;
        double a = cx * cx + cy * cy - dr * dr;
        double b = qx * cx + qy * cy + r0 * dr;
        double c = qx * qx + qy * qy - r0 * r0;
        if (a == 0) {
            if (b == 0) return NAN;
            double t = c / (2 * b);
            return r0 + t * dr >= 0 ? t : NAN;
        }
        double disc = b * b - a * c;
        if (disc < 0) return NAN;
        double root = sqrt(disc);
        double t1 = (b + root) / a, t2 = (b - root) / a;
        double hi = t1 > t2 ? t1 : t2, lo = t1 > t2 ? t2 : t1;
        if (r0 + hi * dr >= 0) return hi;
        return r0 + lo * dr >= 0 ? lo : NAN;
    }
    default: {
        double length2 = dx * dx + dy * dy;
        return length2 > 0 ? (ox * dx + oy * dy) / length2 : 0;
    }
    }
}

double fb_gradient_parameter(const fb_gradient *g, double px, double py) { return gradient_parameter(g, px, py); }

// 4×4 Bayer matrix: thresholds (b + 0.5)/16 average 0.5, the round-to-nearest bias.
static const uint8_t bayer[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

// t folded into [0, 1] by the spread method (pad leaves it: the end stops hold beyond).
static inline __attribute__((always_inline)) double spread_parameter(const fb_gradient *g, double t) {
    if (g->spread == FB_SPREAD_PAD || !(t > -1e15 && t < 1e15)) return t;
    if (g->spread == FB_SPREAD_REPEAT) return t - floor(t);
    double m = t - 2 * floor(t / 2);   // in [0, 2)
    return m > 1 ? 2 - m : m;
}

static inline __attribute__((always_inline)) uint32_t premultiply(uint32_t straight) {
    uint32_t a = alpha_of(straight);
    uint32_t p = mul255_lanes(straight, a);
    uint8_t *bytes = (uint8_t *)&p;
    bytes[3] = (uint8_t)a;
    return p;
}

static inline __attribute__((always_inline)) uint32_t gradient_colour(const fb_gradient *g, double t, double bias) {
    t = spread_parameter(g, t);
    ptrdiff_t n = g->stop_count;
    if (g->straight) {
        // The stop search below, then premultiplied (the end stops too).
        if (!(t > g->locations[0])) return premultiply(g->colours[0]);
        if (t >= g->locations[n - 1]) return premultiply(g->colours[n - 1]);
    }
    if (!(t > g->locations[0])) return g->colours[0];          // NaN too
    if (t >= g->locations[n - 1]) return g->colours[n - 1];
    ptrdiff_t i = 0;
    while (i + 2 < n && g->locations[i + 1] <= t) i++;
    double l0 = g->locations[i], l1 = g->locations[i + 1];
    double f = (t - l0) / (l1 - l0);
    fb_d4 a = TEXEL_CHANNELS(g->colours[i]), b = TEXEL_CHANNELS(g->colours[i + 1]);
    fb_d4 v = a + (b - a) * f + bias;
    // v in [0, 256) (f in [0, 1] between two stops, bias in (0, 1)): truncation is floor_int.
    fb_b4 bytes = __builtin_convertvector(__builtin_convertvector(v, fb_i4), fb_b4);
    uint32_t packed;
    __builtin_memcpy(&packed, &bytes, 4);
    return g->straight ? premultiply(packed) : packed;
}

// The colour is a pure function of (t, bias), so a pixel whose t equals the last t computed
// at its bias reuses that colour: along a gradient that does not change across the span (a
// vertical linear gradient, every row) the stops are searched and interpolated once, not per
// pixel. One memo per dither column (the bias repeats every 4 pixels), one without dithering.
// t compares with ==, so +0 and −0 share a colour: gradient_colour gives both the same bytes
// (every use of t is a comparison or t − l0, and a + (b − a)·(±0) rounds alike); NaN never
// matches and is recomputed.
static inline __attribute__((always_inline)) void shade_gradient_body(const fb_gradient *g, ptrdiff_t x, ptrdiff_t y,
                                                                     ptrdiff_t count, uint32_t *out) {
    const fb_affine m = g->to_local;
    double py = (double)y + 0.5;
    double last_t[4];
    uint32_t last_colour[4];
    bool known[4] = {false, false, false, false};
    for (ptrdiff_t i = 0; i < count; i++) {
        double px = (double)(x + i) + 0.5;
        double lx = m.a * px + m.c * py + m.tx, ly = m.b * px + m.d * py + m.ty;
        double t = gradient_parameter(g, lx, ly);
        if (g->kind == FB_GRADIENT_FOCAL && t != t) {
            out[i] = 0;   // on no circle of the cone: nothing painted
            continue;
        }
        int slot = g->dither ? (int)((x + i) & 3) : 0;
        if (known[slot] && t == last_t[slot]) {
            out[i] = last_colour[slot];
            continue;
        }
        double bias = g->dither ? ((double)bayer[(y & 3)][slot] + 0.5) / 16.0 : 0.5;
        last_colour[slot] = out[i] = gradient_colour(g, t, bias);
        last_t[slot] = t;
        known[slot] = true;
    }
}

// The same body built twice, as the image sampler is: the AVX2 build does the four channels'
// interpolation in one register instead of two (rule 1 holds: the same IEEE operations per lane,
// no contraction, so the same bytes; GradientLevelTests pins them at every level).
static void shade_gradient_baseline(const fb_gradient *g, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    shade_gradient_body(g, x, y, count, out);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void shade_gradient_avx2(const fb_gradient *g, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    shade_gradient_body(g, x, y, count, out);
}
#endif

void fb_shade_gradient(const fb_gradient *g, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
#if defined(__x86_64__)
    if (fb_kernel_level() >= FB_LEVEL_AVX2) { shade_gradient_avx2(g, x, y, count, out); return; }
#endif
    shade_gradient_baseline(g, x, y, count, out);
}

// ---- Images ----

// The box [lo, hi) of texel coordinates along one axis of a level `size` texels long, clipped to
// the level, with the overlap of each texel it touches as weights (at most `capacity`).
static ptrdiff_t box_weights(double centre, double width, ptrdiff_t size, ptrdiff_t *first, double *weights,
                             ptrdiff_t capacity) {
    double extent = (double)size;
    if (centre < 0) centre = 0;
    if (centre > extent) centre = extent;
    double lo = centre - width / 2, hi = centre + width / 2;
    if (lo < 0) lo = 0;
    if (hi > extent) hi = extent;
    ptrdiff_t start = (ptrdiff_t)floor_int(lo), end = (ptrdiff_t)ceil_int(hi);   // both in [0, extent]
    if (start >= size) start = size - 1;
    if (end <= start) end = start + 1;
    if (end - start > capacity) end = start + capacity;
    for (ptrdiff_t k = start; k < end; k++) {
        double a = lo > (double)k ? lo : (double)k;
        double b = hi < (double)(k + 1) ? hi : (double)(k + 1);
        weights[k - start] = b > a ? b - a : 0;
    }
    *first = start;
    return end - start;
}

// FB_AREA_MAX_TAPS (shade_kernels.h), the most texels a footprint spans per axis: the level is
// chosen so it is under 4 texels, plus the two partly covered ones at its ends; anisotropy beyond
// that is capped (rare: a squashed image).

// One level's area sampling (fb_shade_image's mode 2) of `count` pixels from canvas pixel x;
// `columns` (may be NULL) the sampler's column taps when u does not depend on the row.
typedef struct {
    const uint32_t *texels;
    ptrdiff_t w, h;
    fb_affine m;
    double su, sv, wu, wv, py;
    fb_area_taps *columns;
    ptrdiff_t column_x, column_count;
} fb_area_sampling;

static inline __attribute__((always_inline))
void shade_area_body(const fb_area_sampling *a, ptrdiff_t x, ptrdiff_t count, uint32_t *out) {
    const fb_affine m = a->m;
    const double py = a->py;
    double weights_u[FB_AREA_MAX_TAPS], weights_v[FB_AREA_MAX_TAPS];
    // Without rotation or shear (m.b = 0) v is the same for every pixel of the row: m.b·px is
    // ±0 (px > 0), which leaves the sum's value alone (at most the sign of a zero, and
    // box_weights treats ±0 alike), so the row's v weights are computed once.
    const bool row_constant_v = m.b == 0;
    ptrdiff_t v0 = 0, nv = 0;
    if (row_constant_v && count > 0) {
        double px = (double)x + 0.5;
        nv = box_weights((m.b * px + m.d * py + m.ty) / a->sv, a->wv, a->h, &v0, weights_v, FB_AREA_MAX_TAPS);
    }
    for (ptrdiff_t i = 0; i < count; i++) {
        double px = (double)(x + i) + 0.5;
        ptrdiff_t u0, nu;
        const double *wu_of = weights_u;
        // With m.c = 0, m.c·py is a zero and u the same on every row (up to the sign of a zero,
        // which box_weights treats alike): the column's taps, once computed, serve every row.
        const ptrdiff_t slot = x + i - a->column_x;
        fb_area_taps *column = a->columns != NULL && slot >= 0 && slot < a->column_count ? a->columns + slot : NULL;
        if (column != NULL && column->count >= 0) {
            u0 = column->first;
            nu = column->count;
            wu_of = column->weights;
        } else {
            double u = (m.a * px + m.c * py + m.tx) / a->su;
            double *into = column != NULL ? column->weights : weights_u;
            nu = box_weights(u, a->wu, a->w, &u0, into, FB_AREA_MAX_TAPS);
            wu_of = into;
            if (column != NULL) { column->first = u0; column->count = nu; }
        }
        if (!row_constant_v)
            nv = box_weights((m.b * px + m.d * py + m.ty) / a->sv, a->wv, a->h, &v0, weights_v, FB_AREA_MAX_TAPS);
        fb_d4 sum = {0, 0, 0, 0};
        double total = 0;
        for (ptrdiff_t j = 0; j < nv; j++) {
            const uint32_t *row = a->texels + (v0 + j) * a->w + u0;
            fb_d4 row_sum = {0, 0, 0, 0};
            double row_total = 0;
            for (ptrdiff_t k = 0; k < nu; k++) {
                double wk = wu_of[k];
                row_sum += wk * TEXEL_CHANNELS(row[k]);
                row_total += wk;
            }
            double wj = weights_v[j];
            sum += wj * row_sum;
            total += wj * row_total;
        }
        // floor(sum / total + 0.5) per channel, in [0, 255.5]: nonnegative, so the conversion's
        // truncation is the floor; then at most 255. All four lanes at once.
        if (total > 0) {
            fb_i4 value = __builtin_convertvector(sum / total + 0.5, fb_i4);
            const fb_i4 over = value > 255;   // lanes of all ones where over
            value = (value & ~over) | (255 & over);
            fb_b4 bytes = __builtin_convertvector(value, fb_b4);
            __builtin_memcpy(out + i, &bytes, 4);
        } else {
            out[i] = 0;
        }
    }
}

static void shade_area_baseline(const fb_area_sampling *a, ptrdiff_t x, ptrdiff_t count, uint32_t *out) {
    shade_area_body(a, x, count, out);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void shade_area_avx2(const fb_area_sampling *a, ptrdiff_t x, ptrdiff_t count, uint32_t *out) {
    shade_area_body(a, x, count, out);
}
#endif

void fb_shade_image(const fb_image_sampler *s, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    const fb_affine m = s->to_image;
    const ptrdiff_t w0 = s->widths[0], h0 = s->heights[0];
    double py = (double)y + 0.5;
    if (s->mode == FB_SAMPLE_NEAREST) {
        const uint32_t *texels = s->texels + s->offsets[0];
        for (ptrdiff_t i = 0; i < count; i++) {
            double px = (double)(x + i) + 0.5;
            double u = floor(m.a * px + m.c * py + m.tx), v = floor(m.b * px + m.d * py + m.ty);
            ptrdiff_t iu = u < 0 ? 0 : (u >= (double)w0 ? w0 - 1 : (ptrdiff_t)u);
            ptrdiff_t iv = v < 0 ? 0 : (v >= (double)h0 ? h0 - 1 : (ptrdiff_t)v);
            out[i] = texels[iv * w0 + iu];
        }
        return;
    }
    // The footprint of one canvas pixel in level-0 texels along u and v (the lengths of the map's
    // rows: how far u and v move for a unit step in x and y together, exact for scales and
    // rotations), at least one texel: a one-texel box is bilinear interpolation.
    double fu = sqrt(m.a * m.a + m.c * m.c), fv = sqrt(m.b * m.b + m.d * m.d);
    if (s->mode == FB_SAMPLE_BILINEAR || !(fu > 1)) fu = 1;
    if (s->mode == FB_SAMPLE_BILINEAR || !(fv > 1)) fv = 1;
    // The finest level where the smaller footprint still spans at least 2 texels (so it averages
    // its area at a 2× finer grid than it needs): level k holds 2^k × 2^k texels of level 0.
    ptrdiff_t level = 0;
    double smaller = fu < fv ? fu : fv;
    while (level + 1 < s->level_count && smaller >= 4.0) { smaller /= 2; level++; }
    double su = (double)w0 / (double)s->widths[level], sv = (double)h0 / (double)s->heights[level];
    const uint32_t *texels = s->texels + s->offsets[level];
    const ptrdiff_t w = s->widths[level], h = s->heights[level];
    double wu = fu / su, wv = fv / sv;
    if (wu < 1) wu = 1;
    if (wv < 1) wv = 1;
    // Column taps only where u ignores the row; the level and footprint above are the draw's.
    const bool by_column = s->column_taps != NULL && m.c == 0;
    const fb_area_sampling a = { texels, w, h, m, su, sv, wu, wv, py, by_column ? s->column_taps : NULL,
                                 s->column_x, by_column ? s->column_count : 0 };
#if defined(__x86_64__)
    if (fb_kernel_level() >= FB_LEVEL_AVX2) { shade_area_avx2(&a, x, count, out); return; }
#endif
    shade_area_baseline(&a, x, count, out);
}

void fb_downsample_half(const uint32_t *source, ptrdiff_t width, ptrdiff_t height, uint32_t *out) {
    ptrdiff_t w = (width + 1) / 2, h = (height + 1) / 2;
    for (ptrdiff_t j = 0; j < h; j++) {
        // An odd last row or column averages the texels that exist (1 or 2 instead of 4).
        ptrdiff_t y1 = 2 * j + 1 < height ? 2 * j + 1 : 2 * j;
        for (ptrdiff_t i = 0; i < w; i++) {
            ptrdiff_t x1 = 2 * i + 1 < width ? 2 * i + 1 : 2 * i;
            uint32_t total[4] = {0, 0, 0, 0}, n = 0;
            for (ptrdiff_t yy = 2 * j; yy <= y1; yy++) {
                for (ptrdiff_t xx = 2 * i; xx <= x1; xx++) {
                    uint32_t t = source[yy * width + xx];
                    for (int k = 0; k < 4; k++) total[k] += channel(t, k);
                    n++;
                }
            }
            out[j * w + i] = pack((total[0] + n / 2) / n, (total[1] + n / 2) / n, (total[2] + n / 2) / n,
                                  (total[3] + n / 2) / n);
        }
    }
}

void fb_premultiply_rgba(const uint8_t *rgba, ptrdiff_t count, uint32_t *out) {
    for (ptrdiff_t i = 0; i < count; i++) {
        const uint8_t *p = rgba + 4 * i;
        uint32_t a = p[3];
        out[i] = a == 255 ? pack(p[0], p[1], p[2], 255) : mul255_lanes(pack(p[0], p[1], p[2], 255), a);
    }
}
