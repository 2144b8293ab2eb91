import Foundation
import ICSKit

/// The summary's "when" lines: the span of a calendar's events and its next occurrence.
///
/// ```
///   span:       2020-01-01 – 2020-12-26, repeating
///   next:       Wed, 25 Dec 2024 — 1. Weihnachtstag
/// ```
enum SummaryWhen {
    /// How far ahead the next occurrence is looked for.
    static let lookahead: TimeInterval = 366 * 86_400

    static func lines(_ calendar: ICalendar, context: ViewContext) -> String {
        let starts = calendar.events.compactMap { $0.start?.date }
        guard let first = starts.min() else { return "" }
        // The last start of an event that ends: a single one's DTSTART, a rule's UNTIL.
        var last = first, repeats = false
        for event in calendar.events {
            guard let start = event.start?.date else { continue }
            last = max(last, start)
            for date in event.recurrenceDates.compactMap({ recurrenceDay($0) }) { last = max(last, date) }
            for rule in event.recurrenceRules {
                if let until = rule.until { last = max(last, until.date) } else { repeats = true }
            }
        }
        var out = "  span:       \(first) – \(last)" + (repeats ? ", repeating" : "") + "\n"
        let now = context.instant
        var next: Occurrence?
        var stopped: Diagnostic?
        var readPast: Int?
        // Growing windows (a day, a week, a month, a year), so that a busy calendar is not set up
        // over a whole year to find tomorrow's meeting. Each is read in order up to its first
        // upcoming event, never collected: 300 secondly series were 250,000 occurrences (173 MB)
        // to find the next second. A series that stopped at its limit (ICS3002) meets the same
        // instances before any window, so after one the search goes straight to the year; if that
        // finds nothing either, "none" would be a guess.
        for days in [2.0, 8, 32, 366] where next == nil && readPast == nil && (stopped == nil || days == 366) {
            let expansion = OccurrenceExpansion(calendars: [calendar], from: now, to: now.addingTimeInterval(min(days * 86_400, lookahead)),
                                                viewerTimeZone: context.zone)
            var occurrences = expansion.makeIterator()
            var read = 0
            while let occurrence = occurrences.next() {
                if !occurrence.incidence.isCancelled && occurrence.incidence.kind == .event && occurrence.start.date(in: context.zone) >= now {
                    next = occurrence
                    break
                }
                read += 1
                // As many as a view collects at once, none of them upcoming (cancelled, or begun
                // before now): what follows is not looked for.
                if read == expansion.occurrenceLimit {
                    readPast = read
                    break
                }
            }
            stopped = stopped ?? occurrences.diagnostics.first { $0.code == .recurrenceLimit }
        }
        if let next {
            let date = next.start.date(in: context.zone)
            let day = context.dates.string(date, template: "EEE d MMM yyyy")
            let when = next.isAllDay ? day : day + " " + context.dates.clock(date)
            out += "  next:       \(when) — \(next.incidence.summary.map { TerminalText.safe($0, toWidth: 200) } ?? "(no summary)")\n"
        } else if let readPast {
            out += "  next:       not known: the first \(readPast) occurrences from now are none of them an upcoming event (\(DiagnosticCode.recurrenceLimit.rawValue))\n"
        } else if let stopped {
            let line = stopped.line.map { "line \($0), " } ?? ""
            out += "  next:       not known: a series stopped at its limit before it reached today (\(line)\(stopped.code.rawValue))\n"
        } else {
            out += "  next:       none in the coming year\n"
        }
        return out
    }

    private static func recurrenceDay(_ value: RecurrenceDate) -> CivilDate? {
        switch value {
        case .time(let time): return time.date
        case .period(let start, _): return start.date
        }
    }
}
