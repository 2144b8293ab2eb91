import Foundation
import ICSKit

/// How the commands read configured CalDAV and vdir calendars: through a local copy in the
/// cache directory, so that a slow or absent server does not cost every command.
///
/// - A CalDAV calendar is synced (``CalDAVLocalCopy``, asking only for what changed) when its
///   copy is older than the configuration's `refresh-interval` (default 15 minutes), or under
///   `--refresh`; `--offline` never syncs. A sync that fails serves the last copy with one warning.
/// - A vdir calendar is read from its directory each time, re-reading only the files changed
///   since the copy `icsview sync` keeps.
/// - `--no-cache` neither reads nor writes a copy: a CalDAV calendar is fetched whole.
enum LocalCopies {
    /// The age at which a CalDAV copy is synced before it is read, without `refresh-interval`.
    static let defaultMaximumAge = 15 * 60

    /// The directory of the copies: `--cache-dir`, else the feed cache's.
    static func directory(_ options: Options) -> String {
        options.cacheDirectory ?? FetchArguments.standardCache.directory.path
    }

    /// The client for a configured CalDAV calendar (credentials from its `password-command`).
    /// A request may wait for its first byte as long as `--timeout` allows: a server computes a
    /// REPORT before it answers (Radicale's first listing of 10,000 resources took minutes).
    static func client(for entry: Configuration.CalendarEntry, options: Options) throws(ICSError) -> CalDAVClient {
        var fetch = FetchArguments.options(timeout: options.timeout, maxSizeMB: options.maxSizeMB)
        fetch.idleTimeout = fetch.totalTimeout
        var client = CalDAVClient(credentials: try PasswordCommand.credentials(for: entry), options: fetch, headers: entry.headers)
        // A server that answers each request slowly, but within --timeout, ends a sync here.
        client.timeLimit = TimeInterval(options.syncTimeout ?? ConfigParser.defaultSyncTimeout)
        return client
    }

    /// The calendar of a configured CalDAV or vdir input, synced first when its copy is due.
    /// - Throws: ``ICSError`` when there is nothing to show (never synced and the sync failed,
    ///   an unreadable vdir, an account that cannot be listed).
    static func load(_ input: ResolvedInput, options: Options) throws(ICSError) -> ICalendar {
        guard let local = input.local, let entry = input.entry else { throw ICSError(.unreadable, "not a CalDAV or vdir calendar", source: input.word) }
        switch local {
        case .unavailable(let message):
            throw ICSError(.unreadable, message, source: input.word)
        case .vdir(let path):
            // Read whole, not through the copy `sync` keeps: decoding every item's model from that
            // JSON costs more than importing the items' files again (a month of 100,000 items:
            // 5.2 s of CPU and 606 MB through the copy, 2.2 s and 245 MB read whole).
            return try VdirCalendar.read(at: path).calendar
        case .caldav(let url):
            if options.noCache {
                let client = try client(for: entry, options: options)
                return try client.sync(url, from: nil).state.calendar()
            }
            let copy = self.copy(of: url, section: entry.key, options: options)
            if !isDue(copy, options: options), let calendar = copy.cachedCalendar() { return calendar }
            return try synced(copy, input: input, entry: entry, options: options).calendar
        }
    }

    /// The resources of a configured CalDAV calendar as its local copy holds them, synced first
    /// when the copy is due, exactly as ``load(_:options:)`` decides (`validate` reads them).
    static func resources(_ input: ResolvedInput, url: URL, options: Options) throws(ICSError) -> [CalDAVResource] {
        guard let entry = input.entry else { throw ICSError(.unreadable, "not a CalDAV calendar", source: input.word) }
        let copy = self.copy(of: url, section: entry.key, options: options)
        var state = isDue(copy, options: options) ? nil : copy.load()
        if state == nil { state = try synced(copy, input: input, entry: entry, options: options).state }
        return (state?.resources.values).map { $0.sorted { $0.href < $1.href } } ?? []
    }

    /// The local copy of a collection for one configuration section. Each section keeps its own
    /// copy, even of a collection another section names too: their credentials and headers may
    /// see other resources, and each section's `sync` says what changed since its own last one.
    /// Read within ``maxCopyBytes``, as the vdir copies are.
    static func copy(of url: URL, section: String, options: Options) -> CalDAVLocalCopy {
        var copy = CalDAVLocalCopy(collection: url, directory: directory(options), name: section)
        copy.maximumBytes = maxCopyBytes
        return copy
    }

