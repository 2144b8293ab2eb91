import Foundation

/// Draws a ``MonthProjection`` or a ``WeekProjection`` as an SVG picture of a fixed size, for
/// READMEs and dashboards: the same cells, bars (in their lanes), entries and `+N more` as the
/// HTML pages, fonts with fallbacks, every feed text escaped. A title longer than its room is
/// cut with `…` (``SVGTextFit``), and clipped to its cell besides; to-dos show their box (`☐`,
/// `✓`) instead of a time; the calendars' legend, each name in its colour, runs along the bottom.
///
/// ```swift
/// let svg = SVGCalendarRenderer.month(march, calendar: calendar, options: PageRenderOptions(), width: 900, height: 640)
/// ```
public enum SVGCalendarRenderer {
    static let fonts = "system-ui, -apple-system, &apos;Segoe UI&apos;, &apos;Noto Sans&apos;, &apos;Noto Sans CJK JP&apos;, &apos;DejaVu Sans&apos;, sans-serif"

    /// The month as an SVG document of `width` × `height` pixels.
    ///
    /// - Complexity: O(c + s + n) for c cells, s segments and n occurrences.
    public static func month(_ month: MonthProjection, calendar: Calendar, options: PageRenderOptions,
                             width: Int = 900, height: Int = 640) -> String {
        let text = PageText(calendar: calendar, options: options)
        let title = options.title ?? text.title(month.month)
        let rows = month.grid.weeks.enumerated().map { index, week in
            Row(days: month.rows[index], weekNumber: week.weekNumber, segments: month.dayRanges.segments(inRow: index))
        }
        return document(title: title, symbols: month.weekdaySymbols, rows: rows, text: text, width: width, height: height)
    }

    /// The week as an SVG document of `width` × `height` pixels.
    public static func week(_ week: WeekProjection, calendar: Calendar, options: PageRenderOptions,
                            width: Int = 900, height: Int = 360) -> String {
        var options = options
        options.maxEntries = max(options.maxEntries, 8)
        let text = PageText(calendar: calendar, options: options)
        let title = options.title ?? "\(options.labels.week) \(week.weekNumber): \(week.firstDay) – \(week.lastDay)"
        let rows = [Row(days: week.days, weekNumber: week.weekNumber, segments: week.dayRanges.segments)]
        return document(title: title, symbols: week.weekdaySymbols, rows: rows, text: text, width: width, height: height)
    }

    struct Row {
        var days: [DayItem]
        var weekNumber: Int
        var segments: [DayRangeLayout.Segment]
    }

    /// The geometry: a title band, a header band, then the rows sharing the rest, and the
    /// legend's band below them (when there is a legend).
    struct Geometry {
        let width: Double, height: Double, rows: Int
        var legendHeight = 0.0
        let titleHeight = 34.0, headerHeight = 22.0, weekColumn = 28.0, lineHeight = 15.0, margin = 8.0
        var cellWidth: Double { (width - 2 * margin - weekColumn) / 7 }
        var rowHeight: Double { (height - margin - titleHeight - headerHeight - legendHeight - margin) / Double(max(rows, 1)) }
        func x(_ column: Int, rtl: Bool) -> Double {
            rtl ? width - margin - weekColumn - Double(column + 1) * cellWidth : margin + weekColumn + Double(column) * cellWidth
        }
        func y(_ row: Int) -> Double { margin + titleHeight + headerHeight + Double(row) * rowHeight }
    }

