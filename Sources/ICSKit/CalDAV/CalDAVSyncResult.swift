/// What one sync of a CalDAV collection did: the new state, the change set, and how the
/// server was asked.
public struct CalDAVSyncResult: Sendable {
    /// How the changes were found.
    public enum Method: String, Sendable, Hashable, Codable {
        /// A sync-collection report (RFC 6578) from the stored token (or from none, the first time).
        case syncCollection = "sync-collection"
        /// A PROPFIND of every ETag, compared with the stored ones (the server has no
        /// sync-collection, or refused the token).
        case etagComparison = "etag-comparison"
    }

    /// The state to keep for the next sync.
    public var state: CalDAVSyncState
    /// Events and todos added, changed (old → new) and removed by this sync.
    public var changes: CalendarDiff
    /// How the changes were found.
    public var method: Method
    /// Whether the server refused the stored sync-token (`valid-sync-token`), so ETags were compared.
    public var tokenRefused: Bool
    /// The hrefs fetched (new or changed resources).
    public var fetchedCount: Int
    /// The hrefs removed (deleted on the server).
    public var removedCount: Int
    /// Resources the server would not give (a 403 or 5xx for one of them): each kept as it was,
    /// with a ``DiagnosticCode/sourceItemSkipped`` diagnostic naming its href and status.
    public var diagnostics: [Diagnostic]
}
