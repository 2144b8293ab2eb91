import Foundation
import ICSKit

/// One occurrence's details, as lines: title, time in the display zone and in the event's own
/// zone, recurrence in words, location, the meeting link found in it (``EventFacts``), URL, organizer, attendees
/// with their answers (PARTSTAT), alarms, the calendar, status and the description. Every piece of
/// feed text goes through ``TerminalText/safe(_:lineBreak:limit:)``.
enum EventDetails {
    /// The lines of `occurrence`'s details, `width` cells wide at most.
    static func lines(_ occurrence: Occurrence, calendarName: String?, calendar: Calendar, dates: LocalDates,
                      width: Int, style: TerminalStyle) -> [String] {
        let event = occurrence.incidence
        var lines: [String] = [style.apply(TerminalText.safe(event.summary ?? "(no title)"), "1"), ""]
        func field(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            let label = TerminalText.fit(name, 12)
            lines += EventFacts.wrap(TerminalText.safe(value), width: max(10, width - 12)).enumerated().map { index, part in
                (index == 0 ? label : String(repeating: " ", count: 12)) + part
            }
        }
        field("When", when(occurrence, calendar: calendar, dates: dates, zone: calendar.timeZone))
        if let own = ownZone(occurrence), own.identifier != calendar.timeZone.identifier {
            var local = calendar
            local.timeZone = own
            let ownDates = LocalDates(calendar: local, hour12: false)
            field("Own zone", when(occurrence, calendar: local, dates: ownDates, zone: own))
        }
        field("Repeats", EventFacts.repeats(event))
        if event.recurrenceID != nil { field("Changed", "this occurrence differs from its series") }
        field("Location", event.location)
        field("Meeting", EventFacts.meeting(event))
        field("URL", event.url)
        field("Organizer", event.organizer.map(EventFacts.person))
        let attendees = EventFacts.listed(event.attendees, limit: EventFacts.listedAttendees) {
            EventFacts.person($0) + " — " + EventFacts.answer($0.participationStatus)
        }
        for (index, text) in attendees.enumerated() {
            field(index == 0 ? "Attendees" : "", text)
        }
        for (index, text) in EventFacts.alarmTexts(event.alarms, isTodo: event.kind == .todo).enumerated() {
            field(index == 0 ? "Alarms" : "", text)
        }
        field("Calendar", calendarName)
        if let status = event.status { field("Status", status.rawValue.lowercased()) }
        if !event.categories.isEmpty { field("Categories", event.categories.joined(separator: ", ")) }
        if let notes = event.notes, !notes.isEmpty {
            lines.append("")
            for paragraph in notes.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += EventFacts.wrap(TerminalText.safe(paragraph), width: max(10, width))
            }
        }
        return lines.map { TerminalText.stripANSI($0) == $0 ? TerminalText.truncate($0, toWidth: width) : $0 }
    }

    /// "Thu, 10 Oct 2024 09:00–10:00 (Europe/Berlin)", "Thu, 10 Oct 2024, all day", or a span over days.
    static func when(_ occurrence: Occurrence, calendar: Calendar, dates: LocalDates, zone: TimeZone) -> String {
        let start = occurrence.start.date(in: zone), end = occurrence.end.date(in: zone)
        let firstDay = CalendarDay(containing: start, in: calendar)
        if occurrence.isAllDay {
            let last = CalendarDay(containing: end.addingTimeInterval(-1), in: calendar)
            let first = dates.string(firstDay, template: "EEE d MMM yyyy")
            return last <= firstDay ? first + ", all day" : first + " – " + dates.string(last, template: "EEE d MMM yyyy")
        }
        let lastDay = CalendarDay(containing: end, in: calendar)
        let head = dates.string(firstDay, template: "EEE d MMM yyyy") + " " + dates.clock(start)
        let tail = lastDay == firstDay || end == start ? "–" + dates.clock(end)
            : " – " + dates.string(lastDay, template: "EEE d MMM yyyy") + " " + dates.clock(end)
        let floating = if case .floating = occurrence.start { true } else { false }
        return head + (end == start ? "" : tail) + (floating ? " (floating)" : " (\(zone.identifier))")
    }

    /// The zone the event was written in (its DTSTART's TZID), when it names a known one.
    static func ownZone(_ occurrence: Occurrence) -> TimeZone? {
        guard case .instant(_, _, let zone?) = occurrence.start else { return nil }
        return TimeZoneNames.displayTimeZone(named: zone)
    }
}
