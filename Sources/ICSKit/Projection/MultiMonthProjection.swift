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

    /// Whether the months run down (one above the other) or across.
    public var axis: Axis
    /// Every month that a visible day lies in, in order.
    public var months: [MonthProjection]
    /// The visible days.
    public var visibleDays: ClosedRange<CalendarDay>

    /// The instants the months' grids cover in the calendar's zone, from the first cell of the
    /// first month to the end of the last cell of the last (occurrences show only on ``visibleDays``).
    public var dateInterval: DateInterval
    /// What the expansion reported (``init(visibleDays:axis:calendars:calendar:options:)``; empty otherwise).
    public var diagnostics: [Diagnostic]

    /// Expands `calendars` over exactly the visible days (`visibleDays`, and `options.visibleDays`
    /// when given) in `calendar`'s time zone and projects them onto each month those days touch.
    ///
    /// - Complexity: that of the expansion over the visible days, then as
    ///   ``init(visibleDays:axis:occurrences:calendar:options:)``.
    public init(visibleDays: ClosedRange<CalendarDay>, axis: Axis, calendars: [ICalendar],
                calendar: Calendar, options: ProjectionOptions) {
        self.init(visibleDays: visibleDays, axis: axis, calendar: calendar, options: options) { projector, shown in
            projector.expand(calendars, on: shown)
        }
    }

    /// Projects `occurrences` onto each month that `visibleDays` touches; days outside
    /// `visibleDays` (and `options.visibleDays`, when given) show no occurrences.
    ///
    /// - Complexity: O(n log n + d + m) for n occurrences covering d visible day slots, over m months.
    public init(visibleDays: ClosedRange<CalendarDay>, axis: Axis, occurrences: [Occurrence],
                calendar: Calendar, options: ProjectionOptions) {
        self.init(visibleDays: visibleDays, axis: axis, calendar: calendar, options: options) { _, shown in
            (shown == nil ? [] : occurrences, [])
        }
    }

    /// The months' grids, with the occurrences that `source` gives for the shown serials (nil: none).
    private init(visibleDays: ClosedRange<CalendarDay>, axis: Axis, calendar: Calendar, options: ProjectionOptions,
                 source: (GridProjector, ClosedRange<Int>?) -> ([Occurrence], [Diagnostic])) {
        var options = options
        var nothingShown = false
        if let given = options.visibleDays {
            let lower = max(given.lowerBound, visibleDays.lowerBound), upper = min(given.upperBound, visibleDays.upperBound)
            if lower <= upper {
                options.visibleDays = lower...upper
            } else {
                // Nothing is both visible and in the layout: show the months without occurrences.
                options.visibleDays = visibleDays
                nothingShown = true
            }
        } else {
            options.visibleDays = visibleDays
        }
        let projector = GridProjector(calendar: calendar, options: options)
        let grids = CalendarMonth.months(covering: visibleDays, calendar: calendar).map { MonthGrid(month: $0, calendar: calendar) }
        let first = grids[0].firstSerial
        let last = grids[grids.count - 1].firstSerial + grids[grids.count - 1].weeks.count * 7 - 1
        let shown = nothingShown ? nil : projector.shownSerials(gridStart: first, rows: (last - first + 1) / 7, month: nil)
        let (occurrences, diagnostics) = source(projector, shown)
        let placed = projector.place(occurrences, on: shown ?? first...first)
        self.axis = axis
        self.visibleDays = visibleDays
        self.months = grids.map { MonthProjection(grid: $0, projector: projector, occurrences: placed) }
        self.dateInterval = projector.dateInterval(ofSerials: first...last)
        self.diagnostics = diagnostics
    }
}
