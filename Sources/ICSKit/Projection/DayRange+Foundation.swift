import Foundation

// MARK: Public: ranges of days as DateInterval and ClosedRange<Date>

extension ClosedRange where Bound == CalendarDay {
    /// The days that `interval` touches in `calendar`'s time zone: from the day of its start to
    /// the day of its last instant (its end is exclusive: an interval that ends at midnight does
    /// not touch the next day; an empty one is its start's day). What `UICalendarView`'s
    /// `availableDateRange` reads as days.
    public init(_ interval: DateInterval, in calendar: Calendar) {
        let arithmetic = DayArithmetic(calendar)
        let first = arithmetic.serial(containing: interval.start)
        var last = arithmetic.serial(containing: interval.end)
        if interval.duration > 0 && arithmetic.startDate(ofSerial: last) == interval.end { last -= 1 }
        self = arithmetic.day(atSerial: first)...arithmetic.day(atSerial: Swift.max(first, last))
    }

    /// The instants these days cover in `calendar`'s time zone: from the start of the first day to
    /// the start of the day after the last (a DST day is 23 or 25 hours). For `availableDateRange`.
    public func dateInterval(in calendar: Calendar) -> DateInterval {
        let arithmetic = DayArithmetic(calendar)
        return DateInterval(start: arithmetic.startDate(ofSerial: arithmetic.serial(of: lowerBound)),
                            end: arithmetic.startDate(ofSerial: arithmetic.serial(of: upperBound) + 1))
    }

    /// The range as HorizonCalendar's day-range provider takes it: from the start of the first day
    /// to the start of the last (HorizonCalendar reads each bound as the day that contains it).
    public func dateRange(in calendar: Calendar) -> ClosedRange<Date> {
        let arithmetic = DayArithmetic(calendar)
        return arithmetic.startDate(ofSerial: arithmetic.serial(of: lowerBound))
            ... arithmetic.startDate(ofSerial: arithmetic.serial(of: upperBound))
    }

    /// The days of a HorizonCalendar date range (each bound's day in `calendar`'s time zone).
    public init(_ dateRange: ClosedRange<Date>, in calendar: Calendar) {
        let arithmetic = DayArithmetic(calendar)
        self = arithmetic.day(atSerial: arithmetic.serial(containing: dateRange.lowerBound))
            ... arithmetic.day(atSerial: arithmetic.serial(containing: dateRange.upperBound))
    }
}

extension DayRangeLayout {
    /// Every multi-day range of the layout as HorizonCalendar's `dayRangeItemProvider(for:)` takes
    /// them: one `ClosedRange<Date>` per distinct range of days (two occurrences over the same days
    /// give one range; ``segments(for:in:)`` gives back both).
    ///
    /// - Complexity: O(s) for s segments.
    public func dateRanges(in calendar: Calendar) -> Set<ClosedRange<Date>> {
        Set(Set(segments.map(\.range)).map { $0.dateRange(in: calendar) })
    }

    /// The segments of the occurrences that cover exactly the days of `dateRange` (one of
    /// ``dateRanges(in:)``; HorizonCalendar calls its provider once per range): by row, then lane.
    ///
    /// - Complexity: O(s) for s segments.
    public func segments(for dateRange: ClosedRange<Date>, in calendar: Calendar) -> [Segment] {
        segments(for: ClosedRange<CalendarDay>(dateRange, in: calendar))
    }

    /// The segments of the occurrences that cover exactly `days`, by row, then lane.
    public func segments(for days: ClosedRange<CalendarDay>) -> [Segment] {
        segments.filter { $0.range == days }
    }
}
