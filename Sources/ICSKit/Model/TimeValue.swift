/// A DATE or DATE-TIME value as iCalendar types it (RFC 5545 3.3.4, 3.3.5).
///
/// The four forms keep what the file said, so that recurrence and display can apply
/// the right rules: a date is a day in every zone; a floating time is a wall time in
/// the viewer's zone; a UTC time is an instant; a zoned time is a wall time in the
/// zone its `TZID` names (resolved later, with the calendar's VTIMEZONEs).
public enum TimeValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `VALUE=DATE`, e.g. `20240610`.
    case date(CivilDate)
    /// A DATE-TIME with neither `Z` nor `TZID`, e.g. `20240610T090000`.
    case floating(CivilDateTime)
    /// A DATE-TIME in UTC, e.g. `20240610T090000Z`.
    case utc(CivilDateTime)
    /// A DATE-TIME with a `TZID` parameter, e.g. `DTSTART;TZID=Europe/Berlin:20240610T090000`.
    case zoned(CivilDateTime, tzid: String)

    /// Whether this is a DATE (an all-day value).
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The wall-clock part; a DATE is taken at midnight.
    public var civil: CivilDateTime {
        switch self {
        case .date(let d): return CivilDateTime(date: d)
        case .floating(let t), .utc(let t), .zoned(let t, _): return t
        }
    }

    /// The date part.
    public var date: CivilDate { civil.date }

    /// The `TZID` of a zoned value.
    public var tzid: String? {
        if case .zoned(_, let tzid) = self { return tzid }
        return nil
    }

    /// iCalendar text: `20240610`, `20240610T090000`, `20240610T090000Z`, or `TZID=…:20240610T090000`.
    public var description: String {
        if case .zoned(_, let tzid) = self { return "TZID=\(tzid):" + valueText }
        return valueText
    }

    /// The value as written after a property's colon: `20240610`, `20240610T090000`,
    /// `20240610T090000Z`, or a zoned value's wall time (its TZID is a parameter, not part of
    /// the value). Also the form of an RRULE's UNTIL.
    var valueText: String {
        func basic(_ t: CivilDateTime) -> String {
            "\(pad(t.date.year, 4))\(pad(t.date.month, 2))\(pad(t.date.day, 2))T\(pad(t.hour, 2))\(pad(t.minute, 2))\(pad(t.second, 2))"
        }
        switch self {
        case .date(let d): return "\(pad(d.year, 4))\(pad(d.month, 2))\(pad(d.day, 2))"
        case .floating(let t), .zoned(let t, _): return basic(t)
        case .utc(let t): return basic(t) + "Z"
        }
    }
}
