import Foundation

/// The local copy of a CalDAV collection: its ``CalDAVSyncState`` in one JSON file, written
/// atomically (temporary file, fsync, rename), so that a failed or interrupted sync leaves the
/// last good copy whole; a sync that fails serves that copy with a warning.
///
/// The file holds the collection's URL (without credentials), the sync-token and each
/// resource's href, ETag and text: never a password (the credentials live in the client only).
///
/// ```swift
/// let copy = CalDAVLocalCopy(collection: url, directory: cacheDirectory)
/// let outcome = copy.sync(with: client)
/// if let error = outcome.error { print("warning:", error) }      // served from the last copy
/// show(outcome.calendar); apply(outcome.changes)
/// ```
public struct CalDAVLocalCopy: Sendable {
    /// The collection.
    public var collection: URL
    /// The file the state is kept in.
    public var path: String
    /// The most bytes the stored copy may hold (default 256 MiB, as icsview's local copies): its
    /// size is looked at before it is read (``CacheFile/read(_:limit:)``: a regular file only, no
    /// link followed), and a larger one is not read but taken as no copy (``stored()`` says so;
    /// ``sync(with:options:)`` then syncs the collection whole, with a warning). A sparse file of
    /// gigabytes in its place was read whole before it failed to decode.
    public var maximumBytes = 256 << 20

    /// The copy of `collection` in `directory` (created, mode 0700, on first write), in a file
    /// named from a fingerprint of the URL (and of `name`).
    ///
    /// - Parameters:
    ///   - name: which of several copies of one collection this is. Two accounts that reach the
    ///     same collection (other credentials may see other resources, and each sync says what
    ///     changed since its own last one) each keep their own copy under their own name; `nil`
    ///     is the one unnamed copy. icsview names each copy after its configuration section.
    public init(collection: URL, directory: String, name: String? = nil) {
        self.collection = collection
        var identity = FeedSource.mask(collection.absoluteString)
        if let name { identity = name + "\u{0}" + identity }
        path = directory + "/caldav-" + CacheFile.fingerprint(Array(identity.utf8)) + ".json"
    }

    /// What ``stored()`` finds in ``path``.
    public enum StoredCopy: Sendable {
        /// No copy: none written yet, not a regular file, or one that does not decode or is of
        /// another collection.
        case none
        /// The copy.
        case state(CalDAVSyncState)
        /// A file of more than ``maximumBytes`` (its size): not read.
        case tooLarge(bytes: Int)
    }

    /// The stored copy, read within ``maximumBytes``.
    ///
    /// ```swift
    /// if case .tooLarge(let size) = copy.stored() { print("\(copy.path): \(size) bytes, not read") }
    /// ```
    /// - Complexity: O(n) in the file's size, at most ``maximumBytes``.
    public func stored() -> StoredCopy {
        switch CacheFile.read(path, limit: maximumBytes) {
        case .unreadable: return .none
        case .tooLarge(let size): return .tooLarge(bytes: size)
        case .bytes(let bytes):
            guard let state = try? JSONDecoder().decode(CalDAVSyncState.self, from: Data(bytes)),
                  state.collection == collection else { return .none }
            return .state(state)
        }
    }

    /// The stored state, or `nil` when there is none, it does not decode, or it is larger than
    /// ``maximumBytes`` (``stored()`` tells these apart).
    public func load() -> CalDAVSyncState? {
        if case .state(let state) = stored() { return state }
        return nil
    }

    /// The warning for a stored copy too large to read, which a sync replaces.
    func tooLargeWarning(_ size: Int) -> Diagnostic {
        let bound = maximumBytes % (1 << 20) == 0 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes) bytes"
        return Diagnostic(.localCopyTooLarge, "the local copy \(path) is \(size) bytes, more than the \(bound) a copy may hold; "
                          + "read as no copy, and the collection synced whole", source: FeedSource.mask(collection.absoluteString))
    }

    /// When the copy was last written (a successful sync), if it exists.
    public var lastSynced: Date? { CacheFile.modificationDate(path) }

    /// Writes `state` atomically.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and the system's reason.
    public func save(_ state: CalDAVSyncState) throws(ICSError) {
        try CacheFile.makeDirectory((path as NSString).deletingLastPathComponent)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(state) } catch {
            throw ICSError(.unreadable, "cannot encode the sync state: \(error)", source: path)
        }
        try CacheFile.writeAtomically([UInt8](data), to: path)
    }

    /// What ``sync(with:)`` gives: the calendar to show, what changed, and the error if the
    /// sync failed (then the calendar is the last good copy's, and the changes are empty).
    public struct Outcome: Sendable {
        /// The collection as now known (after a failure: as last synced; empty when never synced).
        public var calendar: ICalendar
        /// The state now stored.
        public var state: CalDAVSyncState
        /// The sync's result, when it succeeded.
        public var result: CalDAVSyncResult?
        /// Why the sync failed (credentials never in it); `nil` on success.
        public var error: ICSError?
        /// Whether no copy was kept before: a first sync, or a failure with no copy to serve.
        public var isFirst: Bool

        /// What changed (empty after a failure).
        public var changes: CalendarDiff { result?.changes ?? CalendarDiff(old: ICalendar(), new: ICalendar()) }
    }

    /// Syncs the collection and stores the new state; on failure keeps the last one and says why
    /// (the calendar then carries an ``DiagnosticCode/staleCopy`` warning).
    /// A stored copy larger than ``maximumBytes`` is not read: the collection is synced whole, and
    /// the calendar carries a ``DiagnosticCode/sourceItemSkipped`` warning that says so.
    public func sync(with client: CalDAVClient, options: ImportOptions = ImportOptions()) -> Outcome {
        let stored = stored()
        var old: CalDAVSyncState?
        var warnings: [Diagnostic] = []
        switch stored {
        case .state(let state): old = state
        case .tooLarge(let size): warnings.append(tooLargeWarning(size))
        case .none: break
        }
        do {
            let result = try client.sync(collection, from: old)
            try save(result.state)
            var calendar = result.state.calendar(options: options)
            calendar.diagnostics += result.diagnostics + warnings
            return Outcome(calendar: calendar, state: result.state, result: result, error: nil, isFirst: old == nil)
        } catch {
            let state = old ?? CalDAVSyncState(collection: collection)
            var calendar = state.calendar(options: options)
            calendar.diagnostics += warnings
            let served = old == nil ? "no copy to serve" : "the last copy is served"
            calendar.diagnostics.append(Diagnostic(.staleCopy, "the sync failed (\(error.message)); \(served)",
                                                   source: FeedSource.mask(collection.absoluteString)))
            return Outcome(calendar: calendar, state: state, result: nil, error: error, isFirst: old == nil)
        }
    }

    /// The stored copy's calendar without syncing (offline); `nil` when never synced.
    public func cachedCalendar(options: ImportOptions = ImportOptions()) -> ICalendar? {
        load()?.calendar(options: options)
    }
}
