import Foundation

/// Draws ``MonthProjection``s as self-contained HTML5 pages: inline CSS, no script, no
/// external resource, so a page works offline, from `file://` and in print.
///
/// The grid starts on the calendar's first weekday, with the weekday names and the week
/// numbers as header cells; each day cell is labelled with its full date and its events for
/// screen readers; multi-day occurrences are bars over the cells of their segments, in their
/// lanes. The output is also well-formed XML (XHTML-compatible), so that it can be parsed.
///
/// ```swift
/// let march = MonthProjection(month: CalendarMonth(year: 2024, month: 3), occurrences: occurrences,
///                             calendar: calendar, options: ProjectionOptions(now: now))
/// let html = HTMLMonthRenderer.page(march, calendar: calendar, options: PageRenderOptions())
/// try html.write(toFile: "march.html", atomically: true, encoding: .utf8)
/// ```
public enum HTMLMonthRenderer {
    /// One month as a page, with its agenda below when `options.showsAgenda`.
    ///
    /// - Complexity: O(c + s + n) for c cells, s segments and n occurrences in cells.
    public static func page(_ month: MonthProjection, calendar: Calendar, options: PageRenderOptions) -> String {
        page([month], calendar: calendar, options: options)
    }

    /// Several months one after another (`--months N`, `-3`), one agenda below them all.
    public static func page(_ months: [MonthProjection], calendar: Calendar, options: PageRenderOptions) -> String {
        let text = PageText(calendar: calendar, options: options)
        let title = options.title ?? months.map { text.title($0.month) }.joined(separator: " – ")
        var body = legend(text)
        for month in months {
            // The page's heading already names a month shown alone: its section has none of its own.
            let named = months.count == 1 && title == text.title(month.month)
            body += section(month, text: text, compact: false, heading: named ? nil : "h2")
        }
        if options.showsAgenda {
            body += HTMLAgenda.render(months.flatMap { $0.rows.joined().filter(\.state.isInMonth) }, text: text)
        }
        return HTMLPage.document(title: title, body: body, calendar: calendar, options: options)
    }

    /// A year: twelve compact months (day numbers and decorations), as many side by side as fit.
    public static func yearPage(_ year: Int, months: [MonthProjection], calendar: Calendar, options: PageRenderOptions) -> String {
        let text = PageText(calendar: calendar, options: options)
        var body = legend(text) + "<div class=\"year\">\n"
        for month in months {
            body += section(month, text: text, compact: true, heading: "h2")
        }
        body += "</div>\n"
        if options.showsAgenda {
            body += HTMLAgenda.render(months.flatMap { $0.rows.joined().filter(\.state.isInMonth) }, text: text)
        }
        return HTMLPage.document(title: options.title ?? String(year), body: body, calendar: calendar, options: options)
    }

    /// The month's grid alone, as a `<section>` to embed in a page of one's own (it needs
    /// the style sheet of ``HTMLPage/styleSheet``).
    public static func section(_ month: MonthProjection, calendar: Calendar, options: PageRenderOptions) -> String {
        section(month, text: PageText(calendar: calendar, options: options), compact: false, heading: "h2")
    }

    /// `heading`: the element of the month's name above its grid (`nil`: none, the page's own names it).
    static func section(_ month: MonthProjection, text: PageText, compact: Bool, heading: String?) -> String {
        let row = HTMLWeekRow(text: text)
        let title = HTMLEscaping.text(text.title(month.month))
        var html = "<section class=\"month\" data-month=\"\(month.month)\">\n"
        if let heading { html += "<\(heading)>\(title)</\(heading)>\n" }
        html += "<div class=\"cal\" role=\"table\" aria-label=\"\(HTMLEscaping.attribute(text.title(month.month)))\">\n"
        html += row.header(month.weekdaySymbols, firstDay: month.firstDay, compact: compact)
        for (index, week) in month.grid.weeks.enumerated() {
            let laneCount = month.dayRanges.laneCounts.indices.contains(index) ? month.dayRanges.laneCounts[index] : 0
            html += row.render(days: month.rows[index], weekNumber: week.weekNumber, segments: month.dayRanges.segments(inRow: index),
                               laneCount: laneCount, compact: compact)
        }
        return html + "</div>\n</section>\n"
    }

    /// The calendars' names in their colours (nothing when no names are given).
    static func legend(_ text: PageText) -> String {
        let names = text.options.calendarNames
        guard !names.isEmpty else { return "" }
        var html = "<ul class=\"legend\" aria-label=\"\(HTMLEscaping.attribute(text.options.labels.calendars))\">"
        for (index, name) in names.enumerated() {
            let style = text.options.calendars.indices.contains(index) ? text.options.calendars[index] : CalendarStyle(name: name, color: nil)
            html += "<li><span class=\"dot\" style=\"background: \(style.resolvedColor(index: index))\"></span>\(HTMLEscaping.text(name))</li>"
        }
        return html + "</ul>\n"
    }
}
