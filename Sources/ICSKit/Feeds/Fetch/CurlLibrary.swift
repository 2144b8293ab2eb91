internal import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libcurl, loaded with `dlopen` the first time a URL is fetched, and the functions of it that
/// ``CurlTransfer`` calls.
///
/// Why not linked: binding libcurl and the libraries it needs (TLS, SSH, LDAP, Kerberos, IDN, …)
/// at start-up cost every run of `icsview` about 40M instructions, though most never fetch.
///
/// Sendable notes: the library is never closed (no `dlclose`), so the function pointers stay
/// valid for the life of the process; libcurl's global state is set up once, here, before any
/// pointer is handed out (curl.h: curl_global_init "must be called at least once ... before
/// any other libcurl function"; thread-safe since 7.84).
struct CurlLibrary: @unchecked Sendable {
    /// The loaded library, or why it could not be loaded (set up on first use, once).
    static let shared: Result<CurlLibrary, ICSError> = load()

    /// The file names tried in order: the soname of libcurl 7.16 and later (Debian's
    /// libcurl4-openssl-dev, which the headers come from), then macOS's.
    private static let fileNames = ["libcurl.so.4", "libcurl.4.dylib", "libcurl.dylib"]

    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let slistAppend: @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    /// `curl_easy_setopt`, variadic: called only through the shim's typed `icskit_curl_set_*`.
    let setopt: UnsafeMutableRawPointer

    private static func load() -> Result<CurlLibrary, ICSError> {
        // > RTLD_LOCAL: symbols defined in this shared object are not made available to resolve
        // > references in subsequently loaded shared objects (dlopen(3)): libcurl stays private.
        guard let handle = fileNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(ICSError(.network, "cannot load libcurl (\(why))"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        typealias GlobalInit = @convention(c) (Int) -> CURLcode
        guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
              let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> UnsafeMutableRawPointer?).self),
              let easyCleanup = symbol("curl_easy_cleanup", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
              let easyPerform = symbol("curl_easy_perform", as: (@convention(c) (UnsafeMutableRawPointer?) -> CURLcode).self),
              let slistAppend = symbol("curl_slist_append", as: (@convention(c) (UnsafeMutablePointer<curl_slist>?,
                                                                                 UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?).self),
              let slistFreeAll = symbol("curl_slist_free_all", as: (@convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void).self),
              let setopt = dlsym(handle, "curl_easy_setopt") else {
            return .failure(ICSError(.network, "cannot load libcurl (a function is missing)"))
        }
        guard globalInit(Int(CURL_GLOBAL_ALL)) == CURLE_OK else {
            return .failure(ICSError(.network, "cannot start libcurl (curl_global_init failed)"))
        }
        return .success(CurlLibrary(easyInit: easyInit, easyCleanup: easyCleanup, easyPerform: easyPerform,
                                    slistAppend: slistAppend, slistFreeAll: slistFreeAll, setopt: setopt))
    }
}
