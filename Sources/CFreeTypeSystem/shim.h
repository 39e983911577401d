// The system FreeType (pkg-config freetype2 supplies -I/usr/include/freetype2): the font loader
// and outline access the Text module uses, and the headers the CFreeType figure shim compiles against.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
