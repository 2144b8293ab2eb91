import Foundation

/// A directory holding the last good copy of each feed, the one before it, and their validators.
///
/// Each feed has files named after a fingerprint of its URL: `<key>.ics`, the body as the
/// server sent it (decoded), and `<key>.json`, its metadata (validators, when it was fetched,
/// how many events it had, a fingerprint of the body); `<key>.previous.ics` and
/// `<key>.previous.json` keep the copy that the last one replaced, so that a feed that dropped
/// most of its events can be put back (``restorePrevious(for:)``).
///
/// Every file is written atomically (temporary file, `fsync`, `rename`, `fsync` of the
/// directory), under an exclusive lock of the directory; files are read without following
/// links, and only when they are regular files; a directory that another user owns or can
/// write is not used (``checkDirectory()``). A body whose metadata is missing or does not match it (a write interrupted
/// between the two, or a file changed by hand) is still served, without validators, and
/// ``CachedFeed/problem`` says so. Temporary files left by a killed write are removed on the
/// next read or write.
///
/// ```swift
/// let cache = FeedCache.standard(application: "my-app")   // Linux: ~/.cache/my-app; Apple: Caches/my-app
/// if let copy = cache.entry(for: source) { print(copy.fetchedAt) }
/// let mine = FeedCache(directory: URL(fileURLWithPath: "/var/cache/my-app/feeds"))
/// ```
public struct FeedCache: Sendable, Hashable {
    /// The directory (a file URL; created on first write).
    public var directory: URL

    /// A cache in `directory`, a file URL.
    /// - Precondition: `directory` is a file URL (a cache is a directory on this machine).
    public init(directory: URL) {
        precondition(directory.isFileURL, "a feed cache lives in a directory: a file URL")
        self.directory = directory.standardizedFileURL
    }

    /// The platform's place for caches, with an `ICSKit` directory in it: on Apple platforms the
    /// user's caches directory (`FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)`,
    /// inside the app's container when sandboxed); elsewhere `$XDG_CACHE_HOME/ICSKit` when
    /// `XDG_CACHE_HOME` is an absolute path (XDG Base Directory Specification), else
    /// `~/.cache/ICSKit`. An app names its own with ``standard(application:)``.
    public static var standard: FeedCache {
        standard(application: "ICSKit")
    }

    /// The platform's place for caches, with a directory named after `application` in it (as
    /// ``standard``): `FeedCache.standard(application: "my-app")` is `~/.cache/my-app` on Linux.
    /// - Precondition: `application` is one path component (not empty, no `/`, not `.` or `..`).
    public static func standard(application: String) -> FeedCache {
        precondition(!application.isEmpty && !application.contains("/") && application != "." && application != "..",
                     "an application's cache directory is one name")
        return FeedCache(directory: standardDirectory(environment: ProcessInfo.processInfo.environment, application: application))
    }

    /// The directory of ``standard(application:)`` for `environment` (the XDG rule, on platforms without a caches directory).
    static func standardDirectory(environment: [String: String], application: String = "ICSKit") -> URL {
        #if canImport(Darwin)
        if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first {
            return caches.appendingPathComponent(application, isDirectory: true)
        }
        #endif
        return xdgDirectory(environment: environment, application: application)
    }

    /// `$XDG_CACHE_HOME/<application>` when set to an absolute path (a relative one is ignored, as
    /// the specification says), else `$HOME/.cache/<application>`.
    static func xdgDirectory(environment: [String: String], application: String = "ICSKit") -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(application, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent(application, isDirectory: true)
    }

    /// The directory as a path, for the file functions.
    var directoryPath: String { directory.path }

    /// The cached copy of `source`, if there is one (none when the directory is not safe to use:
    /// ``checkDirectory()``).
    /// - Complexity: O(n) in the size of the copy (it is read and fingerprinted).
    public func entry(for source: FeedSource) -> CachedFeed? {
        guard (try? checkDirectory()) != nil else { return nil }
        return CacheDirectory.withLock(directoryPath, exclusive: false) { read(paths(for: source), of: source) }
    }

    /// The copy that the current one replaced, if there is one.
    /// - Complexity: O(n) in the size of the copy.
    public func previousEntry(for source: FeedSource) -> CachedFeed? {
        guard (try? checkDirectory()) != nil else { return nil }
        return CacheDirectory.withLock(directoryPath, exclusive: false) { read(previousPaths(for: source), of: source) }
    }

