// Layers in perspective drawn exactly: the texture read of Rasterizer+Projected.swift's
// `blendTexture`, which took 84 % of a frame of the perspective workload as a Swift closure a
// pixel (libm's floor and round were calls, every point a tuple of optionals).
//
// Rules: plain IEEE double arithmetic in the Swift definition's order, no contraction, no libm
// but isfinite; Swift's min and max as written in the standard library (`y < x ? y : x`,
// `y >= x ? y : x`), so signed zeros fall the same way; Double.rounded() (half away from zero)
// on the non-negative means by truncation and a compare. So the bytes are those of the Swift
// code it replaced, which ProjectedTextureTests holds it to.
#pragma clang fp contract(off)
#include "projected_kernels.h"
#include "kernels_internal.h"
#include <math.h>

// Four doubles in one vector (GCC/Clang vector extensions): a pixel's four channels, or its four
// sample points. Each lane does the scalar's arithmetic in the same order, so the lanes give the
// bits of four scalar computations, in the baseline build (two SSE2 halves) as in the AVX2 one.
typedef double fb_p4 __attribute__((vector_size(32)));
typedef int64_t fb_l4 __attribute__((vector_size(32)));
typedef int32_t fb_i4 __attribute__((vector_size(16)));

// A macro, not a function: a function taking vectors would change its ABI between the baseline
// and AVX2 builds of the body (-Wpsabi).
#define select4(mask, yes, no) ((fb_p4)((((fb_l4)(yes)) & (mask)) | (((fb_l4)(no)) & ~(mask))))
#define broadcast4(x) ((fb_p4){x, x, x, x})

static inline uint32_t texel_at(const fb_projected_read *r, int64_t x, int64_t y) {
    if (x < r->box_x0 || x >= r->box_x1 || y < r->box_y0 || y >= r->box_y1) return 0;
    return r->texels[y * r->width + x];
}

// Adds weight × the texel's channels. The Swift code skips a transparent texel; adding its
// zeros instead leaves the sum's bits alone (every product is ≥ 0 or a zero, and the sum starts
// at +0), and a branch less at the shape's edges is what pays.
static inline void add_texel(fb_p4 *sum, uint32_t texel, double weight) {
    const uint8_t *p = (const uint8_t *)&texel;
    fb_p4 channels = {(double)p[0], (double)p[1], (double)p[2], (double)p[3]};
    *sum += weight * channels;
}


// Double.rounded() of a value ≥ 0 (or −0) below 2^62, then Swift's min(255, ·) and UInt8(·).
static inline uint32_t mean_byte(double s) {
    double v = s * 0.25;
    int64_t i = (int64_t)v;
    double r = (v - (double)i >= 0.5) ? (double)(i + 1) : (double)i;
    return (uint32_t)(255.0 < r ? 255.0 : r);
}

// A pixel's four points, taken to the texture: the lanes in the Swift loops' order (j outer,
// i inner), their texels' indices and bilinear weights, and the pixel's sum.
typedef struct {
    fb_i4 ix, iy;
    fb_p4 w00, w10, w01, w11;
    fb_p4 sum;
} fb_points4;

#define POINTS_LANES 4
#define POINTS_TARGET
#include "projected_points.h"

static inline __attribute__((always_inline)) void take_points(const fb_projected_read *r, ptrdiff_t x, ptrdiff_t y,
                                                               fb_points4 *p) {
    const fb_p4 di = {0.0, 0.5, 0.0, 0.5}, dj = {0.0, 0.0, 0.5, 0.5};
    const fb_p4 u = ((double)x + 0.25) + di, v = ((double)y + 0.25) + dj;
    project_points4(r, &u, &v, p);
}

// A point's four texels, in add_point's order (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1).
// Most points lie inside the box with all four: one test for the four then, instead of a test
// each (the same texels, so the same sum).
static inline __attribute__((always_inline)) void fetch_texels(const fb_projected_read *r, int64_t x, int64_t y,
                                                               uint32_t t[4]) {
    if (x >= r->box_x0 && x + 1 < r->box_x1 && y >= r->box_y0 && y + 1 < r->box_y1) {
        const uint32_t *row = r->texels + y * r->width + x;
        t[0] = row[0];
        t[1] = row[1];
        t[2] = row[r->width];
        t[3] = row[r->width + 1];
    } else {
        t[0] = texel_at(r, x, y);
        t[1] = texel_at(r, x + 1, y);
        t[2] = texel_at(r, x, y + 1);
        t[3] = texel_at(r, x + 1, y + 1);
    }
}

