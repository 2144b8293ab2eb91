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
        write(occurrence, calendars: calendars, to: &out)
        return .raw(out.bytes)
    }

    /// Writes the object as bytes (the agenda's hot path: no intermediate strings).
    static func write(_ occurrence: Occurrence, calendars: [ICalendar], to out: inout JSONBytes) {
        let incidence = occurrence.incidence
        let calendar = calendars.indices.contains(occurrence.calendarIndex) ? calendars[occurrence.calendarIndex] : nil
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
        out.string(incidence.status)
        out.key("start")
        time(occurrence.start, to: &out)
        out.key("end")
        time(occurrence.end, to: &out)
        out.key("allDay")
        out.literal(occurrence.isAllDay ? "true" : "false")
        out.key("timeZone")
        if case .instant(_, _, let zone) = occurrence.start { out.string(zone ?? "UTC") } else { out.literal("null") }
        out.key("calendar")
        out.string(calendar?.name ?? calendar?.source)
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
        if d.year < 0 { out.byte(UInt8(ascii: "-")) }
        out.digits(UInt(d.year.magnitude), width: 4)
        out.byte(UInt8(ascii: "-"))
        out.digits(UInt(d.month), width: 2)
        out.byte(UInt8(ascii: "-"))
        out.digits(UInt(d.day), width: 2)
    }

    private static func wallText(_ t: CivilDateTime, to out: inout JSONBytes) {
        dateText(t.date, to: &out)
        out.byte(UInt8(ascii: "T"))
        out.digits(UInt(t.hour), width: 2)
        out.byte(UInt8(ascii: ":"))
        out.digits(UInt(t.minute), width: 2)
        out.byte(UInt8(ascii: ":"))
        out.digits(UInt(t.second), width: 2)
    }

    /// `+02:00`, `-04:00`, `+05:45`.
    private static func offsetText(_ seconds: Int, to out: inout JSONBytes) {
        out.byte(UInt8(ascii: seconds < 0 ? "-" : "+"))
        let magnitude = UInt(seconds.magnitude)
        out.digits(magnitude / 3600, width: 2)
        out.byte(UInt8(ascii: ":"))
        out.digits(magnitude % 3600 / 60, width: 2)
    }
}
