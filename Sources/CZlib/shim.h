// zlib (Debian's zlib1g-dev), for ICSKit's streaming Content-Encoding decoder.
#ifndef ICSKIT_CZLIB_SHIM_H
#define ICSKIT_CZLIB_SHIM_H
#include <zlib.h>

// `inflateInit2` is a macro (zlib.h: "#define inflateInit2(strm, windowBits) inflateInit2_(...)"),
// which Swift cannot import: this is the same call as a function.
static inline int icskit_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
