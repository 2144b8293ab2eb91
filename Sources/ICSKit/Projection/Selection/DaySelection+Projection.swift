import Foundation

// MARK: Public: a projection asked about a selection it was not built with

extension DayState {
    /// This state under `selection`: ``isSelected`` and ``isEnabled`` from it, the rest as projected.
    public func applying(_ selection: DaySelection) -> DayState {
        var state = self
        state.isSelected = selection.contains(day)
        state.isEnabled = selection.isEnabled(day)
        return state
    }
}

extension MonthProjection {
    /// The state of `day` under `selection`, if the grid shows it: the projection is not rebuilt
    /// when the selection moves.
    ///
    /// ```swift
    /// let march = MonthProjection(month: march, occurrences: found, calendar: calendar, options: options)
    /// selection.select(tapped)
    /// march.state(of: tapped, selection: selection)?.isSelected // true
    /// ```
    /// - Complexity: O(1).
    public func state(of day: CalendarDay, selection: DaySelection) -> DayState? {
        item(for: day)?.state.applying(selection)
    }

    /// The days of the grid whose selected or enabled state differs between `old` and `new`
    /// (what to redraw when the selection moves), in grid order.
    ///
    /// - Complexity: O(cells).
    public func daysWithChangedSelection(from old: DaySelection, to new: DaySelection) -> [CalendarDay] {
        SelectionChanges.days(rows.joined().map(\.day), from: old, to: new)
    }
}

extension WeekProjection {
    /// The state of `day` under `selection`, if the week shows it.
    public func state(of day: CalendarDay, selection: DaySelection) -> DayState? {
        item(for: day)?.state.applying(selection)
    }

    /// The days of the week whose selected or enabled state differs between `old` and `new`.
    public func daysWithChangedSelection(from old: DaySelection, to new: DaySelection) -> [CalendarDay] {
        SelectionChanges.days(days.map(\.day), from: old, to: new)
    }
}

extension MultiMonthProjection {
    /// The state of `day` in its own month's grid under `selection`, if a month shows it.
    public func state(of day: CalendarDay, selection: DaySelection) -> DayState? {
        item(for: day)?.state.applying(selection)
    }

    /// The days (each once, in order) whose selected or enabled state differs between `old` and `new`.
    public func daysWithChangedSelection(from old: DaySelection, to new: DaySelection) -> [CalendarDay] {
        SelectionChanges.days(months.flatMap { $0.rows.joined().filter(\.state.isInMonth).map(\.day) }, from: old, to: new)
    }
}

/// The comparison behind `daysWithChangedSelection(from:to:)`.
enum SelectionChanges {
    /// The days of `days` (each once) whose selected or enabled state differs between `old` and `new`.
    ///
    /// - Complexity: O(n) for n days.
    static func days(_ days: [CalendarDay], from old: DaySelection, to new: DaySelection) -> [CalendarDay] {
        var seen = Set<CalendarDay>()
        return days.filter { day in
            seen.insert(day).inserted
                && (old.contains(day) != new.contains(day) || old.isEnabled(day) != new.isEnabled(day))
        }
    }
}
