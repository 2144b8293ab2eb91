import Foundation

/// Day arithmetic through a `Foundation.Calendar`, on serial day numbers.
///
/// Every day of every calendar is mapped to one integer: the number of days between
/// 1970-01-01 and that day, counted in the proleptic Gregorian calendar (`CivilDate`'s
/// `daysSinceEpoch`). A day's weekday, the distance between two days, "the next day"
/// are then integer operations that need no calendar. Where the display calendar is
/// Gregorian (or ISO 8601) and the day is after 1582 (where Foundation's Gregorian
/// calendar is Julian), components and serials convert by integer arithmetic; other
/// calendars and earlier years go through Foundation, taking each day at its noon
/// in the calendar's time zone.
struct DayArithmetic: Sendable {
    let calendar: Calendar
    let zone: TimeZone
    /// Whether components are Gregorian and can use integer arithmetic (from 1583).
    let isGregorian: Bool
    /// The zone's offsets, shared with the expansion (``FoundationTransitions``): a lock and a
    /// binary search per conversion instead of a `TimeZone` call.
    let offsets: TransitionTable
    /// The offset of a zone that never changes it (UTC, GMT): conversions are then integer arithmetic.
    let fixedOffset: Int?

    /// The first serial (1583-01-01) from which Gregorian components are computed with integers.
    static let firstFastSerial = CivilDate(year: 1583, month: 1, day: 1).daysSinceEpoch

    init(_ calendar: Calendar) {
        self.calendar = calendar
        zone = calendar.timeZone
        isGregorian = calendar.identifier == .gregorian || calendar.identifier == .iso8601
        offsets = FoundationTransitions.table(for: zone)
        fixedOffset = Self.fixedOffsetNames.contains(zone.identifier) ? 0 : nil
    }

    /// Names of zones whose offset is 0 at every instant.
    static let fixedOffsetNames: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/UCT", "UCT", "Etc/Zulu", "Zulu", "Universal"]

    /// The offset from UTC in the calendar's zone at the instant `seconds` (since 1970).
    func offset(atUTC seconds: Int) -> Int {
        fixedOffset ?? offsets.offset(atUTC: seconds)
    }

    /// The instant (seconds since 1970) at which clocks in the calendar's zone show the wall time
    /// `wall` (seconds since 1970 as if UTC): in a gap, with the offset before it; ambiguous, the
    /// first (as ``WallClock/instant(of:in:)``).
    func instant(ofWall wall: Int) -> Int {
        if let fixedOffset { return wall - fixedOffset }
        return offsets.resolve(local: wall).utcSeconds
    }

    /// The serial of the day, in the calendar's zone, that contains the instant `seconds`.
    func serial(containingSeconds seconds: Int) -> Int {
        let wall = seconds + offset(atUTC: seconds)
        return wall >= 0 ? wall / 86_400 : -((-wall + 86_399) / 86_400)
    }

    /// The first instant (seconds since 1970) of the day `serial` in the calendar's zone.
    func startSeconds(ofSerial serial: Int) -> Int {
        instant(ofWall: serial * 86_400)
    }

    // MARK: Components and serials

    /// The serial number of `day`.
    func serial(of day: CalendarDay) -> Int {
        if isGregorian && day.era == 1 && day.year >= 1583 {
            precondition(CivilDate(year: day.year, month: day.month, day: day.day).isValid, "invalid Gregorian day \(day)")
            return CivilDate(year: day.year, month: day.month, day: day.day).daysSinceEpoch
        }
        var parts = DateComponents(era: day.era, year: day.year, month: day.month, day: day.day, hour: 12)
        parts.calendar = calendar
        guard let noon = calendar.date(from: parts) else {
            preconditionFailure("\(day) (era \(day.era)) is not a day of the \(calendar.identifier) calendar")
        }
        return serial(containing: noon)
    }

    /// The day whose serial number is `serial`.
    func day(atSerial serial: Int) -> CalendarDay {
        if isGregorian && serial >= Self.firstFastSerial {
            return CalendarDay(CivilDate(daysSinceEpoch: serial))
        }
        let noon = WallClock.instant(of: CivilDateTime(date: CivilDate(daysSinceEpoch: serial), hour: 12), in: zone)
        let parts = calendar.dateComponents([.era, .year, .month, .day], from: noon)
        // The Gregorian calendar's era 0 (BC) counts its years down: marked, so that days keep
        // their order across 1 BC / AD 1 and within BC (the last days of a grid of January 0001).
        return CalendarDay(era: parts.era!, year: parts.year!, month: parts.month!, day: parts.day!,
                           yearsCountDown: isGregorian && parts.era == 0)
    }

    /// The serial number of the day, in the calendar's zone, that contains `date`.
    func serial(containing date: Date) -> Int {
        serial(containingSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    /// The first instant of the day `serial` in the calendar's zone (01:00 where midnight is skipped).
    func startDate(ofSerial serial: Int) -> Date {
        // A wall time in a spring-forward gap resolves with the offset before the gap,
        // which lands on the first instant after it: the true start of such a day.
        Date(timeIntervalSince1970: TimeInterval(startSeconds(ofSerial: serial)))
    }

    /// Foundation's weekday of the day `serial`: 1 = Sunday … 7 = Saturday.
    func weekday(ofSerial serial: Int) -> Int {
        // Serial 0, 1970-01-01, was a Thursday (5).
        ((serial + 4) % 7 + 7) % 7 + 1
    }

    // MARK: Months

    /// The serial of the first day of `month` and its number of days.
    func span(of month: CalendarMonth) -> (first: Int, count: Int) {
        if isGregorian && month.era == 1 && month.year >= 1583 {
            precondition((1...12).contains(month.month), "invalid Gregorian month \(month)")
            return (CivilDate(year: month.year, month: month.month, day: 1).daysSinceEpoch,
                    CivilDate.daysInMonth(year: month.year, month: month.month))
        }
        let first = serial(of: month.firstDay)
        let noon = WallClock.instant(of: CivilDateTime(date: CivilDate(daysSinceEpoch: first), hour: 12), in: zone)
        let count = calendar.range(of: .day, in: .month, for: noon)?.count ?? 30
        return (first, count)
    }

    /// The month `offset` months after `month` (before, when negative).
    ///
    /// - Complexity: O(|offset|) outside the Gregorian calendar.
    func month(_ month: CalendarMonth, adding offset: Int) -> CalendarMonth {
        if isGregorian && month.era == 1 && month.year >= 1583 {
            let index = month.year * 12 + (month.month - 1) + offset
            let year = index >= 0 ? index / 12 : -((-index + 11) / 12)
            if year >= 1583 { return CalendarMonth(year: year, month: index - year * 12 + 1) }
        }
        var current = month
        for _ in 0..<offset.magnitude {
            let (first, count) = span(of: current)
            current = (offset > 0 ? day(atSerial: first + count) : day(atSerial: first - 1)).calendarMonth
        }
        return current
    }
}
