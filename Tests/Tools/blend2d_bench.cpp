// Draws docs/benchmarks.md's standard workload with Blend2D, to compare per-core rates and
// pictures with `flipbook bench`. A measuring tool, not part of Flipbook's build or tests (no
// Blend2D code is in this repository). Build (Blend2D and AsmJit sources checked out side by side
// in DIR; needs cmake and a C++17 compiler):
//   cmake -S DIR/blend2d -B DIR/build -DCMAKE_BUILD_TYPE=Release -DBLEND2D_STATIC=TRUE \
//         -DASMJIT_DIR=DIR/asmjit -DBLEND2D_TEST=OFF && make -C DIR/build -j2
//   g++ -O2 -std=c++17 -DBL_STATIC -IDIR/blend2d/blend2d -IDIR/blend2d Tests/Tools/blend2d_bench.cpp \
//       DIR/build/libblend2d.a -lpthread -lrt -ldl -o blend2d_bench
// Run:
//   blend2d_bench small|large N frames threads [frame0.rgba]
//   blend2d_bench text moving|still frames [font.ttf]   (flipbook bench --text's workload)
//   blend2d_bench icons 200 frames threads [frame0.rgba] (flipbook bench --workload icons)
// threads 0: synchronous rendering (one thread); k >= 1: BLContextCreateInfo.threadCount = k.
// BLEND2D_CPU=avx2 (or sse4.2, sse2) in the environment limits the JIT pipelines to those CPU
// features (an isolated JIT runtime with BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES), to compare
// with `flipbook bench --kernel-level avx2` on a CPU that has AVX-512. The context is then made
// once and flushed every frame, since an isolated runtime compiles its pipelines per context.
// Prints fps (wall), CPU ms/frame (getrusage user+system of the process) and an FNV-1a hash of
// the first 120 frames' RGBA bytes (unpremultiplied; the background is opaque so equal).
#include <blend2d.h>
#include <sys/resource.h>
#include <time.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

// BLEND2D_CPU's features, or 0 for the CPU's own.
static uint32_t cpu_override() {
    const char *v = getenv("BLEND2D_CPU");
    if (!v || !*v) return 0;
    const uint32_t sse2 = BL_RUNTIME_CPU_FEATURE_X86_SSE2;
    const uint32_t sse42 = sse2 | BL_RUNTIME_CPU_FEATURE_X86_SSE3 | BL_RUNTIME_CPU_FEATURE_X86_SSSE3
        | BL_RUNTIME_CPU_FEATURE_X86_SSE4_1 | BL_RUNTIME_CPU_FEATURE_X86_SSE4_2;
    if (strcmp(v, "sse2") == 0) return sse2;
    if (strcmp(v, "sse4.2") == 0) return sse42;
    if (strcmp(v, "avx2") == 0) return sse42 | BL_RUNTIME_CPU_FEATURE_X86_AVX | BL_RUNTIME_CPU_FEATURE_X86_AVX2;
    fprintf(stderr, "BLEND2D_CPU must be avx2, sse4.2 or sse2, got '%s'\n", v);
    exit(2);
}

// One frame's context: a new one per frame (Blend2D's usual use), or with BLEND2D_CPU one kept
// for the run and flushed.
struct Frames {
    BLImage &image;
    BLContextCreateInfo info {};
    BLContext kept;
    bool keep = false;
    Frames(BLImage &target, int threads) : image(target) {
        info.thread_count = threads > 0 ? (uint32_t)threads : 0u;
        if (uint32_t features = cpu_override()) {
            info.flags |= BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME | BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES;
            info.cpu_features = features;
            keep = true;
            kept.begin(image, info);
        }
    }
    ~Frames() { if (keep) kept.end(); }
    template <class Body> void draw(Body body) {
        if (keep) { body(kept); kept.flush(BL_CONTEXT_FLUSH_SYNC); return; }
        BLContext ctx(image, info);
        body(ctx);
        ctx.end();
    }
};

struct Rect { double w, h, radius; uint32_t r, g, b, a; double fx, fy, phx, phy, theta0, spin, ampx, ampy; };

static uint64_t state = 0x5EED20250001ull;
static double unit() {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z = z ^ (z >> 31);
    return (double)(z >> 11) * 0x1.0p-53;
}
static double decimal(double v, int places) {   // correctly rounded, as glibc's printf is
    char text[64];
    snprintf(text, sizeof text, "%.*f", places, v);
    return strtod(text, nullptr);
}
static double cpu_seconds() {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}
static double wall_seconds() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int text_main(int argc, char **argv);
static int icons_main(int argc, char **argv);