// Point k's four texels added to the pixel's sum, in the Swift code's order.
static inline __attribute__((always_inline)) void add_point(const fb_projected_read *r, fb_points4 *p, int k) {
    uint32_t t[4];
    fetch_texels(r, p->ix[k], p->iy[k], t);
    add_texel(&p->sum, t[0], p->w00[k]);
    add_texel(&p->sum, t[1], p->w10[k]);
    add_texel(&p->sum, t[2], p->w01[k]);
    add_texel(&p->sum, t[3], p->w11[k]);
}

// The mean of the four points as a pixel (ProjectedSampler.mean): transparent when alpha rounds
// to 0, each colour held to alpha.
static inline __attribute__((always_inline)) uint32_t resolve(const fb_points4 *p) {
    uint32_t a = mean_byte(p->sum[3]);
    if (a == 0) return 0;
    uint32_t r0 = mean_byte(p->sum[0]), r1 = mean_byte(p->sum[1]), r2 = mean_byte(p->sum[2]);
    uint32_t out;
    uint8_t *o = (uint8_t *)&out;
    o[0] = (uint8_t)(r0 < a ? r0 : a);
    o[1] = (uint8_t)(r1 < a ? r1 : a);
    o[2] = (uint8_t)(r2 < a ? r2 : a);
    o[3] = (uint8_t)a;
    return out;
}

// Four pixels a step, their additions interleaved: each pixel's sum is one chain of 16 dependent
// additions (their order fixes the bits), so three more chains beside it fill the adder's latency.
static inline __attribute__((always_inline)) void span_body(const fb_projected_read *r, ptrdiff_t x, ptrdiff_t y,
                                                             ptrdiff_t count, uint32_t *out) {
    enum { step = 4 };
    ptrdiff_t k = 0;
    for (; k + step <= count; k += step) {
        fb_points4 p[step];
        for (int j = 0; j < step; j++) take_points(r, x + k + j, y, &p[j]);
        for (int point = 0; point < 4; point++)
            for (int j = 0; j < step; j++) add_point(r, &p[j], point);
        for (int j = 0; j < step; j++) out[k + j] = resolve(&p[j]);
    }
    for (; k < count; k++) {
        fb_points4 a;
        take_points(r, x + k, y, &a);
        for (int point = 0; point < 4; point++) add_point(r, &a, point);
        out[k] = resolve(&a);
    }
}

