internal import CCurl
import Foundation

/// One HTTP GET through libcurl, without following redirects: the headers are read as they
/// arrive, and the body is passed, as sent, through a ``ContentDecoder`` that stops at the
/// size limit. libcurl's own decoding is off (`CURLOPT_HTTP_CONTENT_DECODING` 0, no
/// `CURLOPT_ACCEPT_ENCODING`), so no byte is inflated outside ICSKit's limit.
///
/// Owner of one easy handle and one header list, freed in `deinit` (curl.h: "curl_easy_cleanup
/// ... must be the last function to call for an easy session"; "curl_slist_free_all ... frees a
/// previously built curl_slist"). Used on one thread: libcurl calls back on the thread that
/// runs `curl_easy_perform`. libcurl's functions come from ``CurlLibrary`` (loaded on first use).
final class CurlTransfer {
    /// What one request brought back, before redirects are judged.
    struct Outcome {
        var status: Int
        var reason: String
        /// Header names lower-cased; the last value of a repeated header wins.
        var headers: [String: String]
        /// The decoded body of a 2xx, else empty.
        var body: [UInt8]
        /// Where a 3xx points (`Location`, resolved against the request's URL).
        var redirect: URL?
        /// The bytes of the body as they came over the wire (before decoding), for counts.
        var received: Int = 0
    }

    /// What a WebDAV request adds to a GET: another method, a body, authentication that libcurl
    /// answers (Digest needs its challenge), and the body of an error answer (a `DAV:error`).
    struct Extras {
        /// `PROPFIND`, `REPORT`, … (`CURLOPT_CUSTOMREQUEST`); `nil` for GET.
        var method: String?
        /// The request body (copied by libcurl, `CURLOPT_COPYPOSTFIELDS`).
        var body: [UInt8]?
        /// User, password and `CURLAUTH_*` bits, given to libcurl (`CURLOPT_USERNAME`,
        /// `CURLOPT_PASSWORD`, `CURLOPT_HTTPAUTH`), never put in a header here or in a message.
        var credentials: (user: String, password: String, authBits: Int)?
        /// Keep the body of a non-2xx answer (up to 64 KiB) and do not stop at its headers
        /// (a Digest challenge's 401 is answered by libcurl on the same transfer).
        var keepsErrorBodies = false
    }

    private let curl: CurlLibrary
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let limit: Int
    private let deadline: Date
    private let totalSeconds: TimeInterval
    private var status = 0
    private var reason = ""
    private var headers: [String: String] = [:]
    private var decoder: ContentDecoder?
    /// Set when the callbacks stop the transfer on purpose (a failure, or a body not needed).
    private var failure: ICSError?
    private var stoppedAfterHeaders = false
    private var received = 0
    private var extras = Extras()
    private var errorBody: [UInt8] = []
    private static let errorBodyLimit = 64 << 10

    /// - Parameters:
    ///   - limit: the largest decoded body accepted, in bytes.
    ///   - deadline: when the whole fetch (all its requests) must be over; `totalSeconds` is its length, for messages.
    /// - Throws: ``ICSError`` when libcurl cannot be loaded or gives no handle.
    init(limit: Int, deadline: Date, totalSeconds: TimeInterval) throws(ICSError) {
        let curl = try CurlLibrary.shared.get()
        guard let handle = curl.easyInit() else { throw ICSError(.network, "cannot start a transfer (libcurl)") }
        self.curl = curl
        self.handle = handle
        self.limit = limit
        self.deadline = deadline
        self.totalSeconds = totalSeconds
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl.easyCleanup(handle)
        curl.slistFreeAll(headerList)
        errorBuffer.deallocate()
    }

