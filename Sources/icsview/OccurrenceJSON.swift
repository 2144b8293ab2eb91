import ICSKit

/// The JSON object of one occurrence, shared by `--agenda --format json` (one per line)
/// and `--month --format json` (the `occurrences` array).
///
/// Times: a DATE as `YYYY-MM-DD` (end exclusive); floating as `YYYY-MM-DDTHH:MM:SS`; UTC as
/// `…Z`; zoned as the local time with its offset in the event's own zone
/// (`2024-03-10T09:00:00-04:00`), with `timeZone` the IANA name.
enum OccurrenceJSON {
    static func object(_ occurrence: Occurrence, calendars: [ICalendar]) -> JSON {
        let incidence = occurrence.incidence
        let calendar = calendars.indices.contains(occurrence.calendarIndex) ? calendars[occurrence.calendarIndex] : nil
        return .object([
            ("component", .string(incidence.kind.rawValue)),
            ("uid", .optional(incidence.uid)),
            ("recurrenceId", occurrence.recurrenceIDTime.map { .string(text($0)) } ?? .null),
            ("summary", .optional(incidence.summary)),
            ("location", .optional(incidence.location)),
            ("status", .optional(incidence.status)),
            ("start", .string(text(occurrence.start))),
            ("end", .string(text(occurrence.end))),
            ("allDay", .bool(occurrence.isAllDay)),
            ("timeZone", zoneName(occurrence.start)),
            ("calendar", .optional(calendar?.name ?? calendar?.source)),
        ])
    }

    /// The text form of an occurrence time.
    static func text(_ time: OccurrenceTime) -> String {
        switch time {
        case .date(let date):
            return date.description
        case .floating(let wall):
            return wall.description
        case .instant(let seconds, let offset, let zone):
            if zone == nil { return CivilDateTime(secondsSinceEpoch: seconds).description + "Z" }
            return CivilDateTime(secondsSinceEpoch: seconds + offset).description + offsetText(offset)
        }
    }

    /// `+02:00`, `-04:00`, `+05:45`.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let hours = magnitude / 3600, minutes = magnitude % 3600 / 60
        return sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }

    static func zoneName(_ time: OccurrenceTime) -> JSON {
        switch time {
        case .instant(_, _, let zone): return .string(zone ?? "UTC")
        case .date, .floating: return .null
        }
    }
}
