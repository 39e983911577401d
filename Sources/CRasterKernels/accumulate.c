// Signed-area accumulation of a polygon's edges into int32 cells (CoverageAccumulator.swift's
// rules apply; this is its hot loop).
//
// Every edge adds, to the cells of each pixel row it crosses, the change it makes to the coverage
// of that row from one column to the next; a prefix sum along the row (the sweep) then gives, for
// every pixel, the signed area of the polygon inside it.
//
// Two stages per edge:
// 1. Clipping, in Double, only for edges that leave the box (rare): parts above and below are
//    dropped, the part right of x = width changes only columns ≥ width and is dropped, the part
//    left of x = 0 is projected onto x = 0 (which changes every column ≥ 0 alike).
// 2. The walk, in 22.10 fixed point (FB_CELL_ONE = 1024 units a pixel), integers only: endpoints
//    rounded once per edge; x where the edge crosses each row boundary by an error accumulator
//    (Bresenham: one add and one compare a row, rounded to nearest, so no drift along tall
//    edges); each row piece's exact trapezoid areas per cell in units of 1/FB_CELL_FULL pixel
//    (cumulative, truncated once per cell, so a row's cells sum exactly to its cover).
// No floor, ceil or float-to-int conversion per row piece.
#include "kernels_internal.h"

#include "cell_walk.h"

static inline int32_t to_fixed(double v) {   // v ≥ 0, rounded to nearest
    return (int32_t)(v * FB_CELL_ONE + 0.5);
}

static inline double sw_min(double x, double y) { return y < x ? y : x; }
static inline double sw_max(double x, double y) { return y >= x ? y : x; }
// v held to [lo, hi], as sw_min(sw_max(v, lo), hi) for every number, and lo for NaN: an edge
// whose ends are finite but far apart (±1e308) has an infinite slope, and its x at its own top
// end is then ∞·0 = NaN, which must not reach to_fixed (a NaN converted to int32 is INT_MIN on
// x86, a cell far outside the buffer).
static inline double clamp_to(double v, double lo, double hi) { return v >= lo ? (v <= hi ? v : hi) : lo; }

// The one place clipped edges leave stage 1: walked into cells now, or kept for a band-wise walk
// (fb_walk_edges_rows), which gives the same cells row for row.
static inline __attribute__((always_inline))
void emit_edge(const target *t, int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t direction,
               const int marking) {
    if (t->edges != NULL) {
        if (y0 < y1) t->edges[(*t->edge_count)++] = (fb_edge){ x0, y0, x1, y1, direction };
        return;
    }
    walk_edge(t, x0, y0, x1, y1, direction, marking);
}

// A downward piece with both x in [0, width], clipped to rows [0, height] here.
static inline __attribute__((always_inline))
void add_piece(const target *t, double x0, double y0, double x1, double y1, int32_t direction, double height,
               const int marking) {
    double y_start = sw_max(y0, 0), y_end = sw_min(y1, height);
    if (!(y_start < y_end)) return;
    double dxdy = (x1 - x0) / (y1 - y0);
    double lo = sw_min(x0, x1), hi = sw_max(x0, x1);
#define PIECE_X(y) ((y) == y1 ? x1 : (y) == y0 ? x0 : clamp_to(x0 + ((y) - y0) * dxdy, lo, hi))
    emit_edge(t, to_fixed(PIECE_X(y_start)), to_fixed(y_start), to_fixed(PIECE_X(y_end)), to_fixed(y_end), direction,
              marking);
#undef PIECE_X
}

