// The system libwebp's decoding API (pkg-config libwebp): the bitstream's features (size, alpha,
// animation) without decoding, and decoding straight to RGBA into a buffer the caller owns.
#include <stddef.h>
#include <webp/decode.h>
