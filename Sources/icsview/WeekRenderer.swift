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
    /// The calendars' styles, each naming its calendar (``CalendarStyle/id``), for mark colors.
    var calendars: [CalendarStyle] = []
    /// The calendars' names, shown in the list layout (see ``AgendaRenderOptions/calendarNames``).
    var calendarNames: [String] = []
    /// The words of the user's language.
    var strings: LocalStrings = .english
    /// Dates and times in the user's locale; nil: English, 24-hour.
    var dates: LocalDates?

    /// The same settings for the agenda lines of the list layout.
    var agenda: AgendaRenderOptions {
        AgendaRenderOptions(width: width, ascii: ascii, color: color, calendars: calendars, calendarNames: calendarNames,
                            strings: strings, dates: dates)
    }
}

/// Draws a ``WeekProjection``: seven columns when the width allows (60 cells or more, see
/// ``WeekColumns``), else a list of days with the agenda's lines.
enum WeekRenderer {
    /// The week as lines of text ending in a newline.
    static func render(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        options.width >= 60 ? WeekColumns.render(week, calendar: calendar, options: options) : list(week, calendar: calendar, options: options)
    }

    /// "Week 24: 2024-06-10 – 2024-06-16" ("Woche 24: …", "週 24: …").
    static func title(_ week: WeekProjection, ascii: Bool, strings: LocalStrings = .english) -> String {
        "\(strings.week) \(week.weekNumber): \(week.firstDay) \(ascii ? "-" : "–") \(week.lastDay)"
    }

    /// The week as a list: a heading per day (today marked), then its occurrences as agenda lines.
    static func list(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        let style = TerminalStyle(enabled: options.color)
        let rule = options.ascii ? "-" : "─"
        var lines = [style.apply(title(week, ascii: options.ascii, strings: options.strings), "1")]
        for (column, item) in week.days.enumerated() {
            var heading = "\(week.weekdaySymbols[column].short) \(item.day)"
            if item.state.isToday && !options.color { heading += options.ascii ? " (today)" : " · today" }
            let fill = max(0, min(options.width, 40) - TerminalText.width(heading) - 1)
            let styled = item.state.isToday ? style.apply(heading, "7", "1") : style.apply(heading, "1")
            lines.append(styled + " " + String(repeating: rule, count: fill))
            lines += item.occurrences.map { AgendaRenderer.entry($0, on: item.day, calendar: calendar, options: options.agenda) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
