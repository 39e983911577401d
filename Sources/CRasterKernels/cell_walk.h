// The cell walk shared by the path accumulation (accumulate.c) and the glyph masks
// (glyph_cache.c): a fixed-point edge into signed-area cells, row piece by row piece (the
// derivation is at the top of accumulate.c). One walk for both, so a glyph mask's cells are the
// path fill's by construction. `marking` (a constant at every call, so the compiler makes one
// loop of each kind) says how written cells are recorded for the sparse sweep: MARK_NONE for glyph
// masks, swept densely; MARK_BITS, a bit per cell; MARK_EXTENTS, a column range per row and edge
// direction (raster_kernels.h's row extents).
#ifndef FLIPBOOK_CELL_WALK_H
#define FLIPBOOK_CELL_WALK_H
#include "kernels_internal.h"

#define MARK_NONE 0
#define MARK_BITS 1
#define MARK_EXTENTS 2

typedef struct {
    int32_t *cells;
    // The marks: bit words (MARK_BITS, `words` a row), or row extents (MARK_EXTENTS: four int32
    // a row, so `words` is 2: word 0 the extent of edges going down, word 1 of edges going up).
    uint64_t *bits;
    ptrdiff_t stride;
    ptrdiff_t words;
    // When non-NULL, the clipped fixed-point edges are appended here (fb_build_edges) instead of
    // being walked into cells; `edge_count` counts them.
    fb_edge *edges;
    ptrdiff_t *edge_count;
} target;

// Marks cells first ..= last of the row whose bits start at `base`.
static inline void mark_cells(uint64_t *base, ptrdiff_t first, ptrdiff_t last) {
    ptrdiff_t word = first >> 6, last_word = last >> 6;
    uint64_t bits = ~(uint64_t)0 << (first & 63);
    while (word < last_word) {
        base[word] |= bits;
        bits = ~(uint64_t)0;
        word++;
    }
    base[word] |= bits & (~(uint64_t)0 >> (63 - (last & 63)));
}

// Marks cells `column` and `column + 1` (a one-cell row piece writes both): one word update
// unless the pair straddles two words. Word (column + 1) >> 6 exists: column + 1 ≤ width + 1.
static inline void mark_pair(uint64_t *row_bits, ptrdiff_t column) {
    uint64_t *base = row_bits + (column >> 6);
    const int k = (int)(column & 63);
    base[0] |= (uint64_t)3 << k;   // bit 63 alone when k = 63 (the shift drops the other)
    if (k == 63) base[1] |= 1;
}

// Widens an extent (one word of a row's extents, from marks_at) to cells first ..= last. Stored as
// {FB_EXTENT_BASE − first, last + 1}, so both grow by a maximum and an all-zero pair is empty.
static inline void mark_extent(uint64_t *extent_word, int32_t first, int32_t last) {
    int32_t *extent = (int32_t *)extent_word;
    const int32_t from = FB_EXTENT_BASE - first, end = last + 1;
    extent[0] = from > extent[0] ? from : extent[0];
    extent[1] = end > extent[1] ? end : extent[1];
}

// Where a row's marks for an edge going `direction`'s way start: the row's bit words, or its
// extent of that direction. Taken once an edge (the direction is the edge's), not once a row.
static inline __attribute__((always_inline))
uint64_t *marks_at(uint64_t *row_marks, int32_t direction, const int marking) {
    return marking == MARK_EXTENTS && direction < 0 ? row_marks + 1 : row_marks;
}

// Records that a row piece wrote cells first ..= last; `marks` from marks_at.
static inline __attribute__((always_inline))
void mark_written(uint64_t *marks, int32_t first, int32_t last, const int marking) {
    if (marking == MARK_EXTENTS) mark_extent(marks, first, last);
    else if (last == first + 1) mark_pair(marks, first);
    else mark_cells(marks, first, last);
}

static inline int64_t floor_div(int64_t n, int64_t d) {   // d > 0
    int64_t q = n / d;
    return q * d > n ? q - 1 : q;
}

