// Layer shadows: the blur's two passes and the composite of the blurred mask (shadow_kernels.h).
// Rules:
// 1. Bits equal to Shadow.swift's loops before this kernel, at every level: each element is
//    t = t + w·s with the product rounded to Float and then the sum (FP_CONTRACT off: no fused
//    multiply-add, which rounds once), in the order of the taps.
//    Lanes never mix, so the vector width cannot change a value.
// 2. The composite is the glyph masks' blit (glyph_masks.c) over one row of coverage bytes: its
//    per-byte rule is Shadow.swift's, colour·c then ·opacity, then source-over.
#include "shadow_kernels.h"
#include "glyph_masks.h"
#include "raster_kernels.h"
#include "kernels_internal.h"
#include "material_pixel.h"
#include <string.h>
#if defined(__x86_64__)
#define BLUR_X86 1
#endif

#pragma STDC FP_CONTRACT OFF

// out[i] = Σ_j weights[j]·source[i + j·tap_stride] for i < count, j < taps, summed in the order
// of j from +0: the definition's per-element operations (rule 1), each tap a multiply rounded to
// Float, then an add. The horizontal pass walks a row's neighbours (tap_stride 1), the vertical
// one the rows above and below (tap_stride = width).
typedef void (*blur_taps)(float *out, const float *source, ptrdiff_t tap_stride, const float *weights, ptrdiff_t taps,
                          ptrdiff_t count);

// The definition, and the scalar level's kernel.
static void taps_scalar(float *out, const float *source, ptrdiff_t tap_stride, const float *weights, ptrdiff_t taps,
                        ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i++) {
        float t = 0;
        for (ptrdiff_t j = 0; j < taps; j++) {
            float product = weights[j] * source[i + j * tap_stride];
            t = t + product;
        }
        out[i] = t;
    }
}

// One body for the vector levels: 16 floats a vector as a GCC/Clang vector, which the baseline
// build does as four SSE2 operations, the AVX2 build as two and the AVX-512 build as one. Four
// vectors (64 outputs) stay in registers across every tap, so a tap costs one load, one multiply
// and one add per vector, not also a load and a store of the running sums (which is what the
// per-tap passes over the row did before), and four chains of adds hide each add's
// latency. Lanes never mix, so the vector width cannot change a value. The tail is the
// definition's loop.
typedef float blur_f16 __attribute__((vector_size(64)));

#define BLUR_LOAD(p) ({ blur_f16 v_; __builtin_memcpy(&v_, (p), sizeof v_); v_; })

static inline __attribute__((always_inline))
void taps_body(float *out, const float *source, ptrdiff_t tap_stride, const float *weights, ptrdiff_t taps,
               ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 64 <= count; i += 64) {
        blur_f16 t0 = {0}, t1 = {0}, t2 = {0}, t3 = {0};
        const float *s = source + i;
        for (ptrdiff_t j = 0; j < taps; j++, s += tap_stride) {
            const float w = weights[j];
            blur_f16 p0 = w * BLUR_LOAD(s), p1 = w * BLUR_LOAD(s + 16);
            blur_f16 p2 = w * BLUR_LOAD(s + 32), p3 = w * BLUR_LOAD(s + 48);
            t0 = t0 + p0;
            t1 = t1 + p1;
            t2 = t2 + p2;
            t3 = t3 + p3;
        }
        __builtin_memcpy(out + i, &t0, sizeof t0);
        __builtin_memcpy(out + i + 16, &t1, sizeof t1);
        __builtin_memcpy(out + i + 32, &t2, sizeof t2);
        __builtin_memcpy(out + i + 48, &t3, sizeof t3);
    }
    for (; i + 16 <= count; i += 16) {
        blur_f16 t = {0};
        const float *s = source + i;
        for (ptrdiff_t j = 0; j < taps; j++, s += tap_stride) {
            blur_f16 product = weights[j] * BLUR_LOAD(s);
            t = t + product;
        }
        __builtin_memcpy(out + i, &t, sizeof t);
    }
    taps_scalar(out + i, source + i, tap_stride, weights, taps, count - i);
}

