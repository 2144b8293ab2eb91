import Foundation
import ICSKit

/// How the agenda is drawn.
struct AgendaRenderOptions {
    var width: Int = 80
    var ascii: Bool = false
    var color: Bool = false
    var showCancelled: Bool = false
    var calendars: [CalendarStyle] = []
    /// Each calendar's name as the agenda shows it, indexed by `Occurrence.calendarIndex`;
    /// shown after each occurrence when not empty (the views fill it when several calendars are shown).
    var calendarNames: [String] = []
    /// The words of the user's language.
    var strings: LocalStrings = .english
    /// Dates and times in the user's locale (nil: English, 24-hour).
    var dates: LocalDates?
    /// The instant before which an open to-do's due time makes it overdue (nil: none is).
    var now: Date?
    /// `--details`: each event's details under it (``DetailLines``).
    var details = false
    /// Today in the display zone: its heading and tomorrow's say so (`Mon, 10 Jun 2024 · Today`).
    var today: CivilDate?
}

/// The agenda: a heading for each day that has occurrences, then each occurrence with its
/// time range in the display zone, summary and location. A multi-day occurrence is listed
/// once, on its first visible day, with the day it lasts until. Shared by `--agenda`, the
/// list under (or beside) `--month` and the narrow `--week`.
enum AgendaRenderer {
    /// The width of the 24-hour time column: "09:00–09:30" plus a space.
    static let timeWidth = 11

    static func render(_ occurrences: [Occurrence], days: ClosedRange<CalendarDay>, calendar: Calendar,
                       options: AgendaRenderOptions) -> String {
        lines(occurrences, days: days, calendar: calendar, options: options).joined(separator: "\n") + "\n"
    }

    /// The agenda's lines (no newlines in them).
    static func lines(_ occurrences: [Occurrence], days: ClosedRange<CalendarDay>, calendar: Calendar,
                      options: AgendaRenderOptions) -> [String] {
        let placed = DayOccurrences(occurrences, visibleDays: days, calendar: calendar, includesCancelled: options.showCancelled)
        var lines: [String] = []
        var listed = Set<Int>()
        for day in CalendarDay.days(in: days, calendar: calendar) {
            let today = dayLines(placed, day: day, calendar: calendar, options: options, skipping: listed)
            listed.formUnion(today.listed)
            guard !today.lines.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines += today.lines
        }
        if lines.isEmpty { lines.append(noEvents(days, options: options)) }
        return lines
    }

    /// One day of the agenda: its heading (unless `withHeading` is false: a later part of a day
    /// written in parts) and its occurrences (none when nothing is on it), the placements in
    /// `skipping` left out; `listed` names every placement the day showed. A multi-day
    /// occurrence shows with its span, and the caller skips it on later days.
    static func dayLines(_ placed: DayOccurrences, day: CalendarDay, calendar: Calendar, options: AgendaRenderOptions,
                         skipping: Set<Int> = [], heading withHeading: Bool = true) -> (lines: [String], listed: [Int]) {
        let today = placed.placements(on: day, skipping: skipping)
        guard !today.isEmpty else { return ([], []) }
        let dates = options.dates ?? LocalDates(calendar: calendar, hour12: false)
        var heading = dates.string(day, template: "EEE d MMM yyyy")
        // "· Today" when it fits the width (the heading itself is never cut).
        if let word = relativeDay(day, options: options) {
            let labelled = heading + (options.ascii ? " (\(word))" : " · \(word)")
            if TerminalText.width(labelled) <= options.width { heading = labelled }
        }
        var lines = withHeading ? [TerminalStyle(enabled: options.color).apply(heading, "1")] : []
        var details = DetailMemo()
        for placement in today {
            let until = placement.isMultiDay ? untilText(placement, dates: dates, calendar: calendar, strings: options.strings) : nil
            lines.append(entry(placement.occurrence, on: day, calendar: calendar, options: options, until: until))
            if options.details {
                // Under the title: the indent, the mark, a space, the time column and a space.
                let indent = 2 + (TodoState(placement.occurrence.incidence)?.mark(ascii: options.ascii).count ?? 1) + 1
                    + timeColumn(dates, options.strings) + 1
                lines += details.lines(placement.occurrence, indent: indent, width: options.width)
            }
        }
        return (lines, today.map(\.index))
    }

