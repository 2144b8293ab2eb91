#ifndef ICSKIT_CICUZONES_H
#define ICSKIT_CICUZONES_H
#include <stddef.h>

/// Maps a Windows time-zone name (e.g. "W. Europe Standard Time") to its IANA
/// identifier by the CLDR table that ICU carries (ucal_getTimeZoneIDForWindowsID,
/// region "001"). Writes a NUL-terminated ASCII name into `out`.
/// Returns the length of the name, or 0 when the name is unknown or `cap` too small.
int icskit_windows_zone_to_iana(const char *windowsName, char *out, int cap);

/// Maps an IANA identifier (e.g. "Europe/Amsterdam") to the Windows time-zone name that
/// covers it by the same CLDR table (ucal_getWindowsTimeZoneID), e.g. "W. Europe Standard Time".
/// Writes a NUL-terminated ASCII name into `out`.
/// Returns the length of the name, or 0 when the zone has none or `cap` is too small.
int icskit_iana_zone_to_windows(const char *ianaName, char *out, int cap);

#endif
