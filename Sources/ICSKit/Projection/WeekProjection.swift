import Foundation

/// Everything a calendar UI draws for one week: seven days from the calendar's `firstWeekday`,
/// each with its state, occurrences and decoration, and the multi-day ranges in lanes
/// (one row, so one segment per range).
public struct WeekProjection: Sendable, Hashable {
    /// The first day (the calendar's first weekday).
    public var firstDay: CalendarDay
    /// ISO 8601 or the calendar's own week number (as ``MonthGrid/Week/weekNumber``).
    public var weekNumber: Int
    /// The seven column headings, from `firstWeekday`.
    public var weekdaySymbols: [MonthGrid.WeekdaySymbol]
    /// The seven days (row 0; every day counts as in the "month" of a week).
    public var days: [DayItem]
    /// The multi-day occurrences, one segment each, with lanes.
    public var dayRanges: DayRangeLayout
    /// The positions, in the list given to the projection, of every occurrence shown on the
    /// week's days (listed by a day or past its cap), in increasing order.
    public var occurrenceIndices: [Int]

    /// Projects `occurrences` onto the week of `calendar` that contains `day`.
    ///
    /// - Complexity: O(n log n + d) for n occurrences covering d visible day slots.
    public init(containing day: CalendarDay, occurrences: [Occurrence], calendar: Calendar, options: ProjectionOptions) {
        let projector = GridProjector(calendar: calendar, options: options)
        let arithmetic = projector.arithmetic
        let serial = arithmetic.serial(of: day)
        let start = serial - (arithmetic.weekday(ofSerial: serial) - calendar.firstWeekday + 7) % 7
        let shown = projector.shownSerials(gridStart: start, rows: 1, month: nil)
        let placed = projector.place(occurrences, on: shown ?? start...start)
        let (rows, ranges) = projector.project(gridStart: start, rows: 1, month: nil, occurrences: placed)
        firstDay = arithmetic.day(atSerial: start)
        weekNumber = MonthGrid.weekNumber(ofRowStartingAt: start, calendar: calendar, arithmetic: arithmetic)
        weekdaySymbols = MonthGrid.symbols(calendar)
        days = rows[0]
        dayRanges = ranges
        occurrenceIndices = shown == nil ? [] : placed.placements.map(\.index).sorted()
    }

    /// The last day.
    public var lastDay: CalendarDay { days[6].day }
}
