// The system rlottie's C API (Debian: librlottie-dev, pkg-config rlottie): a Lottie document
// loaded from memory and rendered frame by frame into a buffer the caller owns.
#include <stddef.h>
#include <stdint.h>
#include <rlottie_capi.h>
