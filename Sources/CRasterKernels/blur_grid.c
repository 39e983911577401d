// The passes around the separable Gaussian for blurs on a coarse grid (blur_grid.h).
// The material resolver has an AVX2 body beside the scalar one: eight pixels a step, each lane
// the scalar pixel's operations in the same order (products and sums rounded one at a time,
// never fused; clamps as min/max, equal for the finite values here), so every level gives the
// same bytes (InterleavedBlurTests).
#include "blur_grid.h"
#include "kernels_internal.h"
#include "material_pixel.h"

#pragma STDC FP_CONTRACT OFF

static inline ptrdiff_t clampi(ptrdiff_t v, ptrdiff_t lo, ptrdiff_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void fb_grid_average(const uint8_t *rgba, ptrdiff_t width, ptrdiff_t height, ptrdiff_t ox, ptrdiff_t oy,
                     ptrdiff_t step, ptrdiff_t cw, ptrdiff_t ch, int clamp_edges, float *planes) {
    const ptrdiff_t n = cw * ch;
    const float inverse_area = 1.0f / (float)(step * step);
    for (ptrdiff_t v = 0; v < ch; v++) {
        for (ptrdiff_t u = 0; u < cw; u++) {
            uint32_t r = 0, g = 0, b = 0, a = 0;
            for (ptrdiff_t dy = 0; dy < step; dy++) {
                ptrdiff_t y = oy + v * step + dy;
                if (y < 0 || y >= height) {
                    if (!clamp_edges) continue;
                    y = clampi(y, 0, height - 1);
                }
                const uint8_t *row = rgba + 4 * y * width;
                for (ptrdiff_t dx = 0; dx < step; dx++) {
                    ptrdiff_t x = ox + u * step + dx;
                    if (x < 0 || x >= width) {
                        if (!clamp_edges) continue;
                        x = clampi(x, 0, width - 1);
                    }
                    const uint8_t *p = row + 4 * x;
                    r += p[0];
                    g += p[1];
                    b += p[2];
                    a += p[3];
                }
            }
            const ptrdiff_t i = v * cw + u;
            planes[i] = (float)r * inverse_area;
            planes[n + i] = (float)g * inverse_area;
            planes[2 * n + i] = (float)b * inverse_area;
            planes[3 * n + i] = (float)a * inverse_area;
        }
    }
}

void fb_grid_positions(ptrdiff_t cells, ptrdiff_t step, ptrdiff_t offset, ptrdiff_t count, int32_t *index,
                       float *weight) {
    const double scale = 1.0 / (double)step;
    for (ptrdiff_t p = 0; p < count; p++) {
        double c = ((double)(p + offset) + 0.5) * scale - 0.5;
        c = c < 0 ? 0 : c > (double)(cells - 1) ? (double)(cells - 1) : c;
        ptrdiff_t i = (ptrdiff_t)c;
        if (i > cells - 2) i = cells - 2;
        index[p] = (int32_t)i;
        weight[p] = (float)(c - (double)i);
    }
}

static inline float lerp_cell(const float *top, const float *bottom, ptrdiff_t u, float wx, float wy) {
    const float t = top[u] * (1 - wx) + top[u + 1] * wx;
    const float b = bottom[u] * (1 - wx) + bottom[u + 1] * wx;
    return t * (1 - wy) + b * wy;
}

static void resolve_material_rows(const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux,
                                  const float *fx, const int32_t *vy, const float *fy, ptrdiff_t out_w,
                                  ptrdiff_t out_h, float saturation, float tr, float tg, float tb, float ta,
                                  uint8_t *out, ptrdiff_t x_from) {
    const float keep = 1 - ta / 255;
    for (ptrdiff_t y = 0; y < out_h; y++) {
        const ptrdiff_t row = (ptrdiff_t)vy[y] * cw;
        const float wy = fy[y];
        for (ptrdiff_t x = x_from; x < out_w; x++) {
            const ptrdiff_t u = ux[x];
            const float wx = fx[x];
            float c[4];
            for (int k = 0; k < 4; k++) {
                const float *top = cells + k * plane + row;
                c[k] = lerp_cell(top, top + cw, u, wx, wy);
            }
            material_pixel(c, saturation, tr, tg, tb, ta, keep, out + 4 * (y * out_w + x));
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static inline __m256 clamp8(__m256 v, __m256 lo, __m256 hi) {
    return _mm256_min_ps(_mm256_max_ps(v, lo), hi);
}

// material_to_byte eight at a time: held to 0…255, + 0.5, truncated.
__attribute__((target("avx2"))) static inline __m256i byte8(__m256 v) {
    return _mm256_cvttps_epi32(_mm256_add_ps(clamp8(v, _mm256_setzero_ps(), _mm256_set1_ps(255)),
                                             _mm256_set1_ps(0.5f)));
}

// The pixels of every row up to the last multiple of eight columns; returns that column.
__attribute__((target("avx2"))) static ptrdiff_t resolve_material_avx2(
    const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux, const float *fx, const int32_t *vy,
    const float *fy, ptrdiff_t out_w, ptrdiff_t out_h, float saturation, float tr, float tg, float tb, float ta,
    uint8_t *out) {
    const ptrdiff_t whole = out_w - out_w % 8;
    const float keep = 1 - ta / 255;
    const __m256 one = _mm256_set1_ps(1), zero = _mm256_setzero_ps(), v255 = _mm256_set1_ps(255);
    const __m256 s = _mm256_set1_ps(saturation), kp = _mm256_set1_ps(keep);
    const __m256 lr = _mm256_set1_ps(0.2126f), lg = _mm256_set1_ps(0.7152f), lb = _mm256_set1_ps(0.0722f);
    const __m256 tint_r = _mm256_set1_ps(tr), tint_g = _mm256_set1_ps(tg), tint_b = _mm256_set1_ps(tb),
                 tint_a = _mm256_set1_ps(ta);
    for (ptrdiff_t y = 0; y < out_h; y++) {
        const ptrdiff_t row = (ptrdiff_t)vy[y] * cw;
        const __m256 wy = _mm256_set1_ps(fy[y]), one_wy = _mm256_set1_ps(1 - fy[y]);
        for (ptrdiff_t x = 0; x < whole; x += 8) {
            const __m256i u = _mm256_loadu_si256((const __m256i *)(ux + x));
            const __m256i u1 = _mm256_add_epi32(u, _mm256_set1_epi32(1));
            const __m256 wx = _mm256_loadu_ps(fx + x), one_wx = _mm256_sub_ps(one, wx);
            __m256 c[4];
            for (int k = 0; k < 4; k++) {
                const float *top = cells + k * plane + row, *bottom = top + cw;
                const __m256 t = _mm256_add_ps(_mm256_mul_ps(_mm256_i32gather_ps(top, u, 4), one_wx),
                                               _mm256_mul_ps(_mm256_i32gather_ps(top, u1, 4), wx));
                const __m256 b = _mm256_add_ps(_mm256_mul_ps(_mm256_i32gather_ps(bottom, u, 4), one_wx),
                                               _mm256_mul_ps(_mm256_i32gather_ps(bottom, u1, 4), wx));
                c[k] = _mm256_add_ps(_mm256_mul_ps(t, one_wy), _mm256_mul_ps(b, wy));
            }
            const __m256 a = clamp8(c[3], zero, v255);
            const __m256 lum = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(lr, c[0]), _mm256_mul_ps(lg, c[1])),
                                             _mm256_mul_ps(lb, c[2]));
            const __m256 r = clamp8(_mm256_add_ps(lum, _mm256_mul_ps(s, _mm256_sub_ps(c[0], lum))), zero, a);
            const __m256 g = clamp8(_mm256_add_ps(lum, _mm256_mul_ps(s, _mm256_sub_ps(c[1], lum))), zero, a);
            const __m256 bl = clamp8(_mm256_add_ps(lum, _mm256_mul_ps(s, _mm256_sub_ps(c[2], lum))), zero, a);
            const __m256i alpha = byte8(_mm256_add_ps(tint_a, _mm256_mul_ps(a, kp)));
            const __m256i ro = _mm256_min_epi32(byte8(_mm256_add_ps(tint_r, _mm256_mul_ps(r, kp))), alpha);
            const __m256i go = _mm256_min_epi32(byte8(_mm256_add_ps(tint_g, _mm256_mul_ps(g, kp))), alpha);
            const __m256i bo = _mm256_min_epi32(byte8(_mm256_add_ps(tint_b, _mm256_mul_ps(bl, kp))), alpha);
            const __m256i packed = _mm256_or_si256(
                _mm256_or_si256(ro, _mm256_slli_epi32(go, 8)),
                _mm256_or_si256(_mm256_slli_epi32(bo, 16), _mm256_slli_epi32(alpha, 24)));
            _mm256_storeu_si256((__m256i *)(out + 4 * (y * out_w + x)), packed);
        }
    }
    return whole;
}
#endif

void fb_grid_resolve_material(const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux, const float *fx,
                              const int32_t *vy, const float *fy, ptrdiff_t out_w, ptrdiff_t out_h, float saturation,
                              float tr, float tg, float tb, float ta, uint8_t *out) {
    ptrdiff_t done = 0;
#if defined(__x86_64__)
    if (fb_kernel_level() >= FB_LEVEL_AVX2)
        done = resolve_material_avx2(cells, plane, cw, ux, fx, vy, fy, out_w, out_h, saturation, tr, tg, tb, ta, out);
#endif
    resolve_material_rows(cells, plane, cw, ux, fx, vy, fy, out_w, out_h, saturation, tr, tg, tb, ta, out, done);
}

void fb_grid_resolve_store(const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux, const float *fx,
                           const int32_t *vy, const float *fy, ptrdiff_t out_w, ptrdiff_t out_h, uint8_t *rgba,
                           ptrdiff_t stride) {
    for (ptrdiff_t y = 0; y < out_h; y++) {
        const ptrdiff_t row = (ptrdiff_t)vy[y] * cw;
        const float wy = fy[y];
        uint8_t *o = rgba + y * stride;
        for (ptrdiff_t x = 0; x < out_w; x++, o += 4) {
            const ptrdiff_t u = ux[x];
            const float wx = fx[x];
            uint8_t c[4];
            for (int k = 0; k < 4; k++) {
                const float *top = cells + k * plane + row;
                c[k] = material_to_byte(lerp_cell(top, top + cw, u, wx, wy));
            }
            o[0] = material_min_byte(c[0], c[3]);
            o[1] = material_min_byte(c[1], c[3]);
            o[2] = material_min_byte(c[2], c[3]);
            o[3] = c[3];
        }
    }
}
