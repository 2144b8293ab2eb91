import Foundation

/// A calendar feed to read and refresh: a URL (or a file) with its cache and options.
///
/// One call fetches the feed with a conditional request, parses it, keeps the last good
/// copy in the cache, and never loses data: when the refresh fails, the body is cut short
/// (a component or the VCALENDAR without its END: ``ICSError/Code/truncated``), or the new
/// copy has no events where the last one had some, the cached copy is served with the
/// problem. A new copy with less than half the events is shown, with a warning
/// (``FeedUpdate/eventCountDrop``), and the copy it replaced is kept: ``restorePrevious()``
/// puts it back.
///
/// ```swift
/// let feed = try FeedSubscription("webcal://example.org/team.ics")
/// let update = try await feed.refresh()
/// show(update.calendar)
/// if let notice = update.notice() { print(notice) }           // served from cache, and why
/// for change in update.changes?.changed ?? [] { print(change.key, change.fields) }
/// let next = update.suggestedRefreshInterval                 // REFRESH-INTERVAL / X-PUBLISHED-TTL
/// ```
public struct FeedSubscription: Sendable {
    /// Where the calendar comes from: a file, standard input, or a URL.
    public var source: FeedSource
    /// Where the last good copy is kept; `nil` for no cache.
    public var cache: FeedCache?
    /// The limits of the transfer (timeouts, size, redirects).
    public var fetchOptions: FetchOptions
    /// The limits and reading options of the import.
    public var importOptions: ImportOptions
    /// When true, no request is made: the cached copy is served.
    public var isOffline: Bool

    /// A subscription to `source`, kept in `cache` (`nil`: no cache), fetched with `fetchOptions`; `offline` serves only the cached copy.
    public init(_ source: FeedSource, cache: FeedCache? = .standard, fetchOptions: FetchOptions = FetchOptions(),
                importOptions: ImportOptions = ImportOptions(), offline: Bool = false) {
        self.source = source
        self.cache = cache
        self.fetchOptions = fetchOptions
        self.importOptions = importOptions
        self.isOffline = offline
    }

    /// A subscription to a path, `-` or URL written as on a command line (see ``FeedSource/init(_:)``).
    public init(_ text: String, cache: FeedCache? = .standard, fetchOptions: FetchOptions = FetchOptions(),
                importOptions: ImportOptions = ImportOptions(), offline: Bool = false) throws(ICSError) {
        self.init(try FeedSource(text), cache: cache, fetchOptions: fetchOptions, importOptions: importOptions, offline: offline)
    }

