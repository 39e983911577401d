// The system libdeflate (Debian: libdeflate-dev), found by pkg-config.
#include <libdeflate.h>