// One edge in box coordinates (the box spans [0, width] × [0, height]).
static inline __attribute__((always_inline))
void add_line(const target *t, double p0x, double p0y, double p1x, double p1y, double width, double height,
              const int marking) {
    if (p0y == p1y) return;   // horizontal: no area
    double tx, ty, bx, by;
    int32_t direction;
    if (p0y < p1y) { tx = p0x; ty = p0y; bx = p1x; by = p1y; direction = 1; }
    else { tx = p1x; ty = p1y; bx = p0x; by = p0y; direction = -1; }
    if (!(by > 0) || !(ty < height)) return;
    // The usual edge: inside the box, nothing to cut; straight to fixed point.
    if (tx >= 0 && bx >= 0 && tx <= width && bx <= width && ty >= 0 && by <= height) {
        emit_edge(t, to_fixed(tx), to_fixed(ty), to_fixed(bx), to_fixed(by), direction, marking);
        return;
    }
    double dxdy = (bx - tx) / (by - ty);
    double lo = sw_min(tx, bx), hi = sw_max(tx, bx);
#define LINE_X(y) ((y) == by ? bx : clamp_to(tx + ((y) - ty) * dxdy, lo, hi))
    double cut_a = by, cut_b = by;
    if (dxdy != 0) {
        double y0 = ty - tx / dxdy, yw = ty + (width - tx) / dxdy;
        if (y0 > ty && y0 < by) cut_a = y0;
        if (yw > ty && yw < by) cut_b = yw;
        if (cut_a > cut_b) { double s = cut_a; cut_a = cut_b; cut_b = s; }
    }
    double y_start = ty;
    for (int piece = 0; piece < 3; piece++) {
        double y_end = piece == 0 ? cut_a : piece == 1 ? cut_b : by;
        if (!(y_end > y_start)) continue;
        double x_mid = LINE_X((y_start + y_end) / 2);
        if (x_mid <= 0) {
            add_piece(t, 0, y_start, 0, y_end, direction, height, marking);
        } else if (x_mid < width) {
            add_piece(t, clamp_to(LINE_X(y_start), 0, width), y_start, clamp_to(LINE_X(y_end), 0, width), y_end,
                      direction, height, marking);
        }
        y_start = y_end;
    }
#undef LINE_X
}

// Whether every vertex, moved by -origin, lies in [0, w] × [0, h] (false for NaN).
static inline bool all_inside(const double *points, ptrdiff_t count, double origin_x, double origin_y, double w,
                              double h) {
    bool inside = true;
    for (ptrdiff_t i = 0; i < count; i++) {
        double x = points[2 * i] - origin_x, y = points[2 * i + 1] - origin_y;
        inside &= (x >= 0) & (x <= w) & (y >= 0) & (y <= h);
    }
    return inside;
}

// The closed polygon's edges, each moved by -origin, into `t` (cells or edges).
//
// A polygon wholly inside the box (most shapes: the box is their own pixel box) takes every edge
// add_line's "usual edge" way, so its vertices are rounded to fixed point once each instead of
// once per edge end, and the per-edge box tests go. Same edges: to_fixed is monotone, so an edge's
// direction is add_line's or the edge is horizontal in fixed point (walk_edge adds nothing for
// it, as add_line's walk of the same rounded ends would), and a non-horizontal edge inside the
// box passes add_line's tests.
static inline __attribute__((always_inline))
void add_polygon(const target *t, const double *points, ptrdiff_t count, double origin_x, double origin_y, double w,
                 double h, const int marking) {
    if (all_inside(points, count, origin_x, origin_y, w, h)) {
        int32_t px = to_fixed(points[2 * (count - 1)] - origin_x), py = to_fixed(points[2 * (count - 1) + 1] - origin_y);
        for (ptrdiff_t i = 0; i < count; i++) {
            int32_t cx = to_fixed(points[2 * i] - origin_x), cy = to_fixed(points[2 * i + 1] - origin_y);
            if (py < cy) emit_edge(t, px, py, cx, cy, 1, marking);
            else if (cy < py) emit_edge(t, cx, cy, px, py, -1, marking);
            px = cx;
            py = cy;
        }
        return;
    }
    double px = points[2 * (count - 1)] - origin_x, py = points[2 * (count - 1) + 1] - origin_y;
    for (ptrdiff_t i = 0; i < count; i++) {
        double cx = points[2 * i] - origin_x, cy = points[2 * i + 1] - origin_y;
        add_line(t, px, py, cx, cy, w, h, marking);
        px = cx;
        py = cy;
    }
}

void fb_accumulate_polygon(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                           ptrdiff_t height, int32_t *cells, uint64_t *bits, ptrdiff_t stride,
                           ptrdiff_t words, ptrdiff_t width) {
    if (count < 3 || width <= 0 || height <= 0) return;
    const target t = { cells, bits, stride, words, NULL, NULL };
    add_polygon(&t, points, count, origin_x, origin_y, (double)width, (double)height, MARK_BITS);
}

void fb_accumulate_polygon_extents(const double *points, ptrdiff_t count, double origin_x, double origin_y,
                                   ptrdiff_t height, int32_t *cells, int32_t *extents, ptrdiff_t stride,
                                   ptrdiff_t width) {
    if (count < 3 || width <= 0 || height <= 0) return;
    const target t = { cells, (uint64_t *)extents, stride, 2, NULL, NULL };
    add_polygon(&t, points, count, origin_x, origin_y, (double)width, (double)height, MARK_EXTENTS);
}

