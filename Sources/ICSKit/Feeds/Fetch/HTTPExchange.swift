import Foundation
import Synchronization

/// Requests of any method with a body (WebDAV's PROPFIND and REPORT), through the same
/// libcurl transfer and limits as a feed's GET (``CurlTransfer``): redirects followed with the
/// same method (credentials and the caller's headers only for the first origin), the body of a 2xx bounded by
/// ``FetchOptions/maximumBytes``, the body of an error kept (up to 64 KiB) for its `DAV:error`.
///
/// Counts requests and bytes, for measurements and tests.
///
/// Sendable notes: the options and credentials are set in `init` and only read; the counts are
/// behind a `Mutex`.
final class HTTPExchange: Sendable {
    /// One request.
    struct Request: Sendable {
        var method: String
        var url: URL
        /// `Name: value` lines.
        var headers: [String] = []
        var body: [UInt8]? = nil
        /// The caller's own `Name: value` lines (a token, an API key): credentials, sent like
        /// the user and password only to the origin of ``url``, not after a redirect to another.
        var privateHeaders: [String] = []
        /// When the caller's whole piece of work must be over (a CalDAV sync's time limit): the
        /// request's total time is cut to it, if that comes before ``FetchOptions/totalTimeout``.
        var deadline: Date? = nil
    }

    /// One answer (after redirects).
    struct Reply: Sendable {
        var status: Int
        var reason: String
        var headers: [String: String]
        var body: [UInt8]
        /// The URL that answered.
        var url: URL
    }

    /// Requests sent and bytes exchanged so far.
    struct Counts: Sendable, Hashable {
        var requests = 0
        var bytesSent = 0
        var bytesReceived = 0
    }

    let options: FetchOptions
    private let credentials: HTTPCredentials?
    private let counts = Mutex(Counts())

    init(options: FetchOptions, credentials: HTTPCredentials?) {
        self.options = options
        self.credentials = credentials
    }

    /// What was sent and received so far.
    var totals: Counts { counts.withLock { $0 } }

    /// Sends `request`, following redirects.
    /// - Throws: ``ICSError`` for a network failure, a limit, a redirect loop; an HTTP status
    ///   is not an error here (the caller reads ``Reply/status``). Messages never hold the password.
    func send(_ request: Request) throws(ICSError) -> Reply {
        let deadline = min(Date().addingTimeInterval(options.totalTimeout), request.deadline ?? .distantFuture)
        var target = request.url
        var visited: Set<String> = [target.absoluteString]
        var redirects = 0
        while true {
            let transfer = try CurlTransfer(limit: options.maximumBytes, deadline: deadline, totalSeconds: options.totalTimeout)
            var extras = CurlTransfer.Extras(method: request.method == "GET" ? nil : request.method, body: request.body)
            extras.keepsErrorBodies = true
            let sameOrigin = FetchSession.sameOrigin(target, request.url)
            if let credentials, sameOrigin {
                extras.credentials = (credentials.user, credentials.password, credentials.authBits)
            }
            var headers = request.headers
            if sameOrigin { headers += request.privateHeaders }
            headers.append("Accept-Encoding: gzip, deflate")
            if request.body != nil, !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
                headers.append("Content-Type: application/xml; charset=utf-8")
            }
            let outcome: CurlTransfer.Outcome
            do {
                outcome = try transfer.perform(target, headers: headers, userAgent: options.userAgent,
                                               connectTimeout: options.connectTimeout, idleTimeout: options.idleTimeout, extras: extras)
            } catch {
                counts.withLock { $0.requests += 1; $0.bytesSent += request.body?.count ?? 0 }
                throw error
            }
            counts.withLock {
                $0.requests += 1
                $0.bytesSent += request.body?.count ?? 0
                $0.bytesReceived += outcome.received
            }
            switch outcome.status {
            case 301, 302, 303, 307, 308:
                target = try FetchSession.follow(outcome.redirect, redirects: &redirects, visited: &visited,
                                                 limit: options.maximumRedirects)
            default:
                return Reply(status: outcome.status, reason: FetchSession.reason(outcome.status, sent: outcome.reason),
                             headers: outcome.headers, body: outcome.body, url: target)
            }
        }
    }
}
