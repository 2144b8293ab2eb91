/// A day as a display calendar names it: era, year, month and day numbers.
///
/// The counterpart of HorizonCalendar's `DayComponents` and of the `DateComponents` that
/// `UICalendarView` speaks (era, year, month, day), under a name of its own so that a file can
/// import ICSKit beside HorizonCalendar without qualifying either.
///
/// The numbers are in the terms of the `Foundation.Calendar` the day was made with, exactly as
/// `Calendar.dateComponents([.era, .year, .month, .day], from:)` gives them (Gregorian: era 1
/// for AD, era 0 for BC with years counting down; Japanese: the imperial era; Hebrew, Islamic,
/// Buddhist, …: their one era). Days are integer components, not `Date`s: they have no time
/// zone and compare without Foundation. Convert with ``init(containing:in:)``,
/// ``startDate(in:)`` and the `DateComponents` bridge.
///
/// Ordering is by era, then year, month and day. That matches time in every calendar whose eras
/// follow each other in number order and whose months are numbered in order, and before AD 1 in
/// the Gregorian calendar when the day was made by a projection or from a Gregorian calendar
/// (which marks its era 0 as counting down); it does not hold for Chinese leap months, which
/// these components cannot tell apart.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The era (Gregorian: 1 = AD, 0 = BC).
    public var era: Int
    /// The year within the era.
    public var year: Int
    /// The month of the year, from 1.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int
    /// Whether years count down in this era (the Gregorian calendar's BC): for ordering only,
    /// not part of equality.
    var yearsCountDown: Bool

    /// Creates a day from its numbers; they are not checked against any calendar.
    ///
    /// - Parameter era: the era; 1 (AD) by default, right for the Gregorian calendar from AD 1.
    ///   Other calendars have their own eras (Hebrew, Islamic, Buddhist: 0; Japanese: the imperial
    ///   era): take them from `Calendar.dateComponents`, or use ``init(containing:in:)``.
    public init(era: Int = 1, year: Int, month: Int, day: Int) {
        self.init(era: era, year: year, month: month, day: day, yearsCountDown: false)
    }

    init(era: Int, year: Int, month: Int, day: Int, yearsCountDown: Bool) {
        self.era = era
        self.year = year
        self.month = month
        self.day = day
        self.yearsCountDown = yearsCountDown
    }

    /// The Gregorian day a `CivilDate` names (astronomical year 0 and before are BC: era 0).
    public init(_ date: CivilDate) {
        if date.year >= 1 {
            self.init(era: 1, year: date.year, month: date.month, day: date.day, yearsCountDown: false)
        } else {
            self.init(era: 0, year: 1 - date.year, month: date.month, day: date.day, yearsCountDown: true)
        }
    }

    /// The month this day lies in.
    public var calendarMonth: CalendarMonth {
        CalendarMonth(era: era, year: year, month: month, yearsCountDown: yearsCountDown)
    }

    public static func == (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.era, lhs.year, lhs.month, lhs.day) == (rhs.era, rhs.year, rhs.month, rhs.day)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(era)
        hasher.combine(year)
        hasher.combine(month)
        hasher.combine(day)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        if lhs.calendarMonth != rhs.calendarMonth { return lhs.calendarMonth < rhs.calendarMonth }
        return lhs.day < rhs.day
    }

    /// `YYYY-MM-DD` (the year within its era).
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    private enum CodingKeys: String, CodingKey { case era, year, month, day }

    /// Decodes `{"era":1,"year":2024,"month":3,"day":1}`; a missing era is 1 (AD).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(era: try container.decodeIfPresent(Int.self, forKey: .era) ?? 1,
                  year: try container.decode(Int.self, forKey: .year),
                  month: try container.decode(Int.self, forKey: .month),
                  day: try container.decode(Int.self, forKey: .day))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(era, forKey: .era)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
        try container.encode(day, forKey: .day)
    }
}