ptrdiff_t fb_build_edges(const double *points, ptrdiff_t count, double origin_x, double origin_y, ptrdiff_t height,
                         ptrdiff_t width, fb_edge *edges) {
    if (count < 3 || width <= 0 || height <= 0) return 0;
    ptrdiff_t n = 0;
    const target t = { NULL, NULL, 0, 0, edges, &n };
    // MARK_BITS as any constant: emit_edge stores the edges and never walks them here.
    add_polygon(&t, points, count, origin_x, origin_y, (double)width, (double)height, MARK_BITS);
    return n;
}

// walk_edge restricted to box rows lo ..< hi, written to cell rows 0 ..< hi − lo: the same row
// pieces with the same x, because x at each row boundary is a closed form of the accumulator
// (x0 + floor((n + k·step) / den) after k rows), so the walk can start at any row.
static inline __attribute__((always_inline))
void walk_edge_rows(const target *t, const fb_edge *e, int32_t lo, int32_t hi, const int marking) {
    const int32_t x0 = e->x0, y0 = e->y0, x1 = e->x1, y1 = e->y1, direction = e->direction;
    const int32_t r0 = y0 >> FB_CELL_SHIFT, r1 = (y1 - 1) >> FB_CELL_SHIFT;
    if (r1 < lo || r0 >= hi) return;
    if (r0 == r1) { row_piece(t, r0 - lo, x0, x1, direction * (y1 - y0), marking); return; }
    int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0, den = 2 * dy;
    int32_t first_cover = ((r0 + 1) << FB_CELL_SHIFT) - y0;
    int64_t step = 2 * dx * FB_CELL_ONE;
    int64_t lift = floor_div(step, den), lrem = step - lift * den;
    int32_t row = r0 > lo ? r0 : lo;
    // x at the top of `row` (boundary k = row − r0 − 1; for row = r0 that is the first crossing
    // below y0, and the first piece starts at x0).
    int64_t n = 2 * dx * first_cover + dy + (int64_t)(row > r0 ? row - r0 - 1 : 0) * step;
    int64_t q = floor_div(n, den), rem = n - q * den;
    int32_t xb = x0 + (int32_t)q;
    if (row == r0) {
        row_piece(t, r0 - lo, x0, xb, direction * first_cover, marking);
        row++;
    }
    const int32_t end = r1 < hi ? r1 : hi;
    xb = whole_rows(t, row, end, lo, xb, rem, lift, lrem, den, direction, marking);
    if (r1 < hi) row_piece(t, r1 - lo, xb, x1, direction * (y1 - (r1 << FB_CELL_SHIFT)), marking);
}

// The edges of rows lo ..< hi, each tested on its fixed-point ends alone before any row is
// computed: most of a band's edges lie wholly above or below it (a shape's edges are tested in
// every band it crosses). An edge touches rows lo ..< hi iff y1 > lo·ONE and y0 < hi·ONE (its rows
// are y0 >> SHIFT ..= (y1 − 1) >> SHIFT); walk_edge_rows tests the same in rows.
static inline __attribute__((always_inline))
void walk_edges_rows(const target *t, const fb_edge *edges, ptrdiff_t count, int32_t lo, int32_t hi,
                     const int marking) {
    const int32_t top = lo << FB_CELL_SHIFT, bottom = hi << FB_CELL_SHIFT;
    for (ptrdiff_t i = 0; i < count; i++) {
        if (edges[i].y1 <= top || edges[i].y0 >= bottom) continue;
        walk_edge_rows(t, edges + i, lo, hi, marking);
    }
}

void fb_walk_edges_rows(const fb_edge *edges, ptrdiff_t count, ptrdiff_t first_row, ptrdiff_t row_count,
                        int32_t *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words) {
    const target t = { cells, bits, stride, words, NULL, NULL };
    walk_edges_rows(&t, edges, count, (int32_t)first_row, (int32_t)(first_row + row_count), MARK_BITS);
}

void fb_walk_edges_rows_extents(const fb_edge *edges, ptrdiff_t count, ptrdiff_t first_row, ptrdiff_t row_count,
                                int32_t *cells, int32_t *extents, ptrdiff_t stride) {
    const target t = { cells, (uint64_t *)extents, stride, 2, NULL, NULL };
    walk_edges_rows(&t, edges, count, (int32_t)first_row, (int32_t)(first_row + row_count), MARK_EXTENTS);
}
