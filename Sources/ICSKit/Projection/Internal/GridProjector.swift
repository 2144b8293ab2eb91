import Foundation

/// Builds the day items and day ranges of a grid of week rows; shared by month and week projections.
struct GridProjector {
    let calendar: Calendar
    let arithmetic: DayArithmetic
    let options: ProjectionOptions
    let todaySerial: Int
    let visibleSerials: ClosedRange<Int>?

    init(calendar: Calendar, options: ProjectionOptions) {
        self.calendar = calendar
        self.options = options
        let arithmetic = DayArithmetic(calendar)
        self.arithmetic = arithmetic
        todaySerial = arithmetic.serial(containing: options.now)
        visibleSerials = options.visibleDays.map { arithmetic.serial(of: $0.lowerBound)...arithmetic.serial(of: $0.upperBound) }
    }

    /// The serials a grid shows occurrences on: its cells, limited to `month` unless days outside
    /// the month are shown, and to the visible days; `nil` when none.
    func shownSerials(gridStart: Int, rows: Int, month: ClosedRange<Int>?) -> ClosedRange<Int>? {
        var shown = gridStart...(gridStart + rows * 7 - 1)
        for limit in [options.showsDaysOutsideMonth ? nil : month, visibleSerials] {
            guard let limit else { continue }
            guard shown.overlaps(limit) else { return nil }
            shown = shown.clamped(to: limit)
        }
        return shown
    }

    /// Places the occurrences on the serials `span` (one placement pass shared by several grids).
    func place(_ occurrences: [Occurrence], on span: ClosedRange<Int>) -> DayOccurrences {
        DayOccurrences(occurrences, visibleSerials: span, arithmetic: arithmetic, includesCancelled: options.includesCancelled,
                       maxPerDay: options.maxOccurrencesPerDay)
    }

    /// Places the occurrences of `sample` on the serials `span` (which it must cover), with its counts.
    func place(_ sample: GridSample, on span: ClosedRange<Int>) -> DayOccurrences {
        precondition(sample.maxPerDay == options.maxOccurrencesPerDay && sample.includesCancelled == options.includesCancelled,
                     "a sample is projected with the caps it was taken with")
        return DayOccurrences(sample.occurrences, visibleSerials: span, arithmetic: arithmetic, includesCancelled: options.includesCancelled,
                              maxPerDay: options.maxOccurrencesPerDay, counts: (sample.visibleSerials.lowerBound, sample.counts))
    }

    /// The items of `rows` week rows from `gridStart`, and the layout of their day ranges.
    func project(gridStart: Int, rows: Int, month: ClosedRange<Int>?, occurrences: DayOccurrences) -> ([[DayItem]], DayRangeLayout) {
        let shown = shownSerials(gridStart: gridStart, rows: rows, month: month)
        var weekend: [Int: Bool] = [:]
        var items: [[DayItem]] = []
        items.reserveCapacity(rows)
        for row in 0..<rows {
            var rowItems: [DayItem] = []
            rowItems.reserveCapacity(7)
            for column in 0..<7 {
                let serial = gridStart + row * 7 + column
                let day = arithmetic.day(atSerial: serial)
                let weekday = arithmetic.weekday(ofSerial: serial)
                let isWeekend = weekend[weekday] ?? {
                    let value = calendar.isDateInWeekend(arithmetic.startDate(ofSerial: serial) + 43_200)
                    weekend[weekday] = value
                    return value
                }()
                let isShown = shown?.contains(serial) == true
                let placed = isShown ? occurrences.positions(onSerial: serial) : []
                let list = placed.map(occurrences.occurrence(at:))
                let count = isShown ? occurrences.count(onSerial: serial) : 0
                let state = DayState(
                    day: day, isInMonth: month?.contains(serial) ?? true, occurrenceCount: count,
                    isToday: serial == todaySerial, isSelected: options.selection.contains(day),
                    isEnabled: options.selection.isEnabled(day), isWeekend: isWeekend)
                rowItems.append(DayItem(state: state, row: row, column: column, weekday: Weekday(rawValue: weekday)!, occurrences: list,
                                        occurrenceIndices: placed.map { occurrences.slots[$0].index }, hiddenCount: count - list.count,
                                        decoration: list.isEmpty ? nil : decoration(day, list, count: count),
                                        calendarDots: list.isEmpty ? [] : CalendarDot.dots(for: list, calendars: options.calendars)))
            }
            items.append(rowItems)
        }
        let ranges = shown.map { DayRangeLayout(occurrences, gridStart: gridStart, rows: rows, visible: $0, arithmetic: arithmetic,
                                                maxLanes: options.maxLanes) }
            ?? DayRangeLayout(emptyRows: rows, maxLanes: options.maxLanes)
        return (items, ranges)
    }

    /// The provider's decoration for the listed occurrences of a day; when the day lists fewer
    /// than `count` (past the cap), a default dot still shows the whole count.
    private func decoration(_ day: CalendarDay, _ list: [Occurrence], count: Int) -> DayDecoration? {
        let decoration = options.decorationProvider(day, list)
        guard count > list.count, case .default(let color, _, let listed)? = decoration, listed == list.count else { return decoration }
        return .default(color: color, size: DecorationSize(count: count), count: count)
    }
}
