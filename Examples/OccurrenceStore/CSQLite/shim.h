// SQLite 3 from the system (Debian: libsqlite3-dev), for the OccurrenceStore example only.
#include <sqlite3.h>