    /// Runs the request (once per transfer), blocking the thread until it ends.
    /// - Parameters:
    ///   - headers: request headers, `Name: value`.
    ///   - connectTimeout: the longest wait for the connection.
    ///   - idleTimeout: the longest wait for each next byte (`nil`: `connectTimeout`).
    /// - Throws: ``ICSError``: the network failure, the size limit, a corrupt encoding, the deadline.
    func perform(_ url: URL, headers requestHeaders: [String], userAgent: String,
                 connectTimeout: TimeInterval, idleTimeout: TimeInterval? = nil, extras: Extras = Extras()) throws(ICSError) -> Outcome {
        self.extras = extras
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw FetchSession.totalTimeout(totalSeconds) }
        let milliseconds = { (t: TimeInterval) in max(1, Int((t * 1000).rounded(.up))) }
        set(CURLOPT_URL, url.absoluteString)
        set(CURLOPT_USERAGENT, userAgent)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_FOLLOWLOCATION, 0)
        set(CURLOPT_HTTP_CONTENT_DECODING, 0)
        set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(connectTimeout, remaining)))
        set(CURLOPT_TIMEOUT_MS, milliseconds(remaining))
        // An idle timeout: less than 1 byte a second for that many seconds stops the transfer.
        set(CURLOPT_LOW_SPEED_LIMIT, 1)
        set(CURLOPT_LOW_SPEED_TIME, max(1, Int((idleTimeout ?? connectTimeout).rounded(.up))))
        for header in requestHeaders { headerList = curl.slistAppend(headerList, header) }
        set(CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        set(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        let me = Unmanaged.passUnretained(self).toOpaque()
        set(CURLOPT_HEADERFUNCTION, CurlTransfer.onHeader)
        set(CURLOPT_HEADERDATA, me)
        set(CURLOPT_WRITEFUNCTION, CurlTransfer.onBody)
        set(CURLOPT_WRITEDATA, me)
        if let method = extras.method { set(CURLOPT_CUSTOMREQUEST, method) }
        if let body = extras.body {
            // > CURLOPT_POSTFIELDSIZE: "If you want to post static data to the server without
            // > having libcurl do a strlen() ...". Set before CURLOPT_COPYPOSTFIELDS, which copies that many bytes.
            set(CURLOPT_POSTFIELDSIZE, body.count)
            body.withUnsafeBytes { raw in
                _ = icskit_curl_set_pointer(curl.setopt, handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress))
            }
        }
        if let credentials = extras.credentials {
            set(CURLOPT_USERNAME, credentials.user)
            set(CURLOPT_PASSWORD, credentials.password)
            set(CURLOPT_HTTPAUTH, credentials.authBits)
        }

        let code = withExtendedLifetime(self) { curl.easyPerform(handle) }
        if let failure { throw failure }
        if code != CURLE_OK && !(code == CURLE_WRITE_ERROR && stoppedAfterHeaders) {
            if code == CURLE_OPERATION_TIMEDOUT && Date() >= deadline.addingTimeInterval(-0.05) {
                throw FetchSession.totalTimeout(totalSeconds)
            }
            if code == CURLE_PARTIAL_FILE, let announced = self.headers["content-length"].flatMap({ Int($0) }) {
                throw ICSError(.truncated, "the connection closed after \(received) of \(announced) bytes")
            }
            throw FetchSession.translate(curlCode: Int(code.rawValue), detail: String(cString: errorBuffer))
        }
        var body: [UInt8] = []
        if (200...299).contains(status), let decoder { body = try decoder.finish() } else if extras.keepsErrorBodies { body = errorBody }
        let redirect = self.headers["location"].flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
        return Outcome(status: status, reason: reason, headers: self.headers, body: body, redirect: redirect, received: received)
    }

    private func set(_ option: CURLoption, _ value: String) { _ = icskit_curl_set_string(curl.setopt, handle, option, value) }
    private func set(_ option: CURLoption, _ value: Int) { _ = icskit_curl_set_long(curl.setopt, handle, option, value) }
    private func set(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) { _ = icskit_curl_set_pointer(curl.setopt, handle, option, value) }
    private func set(_ option: CURLoption, _ value: curl_write_callback) { _ = icskit_curl_set_callback(curl.setopt, handle, option, value) }

    // MARK: callbacks (on the thread running curl_easy_perform)

    /// CURLOPT_HEADERFUNCTION: one header line a call, the status line first; an empty line ends
    /// each response's headers (a `100 Continue` has its own).
    private static let onHeader: curl_write_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return transfer.header(line) ? length : 0
    }

    /// CURLOPT_WRITEFUNCTION: a piece of the body as sent; returning less than its size stops the transfer.
    private static let onBody: curl_write_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        return transfer.body(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// Returns false to stop the transfer.
    private func header(_ line: String) -> Bool {
        if line.hasPrefix("HTTP/") {
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            reason = parts.count > 2 ? String(parts[2]) : ""
            headers = [:]
            decoder = nil
            errorBody = []
            return true
        }
        guard line.isEmpty else {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return true
        }
        if (100...199).contains(status) { return true }
        guard (200...299).contains(status) else {
            // A redirect, a 304 or an error: its body is not needed (unless kept for WebDAV).
            if extras.keepsErrorBodies { return true }
            stoppedAfterHeaders = true
            return false
        }
        if let announced = headers["content-length"].flatMap({ Int($0) }), headers["content-encoding"] == nil, announced > limit {
            failure = ICSError(.tooLarge, "the body (\(FetchSession.bytes(announced))) is over the \(FetchSession.bytes(limit)) limit")
            return false
        }
        // A compressing Transfer-Encoding (applied after the content codings; libcurl decodes only
        // `chunked` unless asked for more) is decoded here too, under the same limit.
        let transfer = ContentDecoder.codings(headers["transfer-encoding"]).filter { $0 != "chunked" }
        do {
            decoder = try ContentDecoder(codings: ContentDecoder.codings(headers["content-encoding"]) + transfer, limit: limit)
        } catch {
            failure = error
            return false
        }
        return true
    }

    /// Returns false to stop the transfer.
    private func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        received += bytes.count
        guard let decoder else {
            if extras.keepsErrorBodies && !(200...299).contains(status) && errorBody.count < CurlTransfer.errorBodyLimit {
                errorBody += bytes.prefix(CurlTransfer.errorBodyLimit - errorBody.count)
            }
            return true
        }
        do {
            try decoder.feed(bytes)
        } catch {
            failure = error
            return false
        }
        // Decoding takes time too: the deadline holds whatever the server sends.
        if Date() >= deadline {
            failure = FetchSession.totalTimeout(totalSeconds)
            return false
        }
        return true
    }
}
