/// A user name and password for HTTP authentication, given by the caller (ICSKit never reads
/// a password from a file or a keychain itself), and never written out: its description and
/// its mirror (`dump`, `print`) show the user only, and no error message or cache file holds
/// the password.
///
/// ```swift
/// let login = HTTPCredentials(user: "alice", password: secret)          // Basic, sent at once
/// let digest = HTTPCredentials(user: "alice", password: secret, scheme: .digest)
/// ```
public struct HTTPCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// How the credentials are sent.
    public enum Scheme: String, Sendable, Hashable {
        /// HTTP Basic (RFC 7617), sent with the first request: one request per exchange (HTTPS
        /// keeps it private; over plain HTTP anyone on the way reads it).
        case basic
        /// HTTP Digest (RFC 7616): the server's challenge costs one more round trip per request.
        case digest
        /// Whatever the server offers of Basic and Digest (one more round trip per request, to learn it).
        case any
    }

    /// The user name.
    public var user: String
    /// The password (never printed).
    public var password: String
    /// How they are sent.
    public var scheme: Scheme

    /// Credentials for `user`.
    public init(user: String, password: String, scheme: Scheme = .basic) {
        self.user = user
        self.password = password
        self.scheme = scheme
    }

    /// `user (password hidden)`.
    public var description: String { "\(user) (password hidden)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The user and the scheme only.
    public var customMirror: Mirror { Mirror(self, children: ["user": user, "scheme": scheme], displayStyle: .struct) }

    /// libcurl's `CURLAUTH_*` bits for the scheme (curl.h: BASIC 1, DIGEST 2).
    var authBits: Int {
        switch scheme {
        case .basic: return 1
        case .digest: return 2
        case .any: return 1 | 2
        }
    }
}