    /// A subscription to a URL: `http`, `https`, `webcal` or `webcals` (its user and password,
    /// if any, become Basic credentials), or a file URL, which is read and not cached.
    ///
    /// ```swift
    /// let feed = try FeedSubscription(url: URL(string: "webcal://example.org/team.ics")!)
    /// ```
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` for another scheme or a URL without a host.
    public init(url: URL, cache: FeedCache? = .standard, fetchOptions: FetchOptions = FetchOptions(),
                importOptions: ImportOptions = ImportOptions(), offline: Bool = false) throws(ICSError) {
        let source = url.isFileURL ? FeedSource(file: url) : try FeedSource(url: url)
        self.init(source, cache: cache, fetchOptions: fetchOptions, importOptions: importOptions, offline: offline)
    }

    /// Fetches (conditionally), parses and caches the feed; a file is just read.
    /// - Parameter now: the time recorded in the cache and used for ages.
    /// - Throws: ``ICSError`` only when nothing can be shown: the fetch or parse failed and there is no cached copy.
    /// - Complexity: O(n) in the body, plus O(n) to parse the previous copy when a new one arrives.
    ///
    /// It never blocks a thread of Swift's cooperative pool: reading files (the feed's file, the
    /// cached copy) and parsing run on a thread of their own, the transfer on another, while the
    /// calling task is suspended; many refreshes may run at once. Refreshes of the same feed
    /// (same source, cache and options) that run at the same time share one request and its result.
    public func refresh(now: Date = Date()) async throws(ICSError) -> FeedUpdate {
        guard isRemote else { return try await refreshAlone(now: now) }
        let subscription = self
        return try await RefreshCoalescing.run(RefreshCoalescing.key(self)) { () async throws(ICSError) in
            try await subscription.refreshAlone(now: now)
        }
    }

    /// Whether a refresh makes a request (a URL, not offline): only those are coalesced.
    private var isRemote: Bool {
        if case .remote = source.kind, !isOffline { return true }
        return false
    }

    private func refreshAlone(now: Date) async throws(ICSError) -> FeedUpdate {
        let subscription = self
        switch try await BlockingWork.run({ () throws(ICSError) in try subscription.plan() }) {
        case .done(let update): return update
        case .fetch(let url, let cached):
            let result: Result<FetchResponse, ICSError>
            do {
                result = .success(try await FetchRequest.fetch(url, source: source, options: fetchOptions,
                                                               validators: cached?.validators ?? FetchValidators()))
            } catch { result = .failure(error) }
            return try await BlockingWork.run { () throws(ICSError) in try subscription.finish(result, cached: cached, now: now) }
        }
    }

    /// ``refresh(now:)`` for command-line tools: blocks the calling thread until done.
    /// Do not call it on an app's main thread. Blocking refreshes of the same feed on several
    /// threads at once share one request: the first makes it, the others wait for its result.
    public func refreshBlocking(now: Date = Date()) throws(ICSError) -> FeedUpdate {
        guard isRemote else { return try refreshBlockingAlone(now: now) }
        return try RefreshCoalescing.runBlocking(RefreshCoalescing.key(self)) { () throws(ICSError) in try refreshBlockingAlone(now: now) }
    }

    private func refreshBlockingAlone(now: Date) throws(ICSError) -> FeedUpdate {
        switch try plan() {
        case .done(let update): return update
        case .fetch(let url, let cached):
            let result: Result<FetchResponse, ICSError>
            do {
                result = .success(try FetchRequest.fetchBlocking(url, source: source, options: fetchOptions,
                                                                 validators: cached?.validators ?? FetchValidators()))
            } catch { result = .failure(error) }
            return try finish(result, cached: cached, now: now)
        }
    }

    private enum Plan: Sendable {
        case done(FeedUpdate)
        case fetch(URL, CachedFeed?)
    }

    /// Files are read at once; offline serves the cache; otherwise a fetch is due.
    private func plan() throws(ICSError) -> Plan {
        switch source.kind {
        case .file(let path):
            return .done(FeedUpdate(calendar: try ICalendar(contentsOfFile: path, options: importOptions), origin: .file,
                                    wasOffline: isOffline))
        case .standardInput:
            return .done(FeedUpdate(calendar: try ICalendar(contentsOfFile: "-", options: importOptions), origin: .file,
                                    wasOffline: isOffline))
        case .remote(let url):
            let cached = cache?.entry(for: source)
            guard isOffline else { return .fetch(url, cached) }
            guard let cached else {
                // A directory that is not safe to use says so, rather than that it holds nothing.
                do { try cache?.checkDirectory() } catch { throw ICSError(.notCached, "offline, and " + error.message, source: source.description) }
                throw ICSError(.notCached, "offline, and there is no cached copy", source: source.description)
            }
            var update = try serve(cached, origin: .cache, problem: nil)
            update.wasOffline = true
            return .done(update)
        }
    }

    /// Turns the fetch's result into an update, falling back to the cached copy.
    private func finish(_ result: Result<FetchResponse, ICSError>, cached: CachedFeed?, now: Date) throws(ICSError) -> FeedUpdate {
        let response: FetchResponse
        switch result {
        case .failure(let error): return try fallBack(to: cached, because: error)
        case .success(let value): response = value
        }
        guard let body = response.body else {
            guard let cached else {
                return try fallBack(to: nil, because: ICSError(.network, "HTTP 304 Not Modified, but there is no cached copy",
                                                               source: source.description))
            }
            var update = try serve(cached, origin: .notModified, problem: nil)
            update.checkedAt = now
            do { try cache?.touch(cached, for: source, at: now, validators: response.validators) } catch { update.cacheProblem = error }
            return update
        }
        if let cut = BodyCompleteness.truncation(of: body) {
            return try fallBack(to: cached, because: ICSError(.truncated, cut))
        }
        let calendar: ICalendar
        do {
            calendar = try ICalendar(bytes: body, source: source.description, options: importOptions)
        } catch {
            return try fallBack(to: cached, because: FeedSubscription.explain(error, contentType: response.contentType))
        }
        var previous: ICalendar?
        var drop: FeedUpdate.EventCountDrop?
        if let cached {
            previous = try? ICalendar(bytes: cached.body, source: source.description, options: importOptions)
            let lastCount = cached.eventCount ?? previous?.events.count ?? 0
            if calendar.events.isEmpty && lastCount > 0 {
                let problem = ICSError(.emptyFeed, "the feed now has no events where the cached copy had \(lastCount)",
                                       source: source.description)
                return try fallBack(to: cached, because: problem)
            }
            if calendar.events.count * 2 < lastCount {
                drop = FeedUpdate.EventCountDrop(previous: lastCount, current: calendar.events.count)
            }
        }
        var update = FeedUpdate(calendar: calendar, origin: .downloaded, wasOffline: false, fetchedAt: now, checkedAt: now,
                                previous: previous)
        if let drop {
            update.eventCountDrop = drop
            update.warnings.append("the feed now has \(drop.current) event\(drop.current == 1 ? "" : "s") where the last copy had "
                + "\(drop.previous); that copy is kept as the previous one (FeedSubscription.restorePrevious() puts it back)")
        }
        let copy = CachedFeed(body: body, validators: response.validators, fetchedAt: now, eventCount: calendar.events.count)
        // The copy it replaces is kept as the previous one only if it parses (known for the copy read before the fetch).
        let keeps = { (current: CachedFeed) -> Bool in
            current.body == cached?.body ? previous != nil : FeedCache.parses(current)
        }
        do { try cache?.store(copy, for: source, interruption: .none, keeps: keeps) } catch { update.cacheProblem = error }
        return update
    }

    /// Serves the cached copy with `problem`, or throws `problem` when there is none.
    private func fallBack(to cached: CachedFeed?, because problem: ICSError) throws(ICSError) -> FeedUpdate {
        var problem = problem
        problem.source = source.description
        guard let cached else { throw problem }
        do {
            return try serve(cached, origin: .cache, problem: problem)
        } catch {
            throw problem
        }
    }

    private func serve(_ cached: CachedFeed, origin: FeedUpdate.Origin, problem: ICSError?) throws(ICSError) -> FeedUpdate {
        let calendar = try ICalendar(bytes: cached.body, source: source.description, options: importOptions)
        var update = FeedUpdate(calendar: calendar, origin: origin, problem: problem, wasOffline: false,
                                fetchedAt: cached.fetchedAt, checkedAt: cached.checkedAt)
        if let mismatch = cached.problem { update.warnings.append(mismatch) }
        return update
    }

    /// Puts the copy that the last download replaced back in the cache, and shows it: the undo
    /// for a feed that dropped most of its events (``FeedUpdate/eventCountDrop``). The copy it
    /// takes the place of becomes the previous one, so a second call undoes the first. No request
    /// is made; the next ``refresh(now:)`` downloads the feed again.
    ///
    /// ```swift
    /// let update = try feed.refreshBlocking()
    /// if update.eventCountDrop != nil { _ = try feed.restorePrevious() }
    /// ```
    /// - Returns: the restored copy, with origin ``FeedUpdate/Origin/restored``.
    /// - Throws: ``ICSError/Code/notCached`` when there is no cache or no previous copy; a write failure.
    public func restorePrevious() throws(ICSError) -> FeedUpdate {
        guard let cache, source.isRemote else {
            throw ICSError(.notCached, "there is no cache, so no previous copy to restore", source: source.description)
        }
        guard let restored = try cache.restorePrevious(for: source) else {
            throw ICSError(.notCached, "there is no previous copy to restore", source: source.description)
        }
        return try serve(restored, origin: .restored, problem: nil)
    }

    /// A body that is not iCalendar, said the way users meet it: a login page, an API error.
    static func explain(_ error: ICSError, contentType: String?) -> ICSError {
        guard error.code == .notICalendar else { return error }
        var error = error
        let type = contentType?.lowercased() ?? ""
        if type.contains("html") || error.message.contains("HTML page") {
            error.message = "the server sent an HTML page, not iCalendar (a login or error page?): " + error.message
        } else if type.contains("json") || error.message.contains("JSON") {
            error.message = "the server sent JSON, not iCalendar: " + error.message
        }
        return error
    }
}
