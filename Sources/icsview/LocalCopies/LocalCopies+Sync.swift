import Foundation
import ICSKit

extension LocalCopies {
    /// What `icsview sync` did to one calendar.
    struct SyncReport {
        /// The calendar as named on the command line (`work`, `work/Team`).
        var word: String
        /// Its collection's URL (credentials masked) or its directory.
        var source: String
        /// What changed since the last sync (everything is added on the first one); nil when it failed.
        var changes: CalendarDiff?
        /// Why it failed (its last copy is kept).
        var error: ICSError?
        /// `sync-collection`, `etag-comparison` (CalDAV) or `vdir`.
        var method: String?
        /// Requests sent (CalDAV).
        var requests: Int = 0
        /// Whether there was no copy before.
        var first = false
        /// Resources or files that could not be read (each costs only itself).
        var diagnostics: [Diagnostic] = []
    }

    /// Brings the local copy of a configured CalDAV or vdir calendar up to date.
    static func sync(_ input: ResolvedInput, options: Options) -> SyncReport {
        var report = SyncReport(word: input.word, source: input.source)
        guard let local = input.local, let entry = input.entry else {
            report.error = ICSError(.unreadable, "not a CalDAV or vdir calendar")
            return report
        }
        switch local {
        case .unavailable(let message):
            report.error = ICSError(.unreadable, message)
        case .vdir(let path):
            let stored = storedVdir(path, section: entry.key, options: options)
            report.first = stored == nil
            report.method = "vdir"
            do {
                let calendar = try VdirCalendar.read(at: path, previous: stored)
                // Nothing read again, nothing gone, the same name and colour: the stored copy is
                // this one. Writing it again (every item's calendar as JSON) was a third of a sync
                // of 10,000 unchanged items.
                let unchanged = stored.map { calendar.readCount == 0 && calendar.items.count == $0.items.count
                    && calendar.displayName == $0.displayName && calendar.color == $0.color } ?? false
                if !unchanged { try storeVdir(calendar, section: entry.key, options: options) }
                report.changes = CalendarDiff(old: stored?.calendar ?? ICalendar(), new: calendar.calendar)
                report.diagnostics = calendar.skipped
            } catch let error as ICSError {
                report.error = error
            } catch {
                report.error = ICSError(.unreadable, "cannot keep the copy: \(error)", source: path)
            }
        case .caldav(let url):
            let copy = self.copy(of: url, section: entry.key, options: options)
            let client: CalDAVClient
            do { client = try self.client(for: entry, options: options) } catch {
                report.first = copy.lastSynced == nil
                report.error = error
                return report
            }
            let outcome = copy.sync(with: client)
            report.first = outcome.isFirst
            report.requests = client.requestCount
            if let error = outcome.error {
                report.error = error
            } else {
                // The library diffs only the resources the sync touched: the others are unchanged.
                var changes = outcome.changes
                let keys = Set((outcome.calendar.events + outcome.calendar.todos).map(CalendarDiff.Key.init))
                changes.unchangedCount = max(0, keys.count - changes.added.count - changes.changed.count)
                report.changes = changes
                report.method = outcome.result?.method.rawValue
                report.diagnostics = outcome.result?.diagnostics ?? []
            }
        }
        return report
    }
}
