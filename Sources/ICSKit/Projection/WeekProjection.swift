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

    /// The instants the seven days cover in the calendar's zone.
    public var dateInterval: DateInterval
    /// What the expansion reported (``init(containing:calendars:calendar:options:)``; empty otherwise).
    public var diagnostics: [Diagnostic]

    /// Expands `calendars` over exactly the shown days of the week of `calendar` that contains
    /// `day` (limited to ``ProjectionOptions/visibleDays``), in `calendar`'s time zone, and projects them.
    ///
    /// - Complexity: that of the expansion over the week, then as ``init(containing:occurrences:calendar:options:)``.
    public init(containing day: CalendarDay, calendars: [ICalendar], calendar: Calendar, options: ProjectionOptions) {
        self.init(containing: day, calendar: calendar, options: options) { projector, shown in
            projector.expand(calendars, on: shown)
        }
    }

    /// Projects `occurrences` onto the week of `calendar` that contains `day`.
    ///
    /// - Complexity: O(n log n + d) for n occurrences covering d visible day slots.
    public init(containing day: CalendarDay, occurrences: [Occurrence], calendar: Calendar, options: ProjectionOptions) {
        self.init(containing: day, calendar: calendar, options: options) { _, _ in (occurrences, []) }
    }

    private init(containing day: CalendarDay, calendar: Calendar, options: ProjectionOptions,
                 source: (GridProjector, ClosedRange<Int>?) -> ([Occurrence], [Diagnostic])) {
        let projector = GridProjector(calendar: calendar, options: options)
        let arithmetic = projector.arithmetic
        let serial = arithmetic.serial(of: day)
        let start = serial - (arithmetic.weekday(ofSerial: serial) - calendar.firstWeekday + 7) % 7
        let shown = projector.shownSerials(gridStart: start, rows: 1, month: nil)
        let (occurrences, diagnostics) = source(projector, shown)
        self.dateInterval = projector.dateInterval(ofSerials: start...(start + 6))
        self.diagnostics = diagnostics
        let placed = projector.place(occurrences, on: shown ?? start...start)
        let (rows, ranges) = projector.project(gridStart: start, rows: 1, month: nil, occurrences: placed)
        firstDay = arithmetic.day(atSerial: start)
        weekNumber = MonthGrid.weekNumber(ofRowStartingAt: start, calendar: calendar, arithmetic: arithmetic)
        weekdaySymbols = MonthGrid.symbols(calendar)
        days = rows[0]
        dayRanges = ranges
        occurrenceIndices = shown == nil ? [] : placed.slots.map(\.index).sorted()
    }

    /// The last day.
    public var lastDay: CalendarDay { days[6].day }
}
