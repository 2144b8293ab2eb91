import Foundation

/// How a feed is fetched over HTTP.
///
/// ```swift
/// var options = FetchOptions()
/// options.maximumBytes = 5 << 20      // 5 MB
/// options.totalTimeout = 30
/// ```
public struct FetchOptions: Sendable, Hashable {
    /// The `User-Agent` header.
    public var userAgent: String
    /// The longest wait, in whole seconds, for the connection and then for each next piece of
    /// the answer (an idle timeout: a server that stops sending times out after this), unless
    /// ``idleTimeout`` says otherwise.
    public var connectTimeout: TimeInterval
    /// The longest wait, in whole seconds, for each next piece of the answer, the first included;
    /// `nil`: ``connectTimeout``. A CalDAV server computes a REPORT before it sends a byte (Radicale
    /// took minutes over 10,000 resources it had never listed): a CalDAV client may allow longer.
    public var idleTimeout: TimeInterval?
    /// The longest the whole transfer may take, redirects included, in seconds.
    public var totalTimeout: TimeInterval
    /// The largest body accepted, in bytes (after decompression); the transfer stops as
    /// soon as more arrives.
    public var maximumBytes: Int
    /// How many redirects are followed before giving up.
    public var maximumRedirects: Int
    /// Extra request headers, `Name: value` (a bearer token, an API key). Like a URL's
    /// credentials, they are sent only to the feed's own host (not after a redirect to
    /// another), and no error message or cache file holds them.
    public var headers: [String]

    /// The user agent when the caller names none: the library's name. An app sends its own
    /// (`"my-app/2.1 (ICSKit)"`), so that servers can tell apps apart.
    public static let defaultUserAgent = "ICSKit"

    /// The defaults: the user agent ``defaultUserAgent``, 15 s to connect, 120 s in all, 50 MB, 5 redirects.
    public init(userAgent: String = FetchOptions.defaultUserAgent, connectTimeout: TimeInterval = 15,
                totalTimeout: TimeInterval = 120, maximumBytes: Int = 50 << 20, maximumRedirects: Int = 5,
                headers: [String] = [], idleTimeout: TimeInterval? = nil) {
        self.userAgent = userAgent
        self.idleTimeout = idleTimeout
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
        self.headers = headers
    }
}

/// The validators of a cached copy, sent back so that the server can answer 304.
public struct FetchValidators: Sendable, Hashable, Codable {
    /// `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?

    /// Validators for a conditional request (both `nil`: an unconditional one).
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// What a fetch brought back.
struct FetchResponse: Sendable {
    /// The body of a 200, or `nil` for a 304.
    var body: [UInt8]?
    /// The validators of the new body (for a 304, those the server repeated, if any).
    var validators: FetchValidators
    /// The URL after redirects.
    var finalURL: URL
    /// The HTTP status (200 or 304).
    var status: Int
    /// The `Content-Type` header.
    var contentType: String?
}
