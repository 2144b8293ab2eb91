import Foundation
import ICSKit

/// One occurrence's details, as lines: title, time in the display zone and in the event's own
/// zone, recurrence in words, location, the meeting link found in it, URL, organizer, attendees
/// with their answers (PARTSTAT), alarms, the calendar, status and the description. Every piece of
/// feed text goes through ``TerminalText/safe(_:lineBreak:limit:)``.
enum EventDetails {
    /// The hosts whose links are online meetings.
    static let meetingHosts = ["zoom.us", "meet.google.com", "teams.microsoft.com", "teams.live.com", "webex.com",
                               "whereby.com", "meet.jit.si", "gotomeeting.com", "bluejeans.com", "chime.aws"]

    /// The lines of `occurrence`'s details, `width` cells wide at most.
    static func lines(_ occurrence: Occurrence, calendarName: String?, calendar: Calendar, dates: LocalDates,
                      width: Int, style: TerminalStyle) -> [String] {
        let event = occurrence.incidence
        var lines: [String] = [style.apply(TerminalText.safe(event.summary ?? "(no title)"), "1"), ""]
        func field(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            let label = TerminalText.fit(name, 12)
            lines += wrap(TerminalText.safe(value), width: max(10, width - 12)).enumerated().map { index, part in
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
        if let rule = event.recurrenceRules.first {
            var text = RecurrenceText.words(rule, start: event.start?.date)
            if event.recurrenceRules.count > 1 { text += " (and \(event.recurrenceRules.count - 1) more rules)" }
            if !event.recurrenceDates.isEmpty { text += ", and \(event.recurrenceDates.count) more dates" }
            if !event.exceptionDates.isEmpty { text += ", except \(event.exceptionDates.count) dates" }
            field("Repeats", text)
        } else if !event.recurrenceDates.isEmpty {
            field("Repeats", "on \(event.recurrenceDates.count + 1) dates")
        }
        if event.recurrenceID != nil { field("Changed", "this occurrence differs from its series") }
        field("Location", event.location)
        field("Meeting", meetingLink(event))
        field("URL", event.url)
        field("Organizer", event.organizer.map(person))
        for (index, attendee) in event.attendees.enumerated() {
            field(index == 0 ? "Attendees" : "", person(attendee) + " — " + answer(attendee.participationStatus))
        }
        for (index, alarm) in event.alarms.enumerated() {
            field(index == 0 ? "Alarms" : "", alarmText(alarm))
        }
        field("Calendar", calendarName)
        if let status = event.status { field("Status", status.rawValue.lowercased()) }
        if !event.categories.isEmpty { field("Categories", event.categories.joined(separator: ", ")) }
        if let notes = event.notes, !notes.isEmpty {
            lines.append("")
            for paragraph in notes.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += wrap(TerminalText.safe(paragraph), width: max(10, width))
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

    /// The first link to an online meeting in the event's URL, location, description or
    /// conference properties (Google's X-GOOGLE-CONFERENCE, Microsoft's X-MICROSOFT-SKYPETEAMSMEETINGURL).
    static func meetingLink(_ event: Incidence) -> String? {
        let conference = event.otherProperties.filter {
            ["CONFERENCE", "X-GOOGLE-CONFERENCE", "X-MICROSOFT-SKYPETEAMSMEETINGURL", "X-MICROSOFT-ONLINEMEETINGCONFLINK"]
                .contains($0.name.uppercased())
        }.map(\.value)
        for text in conference + [event.url, event.location, event.notes].compactMap({ $0 }) {
            for link in links(in: text) where meetingHosts.contains(where: { host(of: link)?.hasSuffix($0) == true }) {
                return link
            }
        }
        return nil
    }

    /// The http(s) links in `text`.
    static func links(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace || "<>\"'()[]".contains($0) }).compactMap { word in
            let lower = word.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
            return String(word).trimmingCharacters(in: CharacterSet(charactersIn: ".,;"))
        }
    }

    private static func host(of link: String) -> String? {
        URL(string: link)?.host?.lowercased()
    }

    /// "Ada Lovelace <ada@example.com>", or the address alone.
    static func person(_ user: CalendarUser) -> String {
        let address = user.email ?? user.address
        guard let name = user.commonName, !name.isEmpty else { return address }
        return "\(name) <\(address)>"
    }

    /// An attendee's answer in words.
    static func answer(_ status: ParticipationStatus) -> String {
        switch status {
        case .accepted: return "accepted"
        case .declined: return "declined"
        case .tentative: return "tentative"
        case .delegated: return "delegated"
        case .needsAction: return "not answered"
        default: return status.rawValue.lowercased()
        }
    }

    /// "15 minutes before the start", "at 2024-10-10 08:00 UTC".
    static func alarmText(_ alarm: Alarm) -> String {
        let action = alarm.action.map { " (\($0.rawValue.lowercased()))" } ?? ""
        switch alarm.trigger {
        case .relative(let duration, let toEnd)?:
            let seconds = duration.nominalDays * 86_400 + duration.exactSeconds
            let anchor = toEnd ? "the end" : "the start"
            if seconds == 0 { return "at \(anchor)" + action }
            return amount(abs(seconds)) + (seconds < 0 ? " before " : " after ") + anchor + action
        case .absolute(let time)?:
            return "at \(time.civil)" + action
        case nil:
            return "no trigger" + action
        }
    }

    /// "15 minutes", "1 hour 30 minutes", "2 days".
    private static func amount(_ seconds: Int) -> String {
        var parts: [String] = []
        let units = [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        var rest = seconds
        for (size, name) in units where rest >= size {
            let n = rest / size
            rest %= size
            parts.append("\(n) \(name)\(n == 1 ? "" : "s")")
        }
        return parts.joined(separator: " ")
    }

    /// `text` cut into lines of at most `width` cells, at spaces where it can.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if TerminalText.width(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = word
            while TerminalText.width(line) > width {
                let head = TerminalText.truncate(line, toWidth: width, ellipsis: "")
                lines.append(head)
                line = String(line.dropFirst(head.count))
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
