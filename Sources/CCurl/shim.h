// libcurl (Debian's libcurl4-openssl-dev), used directly by ICSKit's fetch so that the body
// arrives as sent (no automatic decompression) and every byte passes through ICSKit's limits.
#ifndef ICSKIT_CCURL_SHIM_H
#define ICSKIT_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// function per argument type (curl.h: "CURL_EXTERN CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...)").
static inline CURLcode icskit_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
// Strings are copied by libcurl (CURLOPT docs: "the string is copied", since 7.17.0).
static inline CURLcode icskit_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
// Pointers (CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_HTTPHEADER) are borrowed: they must
// outlive the transfer.
static inline CURLcode icskit_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode icskit_curl_set_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
#endif
