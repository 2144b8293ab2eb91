import Foundation
import ICSKit

/// How a week is drawn in a terminal.
struct WeekRenderOptions {
    /// The terminal's width in cells (titles are cut to fit).
    var width: Int = 80
    /// Only ASCII.
    var ascii: Bool = false
    /// ANSI colors and attributes.
    var color: Bool = false
    /// The calendars' styles, indexed by `Occurrence.calendarIndex`, for mark colors.
    var calendars: [CalendarStyle] = []
}

/// Draws a ``WeekProjection`` as a list: a heading per day, then its occurrences with their
/// times in the display zone (all-day first), each with a colored mark and its title cut to the width.
enum WeekRenderer {
    /// The week as lines of text ending in a newline: seven columns when the width allows
    /// (60 cells or more), else a list of days.
    static func render(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        options.width >= 60 ? WeekColumns.render(week, calendar: calendar, options: options) : list(week, calendar: calendar, options: options)
    }

    /// The week as a list: a heading per day, then its occurrences.
    static func list(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        let style = TerminalStyle(enabled: options.color)
        let ellipsis = options.ascii ? "~" : "…"
        let rule = options.ascii ? "-" : "─"
        var lines = [style.apply("Week \(week.weekNumber): \(week.firstDay) – \(week.lastDay)"
            .replacingOccurrences(of: "–", with: options.ascii ? "-" : "–"), "1")]
        for (column, item) in week.days.enumerated() {
            var heading = "\(week.weekdaySymbols[column].short) \(item.day)"
            if item.state.isToday && !options.color { heading += options.ascii ? " (today)" : " · today" }
            let fill = max(0, options.width - TerminalText.width(heading) - 1)
            let styled = item.state.isToday ? style.apply(heading, "7", "1") : style.apply(heading, "1")
            lines.append(styled + " " + String(repeating: rule, count: min(fill, 40)))
            for occurrence in item.occurrences {
                let time = TerminalText.fit(timeText(occurrence, on: item.day, calendar: calendar, ascii: options.ascii), 11)
                let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
                let mark = style.apply(options.ascii ? "*" : "●", TerminalStyle.foreground(color))
                let room = options.width - 2 - 2 - 11 - 1
                let title = TerminalText.truncate(occurrence.incidence.summary ?? "", toWidth: max(1, room), ellipsis: ellipsis)
                lines.append("  " + mark + " " + time + " " + title)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "all day", "09:00–09:30", "22:00–…" (goes on past the day), "…–04:00" (began before it),
    /// or "…" (covers the whole day), in the calendar's zone.
    static func timeText(_ occurrence: Occurrence, on day: DayComponents, calendar: Calendar, ascii: Bool) -> String {
        let dash = ascii ? "-" : "–"
        let more = ascii ? "..." : "…"
        if occurrence.isAllDay { return "all day" }
        let zone = calendar.timeZone
        let start = occurrence.start.date(in: zone)
        let end = occurrence.end.date(in: zone)
        let dayStart = day.startDate(in: calendar)
        let dayEnd = day.adding(days: 1, in: calendar).startDate(in: calendar)
        let startsToday = start >= dayStart
        let endsToday = end <= dayEnd
        func clock(_ date: Date) -> String {
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        switch (startsToday, endsToday) {
        case (true, true): return end > start ? clock(start) + dash + clock(end) : clock(start)
        case (true, false): return clock(start) + dash + more
        case (false, true): return more + dash + clock(end)
        case (false, false): return more
        }
    }
}
