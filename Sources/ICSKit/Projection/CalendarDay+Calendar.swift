import Foundation

extension CalendarDay {
    /// The day, in `calendar`'s time zone and numbering, that contains `date`.
    ///
    /// ```swift
    /// var gregorian = Calendar(identifier: .gregorian)
    /// gregorian.timeZone = TimeZone(identifier: "America/New_York")!
    /// CalendarDay(containing: Date(timeIntervalSince1970: 0), in: gregorian) // 1969-12-31
    /// ```
    public init(containing date: Date, in calendar: Calendar) {
        let arithmetic = DayArithmetic(calendar)
        self = arithmetic.day(atSerial: arithmetic.serial(containing: date))
    }

    /// The first instant of this day in `calendar`'s time zone (midnight, or the first
    /// instant after a transition that skips midnight).
    public func startDate(in calendar: Calendar) -> Date {
        let arithmetic = DayArithmetic(calendar)
        return arithmetic.startDate(ofSerial: arithmetic.serial(of: self))
    }

    /// The day `days` days later in `calendar` (earlier when negative).
    public func adding(days: Int, in calendar: Calendar) -> CalendarDay {
        let arithmetic = DayArithmetic(calendar)
        return arithmetic.day(atSerial: arithmetic.serial(of: self) + days)
    }

    /// The number of days from this day to `other` (negative when `other` is earlier).
    public func distance(to other: CalendarDay, in calendar: Calendar) -> Int {
        let arithmetic = DayArithmetic(calendar)
        return arithmetic.serial(of: other) - arithmetic.serial(of: self)
    }

    /// The day of the week of this day in `calendar`.
    public func weekday(in calendar: Calendar) -> Weekday {
        let arithmetic = DayArithmetic(calendar)
        return Weekday(rawValue: arithmetic.weekday(ofSerial: arithmetic.serial(of: self)))!
    }

    /// Every day of `range`, in order.
    ///
    /// Integer arithmetic in the Gregorian calendar; one Foundation conversion per day otherwise.
    /// - Complexity: O(n) for n days.
    public static func days(in range: ClosedRange<CalendarDay>, calendar: Calendar) -> [CalendarDay] {
        let arithmetic = DayArithmetic(calendar)
        let first = arithmetic.serial(of: range.lowerBound)
        let last = arithmetic.serial(of: range.upperBound)
        return (first...max(first, last)).map(arithmetic.day(atSerial:))
    }
}

extension CalendarMonth {
    /// The month, in `calendar`'s time zone and numbering, that contains `date`.
    public init(containing date: Date, in calendar: Calendar) {
        self = CalendarDay(containing: date, in: calendar).calendarMonth
    }

    /// The number of days in this month of `calendar`.
    public func numberOfDays(in calendar: Calendar) -> Int {
        DayArithmetic(calendar).span(of: self).count
    }

    /// The last day of this month of `calendar`.
    public func lastDay(in calendar: Calendar) -> CalendarDay {
        CalendarDay(era: era, year: year, month: month, day: numberOfDays(in: calendar), yearsCountDown: yearsCountDown)
    }

    /// The days of this month of `calendar`, as a closed range.
    public func days(in calendar: Calendar) -> ClosedRange<CalendarDay> {
        firstDay...lastDay(in: calendar)
    }

    /// The month `months` months later in `calendar` (earlier when negative).
    ///
    /// - Complexity: O(1) in the Gregorian calendar, O(|months|) otherwise.
    public func adding(months: Int, in calendar: Calendar) -> CalendarMonth {
        DayArithmetic(calendar).month(self, adding: months)
    }

    /// Every month that a day of `range` lies in, in order.
    ///
    /// - Complexity: O(number of months).
    public static func months(covering range: ClosedRange<CalendarDay>, calendar: Calendar) -> [CalendarMonth] {
        let arithmetic = DayArithmetic(calendar)
        var result: [CalendarMonth] = []
        var month = range.lowerBound.calendarMonth
        let last = range.upperBound.calendarMonth
        while month <= last {
            result.append(month)
            month = arithmetic.month(month, adding: 1)
        }
        return result
    }
}
