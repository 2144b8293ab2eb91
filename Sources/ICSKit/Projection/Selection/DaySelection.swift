import Foundation

// MARK: Public: the selection a calendar UI holds

/// The days a user has selected in a calendar, and the days that can be selected at all: what
/// `UICalendarView`'s single and multiple date selection and HorizonCalendar's day and day-range
/// selection keep, as one value that the caller (an app's view model, the terminal browser) holds.
///
/// A projection does not need it to be built: ask a projection for the state of a day *given* a
/// selection (``MonthProjection/state(of:selection:)``), so that moving the selection costs no new
/// projection, and ask which of its days look different under two selections
/// (``MonthProjection/daysWithChangedSelection(from:to:)``) to redraw only those.
///
/// Days outside ``availableDays`` cannot be selected: every mutating method leaves the selection
/// as it was for them and says so by returning `false`.
///
/// ```swift
/// var selection = DaySelection(.single(today), availableDays: start...end)
/// selection.select(tapped)                    // one day
/// selection.toggle(other, calendar: calendar) // several days
/// selection.extend(from: tapped, to: later)   // a range, anchored at `tapped`
/// let state = march.state(of: tapped, selection: selection)
/// ```
public struct DaySelection: Sendable, Hashable {
    /// What is selected.
    public enum Value: Sendable, Hashable {
        /// Nothing.
        case none
        /// One day (`UICalendarSelectionSingleDate`).
        case single(CalendarDay)
        /// Any set of days (`UICalendarSelectionMultiDate`).
        case multiple(Set<CalendarDay>)
        /// Every day between `anchor` and `end`, inclusive, in either order: `anchor` is where the
        /// range was started and stays when it is extended; `end` moves (HorizonCalendar's day-range
        /// selection, kept in the order the user made it).
        case range(anchor: CalendarDay, end: CalendarDay)
    }

    /// What is selected.
    public var value: Value
    /// The days that can be selected; `nil`: every day.
    public var availableDays: ClosedRange<CalendarDay>?

    /// A selection of `value` among `availableDays` (`nil`: every day). The value is taken as
    /// given: days outside the available range in it show as selected but disabled.
    public init(_ value: Value = .none, availableDays: ClosedRange<CalendarDay>? = nil) {
        self.value = value
        self.availableDays = availableDays
    }

    /// The selection of exactly `days`: none, one (`.single`) or several (`.multiple`).
    public init(days: Set<CalendarDay>, availableDays: ClosedRange<CalendarDay>? = nil) {
        if days.count > 1 {
            self.init(.multiple(days), availableDays: availableDays)
        } else if let day = days.first {
            self.init(.single(day), availableDays: availableDays)
        } else {
            self.init(.none, availableDays: availableDays)
        }
    }

    // MARK: Questions

    /// Whether `day` can be selected (it lies in ``availableDays``, or no range is given).
    public func isEnabled(_ day: CalendarDay) -> Bool {
        availableDays?.contains(day) ?? true
    }

    /// Whether `day` is selected.
    ///
    /// - Complexity: O(1).
    public func contains(_ day: CalendarDay) -> Bool {
        switch value {
        case .none: return false
        case .single(let selected): return selected == day
        case .multiple(let days): return days.contains(day)
        case .range: return rangeDays!.contains(day)
        }
    }

    /// The range of a `.range` selection, lowest day first; `nil` for the other kinds.
    public var rangeDays: ClosedRange<CalendarDay>? {
        guard case .range(let anchor, let end) = value else { return nil }
        return min(anchor, end)...max(anchor, end)
    }

    /// Whether nothing is selected.
    public var isEmpty: Bool {
        switch value {
        case .none: return true
        case .multiple(let days): return days.isEmpty
        case .single, .range: return false
        }
    }

    /// Every selected day in order (a range's days counted in `calendar`).
    ///
    /// - Complexity: O(k log k) for k selected days.
    public func days(in calendar: Calendar) -> [CalendarDay] {
        switch value {
        case .none: return []
        case .single(let day): return [day]
        case .multiple(let days): return days.sorted()
        case .range: return CalendarDay.days(in: rangeDays!, calendar: calendar)
        }
    }

    // MARK: Changes

    /// Selects `day` alone. Returns `false` (and changes nothing) when `day` is disabled.
    @discardableResult
    public mutating func select(_ day: CalendarDay) -> Bool {
        guard isEnabled(day) else { return false }
        value = .single(day)
        return true
    }

    /// Adds `day` to the selection, or removes it when it is selected: the selection becomes
    /// `.multiple` (a single day or a range it held stays selected; a range's days are counted in
    /// `calendar`). Returns `false` (and changes nothing) when `day` is disabled.
    @discardableResult
    public mutating func toggle(_ day: CalendarDay, calendar: Calendar) -> Bool {
        guard isEnabled(day) else { return false }
        var days = Set(self.days(in: calendar))
        if days.remove(day) == nil { days.insert(day) }
        value = .multiple(days)
        return true
    }

    /// Extends a range to `day`: a `.range` keeps its anchor, any other selection starts a range
    /// anchored at `focus` (the day the user is on). `day` is clamped to ``availableDays``.
    /// Returns `false` (and changes nothing) when `focus` is disabled and no range is being extended.
    @discardableResult
    public mutating func extend(from focus: CalendarDay, to day: CalendarDay) -> Bool {
        let end = clamped(day)
        if case .range(let anchor, _) = value {
            value = .range(anchor: anchor, end: end)
            return true
        }
        guard isEnabled(focus) else { return false }
        value = .range(anchor: focus, end: end)
        return true
    }

    /// Selects nothing.
    public mutating func clear() {
        value = .none
    }

    /// `day` moved into ``availableDays`` (its nearest end when outside).
    public func clamped(_ day: CalendarDay) -> CalendarDay {
        guard let availableDays else { return day }
        return min(max(day, availableDays.lowerBound), availableDays.upperBound)
    }
}
