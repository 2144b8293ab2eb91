import Foundation
import ICSKit

/// What an event's details say, in words, shared by the full-screen details (`Browse/EventDetails`)
/// and the lines `--details` prints under an event (``DetailLines``): people and their answers,
/// alarms, how it repeats, its meeting link, and text wrapped to a width. The feed text in the
/// texts returned (a name, an address, an unknown PARTSTAT or ACTION) is made safe each piece on
/// its own (``TerminalText/safe(_:lineBreak:limit:)``): a name ending in U+009B would otherwise take
/// the address and the answer after it with it when the whole line is made safe.
enum EventFacts {
    /// "Ada Lovelace <ada@example.com>", or the address alone.
    static func person(_ user: CalendarUser) -> String {
        let address = TerminalText.safe(user.email ?? user.address)
        guard let name = user.commonName, !name.isEmpty else { return address }
        return "\(TerminalText.safe(name)) <\(address)>"
    }

    /// An attendee's answer (PARTSTAT) in words.
    static func answer(_ status: ParticipationStatus) -> String {
        switch status {
        case .accepted: return "accepted"
        case .declined: return "declined"
        case .tentative: return "tentative"
        case .delegated: return "delegated"
        case .needsAction: return "not answered"
        default: return TerminalText.safe(status.rawValue.lowercased())
        }
    }

    /// "15 minutes before the start (display)", "at 2024-10-10 08:00:00 (email)"; the anchor of
    /// a to-do's end trigger is its due time (RFC 5545 3.8.6.3).
    static func alarmText(_ alarm: Alarm, isTodo: Bool = false) -> String {
        let action = alarm.action.map { " (\(TerminalText.safe($0.rawValue.lowercased())))" } ?? ""
        switch alarm.trigger {
        case .relative(let duration, let toEnd)?:
            let seconds = duration.nominalDays * 86_400 + duration.exactSeconds
            let anchor = toEnd ? (isTodo ? "the due time" : "the end") : "the start"
            if seconds == 0 { return "at \(anchor)" + action }
            return amount(abs(seconds)) + (seconds < 0 ? " before " : " after ") + anchor + action
        case .absolute(let time)?:
            return "at \(time.civil)" + action
        case nil:
            return "no trigger" + action
        }
    }

    /// The most alarms the details list one by one; the rest are counted (`and 9990 more`). An
    /// event of 10,000 alarms was 680 KB of details on every occurrence (two days of a minutely
    /// series: gigabytes), where no calendar we know holds more than a few alarms an event.
    static let listedAlarms = 10

    /// The most attendees the details list one by one; the rest are counted. A meeting of a
    /// few hundred is listed whole; 20,000 were 900 KB of details on every occurrence.
    static let listedAttendees = 200

    /// The alarms in words (``alarmText(_:isTodo:)``): the first ``listedAlarms``, then
    /// `and N more` when there are more.
    /// - Complexity: O(``listedAlarms``).
    static func alarmTexts(_ alarms: [Alarm], isTodo: Bool) -> [String] {
        listed(alarms, limit: listedAlarms) { alarmText($0, isTodo: isTodo) }
    }

    /// The first `limit` items as `text` words them, then `and N more` when there are more.
    /// - Complexity: O(`limit`).
    static func listed<Item>(_ items: [Item], limit: Int, _ text: (Item) -> String) -> [String] {
        let shown = items.prefix(limit).map(text)
        return items.count > limit ? shown + ["and \(items.count - limit) more"] : shown
    }

    /// "15 minutes", "1 hour 30 minutes", "2 days".
    static func amount(_ seconds: Int) -> String {
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

    /// How `event` repeats, in words (``RecurrenceText``), with its extra RDATEs and EXDATEs
    /// counted; nil when it does not repeat.
    static func repeats(_ event: Incidence) -> String? {
        if let rule = event.recurrenceRules.first {
            var text = RecurrenceText.words(rule, start: event.start?.date)
            if event.recurrenceRules.count > 1 { text += " (and \(event.recurrenceRules.count - 1) more rules)" }
            if !event.recurrenceDates.isEmpty { text += ", and \(event.recurrenceDates.count) more dates" }
            if !event.exceptionDates.isEmpty { text += ", except \(event.exceptionDates.count) dates" }
            return text
        }
        return event.recurrenceDates.isEmpty ? nil : "on \(event.recurrenceDates.count + 1) dates"
    }

    /// The event's link to join an online meeting (ICSKit's ``MeetingLink``), with its service's
    /// name: "https://meet.google.com/abc-defg-hij (Google Meet)".
    static func meeting(_ event: Incidence) -> String? {
        guard let link = MeetingLink.first(in: event) else { return nil }
        return TerminalText.safe(link.url) + (link.provider.map { " (\($0.name))" } ?? "")
    }

    /// `text` cut into lines of at most `width` cells, at spaces where it can; a word longer
    /// than a line is cut.
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
