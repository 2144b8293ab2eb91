import Foundation

/// What a projection needs besides the occurrences and the calendar: the injected "now",
/// the selection (with the available days), the visible days, and how to decorate a day.
public struct ProjectionOptions: Sendable {
    /// The instant taken as now, to mark today (injected: the library never reads the clock).
    public var now: Date
    /// The selection the projected day states are made with (``DayState/isSelected``,
    /// ``DayState/isEnabled``). A selection that moves need not be given here: ask the projection
    /// for ``MonthProjection/state(of:selection:)`` instead of building it again.
    public var selection: DaySelection
    /// The selected days, if any (those of ``selection``, a range's days counted in the Gregorian
    /// calendar; setting them replaces it, keeping its available days).
    public var selectedDays: Set<CalendarDay> {
        get {
            switch selection.value {
            case .none: return []
            case .single(let day): return [day]
            case .multiple(let days): return days
            case .range: return Set(CalendarDay.days(in: selection.rangeDays!, calendar: Calendar(identifier: .gregorian)))
            }
        }
        set { selection = DaySelection(days: newValue, availableDays: selection.availableDays) }
    }
    /// The days that can be chosen; `nil`: every day (``selection``'s available days).
    public var availableDays: ClosedRange<CalendarDay>? {
        get { selection.availableDays }
        set { selection.availableDays = newValue }
    }
    /// The days shown; `nil`: every day of each grid. Days outside it have no occurrences.
    public var visibleDays: ClosedRange<CalendarDay>?
    /// Whether the neighbours that fill a month's first and last rows show their occurrences.
    public var showsDaysOutsideMonth: Bool
    /// Whether STATUS:CANCELLED occurrences are shown.
    public var includesCancelled: Bool
    /// Chooses each day's decoration.
    public var decorationProvider: DecorationProvider
    /// The calendars' styles, each naming its calendar (``CalendarStyle/id``): the colours of
    /// each day's ``DayItem/calendarDots`` (and of the default decoration provider).
    public var calendars: [CalendarStyle]
    /// The most occurrences a day lists (``DayItem/occurrences``); the rest are only counted
    /// (``DayItem/hiddenCount``), so that thousands of overlapping occurrences cost no more
    /// than what can be drawn. Default 100.
    public var maxOccurrencesPerDay: Int
    /// The most lanes of day ranges a week row keeps segments for; segments that would need a
    /// lane past it are only counted (``DayRangeLayout/hiddenCounts``). Default 100.
    public var maxLanes: Int

    /// - Parameters:
    ///   - now: the instant taken as now.
    ///   - calendars: the calendars' styles, each naming its calendar (``CalendarStyle/id``), for the
    ///     default decoration provider and the days' calendar dots.
    ///   - decorationProvider: replaces the default provider (``DayDecoration/defaultProvider(calendars:)``).
    ///   - maxOccurrencesPerDay: the most occurrences a day lists (at least 1).
    ///   - maxLanes: the most lanes of day ranges a week row keeps (at least 1).
    public init(now: Date, calendars: [CalendarStyle] = [], selectedDays: Set<CalendarDay> = [],
                availableDays: ClosedRange<CalendarDay>? = nil, visibleDays: ClosedRange<CalendarDay>? = nil,
                showsDaysOutsideMonth: Bool = true, includesCancelled: Bool = false,
                decorationProvider: DecorationProvider? = nil, maxOccurrencesPerDay: Int = 100, maxLanes: Int = 100) {
        precondition(maxOccurrencesPerDay >= 1 && maxLanes >= 1, "the caps of a projection must be positive")
        self.maxOccurrencesPerDay = maxOccurrencesPerDay
        self.maxLanes = maxLanes
        self.now = now
        self.selection = DaySelection(days: selectedDays, availableDays: availableDays)
        self.visibleDays = visibleDays
        self.showsDaysOutsideMonth = showsDaysOutsideMonth
        self.includesCancelled = includesCancelled
        self.calendars = calendars
        self.decorationProvider = decorationProvider ?? DayDecoration.defaultProvider(calendars: calendars)
    }
}
