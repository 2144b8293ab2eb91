import Foundation
import ICSKit

/// The week as seven day columns: a heading per day, multi-day bars in their lanes and
/// one-day all-day events on top, then each day's timed events in time order.
enum WeekColumns {
    static func render(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        let g = options.ascii ? MonthRenderer.Glyphs.ascii : MonthRenderer.Glyphs.unicode
        let style = TerminalStyle(enabled: options.color)
        let cell = max(6, (options.width - 8) / 7)
        let monthOptions = MonthRenderOptions(width: options.width, ascii: options.ascii, color: options.color,
                                              weekNumbers: false, maxLanes: 4, calendars: options.calendars)
        func border(_ ends: (String, String, String)) -> String {
            ends.0 + Array(repeating: String(repeating: g.horizontal, count: cell), count: 7).joined(separator: ends.1) + ends.2
        }
        func row(_ cells: [String]) -> String { g.vertical + cells.joined(separator: g.vertical) + g.vertical }

        let dash = options.ascii ? "-" : "–"
        var lines = [style.apply(TerminalText.fit("Week \(week.weekNumber): \(week.firstDay) \(dash) \(week.lastDay)",
                                                  7 * cell + 8, .center).trimmingTrailingSpaces(), "1")]
        lines.append(border(g.top))
        lines.append(row(week.days.enumerated().map { column, item in
            let heading = "\(week.weekdaySymbols[column].short) \(item.day.day)"
            let fitted = TerminalText.fit(heading, cell, .center, ellipsis: g.ellipsis)
            if item.state.isToday { return options.color ? style.apply(fitted, "7", "1") : TerminalText.fit("[\(heading)]", cell, .center) }
            return style.apply(fitted, "1")
        }))
        lines.append(border(g.middle))

        // Top: multi-day bars, then one-day all-day events, each in its column.
        var top = MonthRenderer.laneLines(week.dayRanges, row: 0, cell: cell, prefix: 0, glyphs: g, style: style, options: monthOptions)
        let rangeKeys = Set(week.dayRanges.segments.map { key($0.occurrence) })
        let allDay: [[Occurrence]] = week.days.map { item in
            item.occurrences.filter { $0.isAllDay && !rangeKeys.contains(key($0)) }
        }
        for index in 0..<(allDay.map(\.count).max() ?? 0) {
            top.append(row((0..<7).map { column in
                guard index < allDay[column].count else { return String(repeating: " ", count: cell) }
                return oneDayBar(allDay[column][index], cell: cell, glyphs: g, style: style, options: options)
            }))
        }
        if !top.isEmpty {
            lines += top
            lines.append(border(g.middle))
        }

        // Below: timed events in time order.
        let timed: [[Occurrence]] = week.days.map { item in
            item.occurrences.filter { !$0.isAllDay && !rangeKeys.contains(key($0)) }
                .sorted { $0.start.date(in: calendar.timeZone) < $1.start.date(in: calendar.timeZone) }
        }
        let count = max(1, timed.map(\.count).max() ?? 0)
        for index in 0..<count {
            lines.append(row((0..<7).map { column in
                guard index < timed[column].count else { return String(repeating: " ", count: cell) }
                let occurrence = timed[column][index]
                let time = clock(occurrence, on: week.days[column].day, calendar: calendar, options: options)
                let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
                let text = TerminalText.fit(time + " " + (occurrence.incidence.summary ?? ""), cell, ellipsis: g.ellipsis)
                return options.color ? style.apply(String(text.prefix(time.count)), TerminalStyle.foreground(color)) + String(text.dropFirst(time.count)) : text
            }))
        }
        lines.append(border(g.bottom))
        return lines.joined(separator: "\n") + "\n"
    }

    /// An occurrence's identity within one expansion (UID and start).
    private static func key(_ occurrence: Occurrence) -> String {
        (occurrence.incidence.uid ?? "") + "|" + OccurrenceJSON.text(occurrence.start)
    }

    /// "09:00", or "…" for an event that began on an earlier day.
    private static func clock(_ occurrence: Occurrence, on day: DayComponents, calendar: Calendar, options: WeekRenderOptions) -> String {
        let start = occurrence.start.date(in: calendar.timeZone)
        guard start >= day.startDate(in: calendar) else { return options.ascii ? "..." : "…" }
        let parts = calendar.dateComponents([.hour, .minute], from: start)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    private static func oneDayBar(_ occurrence: Occurrence, cell: Int, glyphs g: MonthRenderer.Glyphs, style: TerminalStyle,
                                  options: WeekRenderOptions) -> String {
        let room = cell - 2
        let title = TerminalText.truncate(occurrence.incidence.summary ?? "", toWidth: max(0, room), ellipsis: g.ellipsis)
        let fill = max(0, room - TerminalText.width(title))
        guard options.color else { return g.barStart + title + String(repeating: g.barFill, count: fill) + g.barEnd }
        let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
        return style.apply(g.barStart + title + String(repeating: " ", count: fill) + g.barEnd,
                           TerminalStyle.background(color), TerminalStyle.foreground(TerminalStyle.contrasting(color)))
    }
}
