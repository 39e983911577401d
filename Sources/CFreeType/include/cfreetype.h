// CFreeType: the only place Flipbook touches FreeType.
//
// Rules of this module:
// - Swift sees only this header (stdint types and an opaque face), never FreeType's own headers.
// - Glyphs are rendered unhinted (FT_LOAD_NO_HINTING) in 8-bit anti-aliased mode: the outline is
//   scaled exactly, so the coverage depends only on the FreeType version, the font file and the
//   pixel size, never on hinting engines or settings in the environment.
// - Memory handed to the caller is owned by the face: a glyph's bitmap is valid until the next
//   call on the same face.
#ifndef FLIPBOOK_CFREETYPE_H
#define FLIPBOOK_CFREETYPE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cft_face cft_face;

// Opens `path` at `pixel_size` pixels per em. Returns NULL on failure and writes the FreeType
// error code to *error.
cft_face *cft_open(const char *path, uint32_t pixel_size, int32_t *error);
void cft_close(cft_face *face);

// Vertical metrics in 26.6 fixed point pixels (ascender > 0, descender < 0).
int32_t cft_ascender(const cft_face *face);
int32_t cft_descender(const cft_face *face);

// One rendered glyph: coverage bytes (rows of `pitch` bytes), placed with its top-left corner at
// (pen_x + left, baseline − top) in whole pixels; `advance` in 26.6 fixed point pixels.
typedef struct {
    int32_t width, height, pitch;
    int32_t left, top;
    int32_t advance;
    const uint8_t *buffer;
} cft_glyph;

// Renders the glyph of Unicode scalar `codepoint`, shifted right by `subpixel_x` (26.6, 0..63)
// before rasterization. Returns 0 on success, the FreeType error code otherwise.
int32_t cft_render(cft_face *face, uint32_t codepoint, int32_t subpixel_x, cft_glyph *glyph);

// Kerning between two code points in 26.6 pixels (0 when the font has none).
int32_t cft_kerning(cft_face *face, uint32_t left, uint32_t right);

// "major.minor.patch" of the linked FreeType, for golden-test failure messages.
void cft_version(int32_t *major, int32_t *minor, int32_t *patch);

#ifdef __cplusplus
}
#endif

#endif
