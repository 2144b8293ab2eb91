import Foundation

// MARK: Public: what to reload after a feed refresh

extension MonthProjection {
    /// The days of this projection whose decoration or calendar dots differ from `old`'s (a day that only one of
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
    /// What is drawn under a day: its decoration and its calendar dots.
    private struct Marks: Equatable {
        var decoration: DayDecoration?
        var dots: [CalendarDot]

        init(_ item: DayItem) {
            decoration = item.decoration
            dots = item.calendarDots
        }

        var isEmpty: Bool { decoration == nil && dots.isEmpty }
    }

    /// The days of `new` (then those only `old` has) whose decoration or calendar dots differ
    /// between the two.
    ///
    /// - Complexity: O(n) for n items.
    static func days(from old: [DayItem], to new: [DayItem]) -> [CalendarDay] {
        var before: [CalendarDay: Marks] = [:]
        before.reserveCapacity(old.count)
        for item in old where before[item.day] == nil { before[item.day] = Marks(item) }
        var changed: [CalendarDay] = []
        var seen = Set<CalendarDay>()
        for item in new where seen.insert(item.day).inserted {
            let marks = Marks(item)
            if let previous = before[item.day] {
                if previous != marks { changed.append(item.day) }
            } else if !marks.isEmpty {
                changed.append(item.day)
            }
        }
        for item in old where seen.insert(item.day).inserted && !Marks(item).isEmpty { changed.append(item.day) }
        return changed
    }
}
