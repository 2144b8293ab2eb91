import Foundation
import ICSKit

/// How a month is drawn in a terminal.
struct MonthRenderOptions {
    /// The terminal's width in cells; below 40 the compact `cal`-like layout is used.
    var width: Int = 80
    /// Only ASCII: no box-drawing characters, no bullets.
    var ascii: Bool = false
    /// ANSI colors and attributes (today in reverse video, other months dimmed, colored marks and bars).
    var color: Bool = false
    /// A column of week numbers on the left.
    var weekNumbers: Bool = false
    /// The most lines of multi-day bars under a week row (the last one says "+N" when there are more).
    var maxLanes: Int = 3
    /// The calendars' styles, each naming its calendar (``CalendarStyle/id``), for bar colors.
    var calendars: [CalendarStyle] = []
    /// The words of the user's language ("Wk").
    var strings: LocalStrings = .english
    /// Dates and times in the user's locale (the title, the times in cells); nil: English, 24-hour.
    var dates: LocalDates?
    /// The most entry lines under a week row's bars when cells list titles (see ``CellTitles``).
    var maxEntryLines: Int = 5
    /// The terminal's height, when known: the entry lines are then fewer so that the grid fits it.
    var height: Int?
    /// Whether the user's locale writes right to left: the small months' weekday names are then
    /// kept in their columns with a LEFT-TO-RIGHT MARK after each (see ``LocalStrings/leftToRight(_:)``).
    var rightToLeft: Bool = false
    /// The instant before which an open to-do's due time makes it overdue (highlighted in the cells).
    var now: Date?
    /// The zone of `barStartTimes`' clock, set by the week view: a timed bar (an event that goes on
    /// past midnight) then starts with its start time on the day it starts (`▕23:00 Night shift▏`).
    var barStartTimes: TimeZone?
}

/// Draws a ``MonthProjection`` as text: title, weekday header, seven columns sized to the width,
/// day numbers with today marked, decorations, and multi-day bars in their lanes.
enum MonthRenderer {
    /// The month as lines of text ending in a newline.
    static func render(_ month: MonthProjection, calendar: Calendar, options: MonthRenderOptions) -> String {
        options.width < 40 ? compact(month, calendar: calendar, options: options) : grid(month, calendar: calendar, options: options)
    }

    /// "March 2024", "März 2024", "2024年3月": the locale's `yMMMM` pattern.
    static func title(_ month: CalendarMonth, calendar: Calendar, options: MonthRenderOptions) -> String {
        (options.dates ?? LocalDates(calendar: calendar, hour12: false)).monthTitle(month)
    }

    /// The width of the grid drawn for `options` (every line of it is this wide).
    static func gridWidth(_ options: MonthRenderOptions) -> Int {
        let prefix = weekNumberWidth(options)
        return prefix + 7 * max(4, (options.width - prefix - 8) / 7) + 8
    }

    /// The week number column: "Wk" or the locale's word and a space, at least 3 cells.
    static func weekNumberWidth(_ options: MonthRenderOptions) -> Int {
        options.weekNumbers ? max(3, TerminalText.width(options.strings.weekShort) + 1) : 0
    }

    // MARK: Grid layout

    struct Glyphs {
        let vertical, horizontal: String
        let top, middle, bottom: (String, String, String)
        let mark, barFill, barStart, barEnd, barBefore, barAfter, ellipsis: String
        /// The mark of a day with a one-day all-day occurrence, and the one before a neighbouring month's day.
        let allDayMark, outside: String

        static let unicode = Glyphs(vertical: "│", horizontal: "─", top: ("┌", "┬", "┐"), middle: ("├", "┼", "┤"),
                                    bottom: ("└", "┴", "┘"), mark: "●", barFill: "─", barStart: "▕", barEnd: "▏",
                                    barBefore: "◀", barAfter: "▶", ellipsis: "…",
                                    allDayMark: "◆", outside: "·")
        static let ascii = Glyphs(vertical: "|", horizontal: "-", top: ("+", "+", "+"), middle: ("+", "+", "+"),
                                  bottom: ("+", "+", "+"), mark: "*", barFill: "-", barStart: "[", barEnd: "]",
                                  barBefore: "<", barAfter: ">", ellipsis: "~",
                                  allDayMark: "#", outside: ".")
    }

