import Foundation

/// A directory holding the last good copy of each feed and its validators.
///
/// Each feed has two files named after a fingerprint of its URL: `<key>.ics`, the body as
/// the server sent it, and `<key>.json`, its metadata (validators, when it was fetched,
/// how many events it had, a fingerprint of the body). Both are written atomically; a
/// metadata file that does not match its body (a write interrupted between the two) is
/// ignored, and the body is still served, without validators.
///
/// ```swift
/// let cache = FeedCache.standard               // ~/.cache/icsview
/// if let copy = cache.entry(for: source) { print(copy.fetchedAt) }
/// ```
public struct FeedCache: Sendable, Hashable {
    /// The directory (created on first write).
    public var directory: String

    /// A cache in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/icsview`, else `~/.cache/icsview`.
    public static var standard: FeedCache {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return FeedCache(directory: xdg + "/icsview")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return FeedCache(directory: home + "/.cache/icsview")
    }

    /// The cached copy of `source`, if there is one.
    /// - Complexity: O(n) in the size of the copy (it is read and fingerprinted).
    public func entry(for source: FeedSource) -> CachedFeed? {
        let paths = self.paths(for: source)
        guard let body = CacheFile.read(paths.body) else { return nil }
        let decoded = CacheFile.read(paths.meta).flatMap { try? CacheMetadata.decoder.decode(CacheMetadata.self, from: Data($0)) }
        guard let meta = decoded, meta.bodyFingerprint == CacheFile.fingerprint(body), meta.key == source.cacheKey else {
            let date = CacheFile.modificationDate(paths.body) ?? Date(timeIntervalSince1970: 0)
            return CachedFeed(body: body, validators: FetchValidators(), fetchedAt: date, checkedAt: date, eventCount: nil)
        }
        return CachedFeed(body: body, validators: meta.validators, fetchedAt: meta.fetchedAt,
                          checkedAt: meta.checkedAt, eventCount: meta.eventCount)
    }

    /// Stores a new good copy of `source` (body first, then metadata, each atomically).
    /// - Throws: ``ICSError`` when the directory or the files cannot be written.
    public func store(_ copy: CachedFeed, for source: FeedSource) throws(ICSError) {
        try store(copy, for: source, interruption: .none)
    }

    /// ``store(_:for:)`` that a test can stop before the body's rename.
    func store(_ copy: CachedFeed, for source: FeedSource, interruption: CacheFile.Interruption) throws(ICSError) {
        let paths = self.paths(for: source)
        try CacheFile.makeDirectory(directory)
        CacheFile.removeLeftovers(of: (paths.body as NSString).lastPathComponent, in: directory)
        CacheFile.removeLeftovers(of: (paths.meta as NSString).lastPathComponent, in: directory)
        try CacheFile.writeAtomically(copy.body, to: paths.body, interruption: interruption)
        if interruption == .beforeRename { return }
        try writeMetadata(copy, for: source)
    }

    /// Records that the server confirmed the cached copy (a 304) at `date`.
    func touch(_ copy: CachedFeed, for source: FeedSource, at date: Date, validators: FetchValidators) throws(ICSError) {
        var copy = copy
        copy.checkedAt = date
        if let etag = validators.etag { copy.validators.etag = etag }
        if let lastModified = validators.lastModified { copy.validators.lastModified = lastModified }
        try CacheFile.makeDirectory(directory)
        try writeMetadata(copy, for: source)
    }

    /// Deletes the cached copy of `source`.
    public func remove(_ source: FeedSource) {
        let paths = self.paths(for: source)
        try? FileManager.default.removeItem(atPath: paths.body)
        try? FileManager.default.removeItem(atPath: paths.meta)
    }

    /// The two files of `source`.
    func paths(for source: FeedSource) -> (body: String, meta: String) {
        let key = CacheFile.fingerprint(source.cacheKey.utf8)
        return ("\(directory)/\(key).ics", "\(directory)/\(key).json")
    }

    private func writeMetadata(_ copy: CachedFeed, for source: FeedSource) throws(ICSError) {
        let meta = CacheMetadata(key: source.cacheKey, validators: copy.validators, fetchedAt: copy.fetchedAt,
                                 checkedAt: copy.checkedAt, eventCount: copy.eventCount,
                                 bodyFingerprint: CacheFile.fingerprint(copy.body))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(meta) else { throw ICSError(.unreadable, "cannot encode cache metadata") }
        try CacheFile.writeAtomically([UInt8](data), to: paths(for: source).meta)
    }
}

/// The last good copy of a feed, as the cache holds it.
public struct CachedFeed: Sendable, Hashable {
    /// The body, as the server sent it (after decompression).
    public var body: [UInt8]
    /// `ETag` and `Last-Modified` of the body.
    public var validators: FetchValidators
    /// When the body was downloaded.
    public var fetchedAt: Date
    /// When the server last confirmed it (the download, or a later 304).
    public var checkedAt: Date
    /// How many events it had, when known.
    public var eventCount: Int?

    public init(body: [UInt8], validators: FetchValidators, fetchedAt: Date, checkedAt: Date? = nil, eventCount: Int? = nil) {
        self.body = body
        self.validators = validators
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt ?? fetchedAt
        self.eventCount = eventCount
    }
}

/// The `<key>.json` file.
private struct CacheMetadata: Codable {
    /// The URL (password masked), to tell fingerprint collisions apart.
    var key: String
    var validators: FetchValidators
    var fetchedAt: Date
    var checkedAt: Date
    var eventCount: Int?
    var bodyFingerprint: String

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
