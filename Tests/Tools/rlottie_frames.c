/* The independent player the Lottie export is checked against: rlottie (Samsung's renderer,
 * Debian's librlottie-dev) renders frames of a Lottie file into one raw file of straight RGBA
 * bytes, frame after frame, width × height × 4 bytes each.
 *
 *   rlottie-frames FILE.json WIDTH HEIGHT OUT.rgba FRAME...
 *
 * Prints the animation's own size, frame count and frame rate on one line; exits 1 when rlottie
 * cannot load the file. */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s FILE.json WIDTH HEIGHT OUT.rgba FRAME...\n", argv[0]);
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie cannot load %s\n", argv[1]);
        return 1;
    }
    size_t w = (size_t)atol(argv[2]), h = (size_t)atol(argv[3]), size_w = 0, size_h = 0;
    lottie_animation_get_size(animation, &size_w, &size_h);
    printf("%zu %zu %zu %g\n", size_w, size_h, lottie_animation_get_totalframe(animation),
           lottie_animation_get_framerate(animation));
    uint32_t *pixels = malloc(w * h * 4);
    unsigned char *rgba = malloc(w * h * 4);
    FILE *out = fopen(argv[4], "wb");
    if (!pixels || !rgba || !out) return 1;
    for (int k = 5; k < argc; k++) {
        lottie_animation_render(animation, (size_t)atol(argv[k]), pixels, w, h, w * 4);
        for (size_t i = 0; i < w * h; i++) {
            /* Premultiplied ARGB32 in native order: back to straight RGBA. */
            uint32_t p = pixels[i];
            unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a > 0 && a < 255) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            rgba[4 * i] = r > 255 ? 255 : r;
            rgba[4 * i + 1] = g > 255 ? 255 : g;
            rgba[4 * i + 2] = b > 255 ? 255 : b;
            rgba[4 * i + 3] = a;
        }
        fwrite(rgba, 1, w * h * 4, out);
    }
    fclose(out);
    lottie_animation_destroy(animation);
    return 0;
}
