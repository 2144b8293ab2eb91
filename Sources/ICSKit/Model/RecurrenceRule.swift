/// An RRULE (RFC 5545 3.3.10, with RSCALE and SKIP from RFC 7529), fully typed.
///
/// Lists are empty when the rule has no such part. Values are kept as written
/// (a BYMONTHDAY of -1 stays -1); the recurrence engine gives them meaning.
public struct RecurrenceRule: Sendable, Hashable, Codable {
    /// FREQ.
    public enum Frequency: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        /// Finer frequencies are smaller: `.secondly < .yearly`.
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool {
            lhs.fineness < rhs.fineness
        }

        /// The place in ``allCases``, by a switch: the rule iterator compares frequencies once a
        /// period (an instance of a secondly rule), and the list's search made an array each time
        /// in debug builds.
        private var fineness: Int {
            switch self {
            case .secondly: 0
            case .minutely: 1
            case .hourly: 2
            case .daily: 3
            case .weekly: 4
            case .monthly: 5
            case .yearly: 6
            }
        }
    }

    /// One BYDAY entry: a weekday with an optional ordinal (`2MO`, `-1FR`, `TU`).
    public struct WeekdayNumber: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The ordinal (`2` in `2MO`, `-1` in `-1FR`), or `nil` for every such weekday.
        public var ordinal: Int?
        /// The weekday.
        public var weekday: Weekday

        /// A weekday with its ordinal (`-1MO`: the last Monday; `nil`: every one).
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// The rule text (`-1MO`).
        public var description: String { (ordinal.map(String.init) ?? "") + weekday.icsName }
    }

    /// One BYMONTH entry; `isLeap` is RFC 7529's `L` suffix (`5L`) for leap months of RSCALE calendars.
    public struct MonthNumber: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The month, 1–12 (more in other calendar scales).
        public var month: Int
        /// Whether it is the leap month (`5L`, RFC 7529).
        public var isLeap: Bool

        /// A month of BYMONTH, leap or not.
        public init(_ month: Int, isLeap: Bool = false) {
            self.month = month
            self.isLeap = isLeap
        }

        /// The rule text (`5`, `5L`).
        public var description: String { "\(month)" + (isLeap ? "L" : "") }
    }

    /// SKIP (RFC 7529): what to do with an instance on a day the month does not have.
    public enum Skip: String, Sendable, Hashable, Codable {
        case omit = "OMIT", backward = "BACKWARD", forward = "FORWARD"
    }

    /// FREQ: the unit of the recurrence.
    public var frequency: Frequency
    /// INTERVAL, 1 when absent.
    public var interval: Int
    /// COUNT.
    public var count: Int?
    /// UNTIL (inclusive).
    public var until: TimeValue?
    /// BYSECOND values (0–60).
    public var bySecond: [Int]
    /// BYMINUTE values (0–59).
    public var byMinute: [Int]
    /// BYHOUR values (0–23).
    public var byHour: [Int]
    /// BYDAY values, with their ordinals.
    public var byDay: [WeekdayNumber]
    /// BYMONTHDAY values (1–31 or −31 to −1).
    public var byMonthDay: [Int]
    /// BYYEARDAY values (1–366 or −366 to −1).
    public var byYearDay: [Int]
    /// BYWEEKNO values (1–53 or −53 to −1).
    public var byWeekNumber: [Int]
    /// BYMONTH values, leap months included (RFC 7529).
    public var byMonth: [MonthNumber]
    /// BYSETPOS values.
    public var bySetPosition: [Int]
    /// WKST, Monday when absent.
    public var weekStart: Weekday
    /// RSCALE (RFC 7529), e.g. `HEBREW`; `nil` for the Gregorian calendar.
    public var rscale: String?
    /// SKIP (RFC 7529), `.omit` when absent.
    public var skip: Skip

    /// A rule from its parts (RFC 5545 3.3.10; RSCALE and SKIP from RFC 7529).
    public init(
        frequency: Frequency, interval: Int = 1, count: Int? = nil, until: TimeValue? = nil,
        bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byDay: [WeekdayNumber] = [],
        byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNumber: [Int] = [], byMonth: [MonthNumber] = [],
        bySetPosition: [Int] = [], weekStart: Weekday = .monday, rscale: String? = nil, skip: Skip = .omit
    ) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNumber = byWeekNumber
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.weekStart = weekStart
        self.rscale = rscale
        self.skip = skip
    }
}

extension RecurrenceRule: CustomStringConvertible {
    /// The rule as iCalendar text, e.g. `FREQ=MONTHLY;BYDAY=-1FR;COUNT=3`; UNTIL in the form
    /// of its own value (a date, a UTC time, or a wall time with no TZID: RFC 5545 has no place
    /// for a zone inside a rule).
    public var description: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if let until { parts.append("UNTIL=\(until.valueText)") }
        if let count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [some CustomStringConvertible]) {
            if !values.isEmpty { parts.append(name + "=" + values.map(\.description).joined(separator: ",")) }
        }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        list("BYDAY", byDay)
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNumber)
        list("BYMONTH", byMonth)
        list("BYSETPOS", bySetPosition)
        if weekStart != .monday { parts.append("WKST=\(weekStart.icsName)") }
        if let rscale { parts.append("RSCALE=\(rscale)") }
        if skip != .omit { parts.append("SKIP=\(skip.rawValue)") }
        return parts.joined(separator: ";")
    }
}
