// Encode cost per frame, as Sources/PNG/README.md reports it: libdeflate levels 1-2 on rows staged
// as RGBA or RGB, no filter or up; fpng (richgel999/fpng) on RGBA and RGB, one pass and two; the
// size bound is zlib level 4 on the RGBA rows (the libpng + zlib writer before libdeflate). CPU
// time of the encoding thread, fastest of 7.
//
//   git clone https://github.com/richgel999/fpng /tmp/fpng
//   g++ -O3 -DNDEBUG -DFPNG_NO_SSE=0 -msse4.1 -mpclmul -c /tmp/fpng/src/fpng.cpp -o /tmp/fpng.o
//   g++ -O2 -I/tmp/fpng/src Tests/Tools/png_fpng_compare.cpp /tmp/fpng.o -o /tmp/png_fpng_compare -lpng -lz -ldeflate
//   .build/release/flipbook bench --workload large-n256 --save-frame 1 --save-frames /tmp/f
//   /tmp/png_fpng_compare /tmp/f/large-n256-frame1.png
#include <libdeflate.h>
#include <png.h>
#include <zlib.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>
#include "fpng.h"
static double now() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static unsigned char *load(const char *path, int *w, int *h) {
    png_image image; memset(&image, 0, sizeof image); image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) return NULL;
    image.format = PNG_FORMAT_RGBA;
    unsigned char *pixels = (unsigned char *)malloc(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) return NULL;
    *w = image.width; *h = image.height; return pixels;
}
// channels 3 or 4, filter 0 none, 1 sub, 2 up
static size_t stage(const unsigned char *px, int w, int h, int ch, int filter, unsigned char *out) {
    size_t n = (size_t)w * ch; unsigned char *o = out;
    for (int y = 0; y < h; y++) {
        const unsigned char *row = px + (size_t)y * w * 4;
        *o++ = filter;
        if (ch == 4) memcpy(o, row, n);
        else for (int x = 0; x < w; x++) { o[3*x] = row[4*x]; o[3*x+1] = row[4*x+1]; o[3*x+2] = row[4*x+2]; }
        o += n;
    }
    if (filter == 2) { // up: rewrite from the bottom so the row above is still raw
        for (int y = h - 1; y > 0; y--) { unsigned char *r = out + (size_t)y * (n + 1) + 1, *a = r - n - 1; for (size_t i = 0; i < n; i++) r[i] -= a[i]; }
    }
    if (filter == 1) {
        for (int y = 0; y < h; y++) { unsigned char *r = out + (size_t)y * (n + 1) + 1; for (size_t i = n - 1; i >= (size_t)ch; i--) r[i] -= r[i - ch]; }
    }
    return o - out;
}
int main(int argc, char **argv) {
    fpng::fpng_init();
    for (int a = 1; a < argc; a++) {
        int w, h; unsigned char *px = load(argv[a], &w, &h); if (!px) { fprintf(stderr, "load %s\n", argv[a]); return 1; }
        std::vector<unsigned char> rows((size_t)(w * 4 + 1) * h), out(rows.size() * 2 + 1000), rgb((size_t)w * h * 3);
        // zlib 4 RGBA none: the size bound reference
        size_t sz = stage(px, w, h, 4, 0, rows.data()); uLongf zl = out.size();
        compress2(out.data(), &zl, rows.data(), sz, 4);
        printf("%s %dx%d: zlib4 rgba %lu B (bound 110%% = %lu)\n", argv[a], w, h, zl, zl * 11 / 10);
        for (int ch = 4; ch >= 3; ch--) for (int filter = 0; filter <= 2; filter += 2) for (int level = 1; level <= 2; level++) {
            libdeflate_compressor *c = libdeflate_alloc_compressor(level);
            double best = 1e9; size_t bytes = 0;
            for (int i = 0; i < 7; i++) {
                double t = now(); size_t s = stage(px, w, h, ch, filter, rows.data());
                bytes = libdeflate_zlib_compress(c, rows.data(), s, out.data(), out.size());
                libdeflate_crc32(0, out.data(), bytes);
                t = now() - t; if (t < best) best = t;
            }
            printf("  libdeflate %d ch%d %s: %zu B (%.0f%%) %.2f ms\n", level, ch, filter ? "up" : "none", bytes, 100.0 * bytes / zl, best * 1e3);
            libdeflate_free_compressor(c);
        }
        for (int x = 0; x < w * h; x++) { rgb[3*x] = px[4*x]; rgb[3*x+1] = px[4*x+1]; rgb[3*x+2] = px[4*x+2]; }
        for (int ch = 4; ch >= 3; ch--) for (int flags = 0; flags <= 1; flags++) {
            std::vector<uint8_t> png; double best = 1e9;
            for (int i = 0; i < 7; i++) { double t = now(); fpng::fpng_encode_image_to_memory(ch == 4 ? px : rgb.data(), w, h, ch, png, flags); t = now() - t; if (t < best) best = t; }
            printf("  fpng ch%d %s: %zu B (%.0f%%) %.2f ms\n", ch, flags ? "slower" : "default", png.size(), 100.0 * png.size() / zl, best * 1e3);
        }
        free(px);
    }
}
