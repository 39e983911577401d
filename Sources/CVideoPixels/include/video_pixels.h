// CVideoPixels: straight RGBA8 frames to the planar YUV an encoder takes, in exact integer
// arithmetic, so the same frame gives the same bytes on every machine and compiler.
//
// Rules of this module:
// - BT.709 matrix, limited ("tv") range: Y in 16...235, Cb and Cr in 16...240, the tags
//   Flipbook's MP4 carries. Alpha is ignored (MP4 is opaque), as ffmpeg's conversion ignores it.
// - 4:2:0 chroma is the average of each 2x2 block's RGB (centre-sited), rounded half up.
// - No allocation, no global state: safe on any thread.
#ifndef FLIPBOOK_VIDEO_PIXELS_H
#define FLIPBOOK_VIDEO_PIXELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Bytes of a yuv420p frame of an even width x height: the Y plane, then Cb, then Cr.
size_t cvp_yuv420p_size(uint32_t width, uint32_t height);

// Converts width x height straight RGBA8 pixels (rows top to bottom, 4 * width bytes each) into
// `out` (cvp_yuv420p_size bytes): Y plane (width x height), Cb plane, Cr plane (width/2 x
// height/2 each). Width and height must be even and positive; returns 0 on success, -1 (and
// writes nothing) otherwise.
int cvp_rgba_to_yuv420p_bt709(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t *out);

// Code paths, each giving the same bytes: the portable C, SSE2 (16 pixels a step) and AVX2 (32).
#define CVP_LEVEL_SCALAR 0
#define CVP_LEVEL_SSE2 1
#define CVP_LEVEL_AVX2 2

// cvp_rgba_to_yuv420p_bt709 on the path `level`, or the best the CPU has when that is lower
// (what the conversion picks by itself); for tests that hold the paths to one result.
int cvp_rgba_to_yuv420p_bt709_at(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t *out, int level);

#ifdef __cplusplus
}
#endif

#endif
