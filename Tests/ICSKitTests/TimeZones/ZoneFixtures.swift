import Foundation
@testable import ICSKit

/// VTIMEZONE definitions as real producers write them, built in code (the parser is not used).
enum ZoneFixtures {
    static func wall(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> CivilDateTime {
        CivilDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }

    /// The instant of a UTC wall time, in seconds since 1970.
    static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int {
        wall(y, mo, d, h, mi, s).secondsSinceEpoch
    }

    static func yearly(month: Int, _ day: RecurrenceRule.WeekdayNumber, monthDays: [Int] = [],
                       until: TimeValue? = nil, count: Int? = nil) -> RecurrenceRule {
        RecurrenceRule(frequency: .yearly, count: count, until: until, byDay: [day], byMonthDay: monthDays,
                       byMonth: [RecurrenceRule.MonthNumber(month)])
    }

    static func hours(_ h: Int, _ m: Int = 0) -> Int { h * 3600 + (h < 0 ? -m : m) * 60 }

    /// Outlook / Exchange: W. Europe Standard Time, both observances starting 1601-01-01.
    ///
    ///     BEGIN:STANDARD DTSTART:16010101T030000 TZOFFSETFROM:+0200 TZOFFSETTO:+0100
    ///       RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
    ///     BEGIN:DAYLIGHT DTSTART:16010101T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0200
    ///       RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
    static func outlookWEurope(tzid: String = "W. Europe Standard Time") -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: tzid, observances: [
            .init(kind: .standard, start: wall(1601, 1, 1, 3), offsetFrom: hours(2), offsetTo: hours(1),
                  recurrenceRule: yearly(month: 10, .init(.sunday, ordinal: -1))),
            .init(kind: .daylight, start: wall(1601, 1, 1, 2), offsetFrom: hours(1), offsetTo: hours(2),
                  recurrenceRule: yearly(month: 3, .init(.sunday, ordinal: -1))),
        ])
    }

    /// Google Calendar: America/New_York from 1970, `BYMONTH=3;BYDAY=2SU` and `BYMONTH=11;BYDAY=1SU`.
    static func googleNewYork(tzid: String = "America/New_York", location: Bool = true) -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: tzid, observances: [
            .init(kind: .daylight, start: wall(1970, 3, 8, 2), offsetFrom: hours(-5), offsetTo: hours(-4),
                  recurrenceRule: yearly(month: 3, .init(.sunday, ordinal: 2)), names: ["EDT"]),
            .init(kind: .standard, start: wall(1970, 11, 1, 2), offsetFrom: hours(-4), offsetTo: hours(-5),
                  recurrenceRule: yearly(month: 11, .init(.sunday, ordinal: 1)), names: ["EST"]),
        ], otherProperties: location ? [Property(name: "X-LIC-LOCATION", value: "America/New_York")] : [])
    }

    /// The older Mozilla form of the same rules: a weekday within a BYMONTHDAY range.
    static func mozillaNewYork(tzid: String = "/mozilla.org/20070129_1/America/New_York") -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: tzid, observances: [
            .init(kind: .daylight, start: wall(1970, 3, 8, 2), offsetFrom: hours(-5), offsetTo: hours(-4),
                  recurrenceRule: yearly(month: 3, .init(.sunday), monthDays: Array(8...14))),
            .init(kind: .standard, start: wall(1970, 11, 1, 2), offsetFrom: hours(-4), offsetTo: hours(-5),
                  recurrenceRule: yearly(month: 11, .init(.sunday), monthDays: Array(1...7))),
        ])
    }

    /// libical's historical New York: 1987–2006 rules ending with UTC UNTILs, then the 2007 rules.
    static func historicalNewYork() -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: "Custom/Historical_New_York", observances: [
            .init(kind: .daylight, start: wall(1987, 4, 5, 2), offsetFrom: hours(-5), offsetTo: hours(-4),
                  recurrenceRule: yearly(month: 4, .init(.sunday, ordinal: 1), until: .utc(wall(2006, 4, 2, 7)))),
            .init(kind: .standard, start: wall(1967, 10, 29, 2), offsetFrom: hours(-4), offsetTo: hours(-5),
                  recurrenceRule: yearly(month: 10, .init(.sunday, ordinal: -1), until: .utc(wall(2006, 10, 29, 6)))),
            .init(kind: .daylight, start: wall(2007, 3, 11, 2), offsetFrom: hours(-5), offsetTo: hours(-4),
                  recurrenceRule: yearly(month: 3, .init(.sunday, ordinal: 2))),
            .init(kind: .standard, start: wall(2007, 11, 4, 2), offsetFrom: hours(-4), offsetTo: hours(-5),
                  recurrenceRule: yearly(month: 11, .init(.sunday, ordinal: 1))),
        ])
    }

    /// A zone with only STANDARD (Google's Asia/Kolkata form).
    static func standardOnly(tzid: String = "India Only Standard", offset: Int = hours(5, 30)) -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: tzid, observances: [
            .init(kind: .standard, start: wall(1970, 1, 1), offsetFrom: offset, offsetTo: offset, names: ["IST"]),
        ])
    }
}
