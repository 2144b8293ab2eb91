import Foundation
import ICSKit

/// Runs the views that need occurrences: expand over the days shown, project, render.
struct Views {
    let calendars: [ICalendar]
    let options: Options
    let context: ViewContext
    /// `--grep` and `--calendar` (the calendars are already the ones `--calendar` keeps).
    var filter = SearchFilter()

    /// Each calendar's style; those without a color get distinct palette colors (stable per calendar).
    var styles: [CalendarStyle] { calendars.map(CalendarStyle.init).withDistinctColors() }

    /// The calendars' names for the text views when several are shown (each one's name, else
    /// its file's name), else none.
    var calendarNames: [String] {
        guard calendars.count > 1 else { return [] }
        return calendars.enumerated().map { index, calendar in
            let name = calendar.name ?? calendar.source.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "calendar \(index + 1)"
            return TerminalText.safe(name, toWidth: 200)
        }
    }

    /// Expands every calendar over `days` (inclusive, in the display zone).
    /// Diagnostics of the expansion (unknown zones, limits) go to ``DiagnosticOutput``, in every format.
    func occurrences(over days: ClosedRange<CivilDate>) -> [Occurrence] {
        occurrencesAndLimits(over: days).occurrences
    }

    /// ``occurrences(over:)``, and the series that stopped at the instance limit (ICS3002), for
    /// the JSON objects to say so (text reports them on stderr).
    func occurrencesAndLimits(over days: ClosedRange<CivilDate>) -> (occurrences: [Occurrence], limits: [Diagnostic]) {
        let start = context.start(of: days.lowerBound)
        let end = context.start(of: days.upperBound.adding(days: 1))
        let (occurrences, diagnostics) = OccurrenceExpansion(calendars: calendars, from: start, to: end,
                                                             viewerTimeZone: context.zone).collect()
        DiagnosticOutput.shared.report(diagnostics)
        let limits = diagnostics.filter { $0.code == .recurrenceLimit }
        return (filter.needle == nil ? occurrences : occurrences.filter(filter.matches), limits)
    }

    func projectionOptions(selected: CivilDate?) -> ProjectionOptions {
        ProjectionOptions(now: context.now, calendars: styles, selectedDays: selected.map { [CalendarDay($0)] } ?? [],
                          includesCancelled: options.showCancelled)
    }

    // MARK: Agenda

    /// The most occurrences of one day held before the part of the day they begin is written
    /// (``streamAgendaText(_:noEvents:)``).
    static let agendaPart = 4_096

    /// `--agenda` as text, written day by day as the expansion produces the occurrences: every
    /// instance in the range (the lazy expansion caps no series), in memory bounded by one day's
    /// occurrences (at most ``agendaPart`` of them) and those still running from earlier days.
    /// An occurrence leaves the running set once it has been listed (a multi-day one on its first
    /// visible day, with its span) or has ended. A day of more occurrences is written in parts,
    /// each ending before the next occurrence's start, so that the parts list them in the order
    /// of the whole day (earlier start first; ties are never split): 300 secondly series are
    /// 25.9 million occurrences a day, and holding them took 16 GB. Each piece of text goes to
    /// `write` (the caller marks it for right-to-left locales).
    /// - Returns: how many occurrences were listed.
    @discardableResult
    func streamAgendaText(_ write: (String) -> Void, noEvents: Bool = true) -> Int {
        let (from, to) = agendaDays
        let calendar = context.calendar, zone = context.zone
        let shown = CalendarDay(from)...CalendarDay(to)
        var iterator = OccurrenceExpansion(calendars: calendars, from: context.start(of: from),
                                           to: context.start(of: to.adding(days: 1)), viewerTimeZone: zone).makeIterator()
        var lookahead = iterator.next()
        var running: [Occurrence] = []
        var wrote = false
        var listedCount = 0
        let options = agendaOptions
        var day = shown.lowerBound
        // Whether the current day's heading was written (by an earlier part of it).
        var headed = false
        // Lists what `running` holds for `day` and returns which of it was listed.
        func list(_ day: CalendarDay) -> Set<Int> {
            // Placed on this day alone: a day's lists for the rest of the range would cost each
            // running occurrence one entry per later day it covers (an all-day series lasting
            // centuries: every instance times every day of the range), and only today's are read.
            let placed = DayOccurrences(running, visibleDays: day...day, calendar: calendar,
                                        includesCancelled: options.showCancelled)
            let today = AgendaRenderer.dayLines(placed, day: day, calendar: calendar, options: options, heading: !headed)
            if !today.lines.isEmpty {
                write((wrote && !headed ? "\n" : "") + today.lines.joined(separator: "\n") + "\n")
                wrote = true
                headed = true
            }
            listedCount += today.listed.count
            return Set(today.listed)
        }
        while day <= shown.upperBound {
            let dayEnd = day.adding(days: 1, in: calendar).startDate(in: calendar)
            headed = false
            while let next = lookahead, next.start.date(in: zone) < dayEnd {
                // A cancelled occurrence is never listed unless asked for: it does not run on.
                if filter.matches(next) && (options.showCancelled || !next.incidence.isCancelled) { running.append(next) }
                lookahead = iterator.next()
                // A full part, and the next occurrence starts later than all of it: listed now.
                if running.count >= Self.agendaPart, let after = lookahead, after.start.date(in: zone) < dayEnd,
                   after.start.date(in: zone) > next.start.date(in: zone) {
                    let listed = list(day)
                    running = running.enumerated().compactMap { listed.contains($0) ? nil : $1 }
                }
            }
            let listed = list(day)
            running = running.enumerated().compactMap { index, occurrence in
                listed.contains(index) || occurrence.end.date(in: zone) <= dayEnd ? nil : occurrence
            }
            // With nothing running, the next day that lists anything is the next occurrence's
            // first: the days between print nothing and are not walked (an agenda to 9999 of
            // one long event walked three million empty days).
            let following = day.adding(days: 1, in: calendar)
            if running.isEmpty {
                guard let next = lookahead else { break }
                day = max(following, CalendarDay(containing: next.start.date(in: zone), in: calendar))
            } else {
                day = following
            }
        }
        if !wrote && noEvents { write(AgendaRenderer.noEvents(shown, options: options) + "\n") }
        DiagnosticOutput.shared.report(iterator.diagnostics)
        return listedCount
    }