    static func document(title: String, symbols: [MonthGrid.WeekdaySymbol], rows: [Row], text: PageText,
                         width: Int, height: Int) -> String {
        var g = Geometry(width: Double(max(width, 200)), height: Double(max(height, 120)), rows: rows.count)
        if !text.options.calendarNames.isEmpty { g.legendHeight = legendHeight }
        let rtl = text.options.isRightToLeft(text.calendar)
        let lang = HTMLEscaping.attribute(PageRenderOptions.languageTag(text.calendar))
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(g.width))\" height=\"\(Int(g.height))\" "
        svg += "viewBox=\"0 0 \(Int(g.width)) \(Int(g.height))\" xml:lang=\"\(lang)\" role=\"img\" aria-label=\"\(HTMLEscaping.attribute(title))\" "
        svg += "font-family=\"\(fonts)\" font-size=\"11\">\n<title>\(HTMLEscaping.text(title))</title>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        let shownTitle = SVGTextFit.cut(title, width: g.width - 2 * g.margin, fontSize: 18)
        svg += "<text x=\"\(n(rtl ? g.width - g.margin : g.margin))\" y=\"\(n(g.margin + 22))\" font-size=\"18\" font-weight=\"600\" fill=\"#1d1d1f\"\(anchor(rtl))>\(HTMLEscaping.text(shownTitle))</text>\n"
        let weekX = rtl ? g.width - g.margin - g.weekColumn / 2 : g.margin + g.weekColumn / 2
        svg += "<text x=\"\(n(weekX))\" y=\"\(n(g.margin + g.titleHeight + 15))\" text-anchor=\"middle\" fill=\"#8a8a8e\">\(HTMLEscaping.text(text.options.labels.weekShort))</text>\n"
        for (column, symbol) in symbols.enumerated() {
            let x = g.x(column, rtl: rtl) + g.cellWidth / 2
            svg += "<text x=\"\(n(x))\" y=\"\(n(g.margin + g.titleHeight + 15))\" text-anchor=\"middle\" font-weight=\"600\" fill=\"#1d1d1f\">\(HTMLEscaping.text(symbol.short))</text>\n"
        }
        for (index, row) in rows.enumerated() {
            svg += self.row(row, index: index, geometry: g, text: text, rtl: rtl)
        }
        return svg + legend(geometry: g, text: text, rtl: rtl) + "</svg>\n"
    }

    static func row(_ row: Row, index: Int, geometry g: Geometry, text: PageText, rtl: Bool) -> String {
        let top = g.y(index)
        let lanes = min(text.options.maxLanes, (row.segments.map(\.lane).max() ?? -1) + 1)
        let drawn = row.segments.filter { $0.lane < lanes }
        let barred = Set(drawn.map(\.occurrence))
        let weekX = rtl ? g.width - g.margin - g.weekColumn / 2 : g.margin + g.weekColumn / 2
        var svg = "<g class=\"week\">\n<text x=\"\(n(weekX))\" y=\"\(n(top + 14))\" text-anchor=\"middle\" fill=\"#8a8a8e\" font-size=\"9\">\(row.weekNumber)</text>\n"
        for item in row.days {
            let x = g.x(item.column, rtl: rtl)
            let id = "c\(index)-\(item.column)"
            let fill = item.state.isInMonth ? "#ffffff" : "#f4f4f6"
            svg += "<clipPath id=\"\(id)\"><rect x=\"\(n(x + 1))\" y=\"\(n(top))\" width=\"\(n(g.cellWidth - 2))\" height=\"\(n(g.rowHeight))\"/></clipPath>\n"
            svg += "<rect x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(g.cellWidth))\" height=\"\(n(g.rowHeight))\" fill=\"\(fill)\" stroke=\"#d2d2d7\""
            svg += item.state.isSelected ? " stroke-width=\"2\" style=\"stroke: #0a64d8\"" : ""
            svg += " data-day=\"\(item.day)\"/>\n"
            let numberX = rtl ? x + g.cellWidth - 6 : x + 6
            let numberFill = item.state.isToday ? "#d70015" : (item.state.isInMonth ? "#1d1d1f" : "#8a8a8e")
            svg += "<text x=\"\(n(numberX))\" y=\"\(n(top + 13))\" fill=\"\(numberFill)\" font-weight=\"\(item.state.isToday ? "700" : "400")\"\(anchor(rtl))>\(item.day.day)</text>\n"
            if case let .default(color, size, _)? = item.decoration {
                let radius = size == .small ? 2.5 : size == .medium ? 3.5 : 4.5
                let dotX = rtl ? x + 8 : x + g.cellWidth - 8
                svg += "<circle cx=\"\(n(dotX))\" cy=\"\(n(top + 9))\" r=\"\(radius)\" fill=\"\(color.map(\.description) ?? "#8a8a8e")\"/>\n"
            }
            let entries = item.occurrences.filter { !barred.contains($0) }
            let room = max(0, Int((g.rowHeight - 18 - Double(lanes) * g.lineHeight) / g.lineHeight))
            let limit = min(room, text.options.maxEntries)
            let listed = entries.count > limit ? Array(entries.prefix(max(0, limit - 1))) : entries
            svg += "<g clip-path=\"url(#\(id))\">"
            for (line, occurrence) in listed.enumerated() {
                let y = top + 18 + Double(lanes + line) * g.lineHeight
                svg += entry(occurrence, x: x, y: y, width: g.cellWidth, text: text, rtl: rtl)
            }
            if listed.count < entries.count {
                let y = top + 18 + Double(lanes + listed.count) * g.lineHeight + 11
                svg += "<text x=\"\(n(rtl ? x + g.cellWidth - 4 : x + 4))\" y=\"\(n(y))\" fill=\"#8a8a8e\" font-size=\"10\"\(anchor(rtl))>\(HTMLEscaping.text(text.options.labels.more(entries.count - listed.count)))</text>"
            }
            svg += "</g>\n"
        }
        for segment in drawn {
            svg += bar(segment, top: top, geometry: g, text: text, rtl: rtl, clipIndex: index)
        }
        return svg + "</g>\n"
    }

    /// One entry of a cell, its title cut to the cell: a to-do with its box, a timed event with
    /// a dot and its time, an all-day one filled with its colour.
    static func entry(_ occurrence: Occurrence, x: Double, y: Double, width: Double, text: PageText, rtl: Bool) -> String {
        let color = text.color(occurrence)
        let summary = text.summary(occurrence)
        let textX = rtl ? x + width - 6 : x + 6
        // The title's room: from where its text starts to 3 px before the cell's far edge.
        func fitted(_ lead: String, inset: Double) -> String {
            HTMLEscaping.text(SVGTextFit.cut(summary, width: width - inset - 3 - SVGTextFit.width(lead, fontSize: 10), fontSize: 10))
        }
        if let box = PageText.todoBox(occurrence) {
            let done = occurrence.incidence.isCompletedTodo
            return "<text class=\"todo\" x=\"\(n(textX))\" y=\"\(n(y + 11))\" fill=\"\(done ? "#6e6e73" : "#1d1d1f")\" font-size=\"10\"\(anchor(rtl))>"
                + "<tspan fill=\"\(color)\" font-weight=\"700\">\(box) </tspan>"
                + "<tspan\(done ? " text-decoration=\"line-through\"" : "")>\(fitted(box + " ", inset: 6))</tspan></text>"
        }
        if let time = text.startTime(occurrence) {
            let dotX = rtl ? x + width - 5 : x + 5
            return "<circle cx=\"\(n(dotX))\" cy=\"\(n(y + 7))\" r=\"2.5\" fill=\"\(color)\"/>"
                + "<text x=\"\(n(rtl ? textX - 4 : textX + 4))\" y=\"\(n(y + 11))\" fill=\"#1d1d1f\" font-size=\"10\"\(anchor(rtl))>"
                + "<tspan fill=\"#6e6e73\">\(HTMLEscaping.text(time))</tspan> \(fitted(time + " ", inset: 10))</text>"
        }
        return "<rect x=\"\(n(x + 2))\" y=\"\(n(y + 1))\" width=\"\(n(width - 4))\" height=\"13\" rx=\"3\" fill=\"\(color)\"/>"
            + "<text x=\"\(n(textX))\" y=\"\(n(y + 11))\" fill=\"\(PageText.textColor(on: color))\" font-size=\"10\"\(anchor(rtl))>\(fitted("", inset: 6))</text>"
    }

    static func bar(_ segment: DayRangeLayout.Segment, top: Double, geometry g: Geometry, text: PageText, rtl: Bool,
                    clipIndex: Int) -> String {
        let first = g.x(segment.columns.lowerBound, rtl: rtl), last = g.x(segment.columns.upperBound, rtl: rtl)
        let left = min(first, last), right = max(first, last) + g.cellWidth
        let inset = (start: segment.continuesBefore ? 0.0 : 3.0, end: segment.continuesAfter ? 0.0 : 3.0)
        let x = left + (rtl ? inset.end : inset.start), width = right - left - inset.start - inset.end
        let y = top + 18 + Double(segment.lane) * g.lineHeight
        let color = text.color(segment.occurrence)
        // The marks of a range that goes on and a to-do's box stay; the title is cut between them.
        let before = (segment.continuesBefore ? "◂ " : "") + (PageText.todoBox(segment.occurrence).map { $0 + " " } ?? "")
        let after = segment.continuesAfter ? " ▸" : ""
        let room = width - 8 - SVGTextFit.width(before + after, fontSize: 10)
        let label = before + SVGTextFit.cut(text.summary(segment.occurrence), width: room, fontSize: 10) + after
        let id = "b\(clipIndex)-\(segment.lane)-\(segment.columns.lowerBound)"
        return "<clipPath id=\"\(id)\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"14\"/></clipPath>"
            + "<rect class=\"bar\" x=\"\(n(x))\" y=\"\(n(y + 1))\" width=\"\(n(width))\" height=\"13\" rx=\"3\" fill=\"\(color)\""
            + " data-first=\"\(segment.days.lowerBound)\" data-last=\"\(segment.days.upperBound)\"/>"
            + "<text clip-path=\"url(#\(id))\" x=\"\(n(rtl ? x + width - 4 : x + 4))\" y=\"\(n(y + 11))\" fill=\"\(PageText.textColor(on: color))\" font-size=\"10\"\(anchor(rtl))>"
            + "\(HTMLEscaping.text(label))</text>\n"
    }

    /// Right to left, a text starts at its x and runs leftwards: `direction` makes its start
    /// the right end (with `text-anchor="end"` it would run rightwards, out of its cell).
    static func anchor(_ rtl: Bool) -> String { rtl ? " direction=\"rtl\"" : "" }

    /// A coordinate with at most one decimal.
    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
