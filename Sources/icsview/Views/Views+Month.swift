import Foundation
import ICSKit

/// The month views: one month with its agenda under or beside it, `-3` and `--months N`
/// side by side, and the year.
extension Views {
    /// The width from which the agenda stands beside a single month (as khal's does).
    static let besideWidth = 150

    /// The narrowest grid set beside another (cells of 7).
    static let minimumSideBySideGrid = 60

    // MARK: Year

    /// `--year [YYYY]`: twelve compact months (the JSON format: ``streamMonthJSON(year:)``).
    func year() -> String {
        let year = options.year ?? context.today.year
        let first = CalendarMonth(year: year, month: 1)
        let months = (0..<12).map { first.adding(months: $0, in: context.calendar) }
        let grids = months.map { MonthGrid(month: $0, calendar: context.calendar) }
        let projections = sampledGrids(months, over: grids[0].firstDay...grids[11].lastDay)
            ?? projections(months, found: occurrences(over: civil(grids[0].firstDay)...civil(grids[11].lastDay)))
        if options.format == .html {
            return HTMLMonthRenderer.yearPage(year, months: projections, calendar: context.calendar, options: pageOptions)
        }
        return YearRenderer.render(year, months: projections, calendar: context.calendar, options: monthOptions(width: context.width))
    }

    /// The projections of `months` from every occurrence `found`.
    func projections(_ months: [CalendarMonth], found: [Occurrence]) -> [MonthProjection] {
        months.map {
            MonthProjection(month: $0, occurrences: found, calendar: context.calendar, options: projectionOptions(selected: options.select))
        }
    }

    /// For the text grids and the pages (HTML and SVG), the projections of `months` from a
    /// ``GridSample`` of the days `shown` (every grid's days): the same grids as from every
    /// occurrence, without keeping them all (a day lists its first
    /// ``ProjectionOptions/maxOccurrencesPerDay``, and a page's agenda is made of those lists);
    /// nil for JSON, which lists every occurrence. The occurrences' positions
    /// (``DayItem/occurrenceIndices``) are the sample's, which neither the grids nor the pages
    /// read. A year's page of 100,000 events was 700,000 occurrences, more than a collect holds.
    func sampledGrids(_ months: [CalendarMonth], over shown: ClosedRange<CalendarDay>) -> [MonthProjection]? {
        guard options.format != .json else { return nil }
        let projection = projectionOptions(selected: options.select)
        var sample = GridSample(visibleDays: shown, calendar: context.calendar, includesCancelled: projection.includesCancelled,
                                maxPerDay: projection.maxOccurrencesPerDay)
        let expansion = OccurrenceExpansion(calendars: calendars, from: context.start(of: civil(shown.lowerBound)),
                                            to: context.start(of: civil(shown.upperBound).adding(days: 1)), viewerTimeZone: context.zone)
        // With --grep, every occurrence is made and matched; without, only the kept ones are made.
        let diagnostics = filter.needle == nil ? sample.collect(expansion)
            : expansion.collect { occurrence in if filter.matches(occurrence) { sample.add(occurrence) } }
        DiagnosticOutput.shared.report(diagnostics)
        return months.map { MonthProjection(month: $0, sample: sample, calendar: context.calendar, options: projection) }
    }

    // MARK: Month

    /// The months `--month` shows: one, `--months N` from it, or `-3` around it.
    var shownMonths: [CalendarMonth] {
        let given = options.month.map { CalendarMonth(year: $0.year, month: $0.month) }
            ?? CalendarMonth(year: context.today.year, month: context.today.month)
        if options.threeMonths { return (-1...1).map { given.adding(months: $0, in: context.calendar) } }
        return (0..<options.months).map { given.adding(months: $0, in: context.calendar) }
    }