// A row piece over two cells c0 and c0 + 1 (lo in c0, hi in c0 + 1; most pieces that are not one
// cell): row_piece_in's general case below with c1 = c0 + 1, signed. 2I(c0) = v0², 2I(c1) =
// 2·ONE·v0 + ONE² − v1² (as c1·ONE − lo = v0); C's division truncates toward zero, so d·2I/W is
// sign · (a·2I/W truncated), the shares below. |d|·v0² ≤ 2^30 fits in int32 (|d| ≤ ONE: a row
// piece's cover); |d|·2I(c1) < 3·2^30 fits in uint32, so its magnitude is divided unsigned in 32
// bits (a shorter division than int64's) and the sign put back.
static inline __attribute__((always_inline))
void two_cells(int32_t *cells, uint64_t *bits, int32_t lo, int32_t hi, int32_t d, const int marking) {
    int32_t c0 = lo >> FB_CELL_SHIFT, base = c0 << FB_CELL_SHIFT;
    int32_t w = hi - lo, v0 = base + FB_CELL_ONE - lo, v1 = base + 2 * FB_CELL_ONE - hi;
    int32_t g0 = d * v0 * v0 / w;
    uint32_t a = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
    uint32_t m1 = a * (uint32_t)(2 * FB_CELL_ONE * v0 + FB_CELL_ONE * FB_CELL_ONE - v1 * v1) / (uint32_t)w;
    int32_t g1 = d < 0 ? -(int32_t)m1 : (int32_t)m1;
    cells[c0] += g0;
    cells[c0 + 1] += g1 - g0;
    cells[c0 + 2] += d * (2 * FB_CELL_ONE) - g1;
    if (marking) mark_written(bits, c0, c0 + 2, marking);
}
// two_cells out of line, one function per kind of marking (a constant inside each; `unused`: a
// translation unit calls only the kinds it marks with).
#define TWO_CELL_PIECE(marking)                                                                     \
    static __attribute__((noinline, unused)) void two_cell_piece_##marking(                         \
        int32_t *cells, uint64_t *bits, int32_t lo, int32_t hi, int32_t d) {                        \
        two_cells(cells, bits, lo, hi, d, marking);                                                 \
    }
TWO_CELL_PIECE(MARK_NONE)
TWO_CELL_PIECE(MARK_BITS)
TWO_CELL_PIECE(MARK_EXTENTS)
static inline __attribute__((always_inline))
void two_cell_piece(int32_t *cells, uint64_t *bits, int32_t lo, int32_t hi, int32_t d, const int marking) {
    if (marking == MARK_EXTENTS) two_cell_piece_MARK_EXTENTS(cells, bits, lo, hi, d);
    else if (marking == MARK_BITS) two_cell_piece_MARK_BITS(cells, bits, lo, hi, d);
    else two_cell_piece_MARK_NONE(cells, bits, lo, hi, d);
}

// The part of an edge inside one pixel row, from x = xa to x = xb (fixed point, in [0, width·ONE])
// with signed cover d (its height in fixed units, signed by direction). With the cover spread
// evenly over [lo, hi], pixel c's cumulative share is d·2I(c)/W, W = hi − lo, where 2I(c) is twice
// ∫ clamp(V − u, 0, ONE) du over [lo, hi], V = (c + 1)·ONE; cell c gets the difference of
// consecutive cumulative shares, so the row's cells always sum to d·2·ONE.
//
// `cells` are the row's and `bits` its marks from marks_at (unused unless `marking`). `narrow` (a
// constant at each call) says the caller knows hi − lo ≤ ONE, so the piece spans one or two cells
// and the general case below is left out of that loop: fewer live values, no spills in the row
// loops.
static inline __attribute__((always_inline))
void row_piece_in(int32_t *cells, uint64_t *bits, int32_t xa, int32_t xb, int32_t d, const int marking,
                  const int narrow) {
    int32_t lo = xa < xb ? xa : xb, hi = xa < xb ? xb : xa;
    int32_t c0 = lo >> FB_CELL_SHIFT;
    int32_t base = c0 << FB_CELL_SHIFT;
    if (hi <= base + FB_CELL_ONE) {
        // One cell (most pieces): the trapezoid's area left of the cell's right side is
        // d·(2·ONE − fa − fb)/2 in pixel units, the rest goes to the next cell.
        int32_t s = lo + hi - 2 * base;
        cells[c0] += d * (2 * FB_CELL_ONE - s);
        cells[c0 + 1] += d * s;
        if (marking) mark_written(bits, c0, c0 + 1, marking);
        return;
    }
    // hi − lo ≤ ONE (narrow) leaves only two cells: out of the row loop, whose accumulator and
    // pointers then stay in registers (inlined, this case's values spilled them every row); its
    // two divisions cost more than the call.
    if (narrow) { two_cell_piece(cells, bits, lo, hi, d, marking); return; }
    int32_t c1 = (hi - 1) >> FB_CELL_SHIFT;
    if (c1 == c0 + 1) { two_cells(cells, bits, lo, hi, d, marking); return; }
    int64_t w = hi - lo, a = d < 0 ? -(int64_t)d : d;
    int32_t sign = d < 0 ? -1 : 1;
    int64_t v0 = (int64_t)base + FB_CELL_ONE - lo;
    // Cumulative shares a·2I(c)/W, truncated: 2I(c0) = v0², and for the whole cells between
    // 2I(c) = 2·ONE·(c·ONE − lo) + ONE², which grows by 2·ONE² a cell (an error accumulator).
    int64_t g = a * v0 * v0 / w;
    cells[c0] += sign * (int32_t)g;
    int64_t previous = g;
    if (c0 + 1 < c1) {
        int64_t n = a * (2 * FB_CELL_ONE * v0 + (int64_t)FB_CELL_ONE * FB_CELL_ONE);
        int64_t rem = n % w;
        int64_t step = a * 2 * FB_CELL_ONE * FB_CELL_ONE, lift = step / w, lrem = step % w;
        g = n / w;
        for (int32_t c = c0 + 1;;) {
            cells[c] += sign * (int32_t)(g - previous);
            previous = g;
            if (++c >= c1) break;
            g += lift;
            rem += lrem;
            if (rem >= w) { rem -= w; g++; }
        }
    }
    int64_t v1 = ((int64_t)(c1 + 1) << FB_CELL_SHIFT) - hi;
    int64_t i1 = 2 * FB_CELL_ONE * ((int64_t)(c1 << FB_CELL_SHIFT) - lo) + (int64_t)FB_CELL_ONE * FB_CELL_ONE - v1 * v1;
    g = a * i1 / w;
    cells[c1] += sign * (int32_t)(g - previous);
    cells[c1 + 1] += sign * (int32_t)(a * 2 * FB_CELL_ONE - g);
    if (marking) mark_written(bits, c0, c1 + 1, marking);
}