#if BLUR_X86
static void taps_sse2(float *out, const float *source, ptrdiff_t tap_stride, const float *weights, ptrdiff_t taps,
                      ptrdiff_t count) {
    taps_body(out, source, tap_stride, weights, taps, count);
}

__attribute__((target("avx2")))
static void taps_avx2(float *out, const float *source, ptrdiff_t tap_stride, const float *weights, ptrdiff_t taps,
                      ptrdiff_t count) {
    taps_body(out, source, tap_stride, weights, taps, count);
}

__attribute__((target("avx512f")))
static void taps_avx512(float *out, const float *source, ptrdiff_t tap_stride, const float *weights, ptrdiff_t taps,
                        ptrdiff_t count) {
    taps_body(out, source, tap_stride, weights, taps, count);
}
#endif

static blur_taps blur_kernel(void) {
#if BLUR_X86
    const int level = fb_kernel_level();
    if (level >= FB_LEVEL_AVX512) return taps_avx512;
    if (level >= FB_LEVEL_AVX2) return taps_avx2;
    if (level >= FB_LEVEL_SSE2) return taps_sse2;
#endif
    return taps_scalar;
}

// Shadow.swift's ShadowRenderer.maximumHalfWidth: the most taps a side.
#define BLUR_MAX_K 1024

// Columns [x_lo, x_hi) of a row, within k of its ends, where some taps fall outside the row: the
// taps kernel over a copy of source columns [x_lo − k, x_hi + k) with zeros outside the row. The
// definition skips a missing tap; here it adds w·0 = ±0, which leaves a running sum alone: sums
// start at +0 and never become −0 (in round-to-nearest x + (−x) is +0, and +0 + (−0) is +0), and
// t + (±0) = t for every other t. So the bits are the definition's. x_hi − x_lo ≤ k.
static void edge_columns(blur_taps taps, float *out, const float *row, ptrdiff_t width, ptrdiff_t x_lo,
                         ptrdiff_t x_hi, const float *weights, ptrdiff_t k) {
    const ptrdiff_t n = x_hi - x_lo;
    if (n <= 0) return;
    float padded[3 * BLUR_MAX_K];
    if (k > BLUR_MAX_K || n > k) {
        // Not reached through Shadow.swift (k ≤ maximumHalfWidth); the definition itself.
        for (ptrdiff_t x = x_lo; x < x_hi; x++) {
            float t = 0;
            for (ptrdiff_t j = 0; j <= 2 * k; j++) {
                const ptrdiff_t source = x + j - k;
                if (source < 0 || source >= width) continue;
                float product = weights[j] * row[source];
                t = t + product;
            }
            out[x] = t;
        }
        return;
    }
    for (ptrdiff_t i = 0; i < n + 2 * k; i++) {
        const ptrdiff_t source = x_lo - k + i;
        padded[i] = source >= 0 && source < width ? row[source] : 0;
    }
    taps(out + x_lo, padded, 1, weights, 2 * k + 1, n);
}

// [lo, hi) ∩ [a, b), empty as lo = hi.
static inline void clamp_range(ptrdiff_t *lo, ptrdiff_t *hi, ptrdiff_t a, ptrdiff_t b) {
    if (*lo < a) *lo = a;
    if (*hi > b) *hi = b;
    if (*hi < *lo) *hi = *lo;
}