    /// `--month`: one grid with its agenda under it (beside it from ``besideWidth`` columns),
    /// or several months side by side as many as fit, with one agenda under them all (the JSON
    /// format: ``streamMonthJSON(year:)``).
    func month() -> String {
        let months = shownMonths
        let grids = months.map { MonthGrid(month: $0, calendar: context.calendar) }
        let shown = grids[0].firstDay...grids[grids.count - 1].lastDay
        // Without an agenda, the text grids need each day's count and first occurrences only;
        // the pages always (their agenda lists each day's first occurrences).
        let sampled = options.noAgenda || options.format == .html || options.format == .svg ? sampledGrids(months, over: shown) : nil
        let found = sampled == nil ? occurrences(over: civil(shown.lowerBound)...civil(shown.upperBound)) : []
        let projections = sampled ?? projections(months, found: found)
        if let page = monthPage(projections) { return page }
        // Under the grid: the shown months' agenda, or only the selected day's.
        let allDays = months[0].firstDay...months[months.count - 1].lastDay(in: context.calendar)
        var agendaLines: (Int) -> [String] = { _ in [] }
        if !options.noAgenda {
            let days: ClosedRange<CalendarDay>? = options.select.map(CalendarDay.init).map { day in
                allDays.contains(day) ? day...day : nil
            } ?? allDays
            if let days {
                agendaLines = { width in
                    var agenda = agendaOptions
                    agenda.width = width
                    return AgendaRenderer.lines(found, days: days, calendar: context.calendar, options: agenda)
                }
            }
        }
        if projections.count == 1 {
            if !options.noAgenda && context.width >= Self.besideWidth {
                let agendaWidth = min(60, max(44, context.width / 3))
                let gridOptions = monthOptions(width: context.width - agendaWidth - 2)
                let grid = MonthRenderer.render(projections[0], calendar: context.calendar, options: gridOptions)
                    .split(separator: "\n").map(String.init)
                // Headings and the "No events" line are cut too (entries are cut to the width already).
                let agenda = agendaLines(agendaWidth).map { $0.contains("\u{1B}") ? $0 : TerminalText.truncate($0, toWidth: agendaWidth) }
                let lines = SideBySide.join([grid, agenda.isEmpty ? [] : [""] + agenda],
                                            widths: [MonthRenderer.gridWidth(gridOptions), agendaWidth])
                return lines.joined(separator: "\n") + "\n"
            }
            var text = MonthRenderer.render(projections[0], calendar: context.calendar, options: monthOptions(width: context.width))
            let agenda = agendaLines(context.width)
            if !agenda.isEmpty { text += "\n" + agenda.joined(separator: "\n") + "\n" }
            return text
        }
        // Several months: grids side by side when each gets ``minimumSideBySideGrid`` cells,
        // unless more compact (`cal`-like) months would fit in a row.
        let perRow = SideBySide.fitting(Self.minimumSideBySideGrid, in: context.width, limit: projections.count)
        let blockWidth = perRow == 1 ? context.width : (context.width - 2 * (perRow - 1)) / perRow
        let compact = SideBySide.fitting(YearRenderer.monthWidth(monthOptions(width: 20)), in: context.width, gap: 3,
                                         limit: projections.count)
        var lines: [String]
        if compact > perRow {
            let options = monthOptions(width: YearRenderer.monthWidth(monthOptions(width: 20)))
            let blocks = projections.map { MonthRenderer.compact($0, calendar: context.calendar, options: options)
                .split(separator: "\n").map(String.init) }
            lines = SideBySide.rows(blocks, perRow: compact, width: options.width, gap: 3)
        } else {
            let options = monthOptions(width: blockWidth)
            let width = options.width < 40 ? YearRenderer.monthWidth(options) : MonthRenderer.gridWidth(options)
            let blocks = projections.map { MonthRenderer.render($0, calendar: context.calendar, options: options)
                .split(separator: "\n").map(String.init) }
            lines = SideBySide.rows(blocks, perRow: perRow, width: width)
        }
        let agenda = agendaLines(context.width)
        if !agenda.isEmpty { lines += [""] + agenda }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--month`, `-3`, `--months N` and `--year` as JSON, written to stdout as they are made:
    /// one month's object (an array of them for several months or the year), each with the
    /// occurrences of its own grid's days. Memory holds the occurrences of one month and the text
    /// of one of them at a time, so it stays linear in what is asked for, not in what is written.
    func streamMonthJSON(year: Bool) {
        let months: [CalendarMonth]
        if year {
            let first = CalendarMonth(year: options.year ?? context.today.year, month: 1)
            months = (0..<12).map { first.adding(months: $0, in: context.calendar) }
        } else {
            months = shownMonths
        }
        let json = jsonContext
        var output = StandardOutput()
        var cache = SeriesJSONCache()
        let several = year || months.count > 1
        if several { output.write { $0.byte(UInt8(ascii: "[")) } }
        for (position, month) in months.enumerated() {
            if position > 0 { output.write { $0.byte(UInt8(ascii: ",")) } }
            let grid = MonthGrid(month: month, calendar: context.calendar)
            let (found, limits) = occurrencesAndLimits(over: civil(grid.firstDay)...civil(grid.lastDay))
            let projection = MonthProjection(month: month, occurrences: found, calendar: context.calendar,
                                             options: projectionOptions(selected: options.select))
            MonthJSON.write(projection, occurrences: found, limits: limits, context: json, cache: &cache) { body in
                output.write(body)
            }
        }
        if several { output.write { $0.byte(UInt8(ascii: "]")) } }
        output.write { $0.byte(0x0A) }
        output.flush()
    }
}
