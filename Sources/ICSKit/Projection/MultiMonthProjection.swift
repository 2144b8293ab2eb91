import Foundation

/// Several months in a row (what HorizonCalendar shows with its `MonthsLayout` setting): the months that the
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