    /// Throws when the directory exists but is not safe to use: not owned by this user, or
    /// writable by its group or by others (a copy planted there would be served as the feed).
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and what to change.
    public func checkDirectory() throws(ICSError) {
        try CacheDirectory.check(directoryPath)
    }

    /// Stores a new good copy of `source`; the copy it replaces, when different and when it
    /// still parses as iCalendar, becomes the previous one.
    ///
    /// The new body and metadata are written to temporary files first, so that a failure (a
    /// full disk) changes nothing; then the current copy is moved to the previous one's place
    /// (a second name for each file: no data written), and the new files renamed into place.
    /// One writer at a time holds the directory's lock, so body and metadata always match.
    /// - Throws: ``ICSError`` when the directory or the files cannot be written.
    public func store(_ copy: CachedFeed, for source: FeedSource) throws(ICSError) {
        try store(copy, for: source, interruption: .none, keeps: FeedCache.parses)
    }

    /// Whether a copy's body parses as iCalendar: only such a copy is kept as the previous one.
    static func parses(_ copy: CachedFeed) -> Bool {
        (try? ICalendar(bytes: copy.body, source: "cache")) != nil
    }

    /// ``store(_:for:)`` that a test can stop before the body's rename, or fail as on a full disk;
    /// `keeps` says whether the current copy may become the previous one.
    func store(_ copy: CachedFeed, for source: FeedSource, interruption: CacheFile.Interruption,
               keeps: (CachedFeed) -> Bool = FeedCache.parses) throws(ICSError) {
        let paths = self.paths(for: source)
        try CacheFile.makeDirectory(directoryPath)
        try CacheDirectory.withLock(directoryPath, exclusive: true) { () throws(ICSError) in
            let body = try CacheFile.writeTemporary(copy.body, for: paths.body, interruption: interruption)
            if interruption == .beforeRename { return }
            let meta: String
            do throws(ICSError) { meta = try CacheFile.writeTemporary(metadata(copy, for: source), for: paths.meta) } catch {
                CacheFile.discard(body)
                throw error
            }
            if let current = read(paths, of: source), current.body != copy.body, keeps(current) {
                do throws(ICSError) { try rename(paths, to: previousPaths(for: source)) } catch {
                    CacheFile.discard(body)
                    CacheFile.discard(meta)
                    throw error
                }
            }
            try CacheFile.moveIntoPlace(body, paths.body)
            try CacheFile.moveIntoPlace(meta, paths.meta)
            try CacheFile.syncDirectory(directoryPath)
        }
    }

    /// Puts the previous copy of `source` back in place of the current one, which becomes the
    /// previous copy (so a second call undoes the first).
    ///
    /// The next refresh downloads the feed again (the restored copy's validators are those it
    /// had), and warns again if it still has far fewer events.
    /// - Returns: the restored copy, or `nil` when there is no previous copy.
    /// - Throws: ``ICSError`` when the files cannot be written.
    @discardableResult
    public func restorePrevious(for source: FeedSource) throws(ICSError) -> CachedFeed? {
        try checkDirectory()
        return try CacheDirectory.withLock(directoryPath, exclusive: true) { () throws(ICSError) -> CachedFeed? in
            guard var previous = read(previousPaths(for: source), of: source) else { return nil }
            let current = paths(for: source)
            // Second names for the current files first, then the previous ones renamed over them.
            let kept = [try CacheFile.temporaryCopy(of: current.body, for: current.body),
                        try CacheFile.temporaryCopy(of: current.meta, for: current.meta)]
            try rename(previousPaths(for: source), to: current)
            for (temporary, path) in zip(kept, [previousPaths(for: source).body, previousPaths(for: source).meta]) {
                if let temporary { try CacheFile.moveIntoPlace(temporary, path) }
            }
            try CacheFile.syncDirectory(directoryPath)
            previous.problem = nil
            return previous
        }
    }

