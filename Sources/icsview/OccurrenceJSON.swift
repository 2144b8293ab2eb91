import Foundation
import ICSKit

/// The JSON object of one occurrence, shared by `--agenda --format json` (one per line),
/// `search --format json`, `--week --format json` and `--month --format json` (the
/// `occurrences` array). The README's "JSON output" has a table of every key.
///
/// Keys, in this order: `component`, `uid`, `recurrenceId`, `summary`, `location`, `status`,
/// `start`, `end`, `allDay`, `timeZone`, `calendar` (the keys of the first version), then
/// `calendarId`, `description`, `url`, `categories`, `color`, `transparency`, `organizer`,
/// `attendees`, `alarms`, `startEpoch`, `endEpoch`. Times: a DATE as `YYYY-MM-DD` (end
/// exclusive); floating as `YYYY-MM-DDTHH:MM:SS`; UTC as `…Z`; zoned as the local time with its
/// offset in the event's own zone (`2024-03-10T09:00:00-04:00`), with `timeZone` the IANA name.
/// `startEpoch` and `endEpoch` are seconds since 1970 UTC; for a DATE or a floating time, of
/// that wall time in the display zone (`--tz`).
enum OccurrenceJSON {
    /// What the objects of one run share: per calendar (by position in the expanded list) its
    /// name, identity and colour; the display zone; the alarm triggers.
    struct Context {
        let names: [String?]
        let ids: [String]
        let colors: [String]
        let zone: TimeZone
        let triggers: AlarmTriggers

        init(calendars: [ICalendar], zone: TimeZone) {
            names = calendarNames(calendars)
            ids = calendars.map { CalendarIdentity.id(source: $0.source) }
            colors = calendars.enumerated().map { CalendarStyle($1).resolvedColor(index: $0).description }
            self.zone = zone
            triggers = AlarmTriggers(calendars: calendars, viewerTimeZone: zone)
        }
    }

    static func object(_ occurrence: Occurrence, context: Context) -> JSON {
        var out = JSONBytes()
        write(occurrence, context: context, to: &out)
        return .raw(out.bytes)
    }

    /// The `calendar` value of each calendar: its name, else its source.
    static func calendarNames(_ calendars: [ICalendar]) -> [String?] {
        calendars.map { $0.name ?? $0.source }
    }

    // Small readers of the model's fields, so that a change of their types touches one line each.
    /// The position of the occurrence's calendar in the expanded list.
    static func position(_ occurrence: Occurrence) -> Int { occurrence.calendarIndex }
    static func statusText(_ incidence: Incidence) -> String? { incidence.status?.rawValue }
    static func transparencyText(_ incidence: Incidence) -> String? { incidence.transparency?.rawValue }
    static func roleText(_ user: CalendarUser) -> String { user.role.rawValue }
    static func participationText(_ user: CalendarUser) -> String { user.participationStatus.rawValue }

    /// Writes the object as bytes (the agenda's hot path: no intermediate strings).
    static func write(_ occurrence: Occurrence, context: Context, to out: inout JSONBytes) {
        let incidence = occurrence.incidence
        let index = position(occurrence)
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
        out.string(statusText(incidence))
        out.key("start")
        time(occurrence.start, to: &out)
        out.key("end")
        time(occurrence.end, to: &out)
        out.key("allDay")
        occurrence.isAllDay ? out.literal("true") : out.literal("false")
        out.key("timeZone")
        if case .instant(_, _, let zone) = occurrence.start { out.string(zone ?? "UTC") } else { out.literal("null") }
        out.key("calendar")
        out.string(context.names[safe: index] ?? nil)
        out.key("calendarId")
        out.string(context.ids[safe: index])
        out.key("description")
        out.string(incidence.notes)
        out.key("url")
        out.string(incidence.url)
        out.key("categories")
        strings(incidence.categories, to: &out)
        out.key("color")
        out.string(incidence.color.flatMap(RGBColor.init(css:))?.description ?? context.colors[safe: index])
        out.key("transparency")
        out.string(transparencyText(incidence))
        out.key("organizer")
        if let organizer = incidence.organizer { user(organizer, attendee: false, to: &out) } else { out.literal("null") }
        out.key("attendees")
        out.byte(UInt8(ascii: "["))
        for (i, attendee) in incidence.attendees.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            user(attendee, attendee: true, to: &out)
        }
        out.byte(UInt8(ascii: "]"))
        AlarmJSON.write(incidence.alarms.isEmpty ? [] : context.triggers.instants(for: occurrence), to: &out)
        out.key("startEpoch")
        out.int(epoch(occurrence.start, zone: context.zone))
        out.key("endEpoch")
        out.int(epoch(occurrence.end, zone: context.zone))
        out.byte(UInt8(ascii: "}"))
    }

    /// Seconds since 1970 UTC: an instant's own; a date's or floating time's as a wall time in `zone`.
    static func epoch(_ value: OccurrenceTime, zone: TimeZone) -> Int {
        if case .instant(let seconds, _, _) = value { return seconds }
        return Int(value.date(in: zone).timeIntervalSince1970.rounded(.down))
    }

    /// `{"name":…,"address":…}`, and for an attendee also `role` and `participationStatus`
    /// (RFC 5545's defaults, REQ-PARTICIPANT and NEEDS-ACTION, when not written).
    private static func user(_ user: CalendarUser, attendee: Bool, to out: inout JSONBytes) {
        out.byte(UInt8(ascii: "{"))
        out.key("name", first: true)
        out.string(user.commonName)
        out.key("address")
        out.string(user.address)
        if attendee {
            out.key("role")
            out.string(roleText(user))
            out.key("participationStatus")
            out.string(participationText(user))
        }
        out.byte(UInt8(ascii: "}"))
    }

    private static func strings(_ values: [String], to out: inout JSONBytes) {
        out.byte(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(value)
        }
        out.byte(UInt8(ascii: "]"))
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
