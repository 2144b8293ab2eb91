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

    /// Projects `occurrences` onto `month` of `calendar`.
    ///
    /// - Complexity: O(n log n + d) for n occurrences covering d visible day slots.
    public init(month: CalendarMonth, occurrences: [Occurrence], calendar: Calendar, options: ProjectionOptions) {
        let projector = GridProjector(calendar: calendar, options: options)
        let grid = MonthGrid(month: month, calendar: calendar)
        let span = projector.arithmetic.span(of: month)
        let shown = projector.shownSerials(gridStart: grid.firstSerial, rows: grid.weeks.count, month: span.first...(span.first + span.count - 1))
        let placed = projector.place(occurrences, on: shown ?? grid.firstSerial...grid.firstSerial)
        self.init(grid: grid, projector: projector, occurrences: placed)
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
        self.rows = rows
        self.dayRanges = ranges
    }

    /// The serial of the first cell.
    let firstSerial: Int

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
                         firstSerial: firstSerial)
    }

    /// The first cell's day.
    public var firstDay: CalendarDay { rows[0][0].day }

    /// The last cell's day.
    public var lastDay: CalendarDay { rows[rows.count - 1][6].day }

    /// The item that shows `day`, if the grid shows it.
    ///
    /// - Complexity: O(cells).
    public func item(for day: CalendarDay) -> DayItem? {
        for row in rows {
            if let item = row.first(where: { $0.day == day }) { return item }
        }
        return nil
    }
}

