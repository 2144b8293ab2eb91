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

    /// `--from` (default today) and `--to` (default 30 days on), inclusive.
    var agendaDays: (CivilDate, CivilDate) {
        let from = options.from ?? context.today
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
                            calendars: styles, calendarNames: calendarNames)
    }

    // MARK: Month

    func month() -> String {
        let first = options.month.map { MonthComponents(year: $0.year, month: $0.month) }
            ?? MonthComponents(year: context.today.year, month: context.today.month)
        var parts: [String] = []
        var objects: [JSON] = []
        for offset in 0..<options.months {
            let month = first.adding(months: offset, in: context.calendar)
            let grid = MonthGrid(month: month, calendar: context.calendar)
            let shown = civil(grid.weeks.first!.cells.first!.day)...civil(grid.weeks.last!.cells.last!.day)
            let found = occurrences(over: shown)
            let projection = MonthProjection(month: month, occurrences: found, calendar: context.calendar,
                                             options: projectionOptions(selected: options.select))
            if options.format == .json {
                objects.append(MonthJSON.object(projection, occurrences: found, calendars: calendars, calendar: context.calendar))
                continue
            }
            var text = MonthRenderer.render(projection, calendar: context.calendar, options: MonthRenderOptions(
                width: context.width, ascii: options.ascii, color: context.color, weekNumbers: options.weekNumbers,
                maxLanes: 3, calendars: styles))
            // Below the grid: the month's agenda, or only the selected day's (under its own month).
            let monthDays = month.firstDay...month.lastDay(in: context.calendar)
            if let day = options.select.map(DayComponents.init) {
                if monthDays.contains(day) {
                    text += "\n" + AgendaRenderer.render(found, days: day...day, calendar: context.calendar, options: agendaOptions)
                }
            } else {
                text += "\n" + AgendaRenderer.render(found, days: monthDays, calendar: context.calendar, options: agendaOptions)
            }
            parts.append(text)
        }
        if options.format == .json {
            return (objects.count == 1 ? objects[0] : JSON.array(objects)).text + "\n"
        }
        return parts.joined(separator: "\n")
    }

    // MARK: Week

    func week() -> String {
        let day = options.weekDate ?? context.today
        let start = day.adding(days: -7), end = day.adding(days: 7)
        let found = occurrences(over: start...end)
        let projection = WeekProjection(containing: DayComponents(day), occurrences: found, calendar: context.calendar,
                                        options: projectionOptions(selected: nil))
        if options.format == .json {
            return projection.occurrenceIndices.map { OccurrenceJSON.object(found[$0], calendars: calendars).text + "\n" }.joined()
        }
        return WeekRenderer.render(projection, calendar: context.calendar, options: WeekRenderOptions(
            width: context.width, ascii: options.ascii, color: context.color, calendars: styles, calendarNames: calendarNames))
    }

    private func civil(_ day: DayComponents) -> CivilDate { CivilDate(year: day.year, month: day.month, day: day.day) }
}