int main(int argc, char **argv) {
    if (argc >= 4 && strcmp(argv[1], "text") == 0) return text_main(argc, argv);
    if (argc >= 5 && strcmp(argv[1], "icons") == 0) return icons_main(argc, argv);
    if (argc < 5) { fprintf(stderr, "usage: %s small|large N frames threads [frame0.rgba]\n", argv[0]); return 2; }
    const bool large = strcmp(argv[1], "large") == 0;
    const int W = large ? 1920 : 640, H = large ? 1080 : 360;
    const int n = atoi(argv[2]), frames = atoi(argv[3]), threads = atoi(argv[4]);
    std::vector<Rect> rects(n);
    for (Rect &p : rects) {
        p.w = 40 + 160 * unit(); p.h = 40 + 160 * unit(); p.radius = 16 * unit();
        p.r = (uint32_t)floor(256 * unit()); p.g = (uint32_t)floor(256 * unit()); p.b = (uint32_t)floor(256 * unit());
        p.a = (uint32_t)floor(255 * (0.6 + 0.4 * unit()) + 0.5);
        p.fx = 1 + floor(3 * unit()); p.fy = 1 + floor(3 * unit());
        p.phx = 2 * M_PI * unit(); p.phy = 2 * M_PI * unit(); p.theta0 = 2 * M_PI * unit();
        static const double spins[4] = { -2, -1, 1, 2 };
        p.spin = spins[(int)floor(4 * unit())];
        p.ampx = 0.25 + 0.20 * unit(); p.ampy = 0.25 + 0.20 * unit();
    }
    // The 120 frames' geometry, rounded as the workload says, computed before timing.
    struct Placed { double cx, cy, angle, w, h, radius; BLRgba32 colour; };
    std::vector<std::vector<Placed>> loop(120);
    for (int f = 0; f < 120; f++) {
        double t = f / 120.0;
        for (const Rect &p : rects) {
            double cx = W * (0.5 + p.ampx * sin(2 * M_PI * p.fx * t + p.phx));
            double cy = H * (0.5 + p.ampy * sin(2 * M_PI * p.fy * t + p.phy));
            double angle = fmod(p.theta0 + 2 * M_PI * p.spin * t, 2 * M_PI);
            loop[f].push_back({ decimal(cx, 3), decimal(cy, 3), decimal(angle, 6), decimal(p.w, 3), decimal(p.h, 3),
                                decimal(p.radius, 3), BLRgba32(p.r, p.g, p.b, p.a) });
        }
    }
    BLImage image(W, H, BL_FORMAT_PRGB32);
    Frames context(image, threads);
    auto draw = [&](int f) {
        context.draw([&](BLContext &ctx) {
            ctx.fill_all(BLRgba32(0xF2, 0xF2, 0xF7, 0xFF));
            for (const Placed &p : loop[f % 120]) {
                ctx.save();
                ctx.translate(p.cx, p.cy);
                ctx.rotate(p.angle);
                ctx.fill_round_rect(BLRoundRect(-p.w / 2, -p.h / 2, p.w, p.h, p.radius), p.colour);
                ctx.restore();
            }
        });
    };
    // Hash of the loop, and frame 0 as RGBA bytes.
    uint64_t hash = 0xcbf29ce484222325ull;
    std::vector<uint8_t> rgba((size_t)W * H * 4);
    for (int f = 0; f < 120; f++) {
        draw(f);
        BLImageData data;
        image.get_data(&data);
        for (int y = 0; y < H; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)data.pixel_data + y * data.stride);
            for (int x = 0; x < W; x++) {
                uint32_t p = row[x];   // opaque, so premultiplied = straight
                uint8_t *o = &rgba[((size_t)y * W + x) * 4];
                o[0] = (p >> 16) & 255; o[1] = (p >> 8) & 255; o[2] = p & 255; o[3] = p >> 24;
            }
        }
        for (uint8_t byte : rgba) { hash ^= byte; hash *= 0x100000001b3ull; }
        if (f == 0 && argc > 5) { FILE *out = fopen(argv[5], "wb"); fwrite(rgba.data(), 1, rgba.size(), out); fclose(out); }
    }
    double c0 = cpu_seconds(), w0 = wall_seconds();
    for (int f = 0; f < frames; f++) draw(f);
    double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
    printf("blend2d %s-n%d threads=%d frames=%d fps %.1f cpu_ms_per_frame %.4f hash %016llx\n", large ? "large" : "small", n,
           threads, frames, frames / wall, 1000 * cpu / frames, (unsigned long long)hash);
    return 0;
}

