import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP GET with `URLSession`, watched by a delegate: the body is counted as it
/// streams in and the task is cancelled as soon as it passes the size limit; redirects
/// are counted, checked for loops and kept to http(s); a timer bounds the whole transfer.
///
/// Sendable notes: the mutable state is only touched under `lock`, from the session's
/// delegate queue and from the timer; `done` is signalled exactly once.
final class FetchSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let source: FeedSource
    private let options: FetchOptions
    private let validators: FetchValidators
    private let lock = NSLock()
    private var body: [UInt8] = []
    private var response: HTTPURLResponse?
    private var failure: ICSError?
    private var visited: Set<String> = []
    private var redirects = 0
    private var result: Result<FetchResponse, ICSError>?
    private var completion: (@Sendable (Result<FetchResponse, ICSError>) -> Void)?

    init(url: URL, source: FeedSource, options: FetchOptions, validators: FetchValidators) {
        self.url = url
        self.source = source
        self.options = options
        self.validators = validators
        visited = [url.absoluteString]
    }

    /// Runs the request and calls `completion` once, on a background queue.
    func start(_ completion: @escaping @Sendable (Result<FetchResponse, ICSError>) -> Void) {
        self.completion = completion
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = max(1, options.connectTimeout.rounded(.up))
        configuration.timeoutIntervalForResource = max(1, options.totalTimeout)
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: configuration.timeoutIntervalForRequest)
        request.setValue(options.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("text/calendar, text/plain;q=0.5, */*;q=0.1", forHTTPHeaderField: "Accept")
        if let (user, password) = source.credentials {
            let token = Data("\(user):\(password)".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        if let etag = validators.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = validators.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: request)
        let deadline = DispatchWorkItem { [weak self, weak task] in
            self?.fail(ICSError(.timedOut, "no complete answer within \(FetchSession.seconds(self?.options.totalTimeout ?? 0))"))
            task?.cancel()
        }
        lockedDeadline = deadline
        DispatchQueue.global().asyncAfter(deadline: .now() + options.totalTimeout, execute: deadline)
        task.resume()
        session.finishTasksAndInvalidate()
    }

    private var lockedDeadline: DispatchWorkItem? {
        get { lock.withLock { deadlineItem } }
        set { lock.withLock { deadlineItem = newValue } }
    }
    private var deadlineItem: DispatchWorkItem?

    /// Records the first failure; later ones (the cancellation it causes) are ignored.
    private func fail(_ error: ICSError) {
        lock.withLock { if failure == nil { failure = error } }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            fail(ICSError(.network, "the answer is not HTTP"))
            completionHandler(.cancel)
            return
        }
        lock.withLock { self.response = http }
        switch http.statusCode {
        case 200...299, 304:
            if http.expectedContentLength > Int64(options.maximumBytes) {
                fail(tooLarge(announced: http.expectedContentLength))
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        default:
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            fail(ICSError(.httpStatus, "HTTP \(http.statusCode) \(reason)"))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            body.append(contentsOf: data)
            return body.count > options.maximumBytes
        }
        if over {
            fail(tooLarge(announced: nil))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let target = request.url else {
            fail(ICSError(.badRedirect, "redirect without a location"))
            completionHandler(nil)
            task.cancel()
            return
        }
        let scheme = target.scheme?.lowercased() ?? ""
        let verdict: ICSError? = lock.withLock {
            redirects += 1
            if scheme != "http" && scheme != "https" {
                return ICSError(.badRedirect, "redirect to a \(scheme) URL refused: \(FeedSource.mask(target.absoluteString))")
            }
            if !visited.insert(target.absoluteString).inserted {
                return ICSError(.badRedirect, "redirect loop at \(FeedSource.mask(target.absoluteString))")
            }
            if redirects > options.maximumRedirects {
                return ICSError(.badRedirect, "more than \(options.maximumRedirects) redirects")
            }
            return nil
        }
        if let verdict {
            fail(verdict)
            completionHandler(nil)
            task.cancel()
            return
        }
        var next = request
        // Credentials go only to the host they were given for.
        if target.host?.lowercased() != url.host?.lowercased() || target.port != url.port {
            next.setValue(nil, forHTTPHeaderField: "Authorization")
        }
        next.setValue(options.userAgent, forHTTPHeaderField: "User-Agent")
        completionHandler(next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lockedDeadline?.cancel()
        let outcome: Result<FetchResponse, ICSError> = lock.withLock {
            if let failure { return .failure(failure) }
            // A body shorter than its Content-Length (curl reports it as a generic error).
            if let response, response.statusCode != 304, response.value(forHTTPHeaderField: "Content-Encoding") == nil,
               response.expectedContentLength > 0, Int64(body.count) < response.expectedContentLength {
                return .failure(ICSError(.truncated, "the connection closed after \(body.count) of \(response.expectedContentLength) bytes"))
            }
            if let error { return .failure(FetchSession.translate(error)) }
            guard let response else { return .failure(ICSError(.network, "no answer")) }
            let headers = { (name: String) in response.value(forHTTPHeaderField: name) }
            return .success(FetchResponse(
                body: response.statusCode == 304 ? nil : body,
                validators: FetchValidators(etag: headers("ETag"), lastModified: headers("Last-Modified")),
                finalURL: response.url ?? url, status: response.statusCode, contentType: headers("Content-Type")))
        }
        let done = lock.withLock { () -> (@Sendable (Result<FetchResponse, ICSError>) -> Void)? in
            defer { completion = nil }
            return completion
        }
        done?(outcome.mapError { error in
            var error = error
            error.message = FeedSource.mask(error.message)
            error.source = source.description
            return error
        })
    }

    private func tooLarge(announced: Int64?) -> ICSError {
        let limit = FetchSession.bytes(options.maximumBytes)
        if let announced { return ICSError(.tooLarge, "the body (\(FetchSession.bytes(Int(announced)))) is over the \(limit) limit") }
        return ICSError(.tooLarge, "the body is over the \(limit) limit; transfer stopped")
    }

    /// Maps a `URLError` to an ``ICSError`` code.
    static func translate(_ error: any Error) -> ICSError {
        let nsError = error as NSError
        let reason = FeedSource.mask(nsError.localizedDescription)
        guard nsError.domain == NSURLErrorDomain else { return ICSError(.network, reason) }
        // Matched by `URLError.Code`: on Linux some `NSURLError…` constants are off by one
        // (`NSURLErrorSecureConnectionFailed` is -1201 there, the code URLSession reports is -1200).
        switch URLError.Code(rawValue: nsError.code) {
        case .cannotFindHost, .dnsLookupFailed:
            return ICSError(.hostNotFound, "the host name does not resolve (DNS)")
        case .cannotConnectToHost, .notConnectedToInternet:
            return ICSError(.connectionFailed, "the connection was refused or the host cannot be reached")
        case .timedOut:
            return ICSError(.timedOut, "the server did not answer in time")
        case .networkConnectionLost:
            return ICSError(.truncated, "the connection broke before the whole body arrived")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
             .clientCertificateRejected, .clientCertificateRequired:
            return ICSError(.tlsFailure, "the secure connection failed (TLS): \(reason)")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return ICSError(.badRedirect, reason)
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