void fb_blur_separable(float *mask, float *temp, ptrdiff_t width, ptrdiff_t height, const float *weights,
                       ptrdiff_t k, ptrdiff_t active_lo, ptrdiff_t active_hi, ptrdiff_t out_x_lo, ptrdiff_t out_x_hi,
                       ptrdiff_t out_y_lo, ptrdiff_t out_y_hi) {
    if (k <= 0 || width <= 0 || height <= 0) return;
    clamp_range(&out_x_lo, &out_x_hi, 0, width);
    clamp_range(&out_y_lo, &out_y_hi, 0, height);
    if (out_x_lo >= out_x_hi || out_y_lo >= out_y_hi) return;
    const blur_taps taps = blur_kernel();
    // Horizontal: temp[y][x] = Σ_j w[j]·mask[y][x + j − k], only rows that hold any mask (the
    // vertical pass reads no other row of temp) and only the output columns (the vertical pass
    // reads no other column). Each column is computed as without the restriction: the same bits.
    const ptrdiff_t inner_lo = k < width ? k : width, inner_hi = width - k > inner_lo ? width - k : inner_lo;
    ptrdiff_t left_lo = 0, left_hi = inner_lo, mid_lo = inner_lo, mid_hi = inner_hi, right_lo = inner_hi,
              right_hi = width;
    clamp_range(&left_lo, &left_hi, out_x_lo, out_x_hi);
    clamp_range(&mid_lo, &mid_hi, out_x_lo, out_x_hi);
    clamp_range(&right_lo, &right_hi, out_x_lo, out_x_hi);
    for (ptrdiff_t y = active_lo; y < active_hi; y++) {
        float *row = temp + y * width;
        const float *source = mask + y * width;
        edge_columns(taps, row, source, width, left_lo, left_hi, weights, k);
        if (mid_hi > mid_lo) taps(row + mid_lo, source + mid_lo - k, 1, weights, 2 * k + 1, mid_hi - mid_lo);
        edge_columns(taps, row, source, width, right_lo, right_hi, weights, k);
    }
    // Vertical: mask[y][x] = Σ_j w[j]·temp[y + j − k][x], the taps on active rows only (a
    // contiguous run of j, since the active rows are contiguous), output rows and columns only.
    const ptrdiff_t count = out_x_hi - out_x_lo;
    for (ptrdiff_t y = out_y_lo; y < out_y_hi; y++) {
        const ptrdiff_t j_lo = active_lo - y + k > 0 ? active_lo - y + k : 0;
        const ptrdiff_t j_hi = active_hi - y + k < 2 * k + 1 ? active_hi - y + k : 2 * k + 1;
        float *row = mask + y * width + out_x_lo;
        if (j_lo >= j_hi) {
            memset(row, 0, (size_t)count * sizeof(float));
            continue;
        }
        taps(row, temp + (y + j_lo - k) * width + out_x_lo, width, weights + j_lo, j_hi - j_lo, count);
    }
}

void fb_composite_blurred_row(uint32_t *pixels, const float *blurred, const float *clip, ptrdiff_t count,
                              uint32_t colour, uint32_t opacity, uint8_t *bytes) {
    // Swift's min(v, 1) (`1 < v ? 1 : v`) and coverageByte (v·255 + 0.5, truncated), in Float.
    if (clip) {
        for (ptrdiff_t i = 0; i < count; i++) {
            float v = blurred[i];
            v = 1.0f < v ? 1.0f : v;
            v = v * clip[i];
            bytes[i] = (uint8_t)(v * 255.0f + 0.5f);
        }
    } else {
        for (ptrdiff_t i = 0; i < count; i++) {
            float v = blurred[i];
            v = 1.0f < v ? 1.0f : v;
            bytes[i] = (uint8_t)(v * 255.0f + 0.5f);
        }
    }
    fb_blit_glyph_mask(pixels, 0, bytes, 0, NULL, 0, count, 1, colour, opacity);
}

// fb_blur_rgba and fb_backdrop_exact: the four channels interleaved (tap stride 4 across a row,
// 4·width down a column), which keeps each output's terms and their order (rule 1), so the bits
// are those of one plane at a time through fb_blur_separable. A row's horizontal pass reads it
// padded to 4k floats each side: zeros beyond a filter's region (a missing tap adds w·0 = +0,
// which leaves a running sum alone, as in edge_columns), the edge pixels repeated for a backdrop.
// A zero row stands for an inactive row in the vertical pass, where the definition skips it:
// the same bits again. Rows stream through a window of the 2k + BLUR_STRIP horizontal rows the
// next BLUR_STRIP outputs need.
#define BLUR_STRIP 32