// row_piece_in on box row `row` of the target.
static inline __attribute__((always_inline))
void row_piece(const target *t, ptrdiff_t row, int32_t xa, int32_t xb, int32_t d, const int marking) {
    uint64_t *marks = marking ? marks_at(t->bits + row * t->words, d, marking) : NULL;
    row_piece_in(t->cells + row * t->stride, marks, xa, xb, d, marking, 0);
}

// The whole rows first ..< end of an edge (cover ONE each, x carried as quotient xb and
// remainder rem over den) into cell rows first − offset ..< end − offset, row pointers stepped
// rather than recomputed. The target's fields are read once: the bit stores (uint64_t) may alias
// its ptrdiff_t fields, so the compiler would otherwise reload them after every mark. `narrow`
// as in row_piece_in. Returns x at the top of row `end`.
static inline __attribute__((always_inline))
int32_t rows_of_edge(const target *t, int32_t first, int32_t end, int32_t offset, int32_t xb, int64_t rem,
                     int64_t lift, int64_t lrem, int64_t den, int32_t direction, const int marking,
                     const int narrow) {
    const ptrdiff_t stride = t->stride, words = t->words;
    int32_t *cells = t->cells + (ptrdiff_t)(first - offset) * stride;
    uint64_t *bits = marking ? marks_at(t->bits + (ptrdiff_t)(first - offset) * words, direction, marking) : NULL;
    const int32_t d = direction * FB_CELL_ONE;
    for (int32_t row = first; row < end; row++) {
        int32_t xa = xb;
        xb += (int32_t)lift;
        rem += lrem;
        if (rem >= den) { rem -= den; xb++; }
        row_piece_in(cells, bits, xa, xb, d, marking, narrow);
        cells += stride;
        if (marking) bits += words;
    }
    return xb;
}

// rows_of_edge with the narrow loop for edges steeper than one cell a row: a whole row moves x
// by lift or lift + 1 units, at most ONE either way when −ONE ≤ lift < ONE. Not inlined: inside
// the polygon loop the row loop's accumulator and pointers were spilled, each row reloading and
// storing them (a dependency through memory); on its own it keeps them in registers.
static inline __attribute__((always_inline))
int32_t whole_rows_in(const target *t, int32_t first, int32_t end, int32_t offset, int32_t xb, int64_t rem,
                   int64_t lift, int64_t lrem, int64_t den, int32_t direction, const int marking) {
    if (first >= end) return xb;
    if (lift >= -FB_CELL_ONE && lift < FB_CELL_ONE)
        return rows_of_edge(t, first, end, offset, xb, rem, lift, lrem, den, direction, marking, 1);
    return rows_of_edge(t, first, end, offset, xb, rem, lift, lrem, den, direction, marking, 0);
}
#define WHOLE_ROWS(marking)                                                                         \
    static __attribute__((noinline, unused)) int32_t whole_rows_##marking(                          \
        const target *t, int32_t first, int32_t end, int32_t offset, int32_t xb, int64_t rem,       \
        int64_t lift, int64_t lrem, int64_t den, int32_t direction) {                               \
        return whole_rows_in(t, first, end, offset, xb, rem, lift, lrem, den, direction, marking);  \
    }
