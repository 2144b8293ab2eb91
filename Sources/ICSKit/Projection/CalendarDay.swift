/// A day as a calendar names it: year, month and day numbers (HorizonCalendar's `DayComponents`).
///
/// The numbers are in the terms of the `Foundation.Calendar` the day was made with
/// (Gregorian for most users; Hebrew, Islamic, … when the display calendar is one of those).
/// Days are integer components, not `Date`s: they have no time zone and compare
/// without Foundation. Convert with ``init(containing:in:)`` and ``startDate(in:)``.
///
/// Ordering is lexicographic on (year, month, day). That matches time for the calendars
/// whose years count up without restarting and whose months are numbered in order
/// (Gregorian, ISO 8601, Buddhist, Hebrew, Islamic, Persian, Indian, Coptic, Ethiopic);
/// it does not hold across eras of the Japanese calendar or for Chinese leap months,
/// which these components cannot tell apart.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Creates a day from its numbers; they are not checked against any calendar.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The Gregorian day a `CivilDate` names (the same numbers).
    public init(_ date: CivilDate) {
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// The month this day lies in.
    public var calendarMonth: CalendarMonth {
        CalendarMonth(year: year, month: month)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// A month as a calendar names it: year and month numbers (HorizonCalendar's `MonthComponents`).
///
/// Same conventions as ``CalendarDay``: the numbers are the display calendar's own,
/// and ordering is lexicographic on (year, month).
public struct CalendarMonth: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int

    /// Creates a month from its numbers; they are not checked against any calendar.
    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The first day of the month (day 1 in every calendar Foundation has).
    public var firstDay: CalendarDay {
        CalendarDay(year: year, month: month, day: 1)
    }

    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    /// `YYYY-MM`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))"
    }
}
