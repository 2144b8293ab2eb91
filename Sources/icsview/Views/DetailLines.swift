import Foundation
import ICSKit

/// `--details`: the lines printed under an event in the agenda, `search` and `remind`: its
/// location, meeting link, URL, organizer, attendees with their answers, how it repeats (in
/// words) and its alarms, each wrapped at the width and indented under the title. The words are
/// the full-screen details' own (``EventFacts``); every feed text passes through
/// ``TerminalText/safe(_:lineBreak:limit:)``.
///
/// ```
///   ● 09:30–09:45 Stand-up · Room Spree [Team]
///                 Location:  Room Spree, 3rd floor, Berlin
///                 Meeting:   https://meet.google.com/abc-defg-hij (Google Meet)
///                 Organizer: Ann Example <ann@example.com>
///                 Attendees: Bob <bob@example.com> (accepted), dan@example.com (not answered)
///                 Repeats:   every week on Mon, Wed until 28 Jun 2024
///                 Alarms:    15 minutes before the start (display)
/// ```
enum DetailLines {
    /// The detail lines of `incidence` (none when it has nothing to tell), each starting with
    /// `indent` spaces and at most `width` cells wide (narrower only for a word that cannot be cut).
    static func lines(_ incidence: Incidence, indent: Int, width: Int) -> [String] {
        var fields: [(String, String)] = []
        func add(_ label: String, _ value: String?) {
            guard let value else { return }
            let text = TerminalText.safe(value).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { fields.append((label, text)) }
        }
        add("Location", incidence.location)
        let link = MeetingLink.first(in: incidence)
        add("Meeting", EventFacts.meeting(incidence))
        if incidence.url != link?.url { add("URL", incidence.url) }
        add("Organizer", incidence.organizer.map(EventFacts.person))
        if !incidence.attendees.isEmpty {
            add("Attendees", EventFacts.listed(incidence.attendees, limit: EventFacts.listedAttendees) {
                EventFacts.person($0) + " (" + EventFacts.answer($0.participationStatus) + ")"
            }.joined(separator: ", "))
        }
        add("Repeats", EventFacts.repeats(incidence))
        if !incidence.alarms.isEmpty {
            add("Alarms", EventFacts.alarmTexts(incidence.alarms, isTodo: incidence.kind == .todo).joined(separator: "; "))
        }
        let labelWidth = (fields.map { $0.0.count }.max() ?? 0) + 2
        let pad = String(repeating: " ", count: indent)
        let blank = String(repeating: " ", count: labelWidth)
        return fields.flatMap { label, value in
            EventFacts.wrap(value, width: max(20, width - indent - labelWidth)).enumerated().map { index, line in
                pad + (index == 0 ? (label + ":").padding(toLength: labelWidth, withPad: " ", startingAt: 0) : blank) + line
            }
        }
    }
}

/// The detail lines of occurrences, made once for those that share an incidence (a series' master
/// and its instances): the lines depend on the incidence alone, and making them scans its texts for
/// a meeting link. A minutely series with a 180 KB description gave 1,440 scans a day (1.7 s).
/// Holds at most ``capacity`` incidences' lines, then starts again.
struct DetailMemo {
    static let capacity = 4_096
    /// By the identity of the box the occurrences share (kept alive, so that it is not reused).
    private var made: [ObjectIdentifier: (box: AnyObject, indent: Int, width: Int, lines: [String])] = [:]

    /// ``DetailLines/lines(_:indent:width:)`` of `occurrence`'s incidence.
    mutating func lines(_ occurrence: Occurrence, indent: Int, width: Int) -> [String] {
        let box = occurrence.sharedIncidenceKey
        let key = ObjectIdentifier(box)
        if let known = made[key], known.indent == indent, known.width == width { return known.lines }
        let lines = DetailLines.lines(occurrence.incidence, indent: indent, width: width)
        if made.count >= Self.capacity { made.removeAll(keepingCapacity: true) }
        made[key] = (box, indent, width, lines)
        return lines
    }
}
