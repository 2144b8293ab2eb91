import Foundation
@testable import ICSKit

/// Calendars, days and occurrences for the projection tests; every calendar pins its
/// identifier, time zone, locale, first weekday and minimum days in the first week.
enum ProjectionSupport {
    static func gregorian(_ zone: String = "UTC", locale: String = "en_US", firstWeekday: Int = 1,
                          minimumDays: Int = 1) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.locale = Locale(identifier: locale)
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = minimumDays
        return calendar
    }

    /// ISO 8601 weeks: Monday first, four days in the first week.
    static func iso(_ zone: String = "UTC") -> Calendar {
        gregorian(zone, locale: "en_GB", firstWeekday: 2, minimumDays: 4)
    }

    static let newYork = gregorian("America/New_York")

    static func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay {
        CalendarDay(year: y, month: m, day: d)
    }

    /// The instant `y-m-d h:mi:s` UTC.
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int {
        CivilDateTime(year: y, month: m, day: d, hour: h, minute: mi, second: s).secondsSinceEpoch
    }

    static func instant(_ seconds: Int) -> OccurrenceTime {
        .instant(secondsSinceEpoch: seconds, utcOffset: 0, zone: nil)
    }

    static func event(_ uid: String, summary: String? = nil, color: String? = nil, status: EventStatus? = nil) -> Incidence {
        var incidence = Incidence(kind: .event)
        incidence.uid = uid
        incidence.summary = summary ?? uid
        incidence.color = color
        incidence.status = status
        return incidence
    }

    /// An all-day occurrence from `start` to `end` (exclusive), both `(y, m, d)`.
    static func allDay(_ uid: String, _ start: (Int, Int, Int), _ end: (Int, Int, Int), calendarIndex: Int = 0,
                       color: String? = nil) -> Occurrence {
        Occurrence(incidence: event(uid, color: color), calendarIndex: calendarIndex,
                   start: .date(CivilDate(year: start.0, month: start.1, day: start.2)),
                   end: .date(CivilDate(year: end.0, month: end.1, day: end.2)))
    }

    /// A timed occurrence between two UTC instants (seconds since 1970).
    static func timed(_ uid: String, _ start: Int, _ end: Int, calendarIndex: Int = 0, color: String? = nil,
                      status: EventStatus? = nil) -> Occurrence {
        Occurrence(incidence: event(uid, color: color, status: status), calendarIndex: calendarIndex,
                   start: instant(start), end: instant(end))
    }
}
