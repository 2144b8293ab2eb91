import Foundation

/// The weeks that cover one month, as a calendar draws them: rows of seven days starting
/// on the calendar's `firstWeekday`, with the days of the neighbouring months that fill
/// the first and last rows marked as outside the month.
///
/// ```swift
/// var calendar = Calendar(identifier: .gregorian)
/// calendar.timeZone = TimeZone(identifier: "UTC")!
/// calendar.firstWeekday = 2 // Monday
/// calendar.minimumDaysInFirstWeek = 4
/// let grid = MonthGrid(month: CalendarMonth(year: 2024, month: 3), calendar: calendar)
/// grid.firstDay       // 2024-02-26, a Monday
/// grid.weeks.count    // 5
/// grid.weeks[0].weekNumber // 9 (ISO 8601)
/// ```
public struct MonthGrid: Sendable, Hashable {
    /// One cell of the grid.
    public struct Cell: Sendable, Hashable {
        /// The day.
        public var day: CalendarDay
        /// Whether the day belongs to the grid's month (false for the neighbours that fill the first and last rows).
        public var isInMonth: Bool
        /// The week row, from 0.
        public var row: Int
        /// The column, from 0 (the calendar's `firstWeekday`) to 6.
        public var column: Int
        /// The day of the week.
        public var weekday: Weekday
    }

    /// One row of seven cells.
    public struct Week: Sendable, Hashable {
        /// The row, from 0.
        public var row: Int
        /// ISO 8601 week number when the calendar is Gregorian, starts weeks on Monday and
        /// needs four days in the first week; otherwise the calendar's own `weekOfYear`.
        public var weekNumber: Int
        /// The seven cells, from the calendar's `firstWeekday`.
        public var cells: [Cell]
    }

    /// A column heading.
    public struct WeekdaySymbol: Sendable, Hashable {
        /// The day of the week of the column.
        public var weekday: Weekday
        /// The short stand-alone name in the calendar's locale (`Mon`).
        public var short: String
        /// The very short stand-alone name in the calendar's locale (`M`).
        public var veryShort: String
    }

    /// The month shown.
    public var month: CalendarMonth
    /// The calendar's first weekday: the weekday of column 0.
    public var firstWeekday: Weekday
    /// The weeks, from the one that contains the first of the month to the one with its last day.
    public var weeks: [Week]
    /// The seven column headings, from `firstWeekday`.
    public var weekdaySymbols: [WeekdaySymbol]
    /// The instants its cells cover in the calendar's time zone: from the start of the first cell's
    /// day to the start of the day after the last cell (what to expand for the whole grid).
    public var dateInterval: DateInterval
    /// The serial number of the first cell (days since 1970-01-01, proleptic Gregorian).
    let firstSerial: Int

    /// Lays out `month` of `calendar`.
    ///
    /// Uses the calendar's identifier, `firstWeekday`, `minimumDaysInFirstWeek` (for week
    /// numbers), time zone and locale (for the weekday symbols).
    /// - Complexity: O(42) integer steps in the Gregorian calendar; one Foundation
    ///   conversion per cell and week otherwise.
    public init(month: CalendarMonth, calendar: Calendar) {
        let arithmetic = DayArithmetic(calendar)
        let (first, count) = arithmetic.span(of: month)
        let firstWeekday = calendar.firstWeekday
        let leading = (arithmetic.weekday(ofSerial: first) - firstWeekday + 7) % 7
        let start = first - leading
        let rows = (leading + count + 6) / 7

        var weeks: [Week] = []
        weeks.reserveCapacity(rows)
        for row in 0..<rows {
            let rowStart = start + row * 7
            var cells: [Cell] = []
            cells.reserveCapacity(7)
            for column in 0..<7 {
                let serial = rowStart + column
                cells.append(Cell(day: arithmetic.day(atSerial: serial),
                                  isInMonth: serial >= first && serial < first + count,
                                  row: row, column: column,
                                  weekday: Weekday(rawValue: arithmetic.weekday(ofSerial: serial))!))
            }
            weeks.append(Week(row: row, weekNumber: Self.weekNumber(ofRowStartingAt: rowStart, calendar: calendar,
                                                                  arithmetic: arithmetic), cells: cells))
        }
        self.month = month
        self.firstWeekday = Weekday(rawValue: ((firstWeekday - 1) % 7 + 7) % 7 + 1)!
        self.weeks = weeks
        self.weekdaySymbols = Self.symbols(calendar)
        self.firstSerial = start
        self.dateInterval = DateInterval(start: arithmetic.startDate(ofSerial: start),
                                         end: arithmetic.startDate(ofSerial: start + rows * 7))
    }

    init(month: CalendarMonth, firstWeekday: Weekday, weeks: [Week], weekdaySymbols: [WeekdaySymbol], dateInterval: DateInterval,
         firstSerial: Int) {
        self.dateInterval = dateInterval
        self.month = month
        self.firstWeekday = firstWeekday
        self.weeks = weeks
        self.weekdaySymbols = weekdaySymbols
        self.firstSerial = firstSerial
    }

    /// The first cell's day.
    public var firstDay: CalendarDay { weeks[0].cells[0].day }

    /// The last cell's day.
    public var lastDay: CalendarDay { weeks[weeks.count - 1].cells[6].day }

    /// Every cell's day, from the first to the last cell.
    public var days: ClosedRange<CalendarDay> { firstDay...lastDay }

    /// The cell that shows `day`, if the grid shows it.
    ///
    /// - Complexity: O(cells) (a scan; the numbers of other calendars are not contiguous).
    public func cell(for day: CalendarDay) -> Cell? {
        for week in weeks {
            if let cell = week.cells.first(where: { $0.day == day }) { return cell }
        }
        return nil
    }

    /// The week number of the row of seven days that starts (on the calendar's first weekday)
    /// on the day `rowStart`: ISO 8601 for a Gregorian calendar with Monday first and four
    /// days in the first week, else the calendar's own `weekOfYear` (the same on every day of the row).
    static func weekNumber(ofRowStartingAt rowStart: Int, calendar: Calendar, arithmetic: DayArithmetic) -> Int {
        if arithmetic.isGregorian && calendar.firstWeekday == 2 && calendar.minimumDaysInFirstWeek == 4 {
            return isoWeekNumber(ofWeekStartingOnMonday: rowStart)
        }
        return calendar.component(.weekOfYear, from: arithmetic.startDate(ofSerial: rowStart) + 43_200)
    }

    /// The ISO 8601 week number of the Monday-started week whose Monday is `monday`:
    /// the week belongs to the year of its Thursday, and week 1 holds that year's first Thursday.
    static func isoWeekNumber(ofWeekStartingOnMonday monday: Int) -> Int {
        let thursday = CivilDate(daysSinceEpoch: monday + 3)
        return (thursday.dayOfYear - 1) / 7 + 1
    }

    /// The weekday symbols of `calendar`'s locale, rotated to start at its `firstWeekday`.
    static func symbols(_ calendar: Calendar) -> [WeekdaySymbol] {
        let short = calendar.shortStandaloneWeekdaySymbols
        let veryShort = calendar.veryShortStandaloneWeekdaySymbols
        return (0..<7).map { column in
            let weekday = (calendar.firstWeekday - 1 + column) % 7 + 1
            return WeekdaySymbol(weekday: Weekday(rawValue: weekday)!,
                                 short: short.indices.contains(weekday - 1) ? short[weekday - 1] : "",
                                 veryShort: veryShort.indices.contains(weekday - 1) ? veryShort[weekday - 1] : "")
        }
    }
}
