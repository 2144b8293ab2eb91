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
    /// A class: the lists sort, filter and walk hundreds of thousands of them, and a copy of the
    /// values (an occurrence and an incidence of some forty fields) was most of `--todos`.
    final class Item {
        let occurrence: Occurrence?
        let incidence: Incidence
        let calendarIndex: Int
        let due: Date?
        let dueIsDate: Bool

        init(occurrence: Occurrence?, incidence: Incidence, calendarIndex: Int, due: Date?, dueIsDate: Bool) {
            self.occurrence = occurrence
            self.incidence = incidence
            self.calendarIndex = calendarIndex
            self.due = due
            self.dueIsDate = dueIsDate
        }
    }

    /// The open to-dos of `calendars`: dated ones from the expansion over `window`
    /// (a recurring one by its first instance due at or after `now`, else its last), then the
    /// ones with neither DTSTART nor DUE.
    static func items(_ calendars: [ICalendar], window: ClosedRange<Date>, now: Date, zone: TimeZone) -> (items: [Item], diagnostics: [Diagnostic]) {
        let todosOnly = calendars.map { calendar -> ICalendar in
            var copy = calendar
            copy.events = []
            copy.todos = calendar.todos.filter { TodoState($0)?.isDone == false && !$0.isCancelled }
            return copy
        }
        var calendarOfZone = Calendar(identifier: .gregorian)
        calendarOfZone.timeZone = zone
        // One item a to-do, chosen as its instances stream by: they were collected first, at most
        // 250,000 in all, so that a list of 300,000 to-dos lost 50,000 with no word (and held
        // 1.2 GB).
        var chosen: [Item] = []
        var place: [String: Int] = [:]
        var position = 0
        let diagnostics = OccurrenceExpansion(calendars: todosOnly, from: window.lowerBound, to: window.upperBound,
                                              viewerTimeZone: zone).collect { occurrence in
            defer { position += 1 }
            guard TodoState(occurrence.incidence)?.isDone == false else { return }
            let due = AgendaRenderer.dueDate(occurrence, calendar: calendarOfZone)
                ?? occurrence.start.date(in: zone)
            let key = "\(occurrence.calendarIndex)\u{1F}" + (occurrence.incidence.uid ?? "#\(position)")
            // Made only when it is kept (it copies the to-do).
            let item = { Item(occurrence: occurrence, incidence: occurrence.incidence, calendarIndex: occurrence.calendarIndex,
                              due: due, dueIsDate: occurrence.isAllDay) }
            guard let index = place[key] else {
                place[key] = chosen.count
                chosen.append(item())
                return
            }
            // Keep the first instance due at or after now; failing that, the latest one.
            let oldDue = chosen[index].due ?? .distantPast
            if (oldDue < now && (due >= now || due > oldDue)) || (oldDue >= now && due >= now && due < oldDue) {
                chosen[index] = item()
            }
        }
        // By due time, then priority (1 first; unset last), then file order; indices sorted, not
        // the items themselves.
        let dated = chosen.indices.sorted { a, b in
            (chosen[a].due ?? .distantFuture, rank(chosen[a].incidence), a) < (chosen[b].due ?? .distantFuture, rank(chosen[b].incidence), b)
        }.map { chosen[$0] }
        var undated: [Item] = []
        for (index, calendar) in todosOnly.enumerated() {
            for todo in calendar.todos where todo.start == nil && todo.due == nil {
                undated.append(Item(occurrence: nil, incidence: todo, calendarIndex: index, due: nil, dueIsDate: false))
            }
        }
        let ranked = undated.indices.sorted { (rank(undated[$0].incidence), $0) < (rank(undated[$1].incidence), $1) }.map { undated[$0] }
        return (dated + ranked, diagnostics)
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
        // Formatted once per due time: the list is in due order, and a long one has many to-dos
        // due at the same time (300,000 to-dos were 600,000 calls of the formatter).
        var formatted: [Date: (day: String, time: String)] = [:]
        func texts(_ due: Date) -> (day: String, time: String) {
            if let known = formatted[due] { return known }
            let made = (dates.string(due, template: "EEEdMMMyyyy"), dates.clock(due))
            if formatted.count < 4_096 { formatted[due] = made }
            return made
        }
        let dayTexts = items.map { item in item.due.map { texts($0).day } ?? "" }
        let timeTexts = items.map { item -> String in
            guard let due = item.due else { return "" }
            return item.dueIsDate ? options.strings.allDay : texts(due).time
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
