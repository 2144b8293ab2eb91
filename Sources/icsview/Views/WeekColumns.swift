import Foundation
import ICSKit

/// The week as seven day columns: a heading per day, multi-day bars in their lanes and
/// one-day all-day events on top (a timed one that goes on past midnight with its start time),
/// then each day's timed events in time order, two lines each (the time range, then the title).
/// When the terminal's height is known and a day has more timed events than fit in it, the
/// columns end with a line of "+N more" (the week then takes the height, at least one event a day).
enum WeekColumns {
    static func render(_ week: WeekProjection, calendar: Calendar, options: WeekRenderOptions) -> String {
        let g = options.ascii ? MonthRenderer.Glyphs.ascii : MonthRenderer.Glyphs.unicode
        let style = TerminalStyle(enabled: options.color)
        let cell = max(6, (options.width - 8) / 7)
        var monthOptions = MonthRenderOptions(width: options.width, ascii: options.ascii, color: options.color,
                                              weekNumbers: false, maxLanes: 4, calendars: options.calendars,
                                              strings: options.strings, dates: options.dates)
        monthOptions.barStartTimes = calendar.timeZone
        let blank = String(repeating: " ", count: cell)
        func border(_ ends: (String, String, String)) -> String {
            ends.0 + Array(repeating: String(repeating: g.horizontal, count: cell), count: 7).joined(separator: ends.1) + ends.2
        }
        func row(_ cells: [String]) -> String { g.vertical + cells.joined(separator: g.vertical) + g.vertical }

        var lines = [style.apply(TerminalText.fit(WeekRenderer.title(week, ascii: options.ascii, strings: options.strings), 7 * cell + 8, .center)
            .trimmingTrailingSpaces(), "1")]
        lines.append(border(g.top))
        lines.append(row(week.days.enumerated().map { column, item in
            let heading = "\(week.weekdaySymbols[column].short) \(item.day.day)"
            // The selected day (--select, the browser's selection): <Thu 13>, underlined with colours.
            if item.state.isSelected && !options.color { return TerminalText.fit("<\(heading)>", cell, .center) }
            if item.state.isToday && !options.color { return TerminalText.fit("[\(heading)]", cell, .center) }
            return style.apply(TerminalText.fit(heading, cell, .center, ellipsis: g.ellipsis),
                               (item.state.isToday ? ["7", "1"] : ["1"]) + (item.state.isSelected ? ["4"] : []))
        }))
        lines.append(border(g.middle))

        // Top: multi-day bars in their lanes, then one-day all-day events, each in its column.
        var top = MonthRenderer.laneLines(week.dayRanges, row: 0, cell: cell, prefix: 0, glyphs: g, style: style, options: monthOptions)
        let multiDay = Set(week.dayRanges.segments.map(\.occurrence))
        let allDay = week.days.map { $0.occurrences.filter { $0.isAllDay && !multiDay.contains($0) } }
        for index in 0..<(allDay.map(\.count).max() ?? 0) {
            top.append(row(allDay.map { list in
                guard index < list.count else { return blank }
                return MonthRenderer.bar(list[index], span: cell, glyphs: g, style: style, color: options.color,
                                         calendars: options.calendars)
            }))
        }
        if !top.isEmpty {
            lines += top
            lines.append(border(g.middle))
        }

        // Below: timed events of one day, in time order (the projection's order), two lines each;
        // as many as the height leaves (the bottom border below them), then "+N more".
        let timed = week.days.map { $0.occurrences.filter { !$0.isAllDay && !multiDay.contains($0) } }
        let busiest = timed.map(\.count).max() ?? 0
        var shown = busiest
        if let height = options.height, 2 * busiest > height - lines.count - 1 {
            shown = max(1, (height - lines.count - 2) / 2)
        }
        for index in 0..<max(1, min(shown, busiest)) {
            var times: [String] = [], titles: [String] = []
            for (column, list) in timed.enumerated() {
                guard index < list.count else {
                    times.append(blank)
                    titles.append(blank)
                    continue
                }
                let occurrence = list[index]
                var time = AgendaRenderer.timeText(occurrence, on: week.days[column].day, calendar: calendar, ascii: options.ascii,
                                                   dates: options.dates, allDay: options.strings.allDay)
                if TerminalText.width(time) > cell {
                    let start = occurrence.start.date(in: calendar.timeZone)
                    time = options.dates?.clock(start) ?? AgendaRenderer.clock(start, calendar)
                }
                let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
                times.append(style.apply(TerminalText.fit(time, cell), TerminalStyle.foreground(color), "1"))
                let box = TodoState(occurrence.incidence).map { $0.mark(ascii: options.ascii) + " " } ?? ""
                titles.append(TerminalText.fit(box + TerminalText.safe(occurrence.incidence.summary ?? "", limit: TerminalText.scanLimit(cell)),
                                               cell, ellipsis: g.ellipsis))
            }
            lines.append(row(times))
            if index < busiest { lines.append(row(titles)) }
        }
        if shown < busiest {
            lines.append(row(timed.map { list in
                guard list.count > shown else { return blank }
                let long = LocalStrings.fill(options.strings.more, count: list.count - shown)
                return TerminalText.fit(TerminalText.width(long) <= cell ? long : "+\(list.count - shown)", cell)
            }))
        }
        lines.append(border(g.bottom))
        return lines.joined(separator: "\n") + "\n"
    }
}