    /// "Today" or "Tomorrow" (in the user's language, capitalised as a heading's word) when
    /// `day` is today or the day after, else nil.
    static func relativeDay(_ day: CalendarDay, options: AgendaRenderOptions) -> String? {
        guard let today = options.today else { return nil }
        let word = day == CalendarDay(today) ? options.strings.today : day == CalendarDay(today.adding(days: 1)) ? options.strings.tomorrow : nil
        return word.map { $0.prefix(1).uppercased() + $0.dropFirst() }
    }

    /// "No events from … to …" in the user's language.
    static func noEvents(_ days: ClosedRange<CalendarDay>, options: AgendaRenderOptions) -> String {
        LocalStrings.fill(options.strings.noEvents, days.lowerBound.description, days.upperBound.description)
    }

    /// "until Fri, 1 Nov" (an all-day range's last day) or "until Sun, 6 Oct 02:00" (a timed one's end).
    static func untilText(_ placement: OccurrencePlacement, dates: LocalDates, calendar: Calendar, strings: LocalStrings) -> String {
        let occurrence = placement.occurrence
        // The year too when the span ends in another year than it began (a trip over New Year,
        // an event that runs for years): "until Thu, 30 Dec" would name the wrong one.
        let template = placement.days.upperBound.year == placement.days.lowerBound.year ? "EEEdMMM" : "EEEdMMMyyyy"
        let last: String
        if occurrence.isAllDay {
            last = dates.string(placement.days.upperBound, template: template)
        } else {
            let end = occurrence.end.date(in: calendar.timeZone)
            last = dates.string(end, template: template) + " " + dates.clock(end)
        }
        return LocalStrings.fill(strings.until, last)
    }

    /// The width of the time column: two clock times and a dash, or "all day" if wider.
    static func timeColumn(_ dates: LocalDates, _ strings: LocalStrings) -> Int {
        max(dates.hour12 ? 2 * dates.clockWidth + 1 : timeWidth - 1, TerminalText.width(strings.allDay)) + 1
    }

    /// One line: `  ● 09:00–09:30 Summary (until …) · Location [Calendar]`, cut to the width; a
    /// cancelled occurrence is marked `✗` (`[cancelled]` in ASCII); a to-do shows a box, `☐`
    /// open or `✓` done (`[ ]`, `[x]`), overdue ones highlighted and said so, done ones dimmed.
    static func entry(_ occurrence: Occurrence, on day: CalendarDay, calendar: Calendar, options: AgendaRenderOptions,
                      until: String? = nil) -> String {
        let style = TerminalStyle(enabled: options.color)
        let dates = options.dates ?? LocalDates(calendar: calendar, hour12: false)
        let time = TerminalText.fit(timeText(occurrence, on: day, calendar: calendar, ascii: options.ascii, dates: dates,
                                             allDay: options.strings.allDay), timeColumn(dates, options.strings))
        let color = DayDecoration.color(of: occurrence, calendars: options.calendars)
        let todo = TodoState(occurrence.incidence)
        let overdue = todo.map { !$0.isDone && (options.now.map { now in dueDate(occurrence, calendar: calendar).map { $0 < now } ?? false } ?? false) } ?? false
        let mark: String
        if let todo {
            mark = style.apply(todo.mark(ascii: options.ascii), overdue ? ["1", "31"] : [TerminalStyle.foreground(color)])
        } else {
            mark = style.apply(options.ascii ? "*" : "●", TerminalStyle.foreground(color))
        }
        // Feed text, made safe and read no further than the line can show.
        let limit = TerminalText.scanLimit(options.width)
        var title = occurrence.incidence.summary.map { TerminalText.safe($0, limit: limit) } ?? "(no title)"
        if occurrence.incidence.isCancelled { title = (options.ascii ? "[cancelled] " : "✗ ") + title }
        var span = ""
        if let until { span += " (\(until))" }
        if overdue { span += " (\(options.strings.overdue))" }
        var rest = ""
        if let location = occurrence.incidence.location, !location.isEmpty {
            rest += (options.ascii ? " @ " : " · ") + TerminalText.safe(location, limit: limit)
        }
        let tag = options.calendarNames[safe: occurrence.calendarIndex].map { " [\($0)]" } ?? ""
        let room = max(1, options.width - 3 - TerminalText.width(todo?.mark(ascii: options.ascii) ?? "*") - TerminalText.width(time) - 1)
        let shown = fitTitle(title, span: span, rest: rest, tag: tag, room: room, ellipsis: options.ascii ? "~" : "…")
        let line = "  " + mark + " " + time + " " + style.apply(shown, overdue ? ["1", "31"] : [])
        return todo?.isDone == true && options.color ? style.apply(TerminalText.stripANSI(line), "2") : line
    }