ptrdiff_t fb_blur_rgba_scratch_count(ptrdiff_t width, ptrdiff_t k) {
    const ptrdiff_t w4 = 4 * width;
    // window, padded row, output row, then the pending strip's bytes (as floats' storage).
    return (2 * k + BLUR_STRIP) * w4 + (w4 + 8 * k) + w4 + (BLUR_STRIP * w4 + 3) / 4;
}

// Fills padded[4k … 4k + 4·width) (and, for a backdrop, the 4k floats either side) for row y.
typedef void (*blur_row_loader)(float *padded, ptrdiff_t y, void *context);
// Called before a strip's outputs, once its horizontal rows are in the window (and at the end
// with first = height): where a filter writes back the previous strip.
typedef void (*blur_strip_start)(ptrdiff_t first, void *context);
// Receives output row y, 4·width blurred floats.
typedef void (*blur_row_emitter)(const float *row, ptrdiff_t y, void *context);

static void blur_rgba_stream(ptrdiff_t width, ptrdiff_t height, const float *weights, ptrdiff_t k,
                             ptrdiff_t active_lo, ptrdiff_t active_hi, float *scratch, blur_row_loader load,
                             blur_strip_start start, blur_row_emitter emit, void *context) {
    const blur_taps taps = blur_kernel();
    const ptrdiff_t w4 = 4 * width, rows = 2 * k + BLUR_STRIP;
    float *window = scratch, *padded = window + rows * w4, *out = padded + w4 + 8 * k;
    memset(padded, 0, (size_t)(w4 + 8 * k) * sizeof(float));
    // window row i holds the horizontal pass of row `top + i`.
    ptrdiff_t top = -k, filled = 0;
    for (ptrdiff_t s = 0; s < height; s += BLUR_STRIP) {
        const ptrdiff_t n = height - s < BLUR_STRIP ? height - s : BLUR_STRIP;
        // Slide: keep the 2k rows the strip still needs at the window's top.
        if (s - k > top) {
            const ptrdiff_t drop = s - k - top, keep = filled - drop;
            if (keep > 0) memmove(window, window + drop * w4, (size_t)(keep * w4) * sizeof(float));
            filled = keep > 0 ? keep : 0;
            top = s - k;
        }
        for (; top + filled < s + n + k; filled++) {
            const ptrdiff_t y = top + filled;
            float *row = window + filled * w4;
            if (y < active_lo || y >= active_hi) {
                memset(row, 0, (size_t)w4 * sizeof(float));
                continue;
            }
            load(padded, y, context);
            taps(row, padded, 4, weights, 2 * k + 1, w4);
        }
        if (start) start(s, context);
        for (ptrdiff_t y = s; y < s + n; y++) {
            taps(out, window + (y - k - top) * w4, w4, weights, 2 * k + 1, w4);
            emit(out, y, context);
        }
    }
    if (start) start(height, context);
}

static inline uint8_t blur_byte(float v) {
    // Swift's max(v, 0) is `0 >= v ? 0 : v`, min(v, 255) is `255 < v ? 255 : v`.
    v = 0.0f >= v ? 0.0f : v;
    v = 255.0f < v ? 255.0f : v;
    return (uint8_t)(v + 0.5f);
}

// A filter: its region's rows as they are (zeros either side: the padding the stream cleared),
// blurred back in place a strip late, since the next strip's horizontal pass reaches k rows back
// into it.
typedef struct {
    uint8_t *pixels, *pending;
    ptrdiff_t stride, w4, k4, pending_first, pending_count;
} filter_stream;

static void filter_load(float *padded, ptrdiff_t y, void *context) {
    const filter_stream *f = context;
    const uint8_t *source = f->pixels + y * f->stride;
    for (ptrdiff_t i = 0; i < f->w4; i++) padded[f->k4 + i] = (float)source[i];
}

static void filter_start(ptrdiff_t first, void *context) {
    filter_stream *f = context;
    for (ptrdiff_t r = 0; r < f->pending_count; r++)
        memcpy(f->pixels + (f->pending_first + r) * f->stride, f->pending + r * f->w4, (size_t)f->w4);
    f->pending_first = first;
    f->pending_count = 0;
}

