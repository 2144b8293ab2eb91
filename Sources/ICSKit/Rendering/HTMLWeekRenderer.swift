import Foundation

/// Draws a ``WeekProjection`` as a self-contained HTML5 page: one week row of seven day cells
/// (taller, with every entry's time), its multi-day ranges as bars in their lanes, and its agenda.
///
/// ```swift
/// let week = WeekProjection(containing: day, occurrences: occurrences, calendar: calendar, options: projection)
/// let html = HTMLWeekRenderer.page(week, calendar: calendar, options: PageRenderOptions())
/// ```
public enum HTMLWeekRenderer {
    /// The week as a page.
    ///
    /// - Complexity: O(7 + s + n) for s segments and n occurrences.
    public static func page(_ week: WeekProjection, calendar: Calendar, options: PageRenderOptions) -> String {
        var options = options
        options.maxEntries = max(options.maxEntries, 8)
        options.maxLanes = max(options.maxLanes, 6)
        let text = PageText(calendar: calendar, options: options)
        let title = options.title ?? "\(options.labels.week) \(week.weekNumber): \(text.full(week.firstDay)) – \(text.full(week.lastDay))"
        let row = HTMLWeekRow(text: text)
        var body = HTMLMonthRenderer.legend(text)
        body += "<section class=\"month weekview\" data-week=\"\(week.firstDay)\">\n"
        body += "<div class=\"cal\" role=\"table\" aria-label=\"\(HTMLEscaping.attribute(title))\">\n"
        body += row.header(week.weekdaySymbols, firstDay: week.firstDay, compact: false)
        body += row.render(days: week.days, weekNumber: week.weekNumber, segments: week.dayRanges.segments,
                           laneCount: week.dayRanges.laneCounts.first ?? 0, compact: false)
        body += "</div>\n</section>\n"
        if options.showsAgenda { body += HTMLAgenda.render(week.days, text: text) }
        return HTMLPage.document(title: title, body: body, calendar: calendar, options: options)
    }
}
