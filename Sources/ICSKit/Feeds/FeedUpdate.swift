import Foundation

/// What a refresh of a feed produced: the calendar to show, where it came from, and
/// what went wrong if the fresh copy could not be used.
public struct FeedUpdate: Sendable {
    /// Where the calendar came from.
    public enum Origin: String, Sendable, Hashable {
        /// A file or standard input: no feed machinery involved.
        case file
        /// A new copy downloaded now.
        case downloaded
        /// The server answered 304: the cached copy is current.
        case notModified
        /// The cached copy, because the refresh failed (see ``FeedUpdate/problem``) or the
        /// subscription is offline.
        case cache
        /// The copy before the last one, put back by ``FeedSubscription/restorePrevious()``.
        case restored
    }

    /// A new copy with less than half the events of the one it replaced.
    public struct EventCountDrop: Sendable, Hashable {
        /// Events in the copy replaced (kept as the previous copy).
        public var previous: Int
        /// Events in the new copy.
        public var current: Int
    }

    /// The calendar to show.
    public var calendar: ICalendar
    /// Where the calendar came from: downloaded, not modified, the cache, a restored copy, or a file.
    public var origin: Origin
    /// Why a fresh copy is not shown (``ICSError/Code/emptyFeed``, a network or HTTP error, a
    /// body that is not iCalendar, …); `nil` when it is, and when offline by choice.
    public var problem: ICSError?
    /// Whether the subscription was offline (no request was made).
    public var wasOffline: Bool
    /// When the body shown was downloaded; `nil` for a file.
    public var fetchedAt: Date?
    /// When the server last confirmed the body shown (its download or a later 304).
    public var checkedAt: Date?
    /// The last good copy that a new download replaced, to compare with (see ``changes``).
    public var previous: ICalendar?
    /// A failure to write the cache (the calendar is still good).
    public var cacheProblem: ICSError?
    /// Set when the new copy has less than half the events of the one it replaced; that one is
    /// kept, and ``FeedSubscription/restorePrevious()`` puts it back.
    public var eventCountDrop: EventCountDrop?
    /// Things to tell people although the calendar is shown: far fewer events than before, a
    /// cached copy that does not match its metadata.
    public var warnings: [String] = []

    /// What changed since the last good copy; `nil` when nothing new was downloaded or there was no copy.
    /// - Complexity: O(n log n) in the number of events.
    public var changes: CalendarDiff? { previous.map { CalendarDiff(old: $0, new: calendar) } }

    /// REFRESH-INTERVAL (RFC 7986), else X-PUBLISHED-TTL: how often the publisher suggests refreshing.
    public var suggestedRefreshInterval: ICSDuration? { calendar.refreshInterval ?? calendar.publishedTTL }

    /// Whether the calendar shown is older than what the server has, or may be (served from cache).
    public var isStale: Bool { origin == .cache || origin == .restored }

    /// How long ago the server last confirmed the body shown, at `now`.
    public func age(at now: Date = Date()) -> TimeInterval? {
        checkedAt.map { max(0, now.timeIntervalSince($0)) }
    }

    /// A sentence for people when the calendar came from the cache, else `nil`:
    /// `offline: using the copy cached 3 h ago` or `HTTP 500 Internal Server Error; using the copy cached 2 days ago`.
    public func notice(at now: Date = Date()) -> String? {
        if origin == .restored {
            return "using the previous copy, downloaded \(fetchedAt.map { FeedUpdate.describe(age: max(0, now.timeIntervalSince($0))) } ?? "earlier") (restored)"
        }
        guard origin == .cache else { return nil }
        let age = age(at: now).map { "the copy cached \(FeedUpdate.describe(age: $0))" } ?? "the cached copy"
        if let problem { return "\(problem.message); using \(age)" }
        return "offline: using \(age)"
    }

    /// `less than a minute ago`, `12 min ago`, `3 h ago`, `2 days ago`.
    static func describe(age seconds: TimeInterval) -> String {
        switch seconds {
        case ..<60: return "less than a minute ago"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<172_800: return "\(Int(seconds / 3600)) h ago"
        default: return "\(Int(seconds / 86_400)) days ago"
        }
    }
}
