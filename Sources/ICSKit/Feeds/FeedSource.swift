import Foundation

/// Where a calendar comes from: a file, standard input, or a URL (`http`, `https`,
/// `webcal`, `webcals`; the last two are fetched as `http` and `https`).
///
/// ```swift
/// let source = try FeedSource("webcal://user:secret@example.org/team.ics")
/// print(source)   // https://user:***@example.org/team.ics
/// ```
public struct FeedSource: Sendable, Hashable, CustomStringConvertible {
    /// What kind of input it is.
    public enum Kind: Sendable, Hashable {
        /// A file path.
        case file(String)
        /// `-`: standard input.
        case standardInput
        /// An `http` or `https` URL, with `webcal` already turned into `http`, credentials removed.
        case remote(URL)
    }

    /// The input, ready to read; a remote URL never carries credentials here.
    public var kind: Kind
    /// The user and password from the URL, sent as HTTP Basic authentication.
    public var credentials: (user: String, password: String)? {
        guard let user else { return nil }
        return (user, password ?? "")
    }
    private var user: String?
    private var password: String?

    /// Reads a command-line style source: `-`, a URL with one of the four schemes, or a path.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` for a URL that does not parse or
    ///   another scheme with `://` (`ftp://`, `file://` is read as a path).
    public init(_ text: String) throws(ICSError) {
        if text == "-" {
            kind = .standardInput
            return
        }
        guard let schemeEnd = text.range(of: "://"), !text[..<schemeEnd.lowerBound].contains("/") else {
            kind = .file(text)
            return
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        let httpScheme: String
        switch scheme {
        case "http", "webcal": httpScheme = "http"
        case "https", "webcals": httpScheme = "https"
        case "file":
            kind = .file(URL(string: text)?.path ?? String(text[schemeEnd.upperBound...]))
            return
        default:
            throw ICSError(.unreadable, "unsupported URL scheme '\(scheme)' (use http, https, webcal or webcals)",
                           source: FeedSource.mask(text))
        }
        guard var components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw ICSError(.unreadable, "not a valid URL", source: FeedSource.mask(text))
        }
        components.scheme = httpScheme
        user = components.user.map { $0.removingPercentEncoding ?? $0 }
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        components.user = nil
        components.password = nil
        guard let url = components.url else {
            throw ICSError(.unreadable, "not a valid URL", source: FeedSource.mask(text))
        }
        kind = .remote(url)
    }

    /// A remote source for a URL (its user and password, if any, become Basic credentials).
    /// - Throws: ``ICSError`` when the URL's scheme is not one of the four.
    public init(url: URL) throws(ICSError) {
        try self.init(url.absoluteString)
        if case .file = kind { throw ICSError(.unreadable, "not a remote URL", source: description) }
    }

    /// A file, named by a file URL.
    /// - Precondition: `url` is a file URL.
    public init(file url: URL) {
        precondition(url.isFileURL, "FeedSource(file:) takes a file URL")
        kind = .file(url.path)
    }

    /// Whether the source is fetched over the network.
    public var isRemote: Bool {
        if case .remote = kind { return true }
        return false
    }

    /// The source for messages: a path, `-`, or the URL with its password shown as `***`.
    public var description: String {
        switch kind {
        case .file(let path): return path
        case .standardInput: return "-"
        case .remote(let url):
            guard let user, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return url.absoluteString
            }
            components.percentEncodedUser = user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed)
            components.percentEncodedPassword = "***"
            return components.string ?? url.absoluteString
        }
    }

    /// The key the cache files this source under: the URL with its user (never the password).
    var cacheKey: String { description }

    /// Masks the password of every `scheme://user:password@` in `text` as `***`.
    ///
    /// Used on every message that may quote a URL (including messages from the system).
    /// - Complexity: O(n) in the text.
    public static func mask(_ text: String) -> String { CredentialMask.mask(text) }

    public static func == (lhs: FeedSource, rhs: FeedSource) -> Bool {
        lhs.kind == rhs.kind && lhs.user == rhs.user && lhs.password == rhs.password
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(user)
    }
}
