// Band-wise drawing of a frame's shapes (fb_draw_banded): the canvas is cut into bands of rows and
// each band is finished (background restored, every shape accumulated and swept over the band's
// rows, in drawing order) before the next, so the band's pixels stay in cache across the shapes
// that overlap it instead of each shape streaming its whole box through memory.
//
// Same bytes as drawing shape after shape: a row's pixels depend only on the shapes' cells in
// that row and on the order the shapes are composited in, and both are the same here
// (fb_walk_edges_rows gives a whole walk's cells row for row; the sweep treats rows
// independently). The shapes' edges are clipped and rounded once (fb_build_edges) and walked
// again only over the rows of each band.
#include "kernels_internal.h"

static void fill_rows(uint32_t *pixels, ptrdiff_t canvas_width, fb_box box, ptrdiff_t lo, ptrdiff_t hi,
                      uint32_t colour) {
    ptrdiff_t top = box.y > lo ? box.y : lo, bottom = box.y + box.height < hi ? box.y + box.height : hi;
    for (ptrdiff_t y = top; y < bottom; y++) {
        uint32_t *line = pixels + y * canvas_width + box.x;
        for (ptrdiff_t x = 0; x < box.width; x++) line[x] = colour;
    }
}

void fb_draw_banded(const fb_band_shape *shapes, ptrdiff_t shape_count, const fb_edge *edges, const uint32_t *tables,
                    const fb_box *restore,
                    ptrdiff_t restore_count, uint32_t background, uint32_t *pixels, ptrdiff_t canvas_width,
                    ptrdiff_t canvas_height, ptrdiff_t band_rows, fb_band_scratch scratch) {
    if (band_rows <= 0) band_rows = canvas_height;
    for (ptrdiff_t lo = 0; lo < canvas_height; lo += band_rows) {
        const ptrdiff_t hi = lo + band_rows < canvas_height ? lo + band_rows : canvas_height;
        for (ptrdiff_t i = 0; i < restore_count; i++) fill_rows(pixels, canvas_width, restore[i], lo, hi, background);
        for (ptrdiff_t i = 0; i < shape_count; i++) {
            const fb_band_shape *s = shapes + i;
            const ptrdiff_t top = s->y > lo ? s->y : lo;
            const ptrdiff_t bottom = s->y + s->height < hi ? s->y + s->height : hi;
            if (top >= bottom) continue;
            const ptrdiff_t first = top - s->y, count = bottom - top;
            const ptrdiff_t stride = s->width + 2, words = (stride + 63) >> 6;
            // Shapes with a colour table (one coverage, no hole) mark row extents, the rest bits.
            const bool tabled = s->table >= 0;
            if (tabled) {
                fb_walk_edges_rows_extents(edges + s->outer_first, s->outer_count, first, count,
                                           scratch.outer_cells, scratch.outer_extents, stride);
            } else {
                fb_walk_edges_rows(edges + s->outer_first, s->outer_count, first, count, scratch.outer_cells,
                                   scratch.outer_bits, stride, words);
            }
            if (s->has_inner) {
                fb_walk_edges_rows(edges + s->inner_first, s->inner_count, first, count, scratch.inner_cells,
                                   scratch.inner_bits, stride, words);
            }
            const fb_coverage_rows rows = {
                scratch.outer_cells, scratch.outer_bits, tabled ? scratch.outer_extents : NULL,
                s->has_inner ? scratch.inner_cells : NULL, s->has_inner ? scratch.inner_bits : NULL, stride, words,
                s->width,
            };
            uint32_t *origin = pixels + top * canvas_width + s->x;
            if (!tabled) fb_sweep_and_blit(rows, 0, count, s->paint, origin, canvas_width, false);
            else fb_sweep_rows_tabled(&rows, 0, count, tables + s->table, origin, canvas_width);
        }
    }
}
