// Compares deflate implementations on real frames, as Sources/PNG/README.md reports them: the
// rows of each PNG given are staged as the writer stages them (a filter byte per row), then
// compressed by libdeflate (levels 1-6) and zlib (levels 1 and 4), with no filter, sub and up.
// Time is the encoding thread's CPU time (CLOCK_THREAD_CPUTIME_ID), fastest of 7, so a busy
// machine moves it far less than wall-clock time.
//
//   cc -O2 Tests/Tools/deflate_compare.c -o /tmp/deflate_compare -lpng -lz -ldeflate
//   .build/release/flipbook bench --workload large-n256 --save-frame 1 --save-frames /tmp/f
//   /tmp/deflate_compare /tmp/f/large-n256-frame1.png
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned char *load(const char *path, int *w, int *h) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) return NULL;
    image.format = PNG_FORMAT_RGBA;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (pixels == NULL || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) return NULL;
    *w = (int)image.width;
    *h = (int)image.height;
    return pixels;
}

// filter: 0 none, 1 sub, 2 up.
static size_t stage(const unsigned char *px, int w, int h, int filter, unsigned char *out) {
    size_t stride = 4 * (size_t)w;
    unsigned char *o = out;
    for (int y = 0; y < h; y++) {
        const unsigned char *row = px + y * stride;
        *o++ = (unsigned char)filter;
        if (filter == 0 || (filter == 2 && y == 0)) memcpy(o, row, stride);
        else if (filter == 1) { memcpy(o, row, 4); for (size_t i = 4; i < stride; i++) o[i] = row[i] - row[i - 4]; }
        else for (size_t i = 0; i < stride; i++) o[i] = row[i] - row[i - stride];
        o += stride;
    }
    return (size_t)(o - out);
}

int main(int argc, char **argv) {
    for (int a = 1; a < argc; a++) {
        int w, h;
        unsigned char *px = load(argv[a], &w, &h);
        if (px == NULL) { printf("cannot read %s\n", argv[a]); continue; }
        size_t n = (size_t)h * (4 * (size_t)w + 1), capacity = n + n / 100 + 1024;
        unsigned char *staged = malloc(n), *out = malloc(capacity);
        printf("%s %dx%d, %zu bytes of rows\n", argv[a], w, h, n);
        for (int f = 0; f < 3; f++) {
            for (int level = 1; level <= 6; level++) {
                struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
                size_t size = 0;
                double best = 1e9;
                for (int r = 0; r < 7; r++) {
                    double t = now();
                    stage(px, w, h, f, staged);
                    size = libdeflate_zlib_compress(c, staged, n, out, capacity);
                    t = now() - t;
                    if (t < best) best = t;
                }
                printf("  libdeflate %d, filter %d: %9zu B %8.2f ms\n", level, f, size, best * 1e3);
                libdeflate_free_compressor(c);
            }
            for (int level = 1; level <= 4; level += 3) {
                uLongf size = 0;
                double best = 1e9;
                for (int r = 0; r < 7; r++) {
                    double t = now();
                    stage(px, w, h, f, staged);
                    size = capacity;
                    compress2(out, &size, staged, n, level);
                    t = now() - t;
                    if (t < best) best = t;
                }
                printf("  zlib %d, filter %d:       %9lu B %8.2f ms\n", level, f, size, best * 1e3);
            }
        }
        free(px); free(staged); free(out);
    }
    return 0;
}
