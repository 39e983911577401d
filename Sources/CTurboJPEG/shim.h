// The system libjpeg-turbo's TurboJPEG API (pkg-config libturbojpeg): header parsing without
// decoding, and decompression straight to RGBA. Errors come back as return codes, never longjmp.
#include <stddef.h>
#include <turbojpeg.h>
