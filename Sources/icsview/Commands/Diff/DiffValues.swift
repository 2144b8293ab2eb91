import Foundation
import ICSKit

/// The old and new values of a changed property, written for people: texts quoted, times in
/// the agenda's form (`Wed 12 Jun 2024 11:00` in the display zone), lists joined by commas.
struct DiffValues {
    let calendar: Calendar
    let dates: LocalDates

    /// The longest text shown for one value; longer ones end in `…`.
    static let maxLength = 72

    /// `SUMMARY: "Design review" → "Design review (moved)"`, or nil for a property whose
    /// values are not shown (alarms, other components: the header line names them). A list
    /// (EXDATE, RDATE, CATEGORIES, ATTENDEE) says only what was added and removed:
    /// `EXDATE: added Tue 18 Jun 2024; removed Mon 3 Jun 2024`. Each value is made safe for the
    /// terminal on its own (``TerminalText/safe(_:lineBreak:limit:)``): an old value ending in
    /// U+009B would otherwise take the arrow and the new value with it.
    func line(_ field: CalendarDiff.Field, old: Incidence, new: Incidence) -> String? {
        if let before = items(field, of: old), let after = items(field, of: new) {
            let added = after.filter { !before.contains($0) }, removed = before.filter { !after.contains($0) }
            var parts: [String] = []
            if !added.isEmpty { parts.append("added " + added.map { TerminalText.safe($0) }.joined(separator: ", ")) }
            if !removed.isEmpty { parts.append("removed " + removed.map { TerminalText.safe($0) }.joined(separator: ", ")) }
            // The same items in another order (or written twice): said as it is.
            if parts.isEmpty { parts.append("the same items, reordered") }
            return "\(field): " + parts.joined(separator: "; ")
        }
        guard let before = value(field, of: old), let after = value(field, of: new) else { return nil }
        return "\(field): \(TerminalText.safe(before)) → \(TerminalText.safe(after))"
    }

    /// The value of `field` in `incidence` as written in a line; `(none)` when absent.
    func value(_ field: CalendarDiff.Field, of incidence: Incidence) -> String? {
        func text(_ value: String?) -> String { value.map(quoted) ?? "(none)" }
        func time(_ value: TimeValue?) -> String { value.map(human) ?? "(none)" }
        func list(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.joined(separator: ", ") }
        switch field.rawValue {
        case "DTSTART": return time(incidence.start)
        case "DTEND": return time(incidence.end)
        case "DUE": return time(incidence.due)
        case "COMPLETED": return time(incidence.completed)
        case "CREATED": return time(incidence.created)
        case "SUMMARY": return text(incidence.summary)
        case "LOCATION": return text(incidence.location)
        case "DESCRIPTION": return text(incidence.notes)
        case "STATUS": return incidence.status?.rawValue ?? "(none)"
        case "URL": return text(incidence.url)
        case "CLASS": return incidence.classification?.rawValue ?? "(none)"
        case "TRANSP": return incidence.transparency?.rawValue ?? "(none)"
        case "COLOR": return incidence.color ?? "(none)"
        case "SEQUENCE": return String(incidence.sequence)
        case "PRIORITY": return incidence.priority.map(String.init) ?? "(none)"
        case "PERCENT-COMPLETE": return incidence.percentComplete.map(String.init) ?? "(none)"
        case "DURATION": return incidence.duration.map { "\($0)" } ?? "(none)"
        case "RRULE": return list(incidence.recurrenceRules.map { "\($0)" })
        case "EXDATE": return list(incidence.exceptionDates.map(human))
        case "CATEGORIES": return list(incidence.categories.map(quoted))
        case "ORGANIZER": return incidence.organizer.map(\.address) ?? "(none)"
        case "ATTENDEE": return list(incidence.attendees.map(\.address))
        case "RANGE": return incidence.appliesToFutureInstances ? "THISANDFUTURE" : "(none)"
        default: return nil
        }
    }

    /// The items of a list-valued `field`, as written in a line; nil for other fields.
    func items(_ field: CalendarDiff.Field, of incidence: Incidence) -> [String]? {
        switch field.rawValue {
        case "EXDATE": return incidence.exceptionDates.map(human)
        case "RDATE": return incidence.recurrenceDates.map { human($0.start) }
        case "CATEGORIES": return incidence.categories.map(quoted)
        case "ATTENDEE": return incidence.attendees.map(\.address)
        default: return nil
        }
    }

    /// A date as `Thu 20 Jun 2024`; a time as `Wed 12 Jun 2024 11:00` in the display zone (a
    /// floating time as written; a zone Foundation does not know: as written, with its TZID).
    func human(_ value: TimeValue) -> String {
        let template = "EEE d MMM yyyy"
        switch value {
        case .date(let day):
            return dates.string(CalendarDay(day), template: template)
        case .utc(let time):
            return stamp(Date(timeIntervalSince1970: TimeInterval(time.secondsSinceEpoch)))
        case .floating(let time):
            return wall(time, in: calendar.timeZone)
        case .zoned(let time, let tzid):
            guard let zone = TimeZoneNames.displayTimeZone(named: tzid) else {
                return wall(time, in: calendar.timeZone) + " (\(tzid))"
            }
            return wall(time, in: zone)
        }
    }

    /// An occurrence's time as ``human(_:)`` writes a property's: a date as `Thu 20 Jun 2024`,
    /// an instant in the display zone, a floating time as written.
    func human(_ time: OccurrenceTime) -> String {
        switch time {
        case .date(let day): return dates.string(CalendarDay(day), template: "EEE d MMM yyyy")
        case .floating(let wall): return self.wall(wall, in: calendar.timeZone)
        case .instant(let seconds, _, _): return stamp(Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
    }

    private func wall(_ time: CivilDateTime, in zone: TimeZone) -> String {
        // The wall time read in `zone`: its UTC reading, less the zone's offset then.
        let asUTC = Date(timeIntervalSince1970: TimeInterval(time.secondsSinceEpoch))
        let offset = zone.secondsFromGMT(for: asUTC.addingTimeInterval(TimeInterval(-zone.secondsFromGMT(for: asUTC))))
        return stamp(asUTC.addingTimeInterval(TimeInterval(-offset)))
    }

    private func stamp(_ date: Date) -> String {
        dates.string(date, template: "EEE d MMM yyyy") + " " + dates.clock(date)
    }

    private func quoted(_ text: String) -> String {
        var flat = text.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
        if flat.count > DiffValues.maxLength { flat = String(flat.prefix(DiffValues.maxLength - 1)) + "…" }
        return "\"" + TerminalText.safe(flat) + "\""
    }
}
