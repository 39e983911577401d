// The system HarfBuzz (pkg-config harfbuzz): OpenType shaping from a font blob, HarfBuzz's own
// font functions (hb-ot), so shaping needs no FreeType face.
#include <hb.h>
#include <hb-ot.h>
