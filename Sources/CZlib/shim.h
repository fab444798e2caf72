// The system's zlib (already linked into the binary by Foundation), for the gallery's gzip.
#include <zlib.h>
