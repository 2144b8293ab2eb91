import Foundation
import ICSKit

/// `/`, `n` and `N`: the nearest day after (or before) a day on which an occurrence matches a text,
/// with `--grep`'s matching (``SearchFilter``: summary, location, description, categories; case
/// and accents ignored). Forward, the expansion is read lazily in start order and stops at the
/// first match; backward, it is read a year at a time going back. Both look ``years`` years at most.
enum BrowseSearch {
    /// How far a search looks.
    static let years = 10

    static func find(_ text: String, from day: CalendarDay, forward: Bool, data: BrowseData) -> CalendarDay? {
        let filter = SearchFilter(grep: text)
        let calendar = data.calendar, zone = calendar.timeZone
        let dayOf = { (occurrence: Occurrence) in CalendarDay(containing: occurrence.start.date(in: zone), in: calendar) }
        if forward {
            let start = day.adding(days: 1, in: calendar)
            let end = CalendarDay(containing: calendar.date(byAdding: .year, value: years, to: start.startDate(in: calendar))!, in: calendar)
            var iterator = OccurrenceExpansion(calendars: data.calendars, from: start.startDate(in: calendar),
                                               to: end.startDate(in: calendar), viewerTimeZone: zone).makeIterator()
            while let occurrence = iterator.next() {
                guard data.filter.matches(occurrence), filter.matches(occurrence) else { continue }
                if !data.options.showCancelled && occurrence.incidence.isCancelled { continue }
                return max(dayOf(occurrence), start)
            }
            return nil
        }
        var upper = day.startDate(in: calendar)
        for _ in 0..<years {
            let lower = calendar.date(byAdding: .year, value: -1, to: upper)!
            // Read as they stream by, the latest match kept: a collect holds the year's first
            // 250,000 occurrences, and the matches nearest the day are the year's last. Only its
            // start is kept: its day is the answer.
            var last: Date?
            _ = OccurrenceExpansion(calendars: data.calendars, from: lower, to: upper, viewerTimeZone: zone).collect { occurrence in
                guard data.filter.matches(occurrence), filter.matches(occurrence),
                      data.options.showCancelled || !occurrence.incidence.isCancelled else { return }
                let start = occurrence.start.date(in: zone)
                if start >= lower && last.map({ start > $0 }) ?? true { last = start }
            }
            if let last { return CalendarDay(containing: last, in: calendar) }
            upper = lower
        }
        return nil
    }
}
