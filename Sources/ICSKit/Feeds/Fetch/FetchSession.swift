internal import CCurl
import Foundation

/// One fetch: an HTTP GET through libcurl (``CurlTransfer``), its redirects followed here
/// (counted, checked for loops, kept to http(s), credentials only for the first origin: scheme, host and port), under
/// one deadline for the whole fetch and one limit on the decoded body.
///
/// Not URLSession: on Linux its curl handle always turns on automatic decompression
/// (swift-corelibs-foundation, HTTPURLProtocol: `easyHandle.set(automaticBodyDecompression: true)`,
/// which sets `CURLOPT_ACCEPT_ENCODING ""` and `CURLOPT_HTTP_CONTENT_DECODING 1`), and it queues
/// every inflated chunk for the delegate before a cancel can land: a gzip bomb fills memory
/// whatever the delegate counts, and a request header cannot turn that off.
///
/// Sendable notes: all state is set in `init` and only read; each fetch runs on its own thread.
final class FetchSession: Sendable {
    private let url: URL
    private let source: FeedSource
    private let options: FetchOptions
    private let validators: FetchValidators

    init(url: URL, source: FeedSource, options: FetchOptions, validators: FetchValidators) {
        self.url = url
        self.source = source
        self.options = options
        self.validators = validators
    }

    /// Runs the fetch on a thread of its own and calls `completion` once, on that thread.
    func start(_ completion: @escaping @Sendable (Result<FetchResponse, ICSError>) -> Void) {
        let thread = Thread { [self] in completion(run()) }
        thread.name = "ICSKit fetch"
        thread.start()
    }

    /// The fetch, blocking the calling thread; errors carry the source, with passwords masked.
    func run() -> Result<FetchResponse, ICSError> {
        do {
            return .success(try follow())
        } catch {
            var error = error
            error.message = FeedSource.mask(error.message)
            error.source = source.description
            return .failure(error)
        }
    }

    private func follow() throws(ICSError) -> FetchResponse {
        let deadline = Date().addingTimeInterval(options.totalTimeout)
        var target = url
        var visited: Set<String> = [url.absoluteString]
        var redirects = 0
        while true {
            let transfer = try CurlTransfer(limit: options.maximumBytes, deadline: deadline, totalSeconds: options.totalTimeout)
            let outcome = try transfer.perform(target, headers: headers(for: target), userAgent: options.userAgent,
                                               connectTimeout: options.connectTimeout, idleTimeout: options.idleTimeout)
            switch outcome.status {
            case 200...299, 304:
                return FetchResponse(body: outcome.status == 304 ? nil : outcome.body,
                                     validators: FetchSession.validators(outcome.headers),
                                     finalURL: target, status: outcome.status, contentType: outcome.headers["content-type"])
            case 301, 302, 303, 307, 308:
                target = try FetchSession.follow(outcome.redirect, redirects: &redirects, visited: &visited,
                                                 limit: options.maximumRedirects)
            default:
                throw ICSError(.httpStatus, "HTTP \(outcome.status) \(FetchSession.reason(outcome.status, sent: outcome.reason))",
                               httpStatus: outcome.status)
            }
        }
    }

    /// The request headers; credentials and the caller's headers go only to the host they were given for.
    private func headers(for target: URL) -> [String] {
        var list = ["Accept: text/calendar, text/plain;q=0.5, */*;q=0.1", "Accept-Encoding: gzip, deflate"]
        let sameHost = FetchSession.sameOrigin(target, url)
        if let (user, password) = source.credentials, sameHost {
            list.append("Authorization: Basic \(Data("\(user):\(password)".utf8).base64EncodedString())")
        }
        // The caller's headers (a token) are credentials too: for the first host only. One that
        // names a header set above replaces it (an explicit Authorization or Accept wins).
        if sameHost, !options.headers.isEmpty {
            let names = Set(options.headers.map { $0.prefix { $0 != ":" }.lowercased() })
            list.removeAll { names.contains($0.prefix { $0 != ":" }.lowercased()) }
            list += options.headers
        }
        if let etag = validators.etag { list.append("If-None-Match: \(etag)") }
        if let date = validators.lastModified { list.append("If-Modified-Since: \(date)") }
        return list
    }

    /// The longest `ETag` or `Last-Modified` kept, in bytes (real ones are under 100).
    static let validatorLimit = 1024

    /// The validators of an answer, as they will be stored and sent back: a value longer than
    /// ``validatorLimit``, or holding a control character (an ETag is visible ASCII and
    /// obs-text, RFC 9110 8.8.3; a lone CR would end the header line it is sent back in, and an
    /// escape sequence does not belong in the cache's metadata), is not kept; the next request
    /// is then unconditional.
    static func validators(_ headers: [String: String]) -> FetchValidators {
        func kept(_ value: String?) -> String? {
            guard let value, !value.isEmpty, value.utf8.count <= validatorLimit,
                  !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
            return value
        }
        return FetchValidators(etag: kept(headers["etag"]), lastModified: kept(headers["last-modified"]))
    }

