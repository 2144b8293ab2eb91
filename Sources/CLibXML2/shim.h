// libxml2 (Debian's libxml2-dev): found with pkg-config for CDAVXML's C, which alone includes it.
// Swift never imports this module: libxml2's headers include ICU's, which clash with the ICU
// module that Foundation bundles (as for CICUZones).
#ifndef ICSKIT_CLIBXML2_SHIM_H
#define ICSKIT_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#endif
