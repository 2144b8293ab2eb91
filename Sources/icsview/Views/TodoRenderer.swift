import Foundation
import ICSKit

/// Whether a VTODO is done, and the box that shows it.
struct TodoState {
    /// STATUS:COMPLETED, a COMPLETED time or PERCENT-COMPLETE:100 (``Incidence/isCompletedTodo``,
    /// which the calendar pages read too).
    var isDone: Bool

    /// The state of `incidence`, or nil when it is not a to-do. (Borrowed: an occurrence lends
    /// its incidence, which a line of every agenda entry would otherwise copy.)
    init?(_ incidence: borrowing Incidence) {
        guard incidence.kind == .todo else { return nil }
        isDone = incidence.isCompletedTodo
    }

    /// `☐` or `✓` (`[ ]` or `[x]` in ASCII).
    func mark(ascii: Bool) -> String {
        ascii ? (isDone ? "[x]" : "[ ]") : (isDone ? "✓" : "☐")
    }
}

/// `--todos`: the open to-dos of every calendar, one line each, by due date (undated ones
/// last, in file order): the box, the due day and time, the title (overdue ones highlighted
/// and said so) and, when several calendars are shown, the calendar's name.
enum TodoRenderer {
    /// One to-do to list: the instance (the next open one of a recurring to-do) and when it is due.
    struct Item {
        var occurrence: Occurrence?
        var incidence: Incidence
        var calendarIndex: Int
        var due: Date?
        var dueIsDate: Bool
    }

    /// The open to-dos of `calendars`: dated ones from the expansion over `window`
    /// (a recurring one by its first instance due at or after `now`, else its last), then the
    /// ones with neither DTSTART nor DUE.
    static func items(_ calendars: [ICalendar], window: ClosedRange<Date>, now: Date, zone: TimeZone) -> [Item] {
        let todosOnly = calendars.map { calendar -> ICalendar in
            var copy = calendar
            copy.events = []
            copy.todos = calendar.todos.filter { TodoState($0)?.isDone == false && !$0.isCancelled }
            return copy
        }
        let (occurrences, _) = OccurrenceExpansion(calendars: todosOnly, from: window.lowerBound, to: window.upperBound,
                                                   viewerTimeZone: zone).collect()
        var calendarOfZone = Calendar(identifier: .gregorian)
        calendarOfZone.timeZone = zone
        var chosen: [String: Item] = [:]
        var order: [String] = []
        for (position, occurrence) in occurrences.enumerated() where TodoState(occurrence.incidence)?.isDone == false {
            let due = AgendaRenderer.dueDate(occurrence, calendar: calendarOfZone)
                ?? occurrence.start.date(in: zone)
            let key = "\(occurrence.calendarIndex)\u{1F}" + (occurrence.incidence.uid ?? "#\(position)")
            let item = Item(occurrence: occurrence, incidence: occurrence.incidence, calendarIndex: occurrence.calendarIndex,
                            due: due, dueIsDate: occurrence.isAllDay)
            guard let old = chosen[key] else {
                chosen[key] = item
                order.append(key)
                continue
            }
            // Keep the first instance due at or after now; failing that, the latest one.
            let oldDue = old.due ?? .distantPast
            if oldDue < now && (due >= now || due > oldDue) { chosen[key] = item }
            if oldDue >= now && due >= now && due < oldDue { chosen[key] = item }
        }
        // By due time, then priority (1 first; unset last), then file order.
        let dated = order.compactMap { chosen[$0] }.enumerated()
            .sorted { ($0.element.due ?? .distantFuture, rank($0.element.incidence), $0.offset)
                < ($1.element.due ?? .distantFuture, rank($1.element.incidence), $1.offset) }
            .map(\.element)
        var undated: [Item] = []
        for (index, calendar) in todosOnly.enumerated() {
            for todo in calendar.todos where todo.start == nil && todo.due == nil {
                undated.append(Item(occurrence: nil, incidence: todo, calendarIndex: index, due: nil, dueIsDate: false))
            }
        }
        let ranked = undated.enumerated().sorted { (rank($0.element.incidence), $0.offset) < (rank($1.element.incidence), $1.offset) }.map(\.element)
        return dated + ranked
    }

    /// PRIORITY 1 (highest) to 9; nil for 0 or none (RFC 5545 3.8.1.9: 0 is undefined).
    static func priority(_ incidence: Incidence) -> Int? {
        incidence.priority.flatMap { (1...9).contains($0) ? $0 : nil }
    }

    /// The sort rank of a priority: 1 … 9, then undefined as 10.
    private static func rank(_ incidence: Incidence) -> Int {
        priority(incidence) ?? 10
    }

    /// The lines of the list, or the "No open to-dos." line.
    static func render(_ items: [Item], now: Date, calendar: Calendar, options: AgendaRenderOptions) -> String {
        guard !items.isEmpty else { return options.strings.noTodos + "\n" }
        let style = TerminalStyle(enabled: options.color)
        let dates = options.dates ?? LocalDates(calendar: calendar, hour12: false)
        let dayTexts = items.map { item in item.due.map { dates.string($0, template: "EEEdMMMyyyy") } ?? "" }
        let timeTexts = items.map { item -> String in
            guard let due = item.due else { return "" }
            return item.dueIsDate ? options.strings.allDay : dates.clock(due)
        }
        let dayWidth = dayTexts.map(TerminalText.width).max() ?? 0
        let timeWidth = timeTexts.map(TerminalText.width).max() ?? 0
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            let overdue = item.due.map { $0 < now } ?? false
            let box = TodoState(item.incidence)?.mark(ascii: options.ascii) ?? "-"
            let title = item.incidence.summary.map { TerminalText.safe($0, limit: TerminalText.scanLimit(options.width)) } ?? "(no title)"
            let span = overdue ? " (\(options.strings.overdue))" : ""
            let tag = options.calendarNames[safe: item.calendarIndex].map { " [\($0)]" } ?? ""
            let head = "  " + box + " " + TerminalText.fit(dayTexts[index], dayWidth) + " " + TerminalText.fit(timeTexts[index], timeWidth) + " "
            let room = max(1, options.width - TerminalText.width(head))
            // The calendar's tag is kept; the title is cut first.
            let shown = AgendaRenderer.fitTitle(title, span: span, rest: "", tag: tag, room: room, ellipsis: options.ascii ? "~" : "…")
            let line = head + shown
            lines.append(overdue ? style.apply(line, "1", "31") : line)
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }
}
