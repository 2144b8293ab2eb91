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
    /// show in it ends with "+N more" (``WeekColumns``), and so does a day of the list layout
    /// with more events than its share of the lines (``WeekRenderer/list(_:calendar:options:)``).
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
    /// When the terminal's height is known and the week has more lines than fit, the busiest days
    /// are cut to a common number of lines, the last of them saying "+N more" (``listCap(_:room:)``).
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
        // What each day lists: its placements not listed on an earlier day.
        var listed = Set<Int>()
        let perDay = week.days.map { item in placed.placements(on: item.day).filter { listed.insert($0.index).inserted } }
        // The title and the seven headings take 8 lines; the rest is the days' to share.
        let cap = options.height.map { listCap(perDay.map(\.count), room: $0 - 8) } ?? Int.max
        let moreIndent = String(repeating: " ", count: 3 + TerminalText.width(options.ascii ? "*" : "●"))
        for (column, item) in week.days.enumerated() {
            var heading = "\(week.weekdaySymbols[column].short) \(item.day)"
            if item.state.isToday && !options.color { heading += options.ascii ? " (\(options.strings.today))" : " · \(options.strings.today)" }
            let fill = max(0, min(options.width, 40) - TerminalText.width(heading) - 1)
            let styled = item.state.isToday ? style.apply(heading, "7", "1") : style.apply(heading, "1")
            lines.append(styled + " " + String(repeating: rule, count: fill))
            let placements = perDay[column]
            let shown = placements.count > cap ? cap - 1 : placements.count
            for placement in placements.prefix(shown) {
                let until = placement.isMultiDay
                    ? AgendaRenderer.untilText(placement, dates: dates, calendar: calendar, strings: options.strings) : nil
                lines.append(AgendaRenderer.entry(placement.occurrence, on: item.day, calendar: calendar, options: options.agenda, until: until))
            }
            if shown < placements.count {
                lines.append(moreIndent + LocalStrings.fill(options.strings.more, count: placements.count - shown))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most lines any day of the list may take in `room` lines, given how many events each
    /// day has: the largest cap c with Σ min(count, c) ≤ room, where a day over the cap shows
    /// c − 1 events and "+N more" (so it takes c lines). At least 2 (one event and "+N more"):
    /// in a terminal too short even for that the week runs past the height, as the grid's does.
    /// `Int.max` when everything fits.
    static func listCap(_ counts: [Int], room: Int) -> Int {
        guard counts.reduce(0, +) > room else { return .max }
        var cap = counts.max() ?? 0
        while cap > 2 && counts.reduce(0, { $0 + min($1, cap) }) > room { cap -= 1 }
        return max(cap, 2)
    }
}
