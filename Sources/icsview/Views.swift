import Foundation
import ICSKit

/// Runs the views that need occurrences: expand over the days shown, project, render.
struct Views {
    let calendars: [ICalendar]
    let options: Options
    let context: ViewContext

    var styles: [CalendarStyle] { calendars.map(CalendarStyle.init) }

    /// The calendars' names for the text views when several are shown (each one's name, else
    /// its file's name), else none.
    var calendarNames: [String] {
        guard calendars.count > 1 else { return [] }
        return calendars.enumerated().map { index, calendar in
            calendar.name ?? calendar.source.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "calendar \(index + 1)"
        }
    }

    /// Expands every calendar over `days` (inclusive, in the display zone).
    /// Diagnostics of the expansion (unknown zones, limits) go to stderr in text mode.
    func occurrences(over days: ClosedRange<CivilDate>) -> [Occurrence] {
        let start = context.start(of: days.lowerBound)
        let end = context.start(of: days.upperBound.adding(days: 1))
        let (occurrences, diagnostics) = OccurrenceExpansion(calendars: calendars, from: start, to: end,
                                                             viewerTimeZone: context.zone).collect()
        if options.format == .text {
            for diagnostic in diagnostics { printError("\(diagnostic)\n") }
        }
        return occurrences
    }

    func projectionOptions(selected: CivilDate?) -> ProjectionOptions {
        ProjectionOptions(now: context.now, calendars: styles, selectedDays: selected.map { [DayComponents($0)] } ?? [],
                          includesCancelled: options.showCancelled)
    }

    // MARK: Agenda

    func agenda() -> String {
        let (from, to) = agendaDays
        let found = occurrences(over: from...to)
        return AgendaRenderer.render(found, days: DayComponents(from)...DayComponents(to), calendar: context.calendar,
                                     options: agendaOptions)
    }

    /// `--from` (default today) and `--to` (default 30 days on) or `--days N`, inclusive.
    var agendaDays: (CivilDate, CivilDate) {
        let from = options.from ?? context.today
        if let days = options.days { return (from, from.adding(days: days - 1)) }
        return (from, options.to ?? from.adding(days: 30))
    }

    /// `--agenda --format json`: one object per occurrence per line, written as the expansion
    /// produces them (nothing is collected first), cancelled ones included with their status.
    func streamAgendaJSON() {
        let (from, to) = agendaDays
        let pipeline = OccurrencePipeline(OccurrenceExpansion(calendars: calendars, from: context.start(of: from),
                                                              to: context.start(of: to.adding(days: 1)), viewerTimeZone: context.zone))
        var output = StandardOutput()
        let names = OccurrenceJSON.calendarNames(calendars)
        while case let batch = pipeline.next(), !batch.isEmpty {
            for occurrence in batch {
                output.write { out in
                    OccurrenceJSON.write(occurrence, calendarNames: names, to: &out)
                    out.byte(0x0A)
                }
            }
        }
        output.flush()
        for diagnostic in pipeline.finalDiagnostics { printError("\(diagnostic)\n") }
    }

    var agendaOptions: AgendaRenderOptions {
        AgendaRenderOptions(width: context.width, ascii: options.ascii, color: context.color, showCancelled: options.showCancelled,
                            calendars: styles, calendarNames: calendarNames, strings: context.strings, dates: context.dates,
                            now: context.instant)
    }

    func monthOptions(width: Int) -> MonthRenderOptions {
        MonthRenderOptions(width: width, ascii: options.ascii, color: context.color, weekNumbers: options.weekNumbers,
                           maxLanes: 3, calendars: styles, strings: context.strings, dates: context.dates,
                           rightToLeft: context.isRightToLeft)
    }

    /// The width from which the agenda stands beside a single month (as khal's does).
    static let besideWidth = 150

    /// The narrowest grid set beside another (cells of 7).
    static let minimumSideBySideGrid = 60

    // MARK: To-dos

    /// `--todos`: the open to-dos by due date (instances looked for from ten years back to ten on).
    func todos() -> String {
        let now = context.instant
        let window = now.addingTimeInterval(-10 * 366 * 86_400)...now.addingTimeInterval(10 * 366 * 86_400)
        let items = TodoRenderer.items(calendars, window: window, now: now, zone: context.zone)
        return TodoRenderer.render(items, now: now, calendar: context.calendar, options: agendaOptions)
    }

    // MARK: Year

    /// `--year [YYYY]`: twelve compact months (the JSON format: the twelve month objects).
    func year() -> String {
        let year = options.year ?? context.today.year
        let first = MonthComponents(year: year, month: 1)
        let months = (0..<12).map { first.adding(months: $0, in: context.calendar) }
        if options.format == .json { return JSON.array(monthObjects(months)).text + "\n" }
        let grids = months.map { MonthGrid(month: $0, calendar: context.calendar) }
        let found = occurrences(over: civil(grids[0].firstDay)...civil(grids[11].lastDay))
        let projections = months.map {
            MonthProjection(month: $0, occurrences: found, calendar: context.calendar, options: projectionOptions(selected: options.select))
        }
        return YearRenderer.render(year, months: projections, calendar: context.calendar, options: monthOptions(width: context.width))
    }

