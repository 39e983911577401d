#include "cfreetype.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdlib.h>

struct cft_face {
    FT_Library library;
    FT_Face face;
};

cft_face *cft_open(const char *path, uint32_t pixel_size, int32_t *error) {
    cft_face *result = calloc(1, sizeof(cft_face));
    if (!result) { *error = -1; return NULL; }
    FT_Error status = FT_Init_FreeType(&result->library);
    if (status == 0) status = FT_New_Face(result->library, path, 0, &result->face);
    if (status == 0) status = FT_Set_Pixel_Sizes(result->face, 0, pixel_size);
    if (status != 0) {
        *error = status;
        cft_close(result);
        return NULL;
    }
    *error = 0;
    return result;
}

void cft_close(cft_face *face) {
    if (!face) return;
    if (face->face) FT_Done_Face(face->face);
    if (face->library) FT_Done_FreeType(face->library);
    free(face);
}

int32_t cft_ascender(const cft_face *face) { return (int32_t)face->face->size->metrics.ascender; }
int32_t cft_descender(const cft_face *face) { return (int32_t)face->face->size->metrics.descender; }

int32_t cft_render(cft_face *face, uint32_t codepoint, int32_t subpixel_x, cft_glyph *glyph) {
    FT_Vector delta = { subpixel_x & 63, 0 };
    FT_Set_Transform(face->face, NULL, &delta);
    FT_UInt index = FT_Get_Char_Index(face->face, codepoint);
    FT_Error status = FT_Load_Glyph(face->face, index, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (status == 0) status = FT_Render_Glyph(face->face->glyph, FT_RENDER_MODE_NORMAL);
    FT_Set_Transform(face->face, NULL, NULL);
    if (status != 0) return status;
    FT_GlyphSlot slot = face->face->glyph;
    glyph->width = (int32_t)slot->bitmap.width;
    glyph->height = (int32_t)slot->bitmap.rows;
    glyph->pitch = slot->bitmap.pitch;
    glyph->left = slot->bitmap_left;
    glyph->top = slot->bitmap_top;
    // The advance without the sub-pixel shift: FT_Set_Transform's delta moves the outline, and
    // the unhinted advance is the scaled font advance.
    glyph->advance = (int32_t)slot->linearHoriAdvance >> 10;
    glyph->buffer = slot->bitmap.buffer;
    return 0;
}

int32_t cft_kerning(cft_face *face, uint32_t left, uint32_t right) {
    if (!FT_HAS_KERNING(face->face)) return 0;
    FT_Vector kerning;
    FT_UInt l = FT_Get_Char_Index(face->face, left), r = FT_Get_Char_Index(face->face, right);
    if (FT_Get_Kerning(face->face, l, r, FT_KERNING_UNFITTED, &kerning) != 0) return 0;
    return (int32_t)kerning.x;
}

void cft_version(int32_t *major, int32_t *minor, int32_t *patch) {
    FT_Library library;
    *major = *minor = *patch = 0;
    if (FT_Init_FreeType(&library) != 0) return;
    FT_Int a, b, c;
    FT_Library_Version(library, &a, &b, &c);
    *major = a; *minor = b; *patch = c;
    FT_Done_FreeType(library);
}
