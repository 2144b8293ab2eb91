import Foundation

/// One calendar object resource of a collection, as last fetched: its href, ETag and text.
public struct CalDAVResource: Sendable, Hashable, Codable {
    /// The href as the server writes it.
    public var href: String
    /// The ETag of ``data`` (`nil` when the server gave none).
    public var etag: String?
    /// The iCalendar text of the resource.
    public var data: String

    /// A resource as fetched.
    public init(href: String, etag: String?, data: String) {
        self.href = href
        self.etag = etag
        self.data = data
    }
}

/// What a client keeps of a CalDAV collection between syncs: the sync-token (RFC 6578), and
/// every resource with its ETag and text. Codable, so that a caller stores it where it likes;
/// ``CalDAVLocalCopy`` writes it atomically to a file. It never holds a credential.
public struct CalDAVSyncState: Sendable, Hashable, Codable {
    /// The collection.
    public var collection: URL
    /// The token of the last sync-collection report, `nil` when the server gave none.
    public var syncToken: String?
    /// Whether the server refused the sync-collection report: later syncs compare ETags at once.
    public var syncCollectionUnsupported: Bool
    /// The collection's properties as last read (display name, colour, …), when known.
    public var info: CalDAVCalendarInfo?
    /// The resources, by their key (the href's decoded path).
    public var resources: [String: CalDAVResource]

    /// An empty state: the next sync fetches the whole collection.
    public init(collection: URL) {
        self.collection = collection
        syncToken = nil
        syncCollectionUnsupported = false
        info = nil
        resources = [:]
    }

    /// The resources joined into one calendar (source: the collection's URL; name and colour
    /// from ``info``); a resource that does not import is skipped with a
    /// ``DiagnosticCode/sourceItemSkipped`` diagnostic naming its href.
    /// - Complexity: O(n) in the resources' text (each imported once).
    public func calendar(options: ImportOptions = ImportOptions()) -> ICalendar {
        var parts: [ResourceMerge.Part] = []
        var skipped: [Diagnostic] = []
        for key in resources.keys.sorted() {
            let resource = resources[key]!
            do {
                parts.append(ResourceMerge.Part(location: resource.href,
                                                calendar: try ICalendar(parsing: resource.data, source: resource.href, options: options)))
            } catch {
                skipped.append(Diagnostic(.sourceItemSkipped, "the resource was skipped: \(error.message)", source: resource.href))
            }
        }
        return ResourceMerge.merge(parts, source: FeedSource.mask(collection.absoluteString), name: info?.displayName,
                                   color: info?.color, diagnostics: skipped)
    }
}