    /// Records that the server confirmed the cached copy (a 304) at `date`; nothing is written
    /// when the cached body is no longer `copy`'s (another process stored a newer one meanwhile).
    func touch(_ copy: CachedFeed, for source: FeedSource, at date: Date, validators: FetchValidators) throws(ICSError) {
        var copy = copy
        copy.checkedAt = date
        if let etag = validators.etag { copy.validators.etag = etag }
        if let lastModified = validators.lastModified { copy.validators.lastModified = lastModified }
        try CacheFile.makeDirectory(directoryPath)
        try CacheDirectory.withLock(directoryPath, exclusive: true) { () throws(ICSError) in
            guard CacheFile.read(paths(for: source).body) == copy.body else { return }
            try CacheFile.writeAtomically(metadata(copy, for: source), to: paths(for: source).meta)
        }
    }

    /// Deletes the cached copies of `source`.
    public func remove(_ source: FeedSource) {
        for path in [paths(for: source).body, paths(for: source).meta, previousPaths(for: source).body, previousPaths(for: source).meta] {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The two files of the current copy of `source`.
    func paths(for source: FeedSource) -> (body: String, meta: String) {
        let key = CacheFile.fingerprint(source.cacheKey.utf8)
        return ("\(directoryPath)/\(key).ics", "\(directoryPath)/\(key).json")
    }

    /// The two files of the previous copy of `source`.
    func previousPaths(for source: FeedSource) -> (body: String, meta: String) {
        let key = CacheFile.fingerprint(source.cacheKey.utf8)
        return ("\(directoryPath)/\(key).previous.ics", "\(directoryPath)/\(key).previous.json")
    }

    /// Reads one copy; leftovers of killed writes of its files are removed first.
    private func read(_ files: (body: String, meta: String), of source: FeedSource) -> CachedFeed? {
        for path in [files.body, files.meta] {
            CacheFile.removeLeftovers(of: (path as NSString).lastPathComponent, in: directoryPath)
        }
        guard let body = CacheFile.read(files.body) else { return nil }
        let decoded = CacheFile.read(files.meta).flatMap { try? CacheMetadata.decoder.decode(CacheMetadata.self, from: Data($0)) }
        // Another URL with the same fingerprint: not this feed's copy.
        if let decoded, decoded.key != source.cacheKey { return nil }
        guard let meta = decoded, meta.bodyFingerprint == CacheFile.fingerprint(body) else {
            let date = CacheFile.modificationDate(files.body) ?? Date(timeIntervalSince1970: 0)
            let why = decoded == nil ? "has no readable metadata" : "does not match its metadata"
            return CachedFeed(body: body, validators: FetchValidators(), fetchedAt: date, checkedAt: date, eventCount: nil,
                              problem: "the cached copy \(why) (a write was interrupted, or the file was changed); it is used without its validators")
        }
        return CachedFeed(body: body, validators: meta.validators, fetchedAt: meta.fetchedAt,
                          checkedAt: meta.checkedAt, eventCount: meta.eventCount)
    }

    /// Gives the files of one copy the names of another (the body, then the metadata), each
    /// through a second name made first (``CacheFile/temporaryCopy(of:for:)``), so that the
    /// source names keep their files until they are replaced.
    private func rename(_ from: (body: String, meta: String), to: (body: String, meta: String)) throws(ICSError) {
        let body = try CacheFile.temporaryCopy(of: from.body, for: to.body)
        let meta: String?
        do throws(ICSError) { meta = try CacheFile.temporaryCopy(of: from.meta, for: to.meta) } catch {
            body.map(CacheFile.discard)
            throw error
        }
        if let body { try CacheFile.moveIntoPlace(body, to.body) }
        if let meta { try CacheFile.moveIntoPlace(meta, to.meta) } else { _ = unlink(to.meta) }
    }

    private func metadata(_ copy: CachedFeed, for source: FeedSource) throws(ICSError) -> [UInt8] {
        let meta = CacheMetadata(key: source.cacheKey, validators: copy.validators, fetchedAt: copy.fetchedAt,
                                 checkedAt: copy.checkedAt, eventCount: copy.eventCount,
                                 bodyFingerprint: CacheFile.fingerprint(copy.body))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(meta) else { throw ICSError(.unreadable, "cannot encode cache metadata") }
        return [UInt8](data)
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
    /// Why the copy may not be what was stored (its metadata is missing or does not match the
    /// body); `nil` when it checks out.
    public var problem: String?

    /// A copy of a feed; `checkedAt` defaults to `fetchedAt`.
    public init(body: [UInt8], validators: FetchValidators, fetchedAt: Date, checkedAt: Date? = nil, eventCount: Int? = nil,
                problem: String? = nil) {
        self.problem = problem
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
