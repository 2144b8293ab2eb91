import Foundation
import ICSKit

/// Titles in the day cells of a wide month (cells of ``minimumCell`` cells or more, from about
/// 92 columns): under the multi-day bars, each day lists its other occurrences, the one-day
/// all-day ones first as one-day bars (`▕Holiday▏`), then the timed ones as `HH:MM title` in
/// time order; a day with more than fit ends with `+k more`. The row grows to the busiest
/// day's entries, up to ``MonthRenderOptions/maxEntryLines`` lines.
enum CellTitles {
    /// The narrowest cell that lists titles.
    static let minimumCell = 12

    /// The most entry lines a week row may take: ``MonthRenderOptions/maxEntryLines``, fewer
    /// when the terminal's height is known and the grid would not fit it otherwise (at least one).
    /// The grid takes 4 lines above the rows (title, borders, weekday names), and each row its day
    /// line, its bar lines and a border.
    static func entryLines(_ month: MonthProjection, options: MonthRenderOptions) -> Int {
        guard let height = options.height else { return options.maxEntryLines }
        let rows = month.rows.count
        let bars = month.dayRanges.laneCounts.reduce(0) { $0 + min($1, options.maxLanes) }
        let room = (height - 4 - 2 * rows - bars) / max(1, rows)
        return max(1, min(options.maxEntryLines, room))
    }

    /// The entries of one day, in display order: its occurrences that are not drawn as bars.
    static func entries(_ item: DayItem, bars: BarSet) -> [Occurrence] {
        item.occurrences.filter { !bars.contains($0) }
    }

    /// The entry lines of one week row (none when no day has entries).
    static func lines(_ row: [DayItem], bars: BarSet, cell: Int, prefix: Int, calendar: Calendar,
                      glyphs g: MonthRenderer.Glyphs, style: TerminalStyle, options: MonthRenderOptions) -> [String] {
        let lists = row.map { entries($0, bars: bars) }
        let count = min(max(1, options.maxEntryLines), lists.map(\.count).max() ?? 0)
        guard count > 0 else { return [] }
        let dates = options.dates ?? LocalDates(calendar: calendar, hour12: false)
        let blank = String(repeating: " ", count: cell)
        var lines: [String] = []
        for index in 0..<count {
            var cells: [String] = []
            for (column, list) in lists.enumerated() {
                let dim = row[column].state.isInMonth ? [String]() : ["2"]
                if list.count > count && index == count - 1 {
                    let hidden = list.count - index
                    let long = LocalStrings.fill(options.strings.more, count: hidden)
                    let text = TerminalText.width(long) <= cell - 1 ? long : "+\(hidden)"
                    cells.append(style.apply(TerminalText.fit(" " + text, cell), dim))
                } else if index < list.count {
                    cells.append(entry(list[index], cell: cell, dates: dates, calendar: calendar, dim: dim, glyphs: g,
                                       style: style, options: options))
                } else {
                    cells.append(blank)
                }
            }
            lines.append(String(repeating: " ", count: prefix) + g.vertical + cells.joined(separator: g.vertical) + g.vertical)
        }
        return lines
    }

    /// One entry in exactly `cell` cells: a one-day bar for an all-day occurrence, else
    /// ` HH:MM title` (a to-do's box before the time).
    static func entry(_ occurrence: Occurrence, cell: Int, dates: LocalDates, calendar: Calendar, dim: [String],
                      glyphs g: MonthRenderer.Glyphs, style: TerminalStyle, options: MonthRenderOptions) -> String {
        if occurrence.isAllDay && TodoState(occurrence.incidence) == nil {
            return MonthRenderer.bar(occurrence, span: cell, glyphs: g, style: style, color: options.color,
                                     calendars: options.calendars)
        }
        let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
        var time = occurrence.isAllDay ? "" : dates.clock(occurrence.start.date(in: calendar.timeZone))
        var codes = dim
        if let todo = TodoState(occurrence.incidence) {
            time = todo.mark(ascii: options.ascii) + (time.isEmpty ? "" : " " + time)
            // Done: dimmed; open and past its due time: bold red (colours only; the box says the rest).
            let due = AgendaRenderer.dueDate(occurrence, calendar: calendar)
            if todo.isDone {
                codes = ["2"]
            } else if let due, let now = options.now, due < now {
                codes = dim + ["1", "31"]
            }
        }
        let head = " " + time + " "
        let title = TerminalText.safe(occurrence.incidence.summary ?? "", toWidth: max(0, cell - TerminalText.width(head)),
                                          ellipsis: g.ellipsis)
        let text = TerminalText.fit(head + title, cell, ellipsis: g.ellipsis)
        guard options.color else { return text }
        if codes != dim { return style.apply(text, codes) }
        let cut = TerminalText.fit(head, min(cell, TerminalText.width(head)))
        let rest = String(text.dropFirst(cut.count))
        return style.apply(cut, dim + [TerminalStyle.foreground(color)]) + style.apply(rest, dim)
    }
}

/// The occurrences a grid draws as bars: its multi-day ones. Those of the layout's segments
/// are looked up by a cheap key (calendar, UID, start) instead of hashing every field of each
/// occurrence's event; any other is placed on the calendar's days to see whether it covers
/// several (a range the layout kept no lane for is still a range, not a one-day event).
struct BarSet {
    private struct Key: Hashable {
        var calendarIndex: Int
        var uid: String?
        var start: OccurrenceTime
    }

    private let keys: Set<Key>
    private let calendar: Calendar

    /// The multi-day occurrences of `layout`, placed on the days of `calendar`.
    init(_ layout: DayRangeLayout, calendar: Calendar) {
        keys = Set(layout.segments.map { Key(calendarIndex: $0.occurrence.calendarIndex, uid: $0.occurrence.incidence.uid,
                                             start: $0.occurrence.start) })
        self.calendar = calendar
    }

    /// Whether `occurrence` covers more than one day (and so is drawn as a bar, or counted under them).
    func contains(_ occurrence: Occurrence) -> Bool {
        if keys.contains(Key(calendarIndex: occurrence.calendarIndex, uid: occurrence.incidence.uid, start: occurrence.start)) {
            return true
        }
        return OccurrencePlacement(occurrence, calendar: calendar).isMultiDay
    }
}
