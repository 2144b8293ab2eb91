import Foundation
import ICSKit

/// How the agenda is drawn.
struct AgendaRenderOptions {
    var width: Int = 80
    var ascii: Bool = false
    var color: Bool = false
    var showCancelled: Bool = false
    var calendars: [CalendarStyle] = []
    /// Each calendar's name as the agenda shows it, indexed by `Occurrence.calendarIndex`;
    /// shown after each occurrence when not empty (the views fill it when several calendars are shown).
    var calendarNames: [String] = []
}

/// The agenda: a heading for each day that has occurrences, then each occurrence with its
/// time range in the display zone, summary and location. Shared by `--agenda`, the list
/// under `--month` and the narrow `--week`.
enum AgendaRenderer {
    /// The width of the time column: "09:00–09:30" plus a space.
    static let timeWidth = 11

    static func render(_ occurrences: [Occurrence], days: ClosedRange<DayComponents>, calendar: Calendar,
                       options: AgendaRenderOptions) -> String {
        let placed = DayOccurrences(occurrences, visibleDays: days, calendar: calendar, includeCancelled: options.showCancelled)
        let style = TerminalStyle(enabled: options.color)
        var lines: [String] = []
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = calendar.locale ?? Locale(identifier: "en_US_POSIX")
        formatter.setLocalizedDateFormatFromTemplate("EEE d MMM yyyy")
        for day in DayComponents.days(in: days, calendar: calendar) {
            let today = placed[day]
            guard !today.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(style.apply(formatter.string(from: day.startDate(in: calendar)), "1"))
            lines += today.map { entry($0, on: day, calendar: calendar, options: options) }
        }
        if lines.isEmpty { lines.append("No events from \(days.lowerBound) to \(days.upperBound).") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one day (its heading, then its occurrences), or none when nothing is on it:
    /// what ``render(_:days:calendar:options:)`` writes for that day, for an agenda written day by day.
    static func dayLines(_ occurrences: [Occurrence], day: DayComponents, calendar: Calendar, options: AgendaRenderOptions) -> [String] {
        let today = DayOccurrences(occurrences, visibleDays: day...day, calendar: calendar, includeCancelled: options.showCancelled)[day]
        guard !today.isEmpty else { return [] }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = calendar.locale ?? Locale(identifier: "en_US_POSIX")
        formatter.setLocalizedDateFormatFromTemplate("EEE d MMM yyyy")
        return [TerminalStyle(enabled: options.color).apply(formatter.string(from: day.startDate(in: calendar)), "1")]
            + today.map { entry($0, on: day, calendar: calendar, options: options) }
    }

    /// One line: `  ● 09:00–09:30 Summary · Location [Calendar]`, cut to the width; a cancelled
    /// occurrence is marked `✗` (`[cancelled]` in ASCII).
    static func entry(_ occurrence: Occurrence, on day: DayComponents, calendar: Calendar, options: AgendaRenderOptions) -> String {
        let style = TerminalStyle(enabled: options.color)
        let time = TerminalText.fit(timeText(occurrence, on: day, calendar: calendar, ascii: options.ascii), timeWidth)
        let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
        let mark = style.apply(options.ascii ? "*" : "●", TerminalStyle.foreground(color))
        var title = occurrence.incidence.summary ?? "(no title)"
        if occurrence.incidence.isCancelled { title = (options.ascii ? "[cancelled] " : "✗ ") + title }
        if let location = occurrence.incidence.location, !location.isEmpty {
            title += (options.ascii ? " @ " : " · ") + location
        }
        if let name = options.calendarNames[safe: occurrence.calendarIndex] {
            title += " [\(name)]"
        }
        let room = max(1, options.width - 4 - timeWidth - 1)
        return "  " + mark + " " + time + " " + TerminalText.truncate(title, toWidth: room, ellipsis: options.ascii ? "~" : "…")
    }

    /// "all day", "09:00–09:30", "22:00–…" (goes on past the day), "…–04:00" (began before it),
    /// or "…" (covers the whole day), in the calendar's zone.
    static func timeText(_ occurrence: Occurrence, on day: DayComponents, calendar: Calendar, ascii: Bool) -> String {
        if occurrence.isAllDay { return "all day" }
        let dash = ascii ? "-" : "–"
        let more = ascii ? "..." : "…"
        let zone = calendar.timeZone
        let start = occurrence.start.date(in: zone)
        let end = occurrence.end.date(in: zone)
        let startsToday = start >= day.startDate(in: calendar)
        let endsToday = end <= day.adding(days: 1, in: calendar).startDate(in: calendar)
        switch (startsToday, endsToday) {
        case (true, true): return end > start ? clock(start, calendar) + dash + clock(end, calendar) : clock(start, calendar)
        case (true, false): return clock(start, calendar) + dash + more
        case (false, true): return more + dash + clock(end, calendar)
        case (false, false): return more
        }
    }

    /// "09:05": the wall-clock time of `date` in the calendar's zone.
    static func clock(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
