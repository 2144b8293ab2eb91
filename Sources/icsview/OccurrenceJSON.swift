import Foundation
import ICSKit

/// The JSON object of one occurrence, shared by `--agenda --format json` (one per line),
/// `--week --format json` and `--month --format json` (the `occurrences` array).
///
/// Keys, in this order: `component`, `uid`, `recurrenceId`, `summary`, `location`, `status`,
/// `start`, `end`, `allDay`, `timeZone`, `calendar`. Times: a DATE as `YYYY-MM-DD` (end
/// exclusive); floating as `YYYY-MM-DDTHH:MM:SS`; UTC as `…Z`; zoned as the local time with its
/// offset in the event's own zone (`2024-03-10T09:00:00-04:00`), with `timeZone` the IANA name.
enum OccurrenceJSON {
    static func object(_ occurrence: Occurrence, calendars: [ICalendar]) -> JSON {
        var out = JSONBytes()
        write(occurrence, calendarNames: calendarNames(calendars), to: &out)
        return .raw(out.bytes)
    }

    /// The `calendar` value of each calendar: its name, else its source.
    static func calendarNames(_ calendars: [ICalendar]) -> [String?] {
        calendars.map { $0.name ?? $0.source }
    }

    /// Writes the object as bytes (the agenda's hot path: no intermediate strings).
    /// - Parameter calendarNames: ``calendarNames(_:)`` of the expanded calendars.
    /// - Parameter alarms: the trigger instants of its alarms (``AlarmTriggers``), written as `alarms` when given.
    static func write(_ occurrence: Occurrence, calendarNames: [String?], alarms: [Date]? = nil, to out: inout JSONBytes) {
        let incidence = occurrence.incidence
        let calendarName = calendarNames.indices.contains(occurrence.calendarIndex) ? calendarNames[occurrence.calendarIndex] : nil
        out.byte(UInt8(ascii: "{"))
        out.key("component", first: true)
        out.string(incidence.kind.rawValue)
        out.key("uid")
        out.string(incidence.uid)
        out.key("recurrenceId")
        if let rid = occurrence.recurrenceIDTime { time(rid, to: &out) } else { out.literal("null") }
        out.key("summary")
        out.string(incidence.summary)
        out.key("location")
        out.string(incidence.location)
        out.key("status")
        out.string(incidence.status?.rawValue)
        out.key("start")
        time(occurrence.start, to: &out)
        out.key("end")
        time(occurrence.end, to: &out)
        out.key("allDay")
        occurrence.isAllDay ? out.literal("true") : out.literal("false")
        out.key("timeZone")
        if case .instant(_, _, let zone) = occurrence.start { out.string(zone ?? "UTC") } else { out.literal("null") }
        out.key("calendar")
        out.string(calendarName)
        if let alarms { AlarmJSON.write(alarms, to: &out) }
        out.byte(UInt8(ascii: "}"))
    }

    /// The text form of an occurrence time.
    static func text(_ value: OccurrenceTime) -> String {
        var out = JSONBytes()
        timeText(value, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A time as a JSON string.
    static func time(_ value: OccurrenceTime, to out: inout JSONBytes) {
        out.byte(UInt8(ascii: "\""))
        timeText(value, to: &out)
        out.byte(UInt8(ascii: "\""))
    }

    private static func timeText(_ value: OccurrenceTime, to out: inout JSONBytes) {
        switch value {
        case .date(let date):
            dateText(date, to: &out)
        case .floating(let wall):
            wallText(wall, to: &out)
        case .instant(let seconds, let offset, let zone):
            if zone == nil {
                wallText(CivilDateTime(secondsSinceEpoch: seconds), to: &out)
                out.byte(UInt8(ascii: "Z"))
            } else {
                wallText(CivilDateTime(secondsSinceEpoch: seconds + offset), to: &out)
                offsetText(offset, to: &out)
            }
        }
    }

    private static func dateText(_ d: CivilDate, to out: inout JSONBytes) {
        if d.year < 0 || d.year > 9999 {
            if d.year < 0 { out.byte(UInt8(ascii: "-")) }
            out.digits(UInt(d.year.magnitude), width: 4)
        } else {
            out.twoDigits(d.year / 100)
            out.twoDigits(d.year % 100)
        }
        out.byte(UInt8(ascii: "-"))
        out.twoDigits(d.month)
        out.byte(UInt8(ascii: "-"))
        out.twoDigits(d.day)
    }

    private static func wallText(_ t: CivilDateTime, to out: inout JSONBytes) {
        dateText(t.date, to: &out)
        out.byte(UInt8(ascii: "T"))
        out.twoDigits(t.hour)
        out.byte(UInt8(ascii: ":"))
        out.twoDigits(t.minute)
        out.byte(UInt8(ascii: ":"))
        out.twoDigits(t.second)
    }

    /// `+02:00`, `-04:00`, `+05:45`.
    private static func offsetText(_ seconds: Int, to out: inout JSONBytes) {
        out.byte(UInt8(ascii: seconds < 0 ? "-" : "+"))
        let magnitude = seconds.magnitude
        out.twoDigits(Int(magnitude / 3600))
        out.byte(UInt8(ascii: ":"))
        out.twoDigits(Int(magnitude % 3600 / 60))
    }
}
