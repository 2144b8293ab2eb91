import Foundation

/// A failure that stops an import: nothing could be read.
///
/// Every throwing public API of ICSKit is `throws(ICSError)` (typed): the library wraps the
/// failures of the system and of Foundation into one of these, with a ``Code`` that `catch`
/// can match and a ``message`` with the system's reason. As a `LocalizedError`, it shows in an
/// alert as a sentence for people (``errorDescription``), not as "The operation could not be
/// completed".
///
/// ```swift
/// do {
///     let calendar = try ICalendar(contentsOfFile: path)
/// } catch where error.code == .notICalendar {
///     …
/// } catch {
///     showAlert(error.localizedDescription)   // "The calendar file “team.ics” could not be read: …"
/// }
/// ```
public struct ICSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for `catch` to match: an open set of codes (a struct with static
    /// constants, as GRDB's `ResultCode`), so a code added in a later version breaks no caller's
    /// `switch` (which needs a `default:`).
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The code's stable name (`unreadable`, `httpStatus`, …), as JSON output shows it.
        public let rawValue: String

        /// Wraps a code's name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code's name (``rawValue``).
        public var description: String { rawValue }

        /// The file or stream could not be opened or read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The input is not iCalendar (empty, HTML, JSON, binary, …).
        public static let notICalendar = Code(rawValue: "notICalendar")
        /// The host name did not resolve (DNS).
        public static let hostNotFound = Code(rawValue: "hostNotFound")
        /// The server refused the connection, or could not be reached.
        public static let connectionFailed = Code(rawValue: "connectionFailed")
        /// The TLS handshake failed (certificate not trusted, expired, wrong host…).
        public static let tlsFailure = Code(rawValue: "tlsFailure")
        /// The server answered with an HTTP status other than 200 or 304; ``ICSError/httpStatus``
        /// has the number and the message names it.
        public static let httpStatus = Code(rawValue: "httpStatus")
        /// The connection or the whole transfer took longer than allowed.
        public static let timedOut = Code(rawValue: "timedOut")
        /// The body is larger than the maximum size.
        public static let tooLarge = Code(rawValue: "tooLarge")
        /// Too many redirects, a redirect loop, or a redirect to something other than http(s).
        public static let badRedirect = Code(rawValue: "badRedirect")
        /// The connection broke before the whole body arrived.
        public static let truncated = Code(rawValue: "truncated")
        /// Another network failure; the message has the system's reason.
        public static let network = Code(rawValue: "network")
        /// The body's `Content-Encoding` is not one ICSKit decodes (gzip, x-gzip, deflate,
        /// identity), or the compressed data is corrupt.
        public static let badEncoding = Code(rawValue: "badEncoding")
        /// The new copy of a feed has no events where the last good copy had some.
        public static let emptyFeed = Code(rawValue: "emptyFeed")
        /// Offline, and no cached copy of the feed exists.
        public static let notCached = Code(rawValue: "notCached")

        /// Every code this version raises, in declaration order.
        public static let all: [Code] = [
            .unreadable, .notICalendar, .hostNotFound, .connectionFailed, .tlsFailure, .httpStatus, .timedOut,
            .tooLarge, .badRedirect, .truncated, .network, .badEncoding, .emptyFeed, .notCached,
        ]
    }

    /// What went wrong.
    public var code: Code
    /// What failed, in a few words (`the host name does not resolve (DNS)`), without the source.
    public var message: String
    /// The path, URL (credentials masked) or `-`.
    public var source: String?
    /// The line at fault, when known.
    public var line: Int?
    /// The HTTP status the server answered with (404, 503, …), for ``Code/httpStatus``.
    public var httpStatus: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: what went wrong.
    ///   - message: what failed, in a few words, without the source (it is added).
    ///   - source: the path, URL or `-`.
    ///   - line: the line at fault.
    ///   - httpStatus: the server's HTTP status, for ``Code/httpStatus``.
    public init(_ code: Code, _ message: String, source: String? = nil, line: Int? = nil, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.source = source
        self.line = line
        self.httpStatus = httpStatus
    }

    /// `source:line: message`, the form a command line prints (``errorDescription`` is for people).
    public var description: String {
        var prefix = source.map { "\($0)" } ?? ""
        if let line { prefix += ":\(line)" }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