    /// `title + span + rest + tag` in `room` cells. The calendar's tag (` [Work]`) is kept whole
    /// while the title can keep at least 10 cells beside it: it tells calendars apart, which a
    /// cut title still does not hide. In the room left, the rest (location) is cut first, then
    /// the title, so that the span ("until …", "overdue") stays readable.
    static func fitTitle(_ title: String, span: String, rest: String, tag: String = "", room: Int, ellipsis: String) -> String {
        guard !tag.isEmpty else { return fitTitle(title, span: span, rest: rest, room: room, ellipsis: ellipsis) }
        let whole = title + span + rest + tag
        if TerminalText.width(whole) <= room { return whole }
        let inner = room - TerminalText.width(tag)
        // Too narrow to keep the tag beside 10 cells of title: it is cut with the location.
        guard inner >= 10 + TerminalText.width(span) else { return fitTitle(title, span: span, rest: rest + tag, room: room, ellipsis: ellipsis) }
        return fitTitle(title, span: span, rest: rest, room: inner, ellipsis: ellipsis) + tag
    }

    /// `title + span + rest` in `room` cells: when it is too long, the rest (location) is cut
    /// first, then the title, so that the span stays readable while the title keeps at least 10 cells.
    static func fitTitle(_ title: String, span: String, rest: String, room: Int, ellipsis: String) -> String {
        let whole = title + span + rest
        guard TerminalText.width(whole) > room, !span.isEmpty else { return TerminalText.truncate(whole, toWidth: room, ellipsis: ellipsis) }
        let kept = title + span
        if TerminalText.width(kept) <= room {
            return kept + TerminalText.truncate(rest, toWidth: room - TerminalText.width(kept), ellipsis: ellipsis)
        }
        let titleRoom = room - TerminalText.width(span)
        guard titleRoom >= 10 else { return TerminalText.truncate(whole, toWidth: room, ellipsis: ellipsis) }
        return TerminalText.truncate(title, toWidth: titleRoom, ellipsis: ellipsis) + span
    }

    /// When a to-do is due: its DUE, which is the occurrence's start when it has no DTSTART
    /// and its end otherwise; nil without a DUE.
    static func dueDate(_ occurrence: Occurrence, calendar: Calendar) -> Date? {
        guard occurrence.incidence.due != nil else { return nil }
        return (occurrence.incidence.start == nil ? occurrence.start : occurrence.end).date(in: calendar.timeZone)
    }

    /// "all day", "09:00–09:30", "22:00–…" (goes on past the day), "…–04:00" (began before it),
    /// or "…" (covers the whole day), in the calendar's zone. A timed event of exactly the day,
    /// midnight to midnight, reads "00:00–24:00" (the end of the day as ISO 8601 writes it, where
    /// "00:00–00:00" would read as no time at all); a 12-hour clock has no 24:00 and keeps its
    /// own "12:00 AM–12:00 AM".
    static func timeText(_ occurrence: Occurrence, on day: CalendarDay, calendar: Calendar, ascii: Bool,
                         dates: LocalDates? = nil, allDay: String = LocalStrings.english.allDay) -> String {
        if occurrence.isAllDay { return allDay }
        let dash = ascii ? "-" : "–"
        let more = ascii ? "..." : "…"
        let zone = calendar.timeZone
        let start = occurrence.start.date(in: zone)
        let end = occurrence.end.date(in: zone)
        let dayStart = day.startDate(in: calendar), nextDay = day.adding(days: 1, in: calendar).startDate(in: calendar)
        let startsToday = start >= dayStart
        let endsToday = end <= nextDay
        let clock = { (date: Date) in dates?.clock(date) ?? AgendaRenderer.clock(date, calendar) }
        if start == dayStart && end == nextDay && dates?.hour12 != true { return clock(start) + dash + "24:00" }
        switch (startsToday, endsToday) {
        case (true, true): return end > start ? clock(start) + dash + clock(end) : clock(start)
        case (true, false): return clock(start) + dash + more
        case (false, true): return more + dash + clock(end)
        case (false, false): return more
        }
    }

    /// "09:05": the wall-clock time of `date` in the calendar's zone.
    static func clock(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
