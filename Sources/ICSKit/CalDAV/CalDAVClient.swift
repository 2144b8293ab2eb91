import Foundation

/// A read-only CalDAV client (RFC 4791, RFC 6578, RFC 6764): finds an account's calendars and
/// brings a local copy of a collection up to date, asking only for what changed.
///
/// Requests go through libcurl on the calling thread (call it off the main thread), each under
/// the limits of ``FetchOptions`` (size, idle and total time). Credentials are the caller's
/// (``HTTPCredentials``): sent only to the host they were given for, never logged, never in an
/// error message, never in a ``CalDAVSyncState``.
///
/// ```swift
/// let client = CalDAVClient(credentials: HTTPCredentials(user: "alice", password: secret))
/// for info in try client.discover(URL(string: "https://dav.example.org")!) {
///     let result = try client.sync(info.url, from: nil)
///     print(info.displayName ?? "", result.changes.added.count)
/// }
/// ```
public struct CalDAVClient: Sendable {
    /// How each request is made (user agent, timeouts, size limit).
    public var options: FetchOptions
    /// Extra request headers (`Name: value`), sent with every request to the host of the URL
    /// asked for (like the credentials, not after a redirect to another host).
    public var headers: [String]
    /// How many hrefs one `calendar-multiget` asks for.
    public var multigetBatchSize: Int
    /// The longest a whole sync or discovery may take, all its requests together, in seconds;
    /// nil (the default): no limit but each request's own (``FetchOptions``). A server that
    /// answers each request slowly, but within the request's limits, held a sync of many requests
    /// for as long as it liked. No request starts after the limit, and one under way is cut to
    /// it: ``ICSError/Code/timedOut``, "the sync took longer than its time limit of 3600 s".
    public var timeLimit: TimeInterval?
    /// When the work under way must be over (``timeLimit`` from its start): set on the copy of
    /// the client that does the work (``startingClock()``).
    var deadline: Date?
    let exchange: HTTPExchange

    /// A client.
    /// - Parameters:
    ///   - credentials: the user's, or `nil` for a server without authentication.
    ///   - options: limits and user agent (the default user agent names ICSKit).
    ///   - headers: extra headers, `Name: value`.
    public init(credentials: HTTPCredentials? = nil, options: FetchOptions = FetchOptions(),
                headers: [String] = [], multigetBatchSize: Int = 500) {
        precondition(multigetBatchSize > 0, "a multiget asks for at least one href")
        self.options = options
        self.headers = headers
        self.multigetBatchSize = multigetBatchSize
        exchange = HTTPExchange(options: options, credentials: credentials)
    }

    /// Requests sent and bytes received (bodies, as sent over the wire) by this client so far.
    public var requestCount: Int { exchange.totals.requests }
    /// Bytes of response bodies received so far (as sent, before decompression).
    public var bytesReceived: Int { exchange.totals.bytesReceived }
    /// Bytes of request bodies sent so far.
    public var bytesSent: Int { exchange.totals.bytesSent }

    // MARK: Requests

    static let allProperties = """
        <D:resourcetype/><D:displayname/><D:current-user-principal/><D:sync-token/>\
        <C:calendar-home-set/><C:calendar-description/><C:supported-calendar-component-set/>\
        <A:calendar-color/>
        """

    static func propfindBody(_ properties: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:propfind xmlns:D=\"DAV:\" "
               + "xmlns:C=\"urn:ietf:params:xml:ns:caldav\" xmlns:A=\"http://apple.com/ns/ical/\"><D:prop>"
               + properties + "</D:prop></D:propfind>").utf8)
    }

    /// A PROPFIND; its multistatus, or `nil` for a status the caller may route around (404, 405, 403, 501).
    /// - Throws: 401 and other failures as ``ICSError``.
    func propfind(_ url: URL, depth: Int, properties: String) throws(ICSError) -> (Multistatus, URL)? {
        let reply = try send(HTTPExchange.Request(method: "PROPFIND", url: url, headers: ["Depth: \(depth)"],
                                                  body: CalDAVClient.propfindBody(properties)))
        switch reply.status {
        case 207: return (try Multistatus(reply.body), reply.url)
        case 403, 404, 405, 501: return nil
        default: throw CalDAVClient.statusError(reply, "PROPFIND")
        }
    }

    /// Sends a request with the caller's headers (to the request's origin only, not after a
    /// redirect to another host); a 401 becomes an error at once.
    func send(_ request: HTTPExchange.Request) throws(ICSError) -> HTTPExchange.Reply {
        var request = request
        request.privateHeaders += headers
        if let deadline {
            guard deadline.timeIntervalSinceNow > 0 else { throw timeLimitError() }
            request.deadline = deadline
        }
        let reply: HTTPExchange.Reply
        do {
            reply = try exchange.send(request)
        } catch {
            // A request cut to the deadline says which limit ended it.
            if error.code == .timedOut, let deadline, Date() >= deadline.addingTimeInterval(-0.05) { throw timeLimitError() }
            throw error
        }
        if reply.status == 401 {
            throw ICSError(.httpStatus, "HTTP 401 Unauthorized: the server refused the user name or password (or asked for them)",
                           httpStatus: 401)
        }
        return reply
    }

    /// This client with its ``timeLimit`` counted from now, for one piece of work (a sync, a
    /// discovery): every request the copy sends checks the deadline. A deadline already set stays.
    func startingClock() -> CalDAVClient {
        guard let timeLimit, deadline == nil else { return self }
        var bounded = self
        bounded.deadline = Date().addingTimeInterval(timeLimit)
        return bounded
    }

    /// The error of work that did not end within ``timeLimit``.
    func timeLimitError() -> ICSError {
        ICSError(.timedOut, "the sync took longer than its time limit of \(FetchSession.seconds(timeLimit ?? 0))")
    }

    static func statusError(_ reply: HTTPExchange.Reply, _ method: String) -> ICSError {
        ICSError(.httpStatus, "HTTP \(reply.status) \(reply.reason) (\(method))", httpStatus: reply.status)
    }

    /// Adds the source (the URL, credentials masked) to an error.
    static func located(_ error: ICSError, _ url: URL) -> ICSError {
        var error = error
        error.message = FeedSource.mask(error.message)
        if error.source == nil { error.source = FeedSource.mask(url.absoluteString) }
        return error
    }
}