// The text workload (Sources/Benchmarks/TextWorkload.swift): 1920×1080, white, 40 labels of the
// 50-character sentence rotated by i % 7 characters, DejaVu Sans 34 px, colour (28, 28, 30);
// label i at (20 + 950·(i / 20), 40 + 52·(i % 20)) plus the frame's motion: `moving` 0.37 px
// right and 0.13 px down a frame, every 4th label also turning 0.5° a frame about its origin;
// `still` f mod 40 px right. Labels are shaped once (Flipbook lays them out once too); each frame
// fills their glyph runs, which Blend2D rasterizes from the outlines every call. Prints glyphs/s
// of the whole frame and of drawing alone (the frames' time minus the same number of clears),
// wall-clock and CPU, as flipbook bench --text does.
static int text_main(int argc, char **argv) {
    const bool still = strcmp(argv[2], "still") == 0;
    const int frames = atoi(argv[3]);
    const char *file = argc > 4 ? argv[4] : "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    BLFontFace face;
    if (face.create_from_file(file) != BL_SUCCESS) { fprintf(stderr, "cannot read %s\n", file); return 1; }
    BLFont font;
    font.create_from_face(face, 34.0f);
    const char *sentence = "Sphinx of black quartz, judge my vow! Jackdaws lov";
    std::vector<BLGlyphBuffer> labels(40);
    size_t glyphs = 0;
    for (int i = 0; i < 40; i++) {
        std::string text = std::string(sentence + i % 7) + std::string(sentence, i % 7);
        labels[i].set_utf8_text(text.c_str(), text.size());
        font.shape(labels[i]);
        glyphs += labels[i].size();
    }
    const double ascent = font.metrics().ascent;
    BLImage image(1920, 1080, BL_FORMAT_PRGB32);
    Frames context(image, 0);
    const BLRgba32 ink(28, 28, 30, 255);
    auto draw = [&](int f, bool text) {
        context.draw([&](BLContext &ctx) {
            ctx.fill_all(BLRgba32(255, 255, 255, 255));
            if (!text) return;
            for (int i = 0; i < 40; i++) {
                double dx = still ? fmod((double)f, 40.0) : 0.37 * f, dy = still ? 0.0 : 0.13 * f;
                ctx.save();
                ctx.translate(20 + 950.0 * (i / 20) + dx, 40 + 52.0 * (i % 20) + dy);
                if (!still && i % 4 == 0) ctx.rotate(0.5 * f * M_PI / 180);
                ctx.fill_glyph_run(BLPoint(0, ascent), font, labels[i].glyph_run(), ink);
                ctx.restore();
            }
        });
    };
    draw(0, true);
    double c0 = cpu_seconds(), w0 = wall_seconds();
    for (int f = 0; f < frames; f++) draw(f, true);
    double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
    double c1 = cpu_seconds(), w1 = wall_seconds();
    for (int f = 0; f < frames; f++) draw(f, false);
    double clear_cpu = cpu_seconds() - c1, clear_wall = wall_seconds() - w1;
    const double total = (double)glyphs * frames;
    printf("blend2d text %s frames=%d glyphs/frame=%zu fps %.1f Mglyphs/s %.3f drawing %.3f cpu_drawing %.3f\n",
           still ? "still" : "moving", frames, glyphs, frames / wall, total / wall / 1e6, total / (wall - clear_wall) / 1e6,
           total / (cpu - clear_cpu) / 1e6);
    return 0;
}

