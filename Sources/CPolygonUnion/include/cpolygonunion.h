/*
 * cpolygonunion.h: the union of polygons under the non-zero rule, through the system Clipper
 * (Debian's libpolyclipping, Angus Johnson's Clipper 6.4.2, C++), for Swift.
 *
 * Rules of this header:
 *  - Pure C (C99): Swift imports it through the target's generated module map.
 *  - Integer coordinates, as Clipper takes them: the caller scales its doubles into
 *    ±CPU_COORDINATE_LIMIT and back. The shim never scales, rounds or decides when to unite.
 *  - The result is owned by a handle: read it, then free it with cpu_result_free.
 */
#ifndef CPOLYGONUNION_H
#define CPOLYGONUNION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Clipper's fast range (its loRange, 2^30 − 1): coordinates within it take 64-bit arithmetic. */
#define CPU_COORDINATE_LIMIT 1073741823LL

typedef struct cpu_result cpu_result;

/*
 * The union of `contour_count` closed contours, filled non-zero: contour k has `counts[k]`
 * points, taken in order from `xy` (x0, y0, x1, y1, …). Returns NULL when Clipper fails (a
 * coordinate outside the limit, or no memory).
 */
cpu_result *cpu_union_nonzero(const int64_t *xy, const int32_t *counts, int32_t contour_count);

/* The result's contours and points in all. */
int32_t cpu_result_contour_count(const cpu_result *result);
int64_t cpu_result_point_count(const cpu_result *result);

/* Copies the result out: counts[k] for each contour, and its points into xy, in order. */
void cpu_result_copy(const cpu_result *result, int32_t *counts, int64_t *xy);

void cpu_result_free(cpu_result *result);

#ifdef __cplusplus
}
#endif

#endif
