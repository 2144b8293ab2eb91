// libcurl (Debian's libcurl4-openssl-dev), used directly by ICSKit's fetch so that the body
// arrives as sent (no automatic decompression) and every byte passes through ICSKit's limits.
//
// Only curl.h's types and constants come from here: nothing links libcurl. ICSKit loads it
// with dlopen when a URL is first fetched (Import/CurlLibrary.swift), so that a program that
// never fetches does not pay for binding libcurl and its dependencies at start-up.
#ifndef ICSKIT_CCURL_SHIM_H
#define ICSKIT_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call, and arrives from dlsym as an untyped
// pointer: one typed function per argument type calls it through its real (variadic) type
// (curl.h: "CURL_EXTERN CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...)").
typedef CURLcode (*icskit_curl_setopt_function)(CURL *, CURLoption, ...);

static inline CURLcode icskit_curl_set_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((icskit_curl_setopt_function)setopt)(handle, option, value);
}
// Strings are copied by libcurl (CURLOPT docs: "the string is copied", since 7.17.0).
static inline CURLcode icskit_curl_set_string(void *setopt, CURL *handle, CURLoption option, const char *value) {
    return ((icskit_curl_setopt_function)setopt)(handle, option, value);
}
// Pointers (CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_HTTPHEADER) are borrowed: they must
// outlive the transfer.
static inline CURLcode icskit_curl_set_pointer(void *setopt, CURL *handle, CURLoption option, void *value) {
    return ((icskit_curl_setopt_function)setopt)(handle, option, value);
}
static inline CURLcode icskit_curl_set_callback(void *setopt, CURL *handle, CURLoption option, curl_write_callback value) {
    return ((icskit_curl_setopt_function)setopt)(handle, option, value);
}
#endif