// The icons workload (Sources/Benchmarks/IconsWorkload.swift): 200 icons of 24–48 px at 1080p,
// a third each filled hearts, five-point stars and stroked circle-checks (ring 2 px wide, check
// 2 px with round caps and joins, in a 24 × 24 box), on the same SplitMix64 parameters and
// Lissajous paths, a quarter turning; background (F2, F2, F7). The stroke outlines are made once
// (as the Flipbook workload makes them), so each frame fills outlines only.
static int icons_main(int argc, char **argv) {
    const int count = atoi(argv[2]), frames = atoi(argv[3]), threads = atoi(argv[4]);
    state = 0x5EED20261C0Eull;
    struct Icon { double size; int kind; BLRgba32 colour; double fx, fy, phx, phy, ampx, ampy, spin; };
    std::vector<Icon> icons(count);
    for (int i = 0; i < count; i++) {
        Icon &p = icons[i];
        p.size = 24 + 24 * unit();
        uint32_t r = (uint32_t)floor(256 * unit()), g = (uint32_t)floor(256 * unit()), b = (uint32_t)floor(256 * unit());
        p.colour = BLRgba32(r, g, b, 255);
        p.fx = 1 + floor(3 * unit()); p.fy = 1 + floor(3 * unit());
        p.phx = 2 * M_PI * unit(); p.phy = 2 * M_PI * unit();
        p.ampx = (0.05 + 0.40 * unit()) / 8; p.ampy = (0.05 + 0.40 * unit()) / 8;
        p.spin = 0;
        if (unit() < 0.25) p.spin = floor(2 * unit()) == 0 ? -1 : 1;
        p.kind = i % 3;
    }
    BLPath heart;
    heart.move_to(12, 21.35);
    heart.line_to(10.55, 20.03);
    heart.cubic_to(5.4, 15.36, 2, 12.28, 2, 8.5);
    heart.cubic_to(2, 5.42, 4.42, 3, 7.5, 3);
    heart.cubic_to(9.24, 3, 10.91, 3.81, 12, 5.09);
    heart.cubic_to(13.09, 3.81, 14.76, 3, 16.5, 3);
    heart.cubic_to(19.58, 3, 22, 5.42, 22, 8.5);
    heart.cubic_to(22, 12.28, 18.6, 15.36, 13.45, 20.04);
    heart.close();
    BLPath star;
    for (int i = 0; i < 10; i++) {
        double a = (-90 + 36.0 * i) * M_PI / 180, r = i % 2 ? 0.45 : 1;
        double x = 12 + 10 * r * cos(a), y = 12 + 10 * r * sin(a);
        if (i == 0) star.move_to(x, y); else star.line_to(x, y);
    }
    star.close();
    BLPath circle, tick, ring, check;
    circle.add_circle(BLCircle(12, 12, 9));
    tick.move_to(7.5, 12.5);
    tick.line_to(10.5, 15.5);
    tick.line_to(16.5, 9);
    BLStrokeOptions ring_style, check_style;
    ring_style.width = 2;
    check_style.width = 2;
    check_style.start_cap = check_style.end_cap = BL_STROKE_CAP_ROUND;
    check_style.join = BL_STROKE_JOIN_ROUND;
    ring.add_stroked_path(circle, ring_style, bl_default_approximation_options);
    check.add_stroked_path(tick, check_style, bl_default_approximation_options);
    BLImage image(1920, 1080, BL_FORMAT_PRGB32);
    Frames context(image, threads);
    auto draw = [&](int f) {
        const double t = (f % 120) / 120.0;
        context.draw([&](BLContext &ctx) {
            ctx.fill_all(BLRgba32(0xF2, 0xF2, 0xF7, 0xFF));
            for (int i = 0; i < count; i++) {
                const Icon &p = icons[i];
                double cx = 1920 * (((i % 20) + 0.5) / 20 + p.ampx * sin(2 * M_PI * p.fx * t + p.phx));
                double cy = 1080 * (((i / 20 % 10) + 0.5) / 10 + p.ampy * sin(2 * M_PI * p.fy * t + p.phy));
                ctx.save();
                ctx.translate(cx, cy);
                ctx.rotate(2 * M_PI * p.spin * t);
                ctx.scale(p.size / 24);
                ctx.translate(-12, -12);
                if (p.kind == 0) ctx.fill_path(heart, p.colour);
                else if (p.kind == 1) ctx.fill_path(star, p.colour);
                else { ctx.fill_path(ring, p.colour); ctx.fill_path(check, p.colour); }
                ctx.restore();
            }
        });
    };
    if (argc > 5) {
        draw(0);
        BLImageData data;
        image.get_data(&data);
        FILE *out = fopen(argv[5], "wb");
        for (int y = 0; y < 1080; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)data.pixel_data + y * data.stride);
            for (int x = 0; x < 1920; x++) {
                uint8_t o[4] = { (uint8_t)(row[x] >> 16), (uint8_t)(row[x] >> 8), (uint8_t)row[x], (uint8_t)(row[x] >> 24) };
                fwrite(o, 1, 4, out);
            }
        }
        fclose(out);
    }
    draw(0);
    double c0 = cpu_seconds(), w0 = wall_seconds();
    for (int f = 0; f < frames; f++) draw(f);
    double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
    printf("blend2d icons n%d threads=%d frames=%d fps %.1f cpu_ms_per_frame %.4f\n", count, threads, frames, frames / wall,
           1000 * cpu / frames);
    return 0;
}
