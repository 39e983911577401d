// The system GNU FriBidi (pkg-config fribidi): the Unicode bidirectional algorithm (UAX #9).
#include <fribidi.h>
