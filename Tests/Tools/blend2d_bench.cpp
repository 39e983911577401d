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
// threads 0: synchronous rendering (one thread); k >= 1: BLContextCreateInfo.threadCount = k.
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
#include <vector>

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

int main(int argc, char **argv) {
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
    BLContextCreateInfo info {};
    info.thread_count = threads > 0 ? (uint32_t)threads : 0u;
    auto draw = [&](int f) {
        BLContext ctx(image, info);
        ctx.fill_all(BLRgba32(0xF2, 0xF2, 0xF7, 0xFF));
        for (const Placed &p : loop[f % 120]) {
            ctx.save();
            ctx.translate(p.cx, p.cy);
            ctx.rotate(p.angle);
            ctx.fill_round_rect(BLRoundRect(-p.w / 2, -p.h / 2, p.w, p.h, p.radius), p.colour);
            ctx.restore();
        }
        ctx.end();
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
