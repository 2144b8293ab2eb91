/// One week row of a calendar page: the week number, seven day cells and the bars of the
/// multi-day ranges in their lanes, as one CSS grid (see ``CalendarPageCSS``).
///
/// Draws what the projection computed and nothing else: the cells are the projection's
/// ``DayItem``s, the bars its ``DayRangeLayout/Segment``s with their columns and lanes.
struct HTMLWeekRow {
    let text: PageText

    var options: PageRenderOptions { text.options }

    /// The grid line (1-based) where `column` (0–6) starts: column 1 holds the week number.
    static func gridColumn(_ column: Int) -> Int { column + 2 }

    /// The header row: "Wk" and the seven weekday names from the calendar's first weekday.
    func header(_ symbols: [MonthGrid.WeekdaySymbol], firstDay: CalendarDay, compact: Bool) -> String {
        var html = "<div class=\"week head\" role=\"row\"><div role=\"columnheader\">\(HTMLEscaping.text(options.labels.weekShort))</div>"
        for (column, symbol) in symbols.enumerated() {
            let full = text.weekdayName(firstDay.adding(days: column, in: text.calendar))
            let shown = compact ? symbol.veryShort : symbol.short
            html += "<div role=\"columnheader\"><abbr title=\"\(HTMLEscaping.attribute(full))\">\(HTMLEscaping.text(shown))</abbr></div>"
        }
        return html + "</div>\n"
    }

    /// One row of `days` (seven items) with week number `weekNumber` and the `segments` of this row.
    /// `compact`: day numbers and decorations only (the year's months).
    func render(days: [DayItem], weekNumber: Int, segments: [DayRangeLayout.Segment], laneCount: Int, compact: Bool) -> String {
        let lanes = compact ? 0 : min(laneCount, options.maxLanes)
        let drawn = compact ? [] : segments.filter { $0.lane < lanes }
        let barred = Set(drawn.map(\.occurrence))
        let rows = "auto" + String(repeating: " auto", count: lanes) + " 1fr"
        var html = "<div class=\"week\" role=\"row\" style=\"grid-template-rows: \(rows)\">"
        html += "<div class=\"wk\" role=\"rowheader\">\(weekNumber)</div>"
        for item in days {
            html += cell(item, barred: barred, compact: compact)
        }
        for segment in drawn {
            html += bar(segment)
        }
        return html + "</div>\n"
    }

    /// One day: its number (today and the selected day marked), its decoration, and the entries
    /// that no bar shows, then `+N more`; labelled with the full date and every event.
    func cell(_ item: DayItem, barred: Set<Occurrence>, compact: Bool) -> String {
        var classes = ["day"]
        if !item.state.isInMonth { classes.append("out") }
        if item.state.isToday { classes.append("today") }
        if item.state.isSelected { classes.append("selected") }
        if item.state.isWeekend { classes.append("weekend") }
        var label = text.full(item.day)
        if !item.occurrences.isEmpty {
            label += ": " + item.occurrences.map(text.spoken).joined(separator: "; ")
        }
        var html = "<div class=\"\(classes.joined(separator: " "))\" role=\"cell\" data-day=\"\(PageText.iso(item.day))\""
        html += " style=\"grid-column: \(Self.gridColumn(item.column))\" aria-label=\"\(HTMLEscaping.attribute(label))\""
        if item.state.isToday { html += " aria-current=\"date\"" }
        html += "><span class=\"num\" aria-hidden=\"true\"><b>\(item.day.day)</b>\(decoration(item.decoration))</span>"
        if compact { return html + "</div>" }
        let entries = item.occurrences.filter { !barred.contains($0) }
        let listed = entries.count > options.maxEntries ? Array(entries.prefix(max(0, options.maxEntries - 1))) : entries
        html += "<ul class=\"entries\" aria-hidden=\"true\">"
        for occurrence in listed {
            html += entry(occurrence)
        }
        if listed.count < entries.count {
            html += "<li class=\"more\"><bdi>\(HTMLEscaping.text(options.labels.more(entries.count - listed.count)))</bdi></li>"
        }
        return html + "</ul></div>"
    }

    /// One entry of a cell: all-day ones filled with their colour, timed ones with a dot and the
    /// time, to-dos with their box (`☐`, `✓` struck through) and no time.
    func entry(_ occurrence: Occurrence) -> String {
        let style = text.colorStyle(text.color(occurrence))
        // <bdi>: each title takes its own direction inside the page's.
        let title = "<bdi>" + HTMLEscaping.text(text.summary(occurrence)) + "</bdi>"
        if let box = PageText.todoBox(occurrence) {
            let done = occurrence.incidence.isCompletedTodo ? " done" : ""
            return "<li class=\"entry todo\(done)\" style=\"\(style)\"><span class=\"box\">\(box)</span>\(title)</li>"
        }
        guard let time = text.startTime(occurrence) else {
            return "<li class=\"entry allday\" style=\"\(style)\">\(title)</li>"
        }
        return "<li class=\"entry timed\" style=\"\(style)\"><span class=\"time\">\(HTMLEscaping.text(time))</span>\(title)</li>"
    }

    /// A bar over the columns of `segment`, in its lane; open (with a mark) where the range goes on.
    func bar(_ segment: DayRangeLayout.Segment) -> String {
        var classes = ["bar"]
        if segment.continuesBefore { classes.append("open-start") }
        if segment.continuesAfter { classes.append("open-end") }
        if segment.occurrence.isAllDay { classes.append("allday") }
        if segment.occurrence.incidence.kind == .todo { classes.append("todo") }
        if segment.occurrence.incidence.isCompletedTodo { classes.append("done") }
        let style = "grid-column: \(Self.gridColumn(segment.columns.lowerBound)) / span \(segment.columns.count); "
            + "grid-row: \(segment.lane + 2); " + text.colorStyle(text.color(segment.occurrence))
        // The title takes its own direction; the bar keeps the page's, so that its open ends
        // stay on the side of the grid where the range goes on.
        var label = "<bdi>" + HTMLEscaping.text(text.summary(segment.occurrence)) + "</bdi>"
        if let box = PageText.todoBox(segment.occurrence) {
            label = "<span class=\"box\">\(box)</span>" + label
        } else if let time = text.startTime(segment.occurrence), !segment.continuesBefore {
            label = "<span class=\"time\">\(HTMLEscaping.text(time))</span>" + label
        }
        return "<div class=\"\(classes.joined(separator: " "))\" aria-hidden=\"true\" style=\"\(style)\""
            + " data-first=\"\(PageText.iso(segment.days.lowerBound))\" data-last=\"\(PageText.iso(segment.days.upperBound))\""
            + " data-row=\"\(segment.row)\" data-lane=\"\(segment.lane)\">\(label)</div>"
    }

    /// The day's decoration as a dot in its colour (sized as the provider chose).
    func decoration(_ decoration: DayDecoration?) -> String {
        switch decoration {
        case let .default(color, size, count)?:
            let background = color.map { "background: \($0)" } ?? "background: var(--muted)"
            return "<span class=\"dot \(size.rawValue)\" style=\"\(background)\" data-count=\"\(count)\"></span>"
        case let .image(symbol, _, _)?:
            return "<span class=\"symbol\">\(HTMLEscaping.text(symbol))</span>"
        case .custom?, nil:
            return ""
        }
    }
}
