import Foundation
import ICSKit

/// `--todos --format json`: one object per open to-do and line, in the list's order (by due
/// time, then priority; undated ones last, by priority): `summary`, `uid`, `due` (`YYYY-MM-DD`
/// for a date, else the local time with its offset, null when undated), `overdue`, `priority`
/// (1 highest … 9, null when unset or 0), `status` (NEEDS-ACTION, IN-PROCESS, null when unset),
/// `percentComplete`, `categories`, `calendar`.
enum TodoJSON {
    /// The lines, each ending with a line break (none for no to-dos).
    static func lines(_ items: [TodoRenderer.Item], calendars: [ICalendar], now: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return items.map { item in
            let incidence = item.incidence
            let due: JSON = item.due.map { .string(text($0, isDate: item.dueIsDate, calendar: calendar)) } ?? .null
            let name = calendars[safe: item.calendarIndex].flatMap { $0.name ?? $0.source }
            return JSON.object([
                ("summary", .optional(incidence.summary)),
                ("uid", .optional(incidence.uid)),
                ("due", due),
                ("overdue", .bool(item.due.map { $0 < now } ?? false)),
                ("priority", TodoRenderer.priority(incidence).map(JSON.int) ?? .null),
                ("status", .optional(incidence.status?.rawValue)),
                ("percentComplete", incidence.percentComplete.map(JSON.int) ?? .null),
                ("categories", .array(incidence.categories.map(JSON.string))),
                ("calendar", .optional(name)),
            ]).text + "\n"
        }.joined()
    }

    /// `2024-06-12` or `2024-06-12T17:00:00+02:00` in `calendar`'s zone.
    static func text(_ date: Date, isDate: Bool, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        if isDate { return day }
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let zone = offset == 0 ? "Z" : sign + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) % 3600 / 60)
        return day + String(format: "T%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0) + zone
    }
}