static void span_baseline(const fb_projected_read *r, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    span_body(r, x, y, count, out);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void span_avx2(const fb_projected_read *r, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    span_body(r, x, y, count, out);
}

// With AVX-512, two pixels in one vector of eight doubles: lanes 0–3 the first pixel's points
// (or channels), 4–7 the second's, each lane the arithmetic of the four-lane code above, so the
// same bits in half the instructions.
typedef double fb_p8 __attribute__((vector_size(64)));
typedef int64_t fb_l8 __attribute__((vector_size(64)));
typedef int32_t fb_i8 __attribute__((vector_size(32)));
typedef uint8_t fb_b8 __attribute__((vector_size(8)));
#define select8(mask, yes, no) ((fb_p8)((((fb_l8)(yes)) & (mask)) | (((fb_l8)(no)) & ~(mask))))
#define broadcast8(x) ((fb_p8){x, x, x, x, x, x, x, x})

typedef struct {
    fb_i8 ix, iy;
    fb_p8 w00, w10, w01, w11;
    fb_p8 sum;
} fb_points8;

#define AVX512_TARGET __attribute__((target("avx512f,avx512vl,avx512dq,avx2")))

#define POINTS_LANES 8
#define POINTS_TARGET AVX512_TARGET
#include "projected_points.h"

// take_points for pixels x and x + 1.
static inline AVX512_TARGET __attribute__((always_inline)) void take_pair(const fb_projected_read *r, ptrdiff_t x,
                                                                          ptrdiff_t y, fb_points8 *p) {
    const fb_p8 di = {0.0, 0.5, 0.0, 0.5, 0.0, 0.5, 0.0, 0.5}, dj = {0.0, 0.0, 0.5, 0.5, 0.0, 0.0, 0.5, 0.5};
    const double u0 = (double)x + 0.25, u1 = (double)(x + 1) + 0.25;
    const fb_p8 base = {u0, u0, u0, u0, u1, u1, u1, u1};
    const fb_p8 u = base + di, v = ((double)y + 0.25) + dj;
    project_points8(r, &u, &v, p);
}

// Texel a's channels in lanes 0–3, b's in 4–7.
static inline AVX512_TARGET __attribute__((always_inline)) fb_p8 channels_pair(uint32_t a, uint32_t b) {
    uint64_t both = (uint64_t)a | ((uint64_t)b << 32);
    fb_b8 bytes;
    __builtin_memcpy(&bytes, &both, sizeof bytes);
    return __builtin_convertvector(bytes, fb_p8);
}

// Lane k of each pixel's weights in all four of that pixel's lanes (one permute; k is a constant
// once the caller's loop is unrolled).
#define PAIR_LANES(w, k) __builtin_shufflevector(w, w, k, k, k, k, 4 + k, 4 + k, 4 + k, 4 + k)
static inline AVX512_TARGET __attribute__((always_inline)) fb_p8 pair_weight(fb_p8 w, int k) {
    switch (k) {
    case 0: return PAIR_LANES(w, 0);
    case 1: return PAIR_LANES(w, 1);
    case 2: return PAIR_LANES(w, 2);
    default: return PAIR_LANES(w, 3);
    }
}
#undef PAIR_LANES

// Point k of both pixels added to their sums, in add_point's order.
static inline AVX512_TARGET __attribute__((always_inline)) void add_pair_point(const fb_projected_read *r,
                                                                               fb_points8 *p, int k) {
    uint32_t a[4], b[4];
    fetch_texels(r, p->ix[k], p->iy[k], a);
    fetch_texels(r, p->ix[4 + k], p->iy[4 + k], b);
    const fb_p8 w00 = pair_weight(p->w00, k), w10 = pair_weight(p->w10, k);
    const fb_p8 w01 = pair_weight(p->w01, k), w11 = pair_weight(p->w11, k);
    p->sum += w00 * channels_pair(a[0], b[0]);
    p->sum += w10 * channels_pair(a[1], b[1]);
    p->sum += w01 * channels_pair(a[2], b[2]);
    p->sum += w11 * channels_pair(a[3], b[3]);
}

// resolve() of the pixel whose sums are lanes [first, first + 4).
static inline AVX512_TARGET __attribute__((always_inline)) uint32_t resolve_half(const fb_points8 *p, int first) {
    fb_points4 one;
    one.sum = (fb_p4){p->sum[first], p->sum[first + 1], p->sum[first + 2], p->sum[first + 3]};
    return resolve(&one);
}

AVX512_TARGET
static void span_avx512(const fb_projected_read *r, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    // Four pairs a step: four chains of additions beside each other, as span_body's four pixels.
    enum { pairs = 4 };
    ptrdiff_t k = 0;
    for (; k + 2 * pairs <= count; k += 2 * pairs) {
        fb_points8 p[pairs];
        for (int j = 0; j < pairs; j++) take_pair(r, x + k + 2 * j, y, &p[j]);
        for (int point = 0; point < 4; point++)
            for (int j = 0; j < pairs; j++) add_pair_point(r, &p[j], point);
        for (int j = 0; j < pairs; j++) {
            out[k + 2 * j] = resolve_half(&p[j], 0);
            out[k + 2 * j + 1] = resolve_half(&p[j], 4);
        }
    }
    if (k < count) span_body(r, x + k, y, count - k, out + k);
}
#endif

void fb_projected_texture_span(const fb_projected_read *read, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count,
                               uint32_t *out) {
#if defined(__x86_64__)
    if (fb_kernel_level() >= FB_LEVEL_AVX512) { span_avx512(read, x, y, count, out); return; }
    if (fb_kernel_level() >= FB_LEVEL_AVX2) { span_avx2(read, x, y, count, out); return; }
#endif
    span_baseline(read, x, y, count, out);
}
