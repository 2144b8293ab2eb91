#ifndef ICSKIT_CLIBICAL_SHIM_H
#define ICSKIT_CLIBICAL_SHIM_H
#include <libical/ical.h>

/// The calling thread's libical error code (icalerrno is a macro over icalerrno_return()).
static inline icalerrorenum icskit_errno(void) { return *icalerrno_return(); }
static inline void icskit_clear_errno(void) { icalerror_clear_errno(); }
#endif
