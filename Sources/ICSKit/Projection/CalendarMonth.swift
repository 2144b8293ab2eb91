/// A month as a display calendar names it: era, year and month numbers.
///
/// The counterpart of HorizonCalendar's `MonthComponents` (which also carries its era) under a
/// name of its own. Same conventions as ``CalendarDay``: the numbers are the display calendar's
/// own, and ordering is by era, then year, then month.
public struct CalendarMonth: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The era (Gregorian: 1 = AD, 0 = BC).
    public var era: Int
    /// The year within the era.
    public var year: Int
    /// The month of the year, from 1.
    public var month: Int
    /// Whether years count down in this era (the Gregorian calendar's BC): for ordering only.
    var yearsCountDown: Bool

    /// Creates a month from its numbers; they are not checked against any calendar.
    ///
    /// - Parameter era: the era; 1 (AD) by default (see ``CalendarDay/init(era:year:month:day:)``).
    public init(era: Int = 1, year: Int, month: Int) {
        self.init(era: era, year: year, month: month, yearsCountDown: false)
    }

    init(era: Int, year: Int, month: Int, yearsCountDown: Bool) {
        self.era = era
        self.year = year
        self.month = month
        self.yearsCountDown = yearsCountDown
    }

    /// The first day of the month (day 1 in every calendar Foundation has).
    public var firstDay: CalendarDay {
        CalendarDay(era: era, year: year, month: month, day: 1, yearsCountDown: yearsCountDown)
    }

    public static func == (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.era, lhs.year, lhs.month) == (rhs.era, rhs.year, rhs.month)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(era)
        hasher.combine(year)
        hasher.combine(month)
    }

    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        if lhs.era != rhs.era { return lhs.era < rhs.era }
        if lhs.year != rhs.year {
            return lhs.yearsCountDown || rhs.yearsCountDown ? lhs.year > rhs.year : lhs.year < rhs.year
        }
        return lhs.month < rhs.month
    }

    /// `YYYY-MM` (the year within its era).
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))"
    }

    private enum CodingKeys: String, CodingKey { case era, year, month }

    /// Decodes `{"era":1,"year":2024,"month":3}`; a missing era is 1 (AD).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(era: try container.decodeIfPresent(Int.self, forKey: .era) ?? 1,
                  year: try container.decode(Int.self, forKey: .year),
                  month: try container.decode(Int.self, forKey: .month))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(era, forKey: .era)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
    }
}
