// Blend2D + fpng, the comparison of Sources/PNG/README.md: the docs/benchmarks.md workload drawn
// by Blend2D (sync context, its JIT), each frame converted from BGRA with a byte shuffle and
// written as a PNG by fpng. Frames split across T threads (frame f on thread f mod T), each with
// its own image and context. Prints frames/s, CPU ms a frame (getrusage) and bytes a frame.
// OUTDIR "-" writes raw RGBA frames to stdout instead (use 1 thread), for ffmpeg experiments.
//
//   (Blend2D and asmjit checked out side by side; cmake -DCMAKE_BUILD_TYPE=Release
//    -DBLEND2D_STATIC=ON -DASMJIT_DIR=... ; fpng.o as in png_fpng_compare.cpp)
//   g++ -O3 -march=native -std=c++17 -DBL_STATIC -I<blend2d checkout> -I/tmp/fpng/src \
//       Tests/Tools/blend2d_fpng_frames.cpp /tmp/fpng.o libblend2d.a -o /tmp/b2d_fpng -lpthread -lrt
//   /tmp/b2d_fpng W H N FRAMES THREADS CHANNELS(3|4) FLAGS(0|1=two passes) OUTDIR [FSYNC 0|1]
#include <blend2d/blend2d.h>
#include "fpng.h"
#include <immintrin.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <thread>
#include <atomic>
#include <fcntl.h>
#include <unistd.h>
#include <sys/resource.h>
#include <time.h>

struct Rect { double w, h, radius; uint32_t r, g, b, a; double fx, fy, phx, phy, theta0, spin, ampx, ampy; };

static uint64_t state = 0x5EED20250001ull;
static double nextU() {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z = z ^ (z >> 31);
    return (double)(z >> 11) * 0x1.0p-53;
}
static double round_to(double v, int decimals) {
    char text[64];
    snprintf(text, sizeof text, "%.*f", decimals, v);
    return strtod(text, nullptr);
}
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static double cpu() {
    rusage u; getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

int main(int argc, char **argv) {
    if (argc < 9) { fprintf(stderr, "usage: b2d_fpng W H N FRAMES THREADS CHANNELS FLAGS OUTDIR [FSYNC] [LOOPS]\n"); return 2; }
    int W = atoi(argv[1]), H = atoi(argv[2]), N = atoi(argv[3]), F = atoi(argv[4]), T = atoi(argv[5]);
    int channels = atoi(argv[6]); uint32_t flags = atoi(argv[7]) ? fpng::FPNG_ENCODE_SLOWER : 0;
    const char *outdir = argv[8];
    int do_fsync = argc > 9 ? atoi(argv[9]) : 0;
    fpng::fpng_init();
    std::vector<Rect> rects(N);
    const double twoPi = 2 * M_PI;
    const double spins[4] = {-2, -1, 1, 2};
    for (auto &r : rects) {
        r.w = 40 + 160 * nextU(); r.h = 40 + 160 * nextU(); r.radius = 16 * nextU();
        r.r = (uint32_t)floor(256 * nextU()); r.g = (uint32_t)floor(256 * nextU()); r.b = (uint32_t)floor(256 * nextU());
        r.a = (uint32_t)floor(255 * (0.6 + 0.4 * nextU()) + 0.5);
        r.fx = 1 + floor(3 * nextU()); r.fy = 1 + floor(3 * nextU());
        r.phx = twoPi * nextU(); r.phy = twoPi * nextU(); r.theta0 = twoPi * nextU();
        r.spin = spins[(int)floor(4 * nextU())];
        r.ampx = 0.25 + 0.20 * nextU(); r.ampy = 0.25 + 0.20 * nextU();
    }
    std::atomic<uint64_t> bytes{0};
    double t0 = now(), c0 = cpu();
    std::vector<std::thread> threads;
    for (int t = 0; t < T; t++) {
        threads.emplace_back([&, t] {
            BLImage image(W, H, BL_FORMAT_PRGB32);
            std::vector<uint8_t> pixels((size_t)W * H * channels), png;
            for (int f = t; f < F; f += T) {
                double time = (double)f / 120.0;
                {
                    BLContext ctx(image);
                    ctx.fill_all(BLRgba32(0xFFF2F2F7u));
                    for (const auto &r : rects) {
                        double cx = round_to(W * (0.5 + r.ampx * sin(twoPi * r.fx * time + r.phx)), 3);
                        double cy = round_to(H * (0.5 + r.ampy * sin(twoPi * r.fy * time + r.phy)), 3);
                        double angle = round_to(fmod(r.theta0 + twoPi * r.spin * time, twoPi), 6);
                        double w = round_to(r.w, 3), h = round_to(r.h, 3), rad = round_to(r.radius, 3);
                        ctx.reset_transform();
                        ctx.translate(cx, cy);
                        ctx.rotate(angle);
                        ctx.fill_round_rect(BLRoundRect(-w / 2, -h / 2, w, h, rad), BLRgba32(r.r, r.g, r.b, r.a));
                    }
                    ctx.end();
                }
                // PRGB32 is B, G, R, A in memory (little endian); opaque, so premultiplied == straight.
                BLImageData data; image.get_data(&data);
                for (int y = 0; y < H; y++) {
                    const uint8_t *src = (const uint8_t *)data.pixel_data + y * data.stride;
                    uint8_t *dst = pixels.data() + (size_t)y * W * channels;
                    // BGRA -> RGBA or RGB with SSSE3 byte shuffles, 4 pixels a step.
                    const int width = W;
                    int x = 0;
                    if (channels == 4) {
                        const __m128i swap = _mm_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
                        for (; x + 4 <= width; x += 4)
                            _mm_storeu_si128((__m128i *)(dst + 4 * x), _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + 4 * x)), swap));
                        for (; x < width; x++) { dst[4*x] = src[4*x+2]; dst[4*x+1] = src[4*x+1]; dst[4*x+2] = src[4*x]; dst[4*x+3] = src[4*x+3]; }
                    } else {
                        const __m128i pack = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
                        for (; x + 6 <= width; x += 4)  // 16-byte store of 12 useful bytes: stay 4 bytes short of the end
                            _mm_storeu_si128((__m128i *)(dst + 3 * x), _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + 4 * x)), pack));
                        for (; x < width; x++) { dst[3*x] = src[4*x+2]; dst[3*x+1] = src[4*x+1]; dst[3*x+2] = src[4*x]; }
                    }
                }
                if (strcmp(outdir, "-") == 0) {  // raw RGBA frames to stdout, for ffmpeg experiments
                    if (fwrite(pixels.data(), 1, pixels.size(), stdout) != pixels.size()) exit(1);
                    continue;
                }
                if (!fpng::fpng_encode_image_to_memory(pixels.data(), W, H, channels, png, flags)) { fprintf(stderr, "encode failed\n"); exit(1); }
                bytes += png.size();
                char path[512]; snprintf(path, sizeof path, "%s/frame_%05d.png", outdir, f);
                int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
                if (fd < 0 || write(fd, png.data(), png.size()) != (ssize_t)png.size()) { perror(path); exit(1); }
                if (do_fsync) fsync(fd);
                close(fd);
            }
        });
    }
    for (auto &th : threads) th.join();
    double wall = now() - t0, c = cpu() - c0;
    fprintf(stderr, "%dx%d n%d frames %d threads %d ch %d flags %u: %.1f fps, CPU %.2f ms/frame, %.0f B/frame\n",
           W, H, N, F, T, channels, flags, F / wall, c * 1000 / F, (double)bytes / F);
    return 0;
}