    /// The reason phrase of a status: the usual one, else what the server sent (printable, short).
    static func reason(_ status: Int, sent: String) -> String {
        let known = [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                     406: "Not Acceptable", 408: "Request Timeout", 410: "Gone", 429: "Too Many Requests",
                     500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
                     504: "Gateway Timeout"]
        if let phrase = known[status] { return phrase }
        let printable = sent.printableASCII(limit: 60)
        return printable.isEmpty ? "Status" : printable
    }

    /// The whole fetch took longer than `totalTimeout`.
    static func totalTimeout(_ seconds: TimeInterval) -> ICSError {
        ICSError(.timedOut, "no complete answer within \(FetchSession.seconds(seconds))")
    }

    /// Maps a libcurl error code (curl.h's `CURLcode`, as an integer) to an ``ICSError``.
    static func translate(curlCode: Int, detail: String) -> ICSError {
        let reason = FeedSource.mask(detail.isEmpty ? "libcurl error \(curlCode)" : detail)
        switch curlCode {
        case 5, 6:          // CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST
            return ICSError(.hostNotFound, "the host name does not resolve (DNS)")
        case 7:             // CURLE_COULDNT_CONNECT
            return ICSError(.connectionFailed, "the connection was refused or the host cannot be reached")
        case 28:            // CURLE_OPERATION_TIMEDOUT (the idle or connect limit; the total one is told apart by the caller)
            return ICSError(.timedOut, "the server did not answer in time")
        case 27:            // CURLE_OUT_OF_MEMORY: what libcurl 7.88 says of a header line over its 100 KB (CURL_MAX_HTTP_HEADER)
            return ICSError(.tooLarge, "the server's answer has a header line over 100 KB (or memory ran out); transfer stopped")
        case 56 where detail.contains("response headers"):
            // CURLE_RECV_ERROR "Too large response headers: N > 307200": libcurl's cap on all the headers.
            return ICSError(.tooLarge, "the server's headers are over 300 KB in all; transfer stopped")
        case 18, 56:        // CURLE_PARTIAL_FILE, CURLE_RECV_ERROR
            return ICSError(.truncated, "the connection broke before the whole body arrived")
        case 52:            // CURLE_GOT_NOTHING
            return ICSError(.network, "the server closed the connection without answering")
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:   // the CURLE_SSL_* and CURLE_PEER_* codes
            return ICSError(.tlsFailure, "the secure connection failed (TLS): \(reason)")
        case 47:            // CURLE_TOO_MANY_REDIRECTS
            return ICSError(.badRedirect, reason)
        case 61:            // CURLE_BAD_CONTENT_ENCODING
            return ICSError(.badEncoding, reason)
        default:
            return ICSError(.network, reason)
        }
    }

    static func bytes(_ n: Int) -> String {
        n >= 1 << 20 ? "\(n >> 20) MB" : n >= 1 << 10 ? "\(n >> 10) KB" : "\(n) bytes"
    }

    static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t)) s" : "\(t) s"
    }
}

extension FetchSession {
    /// Whether credentials given for `origin` may go to `target`: the same scheme, host and port
    /// (a missing port is the scheme's own, 80 or 443), as RFC 6454 4 draws an origin. A
    /// redirect from `https://h/` to `http://h/` leaves the origin: the password would cross the
    /// network in clear text (a Basic `Authorization` is only base64).
    static func sameOrigin(_ target: URL, _ origin: URL) -> Bool {
        func port(_ url: URL) -> Int? {
            url.port ?? ["http": 80, "https": 443][url.scheme?.lowercased() ?? ""]
        }
        return target.scheme?.lowercased() == origin.scheme?.lowercased()
            && target.host?.lowercased() == origin.host?.lowercased() && port(target) == port(origin)
    }

    /// The next URL of a redirect, checked as every request of the fetch layer checks it: a
    /// location is given, it is http(s), it was not visited before, and at most `limit` redirects
    /// are followed (`redirects` counts them, `visited` holds the URLs seen).
    static func follow(_ next: URL?, redirects: inout Int, visited: inout Set<String>, limit: Int) throws(ICSError) -> URL {
        guard let next else { throw ICSError(.badRedirect, "redirect without a location") }
        redirects += 1
        let scheme = next.scheme?.lowercased() ?? ""
        if scheme != "http" && scheme != "https" {
            throw ICSError(.badRedirect, "redirect to a \(scheme) URL refused: \(FeedSource.mask(next.absoluteString))")
        }
        if !visited.insert(next.absoluteString).inserted {
            throw ICSError(.badRedirect, "redirect loop at \(FeedSource.mask(next.absoluteString))")
        }
        if redirects > limit {
            throw ICSError(.badRedirect, "more than \(limit) redirects")
        }
        return next
    }
}
