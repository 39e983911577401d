// The passes around the separable Gaussian for blurs on a coarse grid (blur_grid.h).
#include "blur_grid.h"
#include "material_pixel.h"

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

#define to_byte material_to_byte
#define min_byte material_min_byte

void fb_grid_resolve_material(const float *cells, ptrdiff_t plane, ptrdiff_t cw, const int32_t *ux, const float *fx,
                              const int32_t *vy, const float *fy, ptrdiff_t out_w, ptrdiff_t out_h, float saturation,
                              float tr, float tg, float tb, float ta, uint8_t *out) {
    const float keep = 1 - ta / 255;
    for (ptrdiff_t y = 0; y < out_h; y++) {
        const ptrdiff_t row = (ptrdiff_t)vy[y] * cw;
        const float wy = fy[y];
        for (ptrdiff_t x = 0; x < out_w; x++) {
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
                c[k] = to_byte(lerp_cell(top, top + cw, u, wx, wy));
            }
            o[0] = min_byte(c[0], c[3]);
            o[1] = min_byte(c[1], c[3]);
            o[2] = min_byte(c[2], c[3]);
            o[3] = c[3];
        }
    }
}
