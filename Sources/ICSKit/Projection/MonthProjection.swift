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
    public var grid: MonthGrid
    /// The days, row by row, seven a row (the grid's cells).
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
        self.grid = grid
        self.rows = rows
        self.dayRanges = ranges
    }

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

/// Several months in a row, as HorizonCalendar's `MonthsLayout` has them: the months that the
/// visible days touch, stacked along an axis.
public struct MultiMonthProjection: Sendable, Hashable {
    /// The direction in which months follow each other.
    public enum Axis: String, Sendable, Hashable, Codable {
        /// One under another (scrolls vertically).
        case vertical
        /// Side by side (pages horizontally).
        case horizontal
    }

    public var axis: Axis
    /// Every month that a visible day lies in, in order.
    public var months: [MonthProjection]
    /// The visible days.
    public var visibleDays: ClosedRange<CalendarDay>

    /// Projects `occurrences` onto each month that `visibleDays` touches; days outside
    /// `visibleDays` (and `options.visibleDays`, when given) show no occurrences.
    ///
    /// - Complexity: O(n log n + d + m) for n occurrences covering d visible day slots, over m months.
    public init(visibleDays: ClosedRange<CalendarDay>, axis: Axis, occurrences: [Occurrence],
                calendar: Calendar, options: ProjectionOptions) {
        var options = options
        var occurrences = occurrences
        if let given = options.visibleDays {
            let lower = max(given.lowerBound, visibleDays.lowerBound), upper = min(given.upperBound, visibleDays.upperBound)
            if lower <= upper {
                options.visibleDays = lower...upper
            } else {
                // Nothing is both visible and in the layout: show the months without occurrences.
                options.visibleDays = visibleDays
                occurrences = []
            }
        } else {
            options.visibleDays = visibleDays
        }
        let projector = GridProjector(calendar: calendar, options: options)
        let grids = CalendarMonth.months(covering: visibleDays, calendar: calendar).map { MonthGrid(month: $0, calendar: calendar) }
        let first = grids[0].firstSerial
        let last = grids[grids.count - 1].firstSerial + grids[grids.count - 1].weeks.count * 7 - 1
        let span = projector.shownSerials(gridStart: first, rows: (last - first + 1) / 7, month: nil) ?? first...first
        let placed = projector.place(occurrences, on: span)
        self.axis = axis
        self.visibleDays = visibleDays
        self.months = grids.map { MonthProjection(grid: $0, projector: projector, occurrences: placed) }
    }
}
