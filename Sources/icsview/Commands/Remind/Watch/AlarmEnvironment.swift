import Foundation
import ICSKit

/// What the watcher tells about a reminder that goes off: the `ICSVIEW_*` variables of an
/// `--exec` command, and the fields of its `--format json` line.
///
/// Times are ISO 8601 with the offset in the display zone (`2024-06-03T09:00:00+02:00`); an
/// all-day event's start and end are dates (`2024-06-03`, the end exclusive, as in the file).
/// Feed text keeps its line breaks and tabs; other control characters (escape sequences among
/// them) are removed, and so are bidirectional overrides, isolates and marks and the other
/// invisible format characters the terminal's safe text removes (a command that prints a value
/// to a terminal would have its line reordered by U+202E); each value is cut to 64 KiB (the
/// kernel refuses larger environment strings).
struct AlarmEnvironment: Equatable {
    /// `(name, value)` in the documented order, names without the `ICSVIEW_` prefix.
    var fields: [(String, String)]

    static func == (a: AlarmEnvironment, b: AlarmEnvironment) -> Bool { a.fields.elementsEqual(b.fields) { $0 == $1 } }

    /// The names, in order (the documentation lists them the same way).
    static let names = ["SUMMARY", "START", "END", "LOCATION", "DESCRIPTION", "URL", "MEETING_URL", "CALENDAR", "UID", "TRIGGER", "ACTION"]

    init(_ reminder: Reminder, calendarName: String?, zone: TimeZone) {
        let incidence = reminder.incidence
        let start = reminder.occurrence?.start ?? incidence.start.map { Self.time($0, zone: zone) }
        let end = reminder.occurrence?.end ?? (incidence.end ?? incidence.due).map { Self.time($0, zone: zone) }
        let values: [String?] = [
            incidence.summary ?? reminder.alarm.summary ?? reminder.alarm.notes,
            start.map { Self.iso($0, zone: zone) },
            end.map { Self.iso($0, zone: zone) },
            incidence.location,
            incidence.notes,
            incidence.url,
            MeetingLink.first(in: incidence)?.url,
            calendarName,
            incidence.uid,
            Self.iso(reminder.trigger, zone: zone),
            reminder.action.rawValue,
        ]
        fields = zip(Self.names, values).map { ($0, Self.clean($1 ?? "")) }
    }

    /// The variables for `--exec`: `ICSVIEW_SUMMARY=…`, every one set (empty when unknown).
    var variables: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ("ICSVIEW_" + $0.0, $0.1) })
    }

    /// The value of a field by its short name (`SUMMARY`).
    subscript(name: String) -> String { fields.first { $0.0 == name }?.1 ?? "" }

    // MARK: Times

    /// `2024-06-03T09:00:00+02:00` (`+00:00` for UTC).
    static func iso(_ date: Date, zone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = zone.secondsFromGMT(for: date)
        return stamp(CivilDateTime(secondsSinceEpoch: seconds + offset)) + offsetText(offset)
    }

    /// An occurrence's time: a date as `2024-06-03`; an instant or a floating time in the display zone.
    static func iso(_ time: OccurrenceTime, zone: TimeZone) -> String {
        if case .date(let d) = time { return String(format: "%04d-%02d-%02d", d.year, d.month, d.day) }
        return iso(time.date(in: zone), zone: zone)
    }

    /// A component's DTSTART or DTEND as an occurrence time (for an absolute alarm, which has no occurrence).
    static func time(_ value: TimeValue, zone: TimeZone) -> OccurrenceTime {
        switch value {
        case .date(let d): return .date(d)
        case .floating(let t): return .floating(t)
        case .utc(let t): return .instant(secondsSinceEpoch: t.secondsSinceEpoch, utcOffset: 0, zone: nil)
        case .zoned(let t, let tzid):
            let own = TimeZone(identifier: tzid) ?? zone
            // The wall time read in its own zone: the offset at that wall time, checked once more after the shift.
            var utc = t.secondsSinceEpoch - own.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t.secondsSinceEpoch)))
            utc = t.secondsSinceEpoch - own.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
            return .instant(secondsSinceEpoch: utc, utcOffset: own.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))), zone: tzid)
        }
    }

    private static func stamp(_ t: CivilDateTime) -> String {
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d", t.date.year, t.date.month, t.date.day, t.hour, t.minute, t.second)
    }

    private static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+", magnitude = abs(offset)
        return sign + String(format: "%02d:%02d", magnitude / 3600, magnitude % 3600 / 60)
    }

    // MARK: Text

    /// Feed text for a program: line breaks and tabs kept, other C0 and C1 controls and DEL
    /// removed, bidi controls and invisible format characters removed as the terminal's safe
    /// text removes them (``TerminalText/isInvisibleFormat(_:)``; the joiners U+200C and U+200D
    /// stay), cut to 64 KiB at a character boundary.
    static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v) || TerminalText.isInvisibleFormat(v) { continue }
            bytes += String(scalar).utf8.count
            if bytes > 65_536 { break }
            out.append(scalar)
        }
        return String(out)
    }
}
