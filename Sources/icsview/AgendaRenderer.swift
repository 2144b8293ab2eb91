import Foundation
import ICSKit

/// How the agenda is drawn.
struct AgendaRenderOptions {
    var width: Int = 80
    var ascii: Bool = false
    var color: Bool = false
    var showCancelled: Bool = false
    var calendars: [CalendarStyle] = []
    /// Whether to name each occurrence's calendar (when several are shown).
    var showCalendarNames: Bool = false
}

/// The agenda: a heading for each day that has occurrences, then each occurrence with its
/// time range in the display zone, summary and location. Shared by `--agenda` and the list
/// under `--month`.
enum AgendaRenderer {
    static func render(_ occurrences: [Occurrence], days: ClosedRange<DayComponents>, calendar: Calendar,
                       options: AgendaRenderOptions) -> String {
        let placed = DayOccurrences(occurrences, visibleDays: days, calendar: calendar, includeCancelled: options.showCancelled)
        let style = TerminalStyle(enabled: options.color)
        let ellipsis = options.ascii ? "~" : "…"
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
            for occurrence in today {
                let time = TerminalText.fit(WeekRenderer.timeText(occurrence, on: day, calendar: calendar, ascii: options.ascii), 11)
                let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
                let mark = style.apply(options.ascii ? "*" : "●", TerminalStyle.foreground(color))
                var title = occurrence.incidence.summary ?? "(no title)"
                if occurrence.incidence.isCancelled { title = (options.ascii ? "[cancelled] " : "✗ ") + title }
                if let location = occurrence.incidence.location, !location.isEmpty {
                    title += options.ascii ? " @ " + location : " · " + location
                }
                if options.showCalendarNames, let name = options.calendars[safe: occurrence.calendarIndex]?.name {
                    title += " [\(name)]"
                }
                let room = max(1, options.width - 2 - 2 - 11 - 1)
                lines.append("  " + mark + " " + time + " " + TerminalText.truncate(title, toWidth: room, ellipsis: ellipsis))
            }
        }
        if lines.isEmpty { lines.append("No events from \(days.lowerBound) to \(days.upperBound).") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
