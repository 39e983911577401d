/* The independent players the Lottie export is checked against draw a Lottie file frame by frame
 * at the size of Flipbook's own PNG frames of the same scene, and each pair is compared here, in C,
 * so that a thousand frames of 640 × 1136 cost a few seconds. rlottie (Samsung's renderer,
 * Debian's librlottie-dev) plays the file in this process; the second player's frames
 * (lottie_svg_play.py) are read from a folder.
 *
 *   rlottie-compare FILE.json FRAMES_FOLDER COUNT
 *   rlottie-compare --frames PLAYED_FOLDER FRAMES_FOLDER FRAME...
 *   rlottie-compare --play FILE.json WIDTH HEIGHT OUT_FOLDER   (every frame as OUT_FOLDER/frame_00000.png …)
 *
 * Reads FRAMES_FOLDER/frame_00000.png … (COUNT of them, with libpng) and prints one line a
 * frame: "frame MEAN OFF", MEAN the mean absolute difference over the red, green and blue
 * channels of every pixel (in levels), OFF the fraction of pixels whose largest channel
 * difference is over 32. With a file, the first line is rlottie's reading of it: the animation's
 * size, frame count and frame rate. Exits 1 when rlottie cannot load the file or a frame cannot
 * be read. */
#include <png.h>
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Straight RGBA8 of a PNG file, or NULL. */
static unsigned char *read_png(const char *path, unsigned *w, unsigned *h) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) return NULL;
    image.format = PNG_FORMAT_RGBA;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        png_image_free(&image);
        return NULL;
    }
    *w = image.width;
    *h = image.height;
    return pixels;
}

static void straighten(const uint32_t *played, unsigned char *rgba, size_t pixels);

/* Every frame of the animation at WIDTH × HEIGHT as PNG files (for the README's clip of a scene
 * playing from its Lottie file). */
static int play(const char *file, unsigned w, unsigned h, const char *folder) {
    Lottie_Animation *animation = lottie_animation_from_file(file);
    if (!animation || w == 0 || h == 0) return 1;
    size_t frames = lottie_animation_get_totalframe(animation);
    uint32_t *played = malloc((size_t)w * h * 4);
    unsigned char *rgba = malloc((size_t)w * h * 4);
    for (size_t frame = 0; frame < frames; frame++) {
        lottie_animation_render(animation, frame, played, w, h, (size_t)w * 4);
        straighten(played, rgba, (size_t)w * h);
        char path[4096];
        snprintf(path, sizeof path, "%s/frame_%05zu.png", folder, frame);
        png_image image;
        memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        image.width = w;
        image.height = h;
        image.format = PNG_FORMAT_RGBA;
        if (!png_image_write_to_file(&image, path, 0, rgba, 0, NULL)) return 1;
    }
    printf("%zu frames\n", frames);
    return 0;
}

/* rlottie's premultiplied ARGB32 (native order) as straight RGBA8. */
static void straighten(const uint32_t *played, unsigned char *rgba, size_t pixels) {
    for (size_t i = 0; i < pixels; i++) {
        uint32_t p = played[i];
        int a = p >> 24, c[3] = {(p >> 16) & 255, (p >> 8) & 255, p & 255};
        for (int k = 0; k < 3; k++) {
            if (a > 0 && a < 255) c[k] = (c[k] * 255 + a / 2) / a;
            rgba[4 * i + k] = c[k] > 255 ? 255 : c[k];
        }
        rgba[4 * i + 3] = a;
    }
}

/* One frame's line: the mean difference over red, green and blue, and the share of pixels off
 * by more than 32 in some channel. */
static void compare(int frame, const unsigned char *played, const unsigned char *ours, unsigned w, unsigned h) {
    double sum = 0;
    size_t off = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        int worst = 0;
        for (int k = 0; k < 3; k++) {
            int d = abs(played[4 * i + k] - ours[4 * i + k]);
            sum += d;
            if (d > worst) worst = d;
        }
        if (worst > 32) off++;
    }
    printf("%d %.6f %.8f\n", frame, sum / (3.0 * w * h), (double)off / ((double)w * h));
}

static unsigned char *read_frame(const char *folder, int frame, unsigned *w, unsigned *h) {
    char path[4096];
    snprintf(path, sizeof path, "%s/frame_%05d.png", folder, frame);
    unsigned char *pixels = read_png(path, w, h);
    if (!pixels) fprintf(stderr, "cannot read %s\n", path);
    return pixels;
}

/* The frames listed, from two folders, pair by pair. */
static int compare_folders(const char *played_folder, const char *folder, char **frames, int count) {
    for (int n = 0; n < count; n++) {
        int frame = atoi(frames[n]);
        unsigned w = 0, h = 0, pw = 0, ph = 0;
        unsigned char *ours = read_frame(folder, frame, &w, &h);
        unsigned char *played = ours ? read_frame(played_folder, frame, &pw, &ph) : NULL;
        if (!played) return 1;
        if (pw != w || ph != h) {
            fprintf(stderr, "frame %d: played at %ux%u, Flipbook's is %ux%u\n", frame, pw, ph, w, h);
            return 1;
        }
        compare(frame, played, ours, w, h);
        free(ours);
        free(played);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 6 && strcmp(argv[1], "--play") == 0)
        return play(argv[2], (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4]), argv[5]);
    if (argc >= 5 && strcmp(argv[1], "--frames") == 0) return compare_folders(argv[2], argv[3], argv + 4, argc - 4);
    if (argc != 4) {
        fprintf(stderr, "usage: %s FILE.json FRAMES_FOLDER COUNT\n", argv[0]);
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie cannot load %s\n", argv[1]);
        return 1;
    }
    size_t size_w = 0, size_h = 0;
    lottie_animation_get_size(animation, &size_w, &size_h);
    printf("%zu %zu %zu %g\n", size_w, size_h, lottie_animation_get_totalframe(animation),
           lottie_animation_get_framerate(animation));
    int count = atoi(argv[3]);
    uint32_t *played = NULL;
    unsigned char *rgba = NULL;
    for (int frame = 0; frame < count; frame++) {
        unsigned w = 0, h = 0;
        unsigned char *ours = read_frame(argv[2], frame, &w, &h);
        if (!ours) return 1;
        played = realloc(played, (size_t)w * h * 4);
        rgba = realloc(rgba, (size_t)w * h * 4);
        lottie_animation_render(animation, (size_t)frame, played, w, h, (size_t)w * 4);
        straighten(played, rgba, (size_t)w * h);
        compare(frame, rgba, ours, w, h);
        free(ours);
    }
    free(played);
    free(rgba);
    lottie_animation_destroy(animation);
    return 0;
}
