import Foundation

/// Draws a ``MonthProjection`` or a ``WeekProjection`` as an SVG picture of a fixed size, for
/// READMEs and dashboards: the same cells, bars (in their lanes), entries and `+N more` as the
/// HTML pages, fonts with fallbacks, every feed text escaped, each cell's text clipped to the cell.
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

    /// The geometry: a title band, a header band, then the rows sharing the rest.
    struct Geometry {
        let width: Double, height: Double, rows: Int
        let titleHeight = 34.0, headerHeight = 22.0, weekColumn = 28.0, lineHeight = 15.0, margin = 8.0
        var cellWidth: Double { (width - 2 * margin - weekColumn) / 7 }
        var rowHeight: Double { (height - margin - titleHeight - headerHeight - margin) / Double(max(rows, 1)) }
        func x(_ column: Int, rtl: Bool) -> Double {
            rtl ? width - margin - weekColumn - Double(column + 1) * cellWidth : margin + weekColumn + Double(column) * cellWidth
        }
        func y(_ row: Int) -> Double { margin + titleHeight + headerHeight + Double(row) * rowHeight }
    }

    static func document(title: String, symbols: [MonthGrid.WeekdaySymbol], rows: [Row], text: PageText,
                         width: Int, height: Int) -> String {
        let g = Geometry(width: Double(max(width, 200)), height: Double(max(height, 120)), rows: rows.count)
        let rtl = text.options.isRightToLeft(text.calendar)
        let lang = HTMLEscaping.attribute(PageRenderOptions.languageTag(text.calendar))
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(g.width))\" height=\"\(Int(g.height))\" "
        svg += "viewBox=\"0 0 \(Int(g.width)) \(Int(g.height))\" xml:lang=\"\(lang)\" role=\"img\" aria-label=\"\(HTMLEscaping.attribute(title))\" "
        svg += "font-family=\"\(fonts)\" font-size=\"11\">\n<title>\(HTMLEscaping.text(title))</title>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg += "<text x=\"\(n(rtl ? g.width - g.margin : g.margin))\" y=\"\(n(g.margin + 22))\" font-size=\"18\" font-weight=\"600\" fill=\"#1d1d1f\"\(anchor(rtl))>\(HTMLEscaping.text(title))</text>\n"
        let weekX = rtl ? g.width - g.margin - g.weekColumn / 2 : g.margin + g.weekColumn / 2
        svg += "<text x=\"\(n(weekX))\" y=\"\(n(g.margin + g.titleHeight + 15))\" text-anchor=\"middle\" fill=\"#8a8a8e\">\(HTMLEscaping.text(text.options.labels.weekShort))</text>\n"
        for (column, symbol) in symbols.enumerated() {
            let x = g.x(column, rtl: rtl) + g.cellWidth / 2
            svg += "<text x=\"\(n(x))\" y=\"\(n(g.margin + g.titleHeight + 15))\" text-anchor=\"middle\" font-weight=\"600\" fill=\"#1d1d1f\">\(HTMLEscaping.text(symbol.short))</text>\n"
        }
        for (index, row) in rows.enumerated() {
            svg += self.row(row, index: index, geometry: g, text: text, rtl: rtl)
        }
        return svg + "</svg>\n"
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

    static func entry(_ occurrence: Occurrence, x: Double, y: Double, width: Double, text: PageText, rtl: Bool) -> String {
        let color = text.color(occurrence)
        let title = HTMLEscaping.text(text.summary(occurrence))
        let textX = rtl ? x + width - 6 : x + 6
        if let time = text.startTime(occurrence) {
            let dotX = rtl ? x + width - 5 : x + 5
            return "<circle cx=\"\(n(dotX))\" cy=\"\(n(y + 7))\" r=\"2.5\" fill=\"\(color)\"/>"
                + "<text x=\"\(n(rtl ? textX - 4 : textX + 4))\" y=\"\(n(y + 11))\" fill=\"#1d1d1f\" font-size=\"10\"\(anchor(rtl))>"
                + "<tspan fill=\"#6e6e73\">\(HTMLEscaping.text(time))</tspan> \(title)</text>"
        }
        return "<rect x=\"\(n(x + 2))\" y=\"\(n(y + 1))\" width=\"\(n(width - 4))\" height=\"13\" rx=\"3\" fill=\"\(color)\"/>"
            + "<text x=\"\(n(textX))\" y=\"\(n(y + 11))\" fill=\"\(PageText.textColor(on: color))\" font-size=\"10\"\(anchor(rtl))>\(title)</text>"
    }

    static func bar(_ segment: DayRangeLayout.Segment, top: Double, geometry g: Geometry, text: PageText, rtl: Bool,
                    clipIndex: Int) -> String {
        let first = g.x(segment.columns.lowerBound, rtl: rtl), last = g.x(segment.columns.upperBound, rtl: rtl)
        let left = min(first, last), right = max(first, last) + g.cellWidth
        let inset = (start: segment.continuesBefore ? 0.0 : 3.0, end: segment.continuesAfter ? 0.0 : 3.0)
        let x = left + (rtl ? inset.end : inset.start), width = right - left - inset.start - inset.end
        let y = top + 18 + Double(segment.lane) * g.lineHeight
        let color = text.color(segment.occurrence)
        var label = text.summary(segment.occurrence)
        if segment.continuesBefore { label = "◂ " + label }
        if segment.continuesAfter { label += " ▸" }
        let id = "b\(clipIndex)-\(segment.lane)-\(segment.columns.lowerBound)"
        return "<clipPath id=\"\(id)\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"14\"/></clipPath>"
            + "<rect class=\"bar\" x=\"\(n(x))\" y=\"\(n(y + 1))\" width=\"\(n(width))\" height=\"13\" rx=\"3\" fill=\"\(color)\""
            + " data-first=\"\(segment.days.lowerBound)\" data-last=\"\(segment.days.upperBound)\"/>"
            + "<text clip-path=\"url(#\(id))\" x=\"\(n(rtl ? x + width - 4 : x + 4))\" y=\"\(n(y + 11))\" fill=\"\(PageText.textColor(on: color))\" font-size=\"10\"\(anchor(rtl))>"
            + "\(HTMLEscaping.text(label))</text>\n"
    }

    static func anchor(_ rtl: Bool) -> String { rtl ? " text-anchor=\"end\" direction=\"rtl\"" : "" }

    /// A coordinate with at most one decimal.
    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
