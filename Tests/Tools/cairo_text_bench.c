// Draws `flipbook bench --text`'s workload with Cairo's image backend, whose glyph cache reuses a
// glyph's mask when its transform and sub-pixel position repeat: the reference for labels that
// stand still. A measuring tool, not part of Flipbook's build or tests. Build and run (Debian:
// libcairo2-dev):
//   cc -O2 Tests/Tools/cairo_text_bench.c $(pkg-config --cflags --libs cairo freetype2) -lm -o cairo_text_bench
//   cairo_text_bench moving|still frames [font.ttf]
// The workload (Sources/Benchmarks/TextWorkload.swift): 1920×1080, white, 40 labels of the
// 50-character sentence rotated by i % 7 characters, DejaVu Sans 34 px, colour (28, 28, 30), label
// i at (20 + 950·(i / 20), 40 + 52·(i % 20)) plus the frame's motion (`moving`: 0.37 px right and
// 0.13 px down a frame, every 4th label turning 0.5° a frame; `still`: f mod 40 px right).
// Glyphs are laid out once; each frame shows them. Prints glyphs/s of the whole frame and of
// drawing alone (minus the same number of clears), wall-clock and CPU, as flipbook bench --text.
#include <cairo.h>
#include <cairo-ft.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double cpu_seconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}
static double wall_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s moving|still frames [font.ttf]\n", argv[0]); return 2; }
    const int still = strcmp(argv[1], "still") == 0, frames = atoi(argv[2]);
    const char *file = argc > 3 ? argv[3] : "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    FT_Library library;
    FT_Face ft;
    if (FT_Init_FreeType(&library) || FT_New_Face(library, file, 0, &ft)) { fprintf(stderr, "cannot read %s\n", file); return 1; }
    cairo_font_face_t *face = cairo_ft_font_face_create_for_ft_face(ft, FT_LOAD_NO_HINTING);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080);
    cairo_t *cr = cairo_create(surface);
    cairo_set_font_face(cr, face);
    cairo_set_font_size(cr, 34);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, options);
    const char *sentence = "Sphinx of black quartz, judge my vow! Jackdaws lov";
    cairo_glyph_t *labels[40];
    int counts[40], glyphs = 0;
    cairo_font_extents_t extents;
    cairo_font_extents(cr, &extents);
    for (int i = 0; i < 40; i++) {
        char text[64];
        snprintf(text, sizeof text, "%s%.*s", sentence + i % 7, i % 7, sentence);
        labels[i] = NULL;
        cairo_status_t status = cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), 0, extents.ascent, text, -1,
                                                                 &labels[i], &counts[i], NULL, NULL, NULL);
        if (status) { fprintf(stderr, "layout failed\n"); return 1; }
        glyphs += counts[i];
    }
    for (int pass = 0; pass < 3; pass++) {
        int draw_text = pass != 2, timed = pass != 0;
        double c0 = cpu_seconds(), w0 = wall_seconds();
        for (int f = 0; f < (timed ? frames : 1); f++) {
            cairo_identity_matrix(cr);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_paint(cr);
            if (!draw_text) continue;
            cairo_set_source_rgb(cr, 28 / 255.0, 28 / 255.0, 30 / 255.0);
            for (int i = 0; i < 40; i++) {
                double dx = still ? fmod(f, 40.0) : 0.37 * f, dy = still ? 0.0 : 0.13 * f;
                cairo_identity_matrix(cr);
                cairo_translate(cr, 20 + 950.0 * (i / 20) + dx, 40 + 52.0 * (i % 20) + dy);
                if (!still && i % 4 == 0) cairo_rotate(cr, 0.5 * f * M_PI / 180);
                cairo_show_glyphs(cr, labels[i], counts[i]);
            }
        }
        cairo_surface_flush(surface);
        static double wall, cpu;
        if (pass == 1) { wall = wall_seconds() - w0; cpu = cpu_seconds() - c0; }
        if (pass == 2) {
            double clear_wall = wall_seconds() - w0, clear_cpu = cpu_seconds() - c0, total = (double)glyphs * frames;
            printf("cairo text %s frames=%d glyphs/frame=%d fps %.1f Mglyphs/s %.3f drawing %.3f cpu_drawing %.3f\n",
                   still ? "still" : "moving", frames, glyphs, frames / wall, total / wall / 1e6,
                   total / (wall - clear_wall) / 1e6, total / (cpu - clear_cpu) / 1e6);
        }
    }
    return 0;
}
