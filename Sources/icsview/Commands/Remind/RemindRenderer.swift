import Foundation
import ICSKit

/// The lines of `icsview remind`: `Mon 3 Jun 09:15  Stand-up in 15 min · DISPLAY` in the
/// display zone, or one JSON object per reminder.
struct RemindRenderer {
    let calendars: [ICalendar]
    /// The display calendar (zone and locale).
    let calendar: Calendar
    let rangeStart: Date
    private let names: [String?]
    private let formatter: DateFormatter
    private let longFormatter: DateFormatter

    init(calendars: [ICalendar], calendar: Calendar, rangeStart: Date) {
        self.calendars = calendars
        self.calendar = calendar
        self.rangeStart = rangeStart
        names = OccurrenceJSON.calendarNames(calendars)
        func make(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.locale = calendar.locale ?? Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
            return formatter
        }
        formatter = make("EEE d MMM HH:mm")
        longFormatter = make("EEE d MMM yyyy HH:mm")
    }

    /// `Mon 3 Jun 2024 09:15`, for the "no reminders" line.
    func stamp(_ date: Date) -> String { longFormatter.string(from: date) }

    // MARK: Text

    /// `Mon 3 Jun 09:15  Stand-up in 15 min · DISPLAY`; the year is shown when it is not the
    /// range's; marks for repetitions, snoozes, defaults and acknowledged reminders follow.
    func text(_ reminder: Reminder) -> String {
        let sameYear = calendar.component(.year, from: reminder.trigger) == calendar.component(.year, from: rangeStart)
        var line = (sameYear ? formatter : longFormatter).string(from: reminder.trigger) + "  "
        // Feed text, made safe for the terminal (and cut at 500 cells: a line, not a page).
        let title = reminder.incidence.summary ?? reminder.alarm.summary ?? reminder.alarm.notes
        line += title.map { TerminalText.safe($0, toWidth: 500) } ?? "(no title)"
        if let phrase = Self.phrase(reminder) { line += " " + phrase }
        // ACTION is feed text too (an x-name holds what the file wrote): made safe on its own.
        line += " · " + TerminalText.safe(reminder.action.rawValue, toWidth: 200)
        if reminder.repetition > 0 { line += " (repeat \(reminder.repetition))" }
        if reminder.isSnooze { line += " (snoozed)" }
        if reminder.isDefault { line += " (default)" }
        if reminder.isAcknowledged { line += " (acknowledged)" }
        if calendars.count > 1, let name = names[safe: reminder.calendarIndex] ?? nil {
            line += " [\(TerminalText.safe(URL(fileURLWithPath: name).lastPathComponent, toWidth: 200))]"
        }
        return line
    }

    /// ``text(_:)`` in lines of at most `width` cells, broken between words; the lines after the
    /// first are indented under the title (after the time and its two spaces).
    func lines(_ reminder: Reminder, width: Int) -> [String] {
        let line = text(reminder)
        guard TerminalText.width(line) > width, let gap = line.range(of: "  ") else { return [line] }
        let stamp = String(line[..<gap.upperBound])
        let indent = TerminalText.width(stamp)
        let parts = EventFacts.wrap(String(line[gap.upperBound...]), width: max(20, width - indent))
        let pad = String(repeating: " ", count: indent)
        return parts.enumerated().map { ($0.offset == 0 ? stamp : pad) + $0.element }
    }

    /// How the trigger stands to what it is relative to: `in 15 min`, `now`, `started 5 min ago`;
    /// `ends in 10 min` (RELATED=END); `due in 1 day`, `overdue by 2 h` (a to-do's DUE). Nil for
    /// an absolute trigger (not tied to one occurrence).
    static func phrase(_ reminder: Reminder) -> String? {
        guard let occurrence = reminder.occurrence, let anchor = reminder.anchor,
              case .relative(_, let toEnd)? = reminder.alarm.trigger else { return nil }
        let seconds = Int(anchor.timeIntervalSince(reminder.trigger).rounded())
        let isDue = toEnd && occurrence.incidence.kind == .todo
        if seconds == 0 { return isDue ? "due now" : toEnd ? "ends now" : "now" }
        let span = length(abs(seconds))
        if seconds > 0 { return isDue ? "due in \(span)" : toEnd ? "ends in \(span)" : "in \(span)" }
        return isDue ? "overdue by \(span)" : toEnd ? "ended \(span) ago" : "started \(span) ago"
    }

    /// `15 min`, `1 h 30 min`, `2 days`, `1 week`.
    static func length(_ seconds: Int) -> String {
        if seconds % (7 * 86_400) == 0 { let w = seconds / (7 * 86_400); return "\(w) week" + (w == 1 ? "" : "s") }
        if seconds % 86_400 == 0 { let d = seconds / 86_400; return "\(d) day" + (d == 1 ? "" : "s") }
        let h = seconds / 3600, m = seconds % 3600 / 60, s = seconds % 60
        var parts: [String] = []
        if seconds >= 86_400 {
            let d = seconds / 86_400
            parts.append("\(d) day" + (d == 1 ? "" : "s"))
            if h % 24 != 0 { parts.append("\(h % 24) h") }
        } else if h > 0 {
            parts.append("\(h) h")
        }
        if m > 0 { parts.append("\(m) min") }
        if parts.isEmpty || (s > 0 && seconds < 60) { parts.append("\(s) s") }
        return parts.joined(separator: " ")
    }

    // MARK: JSON

    /// One object: `uid`, `recurrenceId`, `component`, `summary`, `action`, `trigger` (UTC, `…Z`),
    /// `triggerEpoch`, `occurrenceStart` (in the agenda's forms; null for an absolute trigger),
    /// `repeat` (0 for the first), `description`, `acknowledged`, `calendar`, `default`, `snooze`.
    func json(_ reminder: Reminder, to out: inout JSONBytes) {
        let incidence = reminder.incidence
        let epoch = Int(reminder.trigger.timeIntervalSince1970.rounded(.down))
        out.byte(UInt8(ascii: "{"))
        out.key("uid", first: true)
        out.string(incidence.uid)
        out.key("recurrenceId")
        if let rid = reminder.recurrenceID { OccurrenceJSON.time(rid, to: &out) } else { out.literal("null") }
        out.key("component")
        out.string(incidence.kind.rawValue)
        out.key("summary")
        out.string(incidence.summary)
        out.key("action")
        out.string(reminder.action.rawValue)
        out.key("trigger")
        OccurrenceJSON.time(.instant(secondsSinceEpoch: epoch, utcOffset: 0, zone: nil), to: &out)
        out.key("triggerEpoch")
        out.int(epoch)
        out.key("occurrenceStart")
        if let start = reminder.occurrence?.start { OccurrenceJSON.time(start, to: &out) } else { out.literal("null") }
        out.key("repeat")
        out.int(reminder.repetition)
        out.key("description")
        out.string(reminder.alarm.notes)
        out.key("acknowledged")
        out.literal(reminder.isAcknowledged ? "true" : "false")
        out.key("calendar")
        out.string(names[safe: reminder.calendarIndex] ?? nil)
        out.key("default")
        out.literal(reminder.isDefault ? "true" : "false")
        out.key("snooze")
        out.literal(reminder.isSnooze ? "true" : "false")
        out.byte(UInt8(ascii: "}"))
    }
}
