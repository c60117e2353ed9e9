// The system's zlib: Debian's zlib1g-dev on Linux, the SDK's on Apple platforms.
#include <zlib.h>
