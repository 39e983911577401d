// The box of a polygon's vertices, for a shape's pixel box (ShapeCoverage.pixelBox). The Swift
// loop it replaces compiled to a dependent min and max per coordinate and vertex, with a finite
// test per vertex; here two pairs of (x, y) accumulators, and x − x, which is NaN exactly when x
// is infinite or NaN, gathered into one word tested once at the end.
#include "kernels_internal.h"

bool fb_point_bounds(const double *points, ptrdiff_t count, double *bounds) {
    if (count <= 0) return false;
#if FB_X86
    __m128d lo0 = _mm_loadu_pd(points), hi0 = lo0, lo1 = lo0, hi1 = lo0, bad = _mm_setzero_pd();
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const __m128d p = _mm_loadu_pd(points + 2 * i), q = _mm_loadu_pd(points + 2 * i + 2);
        bad = _mm_or_pd(bad, _mm_or_pd(_mm_sub_pd(p, p), _mm_sub_pd(q, q)));
        lo0 = _mm_min_pd(lo0, p);
        hi0 = _mm_max_pd(hi0, p);
        lo1 = _mm_min_pd(lo1, q);
        hi1 = _mm_max_pd(hi1, q);
    }
    if (i < count) {
        const __m128d p = _mm_loadu_pd(points + 2 * i);
        bad = _mm_or_pd(bad, _mm_sub_pd(p, p));
        lo0 = _mm_min_pd(lo0, p);
        hi0 = _mm_max_pd(hi0, p);
    }
    // x − x is +0.0 (all bits clear) for every finite x.
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_castpd_si128(bad), _mm_setzero_si128())) != 0xFFFF) return false;
    _mm_storeu_pd(bounds, _mm_min_pd(lo0, lo1));
    _mm_storeu_pd(bounds + 2, _mm_max_pd(hi0, hi1));
    return true;
#else
    double min_x = points[0], min_y = points[1], max_x = points[0], max_y = points[1];
    for (ptrdiff_t i = 0; i < count; i++) {
        const double x = points[2 * i], y = points[2 * i + 1];
        if (!(x - x == 0) || !(y - y == 0)) return false;
        min_x = x < min_x ? x : min_x;
        max_x = x > max_x ? x : max_x;
        min_y = y < min_y ? y : min_y;
        max_y = y > max_y ? y : max_y;
    }
    bounds[0] = min_x; bounds[1] = min_y; bounds[2] = max_x; bounds[3] = max_y;
    return true;
#endif
}
