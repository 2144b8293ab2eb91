import Foundation

/// Everything a calendar UI draws for one month: the grid, each day's state, occurrences and
/// decoration, and the multi-day ranges with their lanes.
///
/// ```swift
/// let options = ProjectionOptions(now: now, calendars: calendars.map(CalendarStyle.init))
/// let march = MonthProjection(month: CalendarMonth(year: 2024, month: 3),
///                             occurrences: occurrences, calendar: calendar, options: options)
/// for row in march.rows { for item in row { print(item.day.day, item.state.isToday, item.decoration as Any) } }
/// ```
public struct MonthProjection: Sendable, Hashable {
    /// The month shown.
    public var month: CalendarMonth
    /// The calendar's first weekday: the weekday of column 0.
    public var firstWeekday: Weekday
    /// The week number of each row (as ``MonthGrid/Week/weekNumber``).
    public var weekNumbers: [Int]
    /// The seven column headings, from `firstWeekday`.
    public var weekdaySymbols: [MonthGrid.WeekdaySymbol]
    /// The days, row by row, seven a row: the one grid of cells (``grid`` is derived from it).
    public var rows: [[DayItem]]
    /// The multi-day occurrences, cut into one segment per row, with lanes.
    public var dayRanges: DayRangeLayout

    /// Expands `calendars` over exactly the days the grid of `month` shows and projects them: the
    /// neighbouring days of the first and last rows included when they show occurrences
    /// (``ProjectionOptions/showsDaysOutsideMonth``), limited to ``ProjectionOptions/visibleDays``,
    /// from the start of the first shown day to the end of the last in `calendar`'s time zone
    /// (which is also the zone floating and all-day times are read in).
    ///
    /// ```swift
    /// var berlin = Calendar(identifier: .gregorian)
    /// berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
    /// let march = MonthProjection(month: CalendarMonth(year: 2024, month: 3), calendars: [feed],
    ///                             calendar: berlin, options: ProjectionOptions(now: .now, calendars: [CalendarStyle(feed)]))
    /// march.dateInterval // 2024-02-25T23:00:00Z ..< 2024-03-31T22:00:00Z (Monday-first grid)
    /// ```
    /// - Complexity: that of the expansion over the shown days, then as ``init(month:occurrences:calendar:options:)``.
    public init(month: CalendarMonth, calendars: [ICalendar], calendar: Calendar, options: ProjectionOptions) {
        let projector = GridProjector(calendar: calendar, options: options)
        let grid = MonthGrid(month: month, calendar: calendar)
        let shown = Self.shownSerials(grid, projector)
        let (occurrences, diagnostics) = projector.expand(calendars, on: shown)
        self.init(grid: grid, projector: projector, occurrences: projector.place(occurrences, on: shown ?? grid.firstSerial...grid.firstSerial))
        self.diagnostics = diagnostics
    }

    /// Projects `occurrences` onto `month` of `calendar` (for callers who expand themselves: expand
    /// at least ``dateInterval``, in `calendar`'s time zone).
    ///
    /// - Complexity: O(n log n + d) for n occurrences covering d visible day slots.
    public init(month: CalendarMonth, occurrences: [Occurrence], calendar: Calendar, options: ProjectionOptions) {
        let projector = GridProjector(calendar: calendar, options: options)
        let grid = MonthGrid(month: month, calendar: calendar)
        let shown = Self.shownSerials(grid, projector)
        let placed = projector.place(occurrences, on: shown ?? grid.firstSerial...grid.firstSerial)
        self.init(grid: grid, projector: projector, occurrences: placed)
    }

    /// Projects a ``GridSample`` onto `month` (the sample's days must cover the grid's, and it must
    /// be taken with `options`' ``ProjectionOptions/maxOccurrencesPerDay`` and
    /// ``ProjectionOptions/includesCancelled``): the same days, counts, lists, decorations and
    /// day ranges as a projection of every occurrence the sample was given, but a
    /// ``DayItem/occurrenceIndices`` is a position in the sample's ``GridSample/occurrences``.
    package init(month: CalendarMonth, sample: GridSample, calendar: Calendar, options: ProjectionOptions) {
        let projector = GridProjector(calendar: calendar, options: options)
        let grid = MonthGrid(month: month, calendar: calendar)
        let shown = Self.shownSerials(grid, projector)
        let placed = projector.place(sample, on: shown ?? grid.firstSerial...grid.firstSerial)
        self.init(grid: grid, projector: projector, occurrences: placed)
    }

    /// The serials of `grid` that show occurrences.
    private static func shownSerials(_ grid: MonthGrid, _ projector: GridProjector) -> ClosedRange<Int>? {
        let span = projector.arithmetic.span(of: grid.month)
        return projector.shownSerials(gridStart: grid.firstSerial, rows: grid.weeks.count, month: span.first...(span.first + span.count - 1))
    }

    init(grid: MonthGrid, projector: GridProjector, occurrences: DayOccurrences) {
        let span = projector.arithmetic.span(of: grid.month)
        let (rows, ranges) = projector.project(gridStart: grid.firstSerial, rows: grid.weeks.count,
                                               month: span.first...(span.first + span.count - 1), occurrences: occurrences)
        self.month = grid.month
        self.firstWeekday = grid.firstWeekday
        self.weekNumbers = grid.weeks.map(\.weekNumber)
        self.weekdaySymbols = grid.weekdaySymbols
        self.firstSerial = grid.firstSerial
        self.dateInterval = grid.dateInterval
        self.diagnostics = []
        self.rows = rows
        self.dayRanges = ranges
        var index: [CalendarDay: Int] = [:]
        index.reserveCapacity(rows.count * 7)
        for (row, items) in rows.enumerated() { for item in items { index[item.day] = row * 7 + item.column } }
        self.cellIndex = index
    }

    /// Each shown day → its cell (row · 7 + column), for ``item(for:)``.
    let cellIndex: [CalendarDay: Int]

    /// The serial of the first cell.
    let firstSerial: Int
    /// The instants the grid's cells cover in the calendar's zone (``MonthGrid/dateInterval``).
    public var dateInterval: DateInterval
    /// What the expansion reported (``init(month:calendars:calendar:options:)``; empty otherwise).
    public var diagnostics: [Diagnostic]

    /// The month's grid (weeks, cells, week numbers, symbols), derived from ``rows``.
    ///
    /// - Complexity: O(cells): built on each call.
    public var grid: MonthGrid {
        let weeks = rows.enumerated().map { row, items in
            MonthGrid.Week(row: row, weekNumber: weekNumbers[row], cells: items.map {
                MonthGrid.Cell(day: $0.day, isInMonth: $0.state.isInMonth, row: $0.row, column: $0.column, weekday: $0.weekday)
            })
        }
        return MonthGrid(month: month, firstWeekday: firstWeekday, weeks: weeks, weekdaySymbols: weekdaySymbols,
                         dateInterval: dateInterval, firstSerial: firstSerial)
    }

    /// The first cell's day.
    public var firstDay: CalendarDay { rows[0][0].day }

    /// The last cell's day.
    public var lastDay: CalendarDay { rows[rows.count - 1][6].day }

    /// The item that shows `day`, if the grid shows it.
    ///
    /// - Complexity: O(1) (a hash lookup).
    public func item(for day: CalendarDay) -> DayItem? {
        cellIndex[day].map { rows[$0 / 7][$0 % 7] }
    }
}