    /// `--from` (default today) and `--to` (default 30 days on) or `--days N`, inclusive.
    var agendaDays: (CivilDate, CivilDate) {
        let from = options.from ?? context.today
        if let days = options.days { return (from, from.adding(days: days - 1)) }
        // The default end stops at the last day shown (``DateRange``); a given one is checked.
        return (from, options.to ?? min(from.adding(days: 30), DateRange.last))
    }

    /// `--agenda --format json`: one object per occurrence per line, written as the expansion
    /// produces them (nothing is collected first), cancelled ones included with their status.
    /// - Returns: how many objects were written.
    @discardableResult
    func streamAgendaJSON() -> Int {
        let (from, to) = agendaDays
        let pipeline = OccurrencePipeline(OccurrenceExpansion(calendars: calendars, from: context.start(of: from),
                                                              to: context.start(of: to.adding(days: 1)), viewerTimeZone: context.zone))
        var output = StandardOutput()
        let json = jsonContext
        var cache = SeriesJSONCache()
        var scratch = JSONBytes(capacity: 4096)
        let filtered = filter.needle != nil
        var count = 0
        let diagnostics = pipeline.run { occurrence in
            guard !filtered || filter.matches(occurrence) else { return }
            count += 1
            output.write { out in
                OccurrenceJSON.write(occurrence, context: json, cache: &cache, scratch: &scratch, to: &out)
                out.byte(0x0A)
            }
        }
        output.flush()
        DiagnosticOutput.shared.report(diagnostics + json.triggers.diagnostics)
        return count
    }

    /// What every JSON object of this run shares (names, identities and colours of the calendars).
    var jsonContext: OccurrenceJSON.Context { OccurrenceJSON.Context(calendars: calendars, zone: context.zone) }

    var agendaOptions: AgendaRenderOptions {
        AgendaRenderOptions(width: context.width, ascii: options.ascii, color: context.color, showCancelled: options.showCancelled,
                            calendars: styles, calendarNames: calendarNames, strings: context.strings, dates: context.dates,
                            now: context.instant, details: options.details, today: context.today)
    }

    func monthOptions(width: Int) -> MonthRenderOptions {
        MonthRenderOptions(width: width, ascii: options.ascii, color: context.color, weekNumbers: options.weekNumbers,
                           maxLanes: 3, calendars: styles, strings: context.strings, dates: context.dates,
                           height: context.height, rightToLeft: context.isRightToLeft, now: context.instant)
    }


    // MARK: To-dos

    /// `--todos`: the open to-dos by due date (instances looked for from ten years back to ten on).
    func todos() -> String {
        TodoRenderer.render(todoItems, now: context.instant, calendar: context.calendar, options: agendaOptions)
    }

    /// `--todos --format json`: the same to-dos, one object a line (``TodoJSON``).
    func todosJSON() -> String {
        TodoJSON.lines(todoItems, calendars: calendars, now: context.instant, zone: context.zone)
    }

    /// The open to-dos (instances looked for from ten years back to ten on), `--grep` applied.
    var todoItems: [TodoRenderer.Item] {
        let now = context.instant
        let window = now.addingTimeInterval(-10 * 366 * 86_400)...now.addingTimeInterval(10 * 366 * 86_400)
        let (items, diagnostics) = TodoRenderer.items(calendars, window: window, now: now, zone: context.zone)
        DiagnosticOutput.shared.report(diagnostics)
        return items.filter { filter.matches($0.incidence) }
    }

    // MARK: Week

    func week() -> String {
        let day = options.weekDate ?? context.today
        // Expanded over the shown week alone, so that the instance limit counts from its first
        // day (a frequent series that began days before would spend it before the week).
        let shown = WeekProjection(containing: CalendarDay(day), occurrences: [], calendar: context.calendar,
                                   options: projectionOptions(selected: options.select))
        let (found, limits) = occurrencesAndLimits(over: civil(shown.firstDay)...civil(shown.lastDay))
        let projection = WeekProjection(containing: CalendarDay(day), occurrences: found, calendar: context.calendar,
                                        options: projectionOptions(selected: options.select))
        if let page = weekPage(projection) { return page }
        if options.format == .json {
            return WeekJSON.object(projection, occurrences: found, limits: limits, context: jsonContext).text + "\n"
        }
        return WeekRenderer.render(projection, calendar: context.calendar, options: WeekRenderOptions(
            width: context.width, ascii: options.ascii, color: context.color, calendars: styles, calendarNames: calendarNames,
            strings: context.strings, dates: context.dates, height: context.height))
    }

    /// The Gregorian date with the same numbers as `day`.
    func civil(_ day: CalendarDay) -> CivilDate { CivilDate(year: day.year, month: day.month, day: day.day) }
}
