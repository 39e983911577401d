// Span blends (one colour over a run of pixels) and the run-time choice of instruction set.
// Rules: raster_kernels.c's (byte for byte the scalar formula at every level; no state but the
// CPU's level, read once, and a per-thread override for tests).
#include "kernels_internal.h"

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

__attribute__((target("avx2")))
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i f = _mm256_set1_epi16((short)(255u - alpha_of(colour)));
    const __m256i half = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    const __m256i source = _mm256_set1_epi32((int)colour);
    ptrdiff_t i = 0;
#define BLEND8(d) ({ __m256i lo_ = _mm256_unpacklo_epi8((d), zero), hi_ = _mm256_unpackhi_epi8((d), zero); \
        lo_ = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo_, f), half), k257); \
        hi_ = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi_, f), half), k257); \
        _mm256_add_epi8(_mm256_packus_epi16(lo_, hi_), source); })
    for (; i + 8 <= count; i += 8) {
        // In-lane unpack and pack: the pack puts every byte back where the unpack took it.
        __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + i));
        _mm256_storeu_si256((__m256i *)(pixels + i), BLEND8(d));
    }
    if (i < count) {
        // The last 1…7 pixels in one masked step: masked-off lanes are neither read nor written.
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - i)), lanes);
        __m256i d = _mm256_maskload_epi32((const int *)(pixels + i), mask);
        _mm256_maskstore_epi32((int *)(pixels + i), mask, BLEND8(d));
    }
#undef BLEND8
}

// The CPU's level, read once: -1 until known. A benign race: every thread computes and stores
// the same value.
static int cpu_level = -1;

int fb_cpu_level(void) {
    if (cpu_level < 0) {
        __builtin_cpu_init();
        int level = FB_LEVEL_SSE2;
        if (__builtin_cpu_supports("avx2")) level = FB_LEVEL_AVX2;
        if (level == FB_LEVEL_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
            level = FB_LEVEL_AVX512;
        cpu_level = level;
    }
    return cpu_level;
}
#else
// Other architectures: the scalar formula under every name.
void fb_blend_run_sse2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
void fb_blend_run_avx2(uint32_t *pixels, ptrdiff_t count, uint32_t colour) { fb_blend_run_scalar(pixels, count, colour); }
int fb_cpu_level(void) { return FB_LEVEL_SCALAR; }
#endif

// Tests force a level on one thread, to hold every level to the same bytes on a CPU that would
// otherwise run only its highest. Per thread, so no other thread's choice changes.
static _Thread_local int forced_level = -1;

void fb_force_kernel_level_on_this_thread(int level) { forced_level = level; }
int fb_kernel_level(void) {
    int cpu = fb_cpu_level();
    return forced_level >= 0 && forced_level < cpu ? forced_level : cpu;
}
int fb_current_kernel_level(void) { return fb_kernel_level(); }
bool fb_cpu_has_avx2(void) { return fb_kernel_level() >= FB_LEVEL_AVX2; }
void fb_use_baseline_kernels_on_this_thread(bool on) { forced_level = on ? FB_LEVEL_SSE2 : -1; }
