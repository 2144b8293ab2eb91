#include "CICUZones.h"
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>

int icskit_windows_zone_to_iana(const char *windowsName, char *out, int cap) {
    if (windowsName == NULL || out == NULL || cap <= 1) return 0;
    UChar winID[128];
    UChar ianaID[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t winLength = 0;
    u_strFromUTF8(winID, 128, &winLength, windowsName, -1, &status);
    if (U_FAILURE(status) || winLength >= 128) return 0;
    int32_t length = ucal_getTimeZoneIDForWindowsID(winID, winLength, "001", ianaID, 128, &status);
    if (U_FAILURE(status) || length <= 0 || length >= cap) return 0;
    int32_t written = 0;
    u_strToUTF8(out, cap, &written, ianaID, length, &status);
    if (U_FAILURE(status) || written <= 0 || written >= cap) return 0;
    out[written] = '\0';
    return written;
}

int icskit_iana_zone_to_windows(const char *ianaName, char *out, int cap) {
    if (ianaName == NULL || out == NULL || cap <= 1) return 0;
    UChar ianaID[128];
    UChar winID[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t ianaLength = 0;
    u_strFromUTF8(ianaID, 128, &ianaLength, ianaName, -1, &status);
    if (U_FAILURE(status) || ianaLength >= 128) return 0;
    int32_t length = ucal_getWindowsTimeZoneID(ianaID, ianaLength, winID, 128, &status);
    if (U_FAILURE(status) || length <= 0 || length >= cap) return 0;
    int32_t written = 0;
    u_strToUTF8(out, cap, &written, winID, length, &status);
    if (U_FAILURE(status) || written <= 0 || written >= cap) return 0;
    out[written] = '\0';
    return written;
}