WHOLE_ROWS(MARK_NONE)
WHOLE_ROWS(MARK_BITS)
WHOLE_ROWS(MARK_EXTENTS)
static inline __attribute__((always_inline))
int32_t whole_rows(const target *t, int32_t first, int32_t end, int32_t offset, int32_t xb, int64_t rem,
                   int64_t lift, int64_t lrem, int64_t den, int32_t direction, const int marking) {
    if (marking == MARK_EXTENTS)
        return whole_rows_MARK_EXTENTS(t, first, end, offset, xb, rem, lift, lrem, den, direction);
    if (marking == MARK_BITS) return whole_rows_MARK_BITS(t, first, end, offset, xb, rem, lift, lrem, den, direction);
    return whole_rows_MARK_NONE(t, first, end, offset, xb, rem, lift, lrem, den, direction);
}

// An edge in fixed point from (x0, y0) to (x1, y1), y0 < y1, inside the box; `direction` ±1.
static inline __attribute__((always_inline))
void walk_edge(const target *t, int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t direction,
               const int marking) {
    if (y0 >= y1) return;
    int32_t r0 = y0 >> FB_CELL_SHIFT, r1 = (y1 - 1) >> FB_CELL_SHIFT;
    if (r0 == r1) { row_piece(t, r0, x0, x1, direction * (y1 - y0), marking); return; }
    int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0, den = 2 * dy;
    int32_t first_cover = ((r0 + 1) << FB_CELL_SHIFT) - y0;
    if (r1 == r0 + 1) {
        // Two rows (most edges that cross a row boundary): one crossing, no accumulator.
        int32_t xb = x0 + (int32_t)floor_div(2 * dx * first_cover + dy, den);
        row_piece(t, r0, x0, xb, direction * first_cover, marking);
        row_piece(t, r1, xb, x1, direction * (y1 - (r1 << FB_CELL_SHIFT)), marking);
        return;
    }
    // x at y = (r0 + 1 + k)·ONE is x0 + round(dx·(y − y0)/dy): numerators over 2·dy, each row
    // adding 2·dx·ONE, carried as quotient and remainder.
    int64_t n = 2 * dx * first_cover + dy;
    int64_t q = floor_div(n, den), rem = n - q * den;
    int64_t step = 2 * dx * FB_CELL_ONE;
    int64_t lift = floor_div(step, den), lrem = step - lift * den;
    int32_t xa = x0, xb = x0 + (int32_t)q;
    row_piece(t, r0, xa, xb, direction * first_cover, marking);
    if (dx == 0) {
        // Vertical (stems, rectangles' sides): q = lift = 0, every whole row is the same one-cell
        // piece at x0, s = 2·(x0 − base), so the same two values a row.
        int32_t c0 = x0 >> FB_CELL_SHIFT, s = 2 * (x0 - (c0 << FB_CELL_SHIFT)), d = direction * FB_CELL_ONE;
        int32_t left = d * (2 * FB_CELL_ONE - s), right = d * s;
        const ptrdiff_t stride = t->stride, words = t->words;
        int32_t *cell = t->cells + (ptrdiff_t)(r0 + 1) * stride + c0;
        uint64_t *bits = marking ? marks_at(t->bits + (ptrdiff_t)(r0 + 1) * words, direction, marking) : NULL;
        for (int32_t row = r0 + 1; row < r1; row++, cell += stride) {
            cell[0] += left;
            cell[1] += right;
            if (marking) { mark_written(bits, c0, c0 + 1, marking); bits += words; }
        }
        row_piece(t, r1, x0, x1, direction * (y1 - (r1 << FB_CELL_SHIFT)), marking);
        return;
    }
    xb = whole_rows(t, r0 + 1, r1, 0, xb, rem, lift, lrem, den, direction, marking);
    row_piece(t, r1, xb, x1, direction * (y1 - (r1 << FB_CELL_SHIFT)), marking);
}

#endif
