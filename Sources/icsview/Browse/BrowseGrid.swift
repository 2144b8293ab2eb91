import Foundation
import ICSKit

/// The month grid of the browser, laid out for a width and a height: the month view's cells
/// (its marks, multi-day bars and, in cells of 12 or more, its titles: ``MonthRenderer``,
/// ``CellTitles``), with each day's state taken from the projection under the browser's
/// selection (``MonthProjection/state(of:selection:)``): the projection is never rebuilt for a move.
///
/// Day numbers: selected `<10>` (reverse video with colours), the cursor when it is not selected
/// `(10)`, today `[10]` (bold), days of other months and disabled days `·10` (dim with colours).
/// Horizontal borders are drawn when the height allows them; bars and titles get the lines left.
struct BrowseGrid {
    /// The lines, each exactly ``width`` cells wide.
    var lines: [String] = []
    /// The grid's width in cells.
    var width: Int
    /// The width of one day cell.
    var cell: Int
    /// For each line that holds day numbers: the days of its seven cells.
    var dayLines: [Int: [CalendarDay]] = [:]

    /// What does not depend on the selection, worked out once per month and size: every line but
    /// the day numbers' (title, header, borders, bars, titles), and each day's mark.
    struct Layout {
        var width: Int
        var cell: Int
        /// The lines, with `nil` where a row's day numbers go.
        var lines: [String?] = []
        /// The rows' days, in the order of the `nil` lines.
        var rows: [[DayItem]] = []
        /// Each day's decoration as drawn, and its width in cells.
        var marks: [CalendarDay: (text: String, width: Int)] = [:]
    }

    /// The layout of `month` in `available` columns and `height` lines.
    static func layout(_ month: MonthProjection, width available: Int, height: Int, calendar: Calendar,
                       options: MonthRenderOptions) -> Layout {
        let g = options.ascii ? MonthRenderer.Glyphs.ascii : MonthRenderer.Glyphs.unicode
        let style = TerminalStyle(enabled: options.color)
        let cell = max(4, (available - 8) / 7)
        var layout = Layout(width: 7 * cell + 8, cell: cell)
        let rows = month.rows.count
        let borders = height >= 4 + 2 * rows
        let fixed = borders ? 4 + 2 * rows : 2 + rows
        let extra = max(0, (height - fixed) / max(1, rows))
        let titles = cell >= CellTitles.minimumCell
        let bars = BarSet(month.dayRanges, calendar: calendar)
        let border = { (ends: (String, String, String)) in
            ends.0 + Array(repeating: String(repeating: g.horizontal, count: cell), count: 7).joined(separator: ends.1) + ends.2
        }
        layout.lines.append(style.apply(TerminalText.fit(MonthRenderer.title(month.month, calendar: calendar, options: options),
                                                         layout.width, .center), "1"))
        if borders { layout.lines.append(border(g.top)) }
        let header = month.weekdaySymbols.map { symbol in
            TerminalText.fit(TerminalText.width(symbol.short) <= cell ? symbol.short : symbol.veryShort, cell, .center, ellipsis: g.ellipsis)
        }
        layout.lines.append(g.vertical + header.joined(separator: g.vertical) + g.vertical)
        if borders { layout.lines.append(border(g.middle)) }
        for (rowIndex, row) in month.rows.enumerated() {
            layout.lines.append(nil)
            layout.rows.append(row)
            if !titles {
                for item in row {
                    guard let decoration = item.decoration else { continue }
                    layout.marks[item.day] = MonthRenderer.markText(decoration, item: item, room: cell - 4, bars: bars, glyphs: g,
                                                                    style: style, options: options)
                }
            }
            var rowOptions = options
            let lanes = min(month.dayRanges.laneCounts[rowIndex], extra, 3)
            if lanes > 0 {
                rowOptions.maxLanes = lanes
                layout.lines += MonthRenderer.laneLines(month.dayRanges, row: rowIndex, cell: cell, prefix: 0, glyphs: g,
                                                        style: style, options: rowOptions).map(Optional.some)
            }
            if titles && extra - lanes > 0 {
                rowOptions.maxEntryLines = extra - lanes
                layout.lines += CellTitles.lines(row, bars: bars, cell: cell, prefix: 0, calendar: calendar, glyphs: g, style: style,
                                                 options: rowOptions).map(Optional.some)
            }
            if borders { layout.lines.append(border(rowIndex == rows - 1 ? g.bottom : g.middle)) }
        }
        return layout
    }

    /// The grid of `layout` with each day's number marked by its state under `selection`.
    init(_ layout: Layout, selection: DaySelection, cursor: CalendarDay, options: MonthRenderOptions) {
        let g = options.ascii ? MonthRenderer.Glyphs.ascii : MonthRenderer.Glyphs.unicode
        let style = TerminalStyle(enabled: options.color)
        width = layout.width
        cell = layout.cell
        var row = 0
        for line in layout.lines {
            if let line {
                lines.append(line)
                continue
            }
            let items = layout.rows[row]
            row += 1
            dayLines[lines.count] = items.map(\.day)
            lines.append(g.vertical + items.map { item in
                dayCell(item, state: item.state.applying(selection), cursor: cursor, mark: layout.marks[item.day], glyphs: g, style: style)
            }.joined(separator: g.vertical) + g.vertical)
        }
    }

    /// One day's cell: its number marked by its state, then its decoration (unless titles are listed).
    private func dayCell(_ item: DayItem, state: DayState, cursor: CalendarDay, mark: (text: String, width: Int)?,
                         glyphs g: MonthRenderer.Glyphs, style: TerminalStyle) -> String {
        let number = String(item.day.day)
        let label: String
        var codes: [String] = []
        if state.isSelected {
            label = "<" + number + ">"
            codes = ["7"] + (state.isToday ? ["1"] : [])
        } else if item.day == cursor {
            label = "(" + number + ")"
            codes = ["4"]
        } else if state.isToday {
            label = "[" + number + "]"
            codes = ["1", "4"]
        } else if !state.isEnabled || !state.isInMonth {
            label = g.outside + number + " "
            codes = ["2"]
        } else {
            label = " " + number + " "
        }
        var text = style.apply(TerminalText.fit(label, 4, .right), codes)
        var used = 4
        if let mark, state.isEnabled {
            text += mark.text
            used += mark.width
        }
        return text + String(repeating: " ", count: max(0, cell - used))
    }

    /// The day under the cell at `column` (from 0) of grid line `line`, if any.
    func day(atLine line: Int, column: Int) -> CalendarDay? {
        guard let days = dayLines[line], column >= 1 else { return nil }
        let index = (column - 1) / (cell + 1)
        return index < 7 ? days[index] : nil
    }
}