    /// Whether a copy is synced before it is read: under `--refresh`, or when it is older than
    /// `refresh-interval`; never under `--offline`.
    private static func isDue(_ copy: CalDAVLocalCopy, options: Options) -> Bool {
        if options.offline { return false }
        let maximumAge = TimeInterval(options.refreshInterval ?? defaultMaximumAge)
        return options.refresh || copy.lastSynced.map { Date().timeIntervalSince($0) >= maximumAge } ?? true
    }

    /// Syncs a copy that is due (or that is not there); a failed sync serves the last copy with
    /// one warning, and is an error only when there is no copy.
    private static func synced(_ copy: CalDAVLocalCopy, input: ResolvedInput, entry: Configuration.CalendarEntry,
                               options: Options) throws(ICSError) -> CalDAVLocalCopy.Outcome {
        let synced = copy.lastSynced
        if options.offline {
            throw ICSError(.unreadable, "no local copy yet (--offline): run 'icsview sync \(entry.key)'", source: input.word)
        }
        var outcome = copy.sync(with: try client(for: entry, options: options))
        guard let error = outcome.error else { return outcome }
        guard let synced else { throw error }
        DiagnosticOutput.shared.warning("\(input.word): cannot sync (\(error.message)); showing the copy synced \(age(synced)) ago")
        outcome.calendar.diagnostics.removeAll { $0.code == .staleCopy }
        return outcome
    }

    /// "5 minutes", "2 hours", "3 days".
    static func age(_ date: Date, now: Date = Date()) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        func unit(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if seconds < 120 { return unit(seconds, "second") }
        if seconds < 7200 { return unit(seconds / 60, "minute") }
        if seconds < 172_800 { return unit(seconds / 3600, "hour") }
        return unit(seconds / 86_400, "day")
    }

    // MARK: vdir copies

    /// The file that keeps what `icsview sync` last read of a vdir calendar for one configuration
    /// section (each section its own, as for CalDAV: its `sync` says what changed since its own).
    static func vdirPath(_ path: String, section: String, options: Options) -> String {
        directory(options) + "/vdir-" + FNV1a.hex(FNV1a.hash((section + "\u{0}" + path).utf8)) + ".json"
    }

    /// What `icsview sync` last read of the vdir calendar at `path` for `section`, if anything.
    static func storedVdir(_ path: String, section: String, options: Options) -> VdirCalendar? {
        guard let data = readCopy(vdirPath(path, section: section, options: options)),
              let stored = try? JSONDecoder().decode(VdirCalendar.self, from: data),
              stored.path == (path as NSString).expandingTildeInPath else { return nil }
        return stored
    }

    /// Keeps `calendar` as the vdir's copy for `section`.
    static func storeVdir(_ calendar: VdirCalendar, section: String, options: Options) throws {
        try writeAtomically(try JSONEncoder().encode(calendar), to: vdirPath(calendar.path, section: section, options: options))
    }

    // MARK: Files

    /// The most bytes a local copy kept as JSON may hold (256 MiB): a vdir calendar's copy (each
    /// item's calendar, about four times the size of its `.ics` file) and a CalDAV account's
    /// list of calendars. A copy of a vdir of tens of thousands of events is tens of megabytes.
    static let maxCopyBytes = 268435456

    /// The bytes of the local copy at `path`, read as the cache reads its files (a regular file
    /// only, no link followed, the size looked at first), or nil when there is none. One larger
    /// than ``maxCopyBytes`` is not read: a warning names it, and it is read as no copy, as one
    /// that does not decode is (the next sync writes a new one). A sparse file of two gigabytes
    /// in its place was read whole first (`sync`: 15.9 s, 2.1 GB).
    static func readCopy(_ path: String) -> Data? {
        switch CacheFile.read(path, limit: maxCopyBytes) {
        case .bytes(let bytes):
            return Data(bytes)
        case .unreadable:
            return nil
        case .tooLarge(let size):
            DiagnosticOutput.shared.warning("the local copy \(path) is \(size) bytes, more than the \(maxCopyBytes >> 20) MiB a copy may hold; read as no local copy")
            return nil
        }
    }

    /// Writes `data` to a temporary file beside `path`, then renames it over `path`: a reader
    /// sees the old file or the new one, never half of one. The directory is made (0700) if needed.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = folder + "/.tmp-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ICSError(.unreadable, "cannot write a local copy", source: folder)
        }
        if rename(temporary, path) != 0 {
            unlink(temporary)
            throw ICSError(.unreadable, "cannot write a local copy", source: path)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: (path as NSString).expandingTildeInPath, isDirectory: &flag) && flag.boolValue
    }
}