    private static func grid(_ month: MonthProjection, calendar: Calendar, options: MonthRenderOptions) -> String {
        let g = options.ascii ? Glyphs.ascii : Glyphs.unicode
        let style = TerminalStyle(enabled: options.color)
        let prefix = weekNumberWidth(options)
        let cell = max(4, (options.width - prefix - 8) / 7)
        let total = prefix + 7 * cell + 8
        let titles = cell >= CellTitles.minimumCell
        let bars = BarSet(month.dayRanges, calendar: calendar)
        var options = options
        options.maxEntryLines = CellTitles.entryLines(month, options: options)
        var lines: [String] = []

        lines.append(style.apply(TerminalText.fit(title(month.month, calendar: calendar, options: options), total, .center)
            .trimmingTrailingSpaces(), "1"))
        func border(_ ends: (String, String, String)) -> String {
            String(repeating: " ", count: prefix) + ends.0
                + Array(repeating: String(repeating: g.horizontal, count: cell), count: 7).joined(separator: ends.1) + ends.2
        }
        lines.append(border(g.top))
        let header = month.weekdaySymbols.map { symbol in
            TerminalText.fit(TerminalText.width(symbol.short) <= cell ? symbol.short : symbol.veryShort, cell, .center, ellipsis: g.ellipsis)
        }
        lines.append(TerminalText.fit(options.weekNumbers ? options.strings.weekShort : "", prefix) + g.vertical + header.joined(separator: g.vertical) + g.vertical)
        lines.append(border(g.middle))

        for (rowIndex, row) in month.rows.enumerated() {
            let number = options.weekNumbers ? TerminalText.fit(String(month.weekNumbers[rowIndex]), prefix - 1, .right) + " " : ""
            lines.append(number + g.vertical + row.map {
                dayLine($0, cell: cell, marks: !titles, bars: bars, glyphs: g, style: style, options: options)
            }.joined(separator: g.vertical) + g.vertical)
            lines += laneLines(month.dayRanges, row: rowIndex, cell: cell, prefix: prefix, glyphs: g, style: style, options: options)
            if titles {
                lines += CellTitles.lines(row, bars: bars, cell: cell, prefix: prefix, calendar: calendar, glyphs: g,
                                          style: style, options: options)
            }
            lines.append(border(rowIndex == month.rows.count - 1 ? g.bottom : g.middle))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "[14]●3": the day number, then the decoration (unless the cell lists titles), padded
    /// to `cell` cells.
    ///
    /// With colors: today in reverse video, the selected day underlined, days outside the month
    /// dimmed (marks too), and one mark per calendar color on the day. Without colors: today
    /// as `[14]` (` [7]`), the selected day as `<14>`, days outside the month as `·25`.
    private static func dayLine(_ item: DayItem, cell: Int, marks: Bool, bars: BarSet, glyphs g: Glyphs,
                                style: TerminalStyle, options: MonthRenderOptions) -> String {
        let state = item.state
        let digits = TerminalText.fit(String(item.day.day), 2, .right)
        // " dd " (or "[dd]"); in cells under 6, " dd" so that one cell is left for a bare mark.
        let trail = cell < 6 ? "" : " "
        var plain = " " + digits + trail
        var codes: [String] = []
        if options.color {
            codes = (state.isToday ? ["7", "1"] : []) + (state.isSelected ? ["4"] : []) + (state.isInMonth ? [] : ["2"])
        } else if !state.isInMonth {
            plain = TerminalText.fit(g.outside + String(item.day.day), 3, .right) + trail
        } else if state.isToday || state.isSelected {
            let (open, close) = state.isToday ? ("[", "]") : ("<", ">")
            plain = TerminalText.fit(open + String(item.day.day) + close, 4, .right)
        }
        var used = TerminalText.width(plain)
        var text = style.apply(plain, codes)
        if marks, let decoration = item.decoration {
            let room = cell < 6 ? min(1, cell - used) : cell - used
            let (mark, width) = markText(decoration, item: item, room: room, bars: bars, glyphs: g, style: style, options: options)
            text += mark
            used += width
        }
        return text + String(repeating: " ", count: max(0, cell - used))
    }

    /// The decoration drawn in at most `room` cells, and the cells it takes: a mark per kind of
    /// occurrence (per calendar color too when colors are on; `◆` for one-day all-day ones, `●`
    /// for the others), each followed by how many there are of it when more than one: `●◆` is
    /// one of each, `●3◆` three timed and one all-day. When that does not fit, the first mark and
    /// the day's total (`●4`), or the mark alone.
    static func markText(_ decoration: DayDecoration, item: DayItem, room: Int, bars: BarSet, glyphs g: Glyphs,
                                 style: TerminalStyle, options: MonthRenderOptions) -> (String, Int) {
        guard room > 0 else { return ("", 0) }
        let dim = item.state.isInMonth ? [] : ["2"]
        switch decoration {
        case .default(let color, _, let count):
            // One mark per (kind, color) in day order: a one-day all-day occurrence is told apart.
            var kinds: [(allDay: Bool, color: RGBColor?, count: Int)] = []
            for (position, occurrence) in item.occurrences.enumerated() {
                let allDay = occurrence.isAllDay && !bars.contains(occurrence) && TodoState(occurrence.incidence) == nil
                let other: RGBColor? = options.color ? (position == 0 ? color : DayDecoration.color(of: occurrence, calendars: options.calendars)) : color
                if let index = kinds.firstIndex(where: { $0.allDay == allDay && $0.color == other }) {
                    kinds[index].count += 1
                } else {
                    kinds.append((allDay, other, 1))
                }
            }
            if kinds.isEmpty { kinds = [(false, color, count)] }
            // What the occurrences do not account for (a decoration's own count) goes to the first kind.
            kinds[0].count += max(0, count - kinds.reduce(0) { $0 + $1.count })
            func mark(_ kind: (allDay: Bool, color: RGBColor?, count: Int)) -> String {
                style.apply(kind.allDay ? g.allDayMark : g.mark, dim + (kind.color.map { [TerminalStyle.foreground($0)] } ?? []))
            }
            let markWidth = TerminalText.width(g.mark)
            let counts = kinds.map { $0.count > 1 ? String($0.count) : "" }
            let full = kinds.count * markWidth + counts.reduce(0) { $0 + $1.count }
            if full <= room {
                let drawn = zip(kinds, counts).map { mark($0) + style.apply($1, dim) }.joined()
                return (drawn, full)
            }
            let total = max(count, kinds.reduce(0) { $0 + $1.count })
            let totalText = total > 1 ? String(total) : ""
            let fits = markWidth + totalText.count <= room
            return (mark(kinds[0]) + (fits ? style.apply(totalText, dim) : ""), markWidth + (fits ? totalText.count : 0))
        case .image(let symbol, let color, _):
            let shown = TerminalText.width(symbol) <= min(2, room) ? symbol : g.mark
            return (style.apply(shown, dim + (color.map { [TerminalStyle.foreground($0)] } ?? [])), TerminalText.width(shown))
        case .custom(let payload):
            let shown = TerminalText.truncate(payload, toWidth: room, ellipsis: g.ellipsis)
            return (style.apply(shown, dim), TerminalText.width(shown))
        }
    }

    /// The bar lines of one week row: one per lane, the last saying "+N" per day when lanes overflow.
    static func laneLines(_ ranges: DayRangeLayout, row: Int, cell: Int, prefix: Int, glyphs g: Glyphs,
                                  style: TerminalStyle, options: MonthRenderOptions) -> [String] {
        let lanes = ranges.laneCounts[row]
        guard lanes > 0 else { return [] }
        let segments = ranges.segments(inRow: row)
        let overflow = lanes > options.maxLanes
        let drawn = overflow ? max(0, options.maxLanes - 1) : lanes
        var lines: [String] = []
        for lane in 0..<drawn {
            var line = String(repeating: " ", count: prefix) + g.vertical
            var column = 0
            for segment in segments.filter({ $0.lane == lane }).sorted(by: { $0.columns.lowerBound < $1.columns.lowerBound }) {
                while column < segment.columns.lowerBound {
                    line += String(repeating: " ", count: cell) + g.vertical
                    column += 1
                }
                let span = segment.columns.count * cell + segment.columns.count - 1
                line += bar(segment, span: span, glyphs: g, style: style, options: options) + g.vertical
                column = segment.columns.upperBound + 1
            }
            while column < 7 {
                line += String(repeating: " ", count: cell) + g.vertical
                column += 1
            }
            lines.append(line)
        }
        if overflow {
            let hidden = (0..<7).map { ranges.count(inRow: row, column: $0, fromLane: drawn) }
            lines.append(String(repeating: " ", count: prefix) + g.vertical
                + hidden.map { TerminalText.fit($0 > 0 ? "+\($0)" : "", cell, .center) }.joined(separator: g.vertical) + g.vertical)
        }
        return lines
    }

    /// One bar for a segment: open ends where the occurrence goes on, the title inside.
    static func bar(_ segment: DayRangeLayout.Segment, span: Int, glyphs g: Glyphs, style: TerminalStyle,
                    options: MonthRenderOptions) -> String {
        var clock: String?
        if let zone = options.barStartTimes, !segment.occurrence.isAllDay, !segment.continuesBefore {
            let start = segment.occurrence.start.date(in: zone)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            clock = options.dates?.clock(start) ?? AgendaRenderer.clock(start, calendar)
        }
        return bar(segment.occurrence, span: span, continuesBefore: segment.continuesBefore, continuesAfter: segment.continuesAfter,
                   startTime: clock, glyphs: g, style: style, color: options.color, calendars: options.calendars)
    }

    /// One bar of `span` cells: `▕title───▏`, with `◀`/`▶` for ends that go on, `startTime`
    /// before the title when given; with colors, the title on the occurrence's color instead of the fill.
    static func bar(_ occurrence: Occurrence, span: Int, continuesBefore: Bool = false, continuesAfter: Bool = false,
                    startTime: String? = nil, glyphs g: Glyphs, style: TerminalStyle, color: Bool,
                    calendars: [CalendarStyle]) -> String {
        let left = continuesBefore ? g.barBefore : g.barStart
        let right = continuesAfter ? g.barAfter : g.barEnd
        let room = span - TerminalText.width(left) - TerminalText.width(right)
        guard room > 0 else { return TerminalText.fit(left + right, span) }
        let head = startTime.map { $0 + " " } ?? ""
        let title = TerminalText.width(head) >= room
            ? TerminalText.truncate(head, toWidth: room, ellipsis: "")
            : head + TerminalText.safe(occurrence.incidence.summary ?? "", toWidth: room - TerminalText.width(head), ellipsis: g.ellipsis)
        let fillCount = room - TerminalText.width(title)
        guard color else {
            return left + title + String(repeating: g.barFill, count: fillCount) + right
        }
        let background = DayDecoration.color(of: occurrence, calendars: calendars)
        return style.apply(left + title + String(repeating: " ", count: fillCount) + right, TerminalStyle.background(background),
                           TerminalStyle.foreground(TerminalStyle.contrasting(background)))
    }

    // MARK: Compact layout

    /// A `cal`-like month, 20 cells wide (23 with week numbers): each day "dd" and one cell
    /// for a mark. Today: reverse video with colors, else "<" in its mark cell; the selected
    /// day underlined (colors only).
    static func compact(_ month: MonthProjection, calendar: Calendar, options: MonthRenderOptions) -> String {
        let style = TerminalStyle(enabled: options.color)
        let bars = BarSet(month.dayRanges, calendar: calendar)
        let prefix = options.weekNumbers ? "   " : ""
        var lines = [style.apply(TerminalText.fit(title(month.month, calendar: calendar, options: options), prefix.count + 20, .center)
            .trimmingTrailingSpaces(), "1")]
        lines.append(prefix + month.weekdaySymbols
            .map { TerminalText.fit(TerminalText.truncate($0.short, toWidth: 2, ellipsis: ""), 2) }
            .joined(separator: options.rightToLeft ? "\u{200E} " : " "))
        for (rowIndex, row) in month.rows.enumerated() {
            var line = options.weekNumbers ? TerminalText.fit(String(month.weekNumbers[rowIndex]), 2, .right) + " " : ""
            for item in row {
                guard item.state.isInMonth else {
                    line += "   "
                    continue
                }
                let digits = TerminalText.fit(String(item.day.day), 2, .right)
                line += style.apply(digits, (item.state.isToday ? ["7"] : []) + (item.state.isSelected ? ["4"] : []))
                if item.state.isToday && !options.color {
                    line += "<"
                } else if item.state.hasOccurrences {
                    // A one-day all-day occurrence (a holiday) has its own mark.
                    let allDay = item.occurrences.contains { $0.isAllDay && TodoState($0.incidence) == nil && !bars.contains($0) }
                    let mark = allDay ? (options.ascii ? "#" : "◆") : (options.ascii ? "*" : "•")
                    if case .default(let color?, _, _) = item.decoration {
                        line += style.apply(mark, TerminalStyle.foreground(color))
                    } else {
                        line += mark
                    }
                } else {
                    line += " "
                }
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
