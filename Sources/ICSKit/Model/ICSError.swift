/// A failure that stops an import: nothing could be read.
public struct ICSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for `catch` to match.
    public enum Code: String, Sendable, Hashable {
        /// The file or stream could not be opened or read.
        case unreadable
        /// The input is not iCalendar (empty, HTML, JSON, binary, …).
        case notICalendar
        /// The host name did not resolve (DNS).
        case hostNotFound
        /// The server refused the connection, or could not be reached.
        case connectionFailed
        /// The TLS handshake failed (certificate not trusted, expired, wrong host…).
        case tlsFailure
        /// The server answered with an HTTP status other than 200 or 304; the message names it.
        case httpStatus
        /// The connection or the whole transfer took longer than allowed.
        case timedOut
        /// The body is larger than the maximum size.
        case tooLarge
        /// Too many redirects, a redirect loop, or a redirect to something other than http(s).
        case badRedirect
        /// The connection broke before the whole body arrived.
        case truncated
        /// Another network failure; the message has the system's reason.
        case network
        /// The body's `Content-Encoding` is not one ICSKit decodes (gzip, x-gzip, deflate,
        /// identity), or the compressed data is corrupt.
        case badEncoding
        /// The new copy of a feed has no events where the last good copy had some.
        case emptyFeed
        /// Offline, and no cached copy of the feed exists.
        case notCached
    }

    /// What went wrong, for `catch` to match.
    public var code: Code
    /// A message for people.
    public var message: String
    /// The path, URL or `-`.
    public var source: String?
    /// The line at fault, when known.
    public var line: Int?

    /// A failure with its code, a message for people and, where known, the source and line.
    public init(_ code: Code, _ message: String, source: String? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.source = source
        self.line = line
    }

    /// `source:line: message`.
    public var description: String {
        var prefix = source.map { "\($0)" } ?? ""
        if let line { prefix += ":\(line)" }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
