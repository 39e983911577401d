// Span blends (one colour over a run of pixels) and the run-time choice of instruction set.
// Rules: raster_kernels.c's (byte for byte the scalar formula at every level; no state but the
// CPU's level, read once, and a per-thread override for tests).
#include "runs_simd.h"

#include <stdlib.h>
#include <string.h>

void fb_blend_run_scalar(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    uint32_t inverse = 255u - alpha_of(colour);
    for (ptrdiff_t i = 0; i < count; i++) pixels[i] = colour + mul255_lanes(pixels[i], inverse);
}

#if FB_X86
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i f = _mm_set1_epi16((short)(255u - alpha_of(colour)));
    const __m128i half = _mm_set1_epi16(128), k257 = _mm_set1_epi16(257);
    const __m128i source = _mm_set1_epi32((int)colour);
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(pixels + i));
        __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
        lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, f), half), k257);
        hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, f), half), k257);
        __m128i r = _mm_add_epi8(_mm_packus_epi16(lo, hi), source);
        _mm_storeu_si128((__m128i *)(pixels + i), r);
    }
    fb_blend_run_scalar(pixels + i, count - i, colour);
}

// The sweep inlines these (runs_simd.h); exported for the tests.
FB_AVX2_TARGET void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    fb_blend_span_avx2(pixels, count, colour);
}

FB_AVX512_TARGET void fb_blend_run_avx512(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    fb_blend_span_avx512(pixels, count, colour);
}

// FLIPBOOK_CPU_LEVEL=scalar|sse2|avx2 makes the process see a CPU without the levels above it:
// the test suite runs once more at avx2 so that a machine with AVX-512 also checks what an
// AVX2-only CPU runs (tests that enumerate "every level this CPU has" otherwise differ by machine).
// -1 for no or an unknown name.
static int level_named(const char *name) {
    if (name == NULL) return -1;
    static const char *const names[] = {"scalar", "sse2", "avx2", "avx512"};
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0) return i;
    return -1;
}

// The CPU's level, read once: -1 until known. A benign race: every thread computes and stores
// the same value.
static int cpu_level = -1;

int fb_cpu_level(void) {
    if (cpu_level < 0) {
        __builtin_cpu_init();
        int level = FB_LEVEL_SSE2;
        if (__builtin_cpu_supports("avx2")) level = FB_LEVEL_AVX2;
        if (level == FB_LEVEL_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vl"))
            level = FB_LEVEL_AVX512;
        int ceiling = level_named(getenv("FLIPBOOK_CPU_LEVEL"));
        if (ceiling >= 0 && ceiling < level) level = ceiling;
        cpu_level = level;
    }
    return cpu_level;
}
#else
// Other architectures: the scalar formula under every name.
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
void fb_blend_run_avx512(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
int fb_cpu_level(void) { return FB_LEVEL_SCALAR; }
#endif

// Tests force a level on one thread, to hold every level to the same bytes on a CPU that would
// otherwise run only its highest. Per thread, so no other thread's choice changes.
static _Thread_local int forced_level = -1;
// `flipbook bench --kernel-level` caps every thread, so one machine measures each level. Set
// once, before any thread draws; every level gives the same bytes, so only the speed changes.
static int process_cap = -1;

void fb_force_kernel_level_on_this_thread(int level) { forced_level = level; }
void fb_cap_kernel_level(int level) { process_cap = level; }
int fb_kernel_level(void) {
    int level = fb_cpu_level();
    if (process_cap >= 0 && process_cap < level) level = process_cap;
    return forced_level >= 0 && forced_level < level ? forced_level : level;
}
int fb_current_kernel_level(void) { return fb_kernel_level(); }
bool fb_cpu_has_avx2(void) { return fb_kernel_level() >= FB_LEVEL_AVX2; }
void fb_use_baseline_kernels_on_this_thread(bool on) { forced_level = on ? FB_LEVEL_SSE2 : -1; }
