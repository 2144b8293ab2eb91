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
    /// The terminal's height, when known: a day with more timed events than the seven columns can
    /// show in it ends with "+N more" (``WeekColumns``).
    var height: Int?

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

    /// The week as a list: a heading per day (today marked), then its occurrences as agenda
    /// lines; as in the agenda, a multi-day occurrence once, on its first day here, with its span.
    static func list(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        let style = TerminalStyle(enabled: options.color)
        let rule = options.ascii ? "-" : "─"
        var lines = [style.apply(title(week, ascii: options.ascii, strings: options.strings), "1")]
        // Each occurrence once, in the order the days list them (the projection already left
        // out what it does not show, cancelled ones included).
        var seen = Set<Occurrence>(), unique: [Occurrence] = []
        for item in week.days {
            for occurrence in item.occurrences where seen.insert(occurrence).inserted { unique.append(occurrence) }
        }
        let placed = DayOccurrences(unique, visibleDays: week.firstDay...week.lastDay, calendar: calendar, includesCancelled: true)
        let dates = options.dates ?? LocalDates(calendar: calendar, hour12: false)
        var listed = Set<Int>()
        for (column, item) in week.days.enumerated() {
            var heading = "\(week.weekdaySymbols[column].short) \(item.day)"
            if item.state.isToday && !options.color { heading += options.ascii ? " (\(options.strings.today))" : " · \(options.strings.today)" }
            let fill = max(0, min(options.width, 40) - TerminalText.width(heading) - 1)
            let styled = item.state.isToday ? style.apply(heading, "7", "1") : style.apply(heading, "1")
            lines.append(styled + " " + String(repeating: rule, count: fill))
            for placement in placed.placements(on: item.day) where listed.insert(placement.index).inserted {
                let until = placement.isMultiDay
                    ? AgendaRenderer.untilText(placement, dates: dates, calendar: calendar, strings: options.strings) : nil
                lines.append(AgendaRenderer.entry(placement.occurrence, on: item.day, calendar: calendar, options: options.agenda, until: until))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