    // MARK: Month

    /// The months `--month` shows: one, `--months N` from it, or `-3` around it.
    var shownMonths: [MonthComponents] {
        let given = options.month.map { MonthComponents(year: $0.year, month: $0.month) }
            ?? MonthComponents(year: context.today.year, month: context.today.month)
        if options.threeMonths { return (-1...1).map { given.adding(months: $0, in: context.calendar) } }
        return (0..<options.months).map { given.adding(months: $0, in: context.calendar) }
    }

    /// `--month`: one grid with its agenda under it (beside it from ``besideWidth`` columns),
    /// or several months side by side as many as fit, with one agenda under them all.
    func month() -> String {
        let months = shownMonths
        if options.format == .json {
            let objects = monthObjects(months)
            return (objects.count == 1 ? objects[0] : JSON.array(objects)).text + "\n"
        }
        let grids = months.map { MonthGrid(month: $0, calendar: context.calendar) }
        let found = occurrences(over: civil(grids[0].firstDay)...civil(grids[grids.count - 1].lastDay))
        let projections = months.map {
            MonthProjection(month: $0, occurrences: found, calendar: context.calendar, options: projectionOptions(selected: options.select))
        }
        // Under the grid: the shown months' agenda, or only the selected day's.
        let allDays = months[0].firstDay...months[months.count - 1].lastDay(in: context.calendar)
        var agendaLines: (Int) -> [String] = { _ in [] }
        if !options.noAgenda {
            let days: ClosedRange<DayComponents>? = options.select.map(DayComponents.init).map { day in
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
        var lines: [String] = []
        if compact > perRow {
            let options = monthOptions(width: YearRenderer.monthWidth(monthOptions(width: 20)))
            let blocks = projections.map { MonthRenderer.compact($0, calendar: context.calendar, options: options)
                .split(separator: "\n").map(String.init) }
            for start in stride(from: 0, to: blocks.count, by: compact) {
                if start > 0 { lines.append("") }
                let row = Array(blocks[start..<min(blocks.count, start + compact)])
                lines += SideBySide.join(row, widths: Array(repeating: options.width, count: row.count), gap: 3)
            }
        } else {
            let options = monthOptions(width: blockWidth)
            let width = options.width < 40 ? YearRenderer.monthWidth(options) : MonthRenderer.gridWidth(options)
            let blocks = projections.map { MonthRenderer.render($0, calendar: context.calendar, options: options)
                .split(separator: "\n").map(String.init) }
            for start in stride(from: 0, to: blocks.count, by: perRow) {
                if start > 0 { lines.append("") }
                let row = Array(blocks[start..<min(blocks.count, start + perRow)])
                lines += SideBySide.join(row, widths: Array(repeating: width, count: row.count))
            }
        }
        let agenda = agendaLines(context.width)
        if !agenda.isEmpty { lines += [""] + agenda }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON object of each month, each with the occurrences of its own grid's days.
    func monthObjects(_ months: [MonthComponents]) -> [JSON] {
        months.map { month in
            let grid = MonthGrid(month: month, calendar: context.calendar)
            let found = occurrences(over: civil(grid.firstDay)...civil(grid.lastDay))
            let projection = MonthProjection(month: month, occurrences: found, calendar: context.calendar,
                                             options: projectionOptions(selected: options.select))
            return MonthJSON.object(projection, occurrences: found, calendars: calendars, calendar: context.calendar)
        }
    }

    // MARK: Week

    func week() -> String {
        let day = options.weekDate ?? context.today
        let start = day.adding(days: -7), end = day.adding(days: 7)
        let found = occurrences(over: start...end)
        let projection = WeekProjection(containing: DayComponents(day), occurrences: found, calendar: context.calendar,
                                        options: projectionOptions(selected: nil))
        if options.format == .json {
            let inWeek = found.filter { occurrence in projection.days.contains { $0.occurrences.contains(occurrence) } }
            return inWeek.map { OccurrenceJSON.object($0, calendars: calendars).text + "\n" }.joined()
        }
        return WeekRenderer.render(projection, calendar: context.calendar, options: WeekRenderOptions(
            width: context.width, ascii: options.ascii, color: context.color, calendars: styles, calendarNames: calendarNames,
            strings: context.strings, dates: context.dates))
    }

    private func civil(_ day: DayComponents) -> CivilDate { CivilDate(year: day.year, month: day.month, day: day.day) }
}
