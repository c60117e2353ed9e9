// The system's SQLite: Debian's libsqlite3-dev on Linux, the SDK's on Apple platforms.
#include <sqlite3.h>