static void filter_emit(const float *out, ptrdiff_t y, void *context) {
    filter_stream *f = context;
    uint8_t *bytes = f->pending + (y - f->pending_first) * f->w4;
    for (ptrdiff_t x = 0; x < f->w4; x += 4) {
        const uint8_t a = blur_byte(out[x + 3]);
        for (int c = 0; c < 3; c++) {
            const uint8_t v = blur_byte(out[x + c]);
            bytes[x + c] = v < a ? v : a;
        }
        bytes[x + 3] = a;
    }
    f->pending_count = y - f->pending_first + 1;
}

void fb_blur_rgba(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t width, ptrdiff_t height, const float *weights,
                  ptrdiff_t k, ptrdiff_t active_lo, ptrdiff_t active_hi, float *scratch) {
    if (k <= 0 || width <= 0 || height <= 0) return;
    if (active_lo < 0) active_lo = 0;
    if (active_hi > height) active_hi = height;
    const ptrdiff_t w4 = 4 * width;
    float *pending = scratch + (2 * k + BLUR_STRIP) * w4 + (w4 + 8 * k) + w4;
    filter_stream context = {pixels, (uint8_t *)pending, stride, w4, 4 * k, 0, 0};
    blur_rgba_stream(width, height, weights, k, active_lo, active_hi, scratch, filter_load, filter_start, filter_emit,
                     &context);
}

// A backdrop: the box's pixels with the pixmap's edge pixels repeated beyond it, resolved to the
// material's colours (material_pixel.h, as fb_grid_resolve_material resolves a grid of step 1,
// where the interpolation's weights are 0 and leave each cell's value as it is).
typedef struct {
    const uint8_t *rgba;
    ptrdiff_t width, height, x0, y0, w, k;
    float saturation, tr, tg, tb, ta, keep;
    uint8_t *out;
} backdrop_stream;

static void backdrop_load(float *padded, ptrdiff_t y, void *context) {
    const backdrop_stream *b = context;
    ptrdiff_t sy = b->y0 + y;
    sy = sy < 0 ? 0 : sy >= b->height ? b->height - 1 : sy;
    const uint8_t *row = b->rgba + 4 * sy * b->width;
    for (ptrdiff_t i = 0; i < b->w + 2 * b->k; i++) {
        ptrdiff_t sx = b->x0 - b->k + i;
        sx = sx < 0 ? 0 : sx >= b->width ? b->width - 1 : sx;
        const uint8_t *p = row + 4 * sx;
        padded[4 * i] = (float)p[0];
        padded[4 * i + 1] = (float)p[1];
        padded[4 * i + 2] = (float)p[2];
        padded[4 * i + 3] = (float)p[3];
    }
}

static void backdrop_emit(const float *out, ptrdiff_t y, void *context) {
    const backdrop_stream *b = context;
    uint8_t *o = b->out + 4 * y * b->w;
    for (ptrdiff_t x = 0; x < b->w; x++)
        material_pixel(out + 4 * x, b->saturation, b->tr, b->tg, b->tb, b->ta, b->keep, o + 4 * x);
}

void fb_backdrop_exact(const uint8_t *rgba, ptrdiff_t width, ptrdiff_t height, ptrdiff_t x0, ptrdiff_t y0,
                       ptrdiff_t w, ptrdiff_t h, const float *weights, ptrdiff_t k, float saturation, float tr,
                       float tg, float tb, float ta, float *scratch, uint8_t *out) {
    if (k <= 0 || w <= 0 || h <= 0 || width <= 0 || height <= 0) return;
    backdrop_stream context = {rgba, width, height, x0, y0, w, k, saturation, tr, tg, tb, ta, 1 - ta / 255, out};
    // Every row is read (rows beyond the pixmap repeat its edge): active from −k to h + k.
    blur_rgba_stream(w, h, weights, k, -k, h + k, scratch, backdrop_load, NULL, backdrop_emit, &context);
}
