#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ICSKit
import Synchronization

/// The calendars a watcher reads, each with its last good copy and its refresh interval.
///
/// A feed is refreshed on `--refresh-interval` (else the configuration's `refresh-interval`), else its own REFRESH-INTERVAL (RFC 7986) or
/// X-PUBLISHED-TTL (at least 10 s, at most a day), else every 5 minutes (a conditional request:
/// an unchanged feed costs a 304); through the feed cache, so a failure serves the cached copy.
/// A file is looked at (one `stat`) every 15 seconds (or on
/// `--refresh-interval`) and read again when its size or modification time changed. A source
/// that fails keeps its last copy; the failure is reported and the watcher goes on.
///
/// Refreshes run on a thread of their own, so that a slow server never delays an alarm;
/// ``WatchWaiter/post()`` wakes the loop when they are done and ``collect()`` takes their results.
final class WatchSources: Sendable {
    /// One input and its state.
    struct Source: Sendable {
        var input: ResolvedInput
        var calendar: ICalendar? {
            didSet { revision += 1 }
        }
        /// Counts the copies read (comparing two large calendars would cost more than the refresh).
        var revision = 0
        /// A file's size and modification time when last read.
        var fileStamp: [Int]?
        /// When to refresh next (monotonic seconds).
        var nextRefresh: TimeInterval = 0
        var interval: TimeInterval
    }

    fileprivate let state: Mutex<(sources: [Source], busy: Bool, finished: [Int: Source])>
    private let options: WatchOptions
    private let report: @Sendable (String) -> Void
    static let defaultFeedInterval: TimeInterval = 5 * 60
    static let defaultFileInterval: TimeInterval = 15

    init(_ inputs: [ResolvedInput], options: WatchOptions, report: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.report = report
        state = Mutex((inputs.map { input in
            Source(input: input, interval: options.refreshInterval ?? (Self.isRemote(input) ? Self.defaultFeedInterval : Self.defaultFileInterval))
        }, false, [:]))
    }

    static func isRemote(_ input: ResolvedInput) -> Bool { (try? FeedSource(input.source))?.isRemote ?? false }

    /// The calendars read so far (the last good copy of each), in input order.
    var calendars: [ICalendar] { state.withLock { $0.sources.compactMap(\.calendar) } }

    /// The configured or own names of the calendars, in the order of ``calendars``.
    var names: [String] {
        state.withLock { $0.sources.compactMap { source in source.calendar.map { $0.name ?? source.input.word } } }
    }

    /// The earliest monotonic instant a source is due to be refreshed.
    var nextRefresh: TimeInterval? { state.withLock { $0.busy ? nil : $0.sources.map(\.nextRefresh).min() } }

    /// Reads every source now, on the calling thread (the first load, before the loop).
    func loadAll(uptime: TimeInterval) {
        let sources = state.withLock { $0.sources }
        let loaded = sources.indices.map { refreshed(sources[$0], force: true, uptime: uptime) }
        state.withLock { $0.sources = loaded }
    }

    /// Starts refreshing, on a thread of its own, the sources due by `uptime` (all with `force`);
    /// `done` is called on that thread when they are. Returns false when a refresh is running.
    @discardableResult
    func refresh(dueBy uptime: TimeInterval, force: Bool = false, done: @escaping @Sendable () -> Void) -> Bool {
        let due: [(Int, Source)]? = state.withLock { state in
            guard !state.busy else { return nil }
            let due = state.sources.indices.filter { force || state.sources[$0].nextRefresh <= uptime }.map { ($0, state.sources[$0]) }
            state.busy = !due.isEmpty
            return due
        }
        guard let due, !due.isEmpty else { return false }
        Thread.detachNewThread { [self] in
            var results: [Int: Source] = [:]
            for (index, source) in due { results[index] = refreshed(source, force: force, uptime: uptime) }
            state.withLock {
                $0.finished.merge(results) { $1 }
                $0.busy = false
            }
            done()
        }
        return true
    }

    /// Takes the finished refreshes in; true when a calendar changed.
    func collect() -> Bool {
        state.withLock { state in
            var changed = false
            for (index, source) in state.finished where index < state.sources.count {
                if source.revision != state.sources[index].revision { changed = true }
                state.sources[index] = source
            }
            state.finished = [:]
            return changed
        }
    }

    /// The source read again (or its last copy kept), with its next refresh set.
    private func refreshed(_ source: Source, force: Bool, uptime: TimeInterval) -> Source {
        var source = source
        source.nextRefresh = uptime + source.interval
        do {
            if source.input.local != nil {
                // A CalDAV or vdir calendar: through its local copy, synced when due (or forced).
                var base = options.base
                base.refresh = base.refresh || force
                var calendar = try LocalCopies.load(source.input, options: base)
                ConfiguredInputs.apply(source.input, to: &calendar)
                source.calendar = calendar
                return source
            }
            let feed = try FeedSource(source.input.source)
            if feed.isRemote {
                var fetchOptions = options.base
                fetchOptions.offline = options.base.offline
                let update = try InputLoader.subscription(for: feed, options: fetchOptions, headers: source.input.entry?.headers ?? []).refreshBlocking()
                if let notice = update.notice() { report("\(source.input.word): \(notice)") }
                for warning in update.warnings { report("\(source.input.word): \(warning)") }
                // A new copy replaces ours; a 304, or the cached copy after a failure, keeps it.
                if update.origin == .downloaded || update.origin == .restored || source.calendar == nil {
                    var calendar = update.calendar
                    ConfiguredInputs.apply(source.input.entry, to: &calendar)
                    source.calendar = calendar
                }
                if options.refreshInterval == nil, let suggested = update.suggestedRefreshInterval {
                    source.interval = min(86_400, max(10, TimeInterval(suggested.approximateSeconds)))
                    source.nextRefresh = uptime + source.interval
                }
            } else {
                let stamp = Self.stamp(source.input.source)
                if !force, source.calendar != nil, stamp == source.fileStamp { return source }
                var calendar = try ICalendar(contentsOfFile: source.input.source)
                ConfiguredInputs.apply(source.input.entry, to: &calendar)
                source.calendar = calendar
                source.fileStamp = stamp
            }
        } catch {
            // An ICSError names its source already (`URL: HTTP 404 Not Found`); a configured name is added in front.
            let text = "\(error)", named = text.hasPrefix(source.input.word) ? text : "\(source.input.word): \(text)"
            report(named + (source.calendar == nil ? "" : "; keeping the last copy"))
        }
        return source
    }

    /// A file's size and modification time (nanoseconds), or nil: one `stat(2)` (FileManager's
    /// attributes also read the owner's name from /etc/passwd and /etc/group each time).
    static func stamp(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
    }
}

extension WatchSources {
    /// Takes over the last copies of the sources that `previous` also read (after SIGHUP), so
    /// that a source failing now still has its copy.
    func adopt(_ previous: WatchSources) {
        let old = previous.state.withLock { $0.sources }
        state.withLock { state in
            for index in state.sources.indices {
                if let match = old.first(where: { $0.input.source == state.sources[index].input.source }) {
                    state.sources[index].calendar = match.calendar
                    state.sources[index].fileStamp = match.fileStamp
                }
            }
        }
    }
}
