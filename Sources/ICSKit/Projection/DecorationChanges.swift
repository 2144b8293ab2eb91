import Foundation

// MARK: Public: what to reload after a feed refresh

extension MonthProjection {
    /// The days of this projection whose decoration differs from `old`'s (a day that only one of
    /// them shows counts when it has a decoration): what `reloadDecorations(forDateComponents:animated:)`
    /// needs after a refresh. In grid order.
    ///
    /// ```swift
    /// let changed = newMonth.daysWithChangedDecorations(since: oldMonth)
    /// calendarView.reloadDecorations(forDateComponents: changed.map { $0.dateComponents(in: calendar) }, animated: true)
    /// ```
    /// - Complexity: O(cells).
    public func daysWithChangedDecorations(since old: MonthProjection) -> [CalendarDay] {
        DecorationChanges.days(from: Array(old.rows.joined()), to: Array(rows.joined()))
    }
}

extension WeekProjection {
    /// The days of this week whose decoration differs from `old`'s (as for ``MonthProjection``).
    public func daysWithChangedDecorations(since old: WeekProjection) -> [CalendarDay] {
        DecorationChanges.days(from: old.days, to: days)
    }
}

extension MultiMonthProjection {
    /// The days whose decoration differs from `old`'s, each once, in order; a neighbouring day that
    /// two grids show counts by its own month's cell.
    public func daysWithChangedDecorations(since old: MultiMonthProjection) -> [CalendarDay] {
        let inMonth = { (projection: MultiMonthProjection) in projection.months.flatMap { $0.rows.joined().filter(\.state.isInMonth) } }
        return DecorationChanges.days(from: inMonth(old), to: inMonth(self))
    }
}

/// The comparison behind `daysWithChangedDecorations(since:)`.
enum DecorationChanges {
    /// The days of `new` (then those only `old` has) whose decoration differs between the two.
    ///
    /// - Complexity: O(n) for n items.
    static func days(from old: [DayItem], to new: [DayItem]) -> [CalendarDay] {
        var before: [CalendarDay: DayDecoration?] = [:]
        before.reserveCapacity(old.count)
        for item in old where before[item.day] == nil { before[item.day] = .some(item.decoration) }
        var changed: [CalendarDay] = []
        var seen = Set<CalendarDay>()
        for item in new where seen.insert(item.day).inserted {
            let previous = before[item.day] ?? nil
            if previous != item.decoration { changed.append(item.day) }
        }
        for item in old where seen.insert(item.day).inserted && item.decoration != nil { changed.append(item.day) }
        return changed
    }
}
