/// The state of one day as a day view shows it (the DayView model of a calendar UI).
public struct DayState: Sendable, Hashable, Codable {
    /// The day.
    public var day: CalendarDay
    /// Whether the day belongs to the month shown (false for neighbours filling a grid row).
    public var isInMonth: Bool
    /// How many occurrences, of events and of to-dos, cover the day (0 for a day that is not visible).
    public var occurrenceCount: Int
    /// Whether it is the day of the injected "now" in the display calendar.
    public var isToday: Bool
    /// Whether it is one of the selected days.
    public var isSelected: Bool
    /// Whether it lies in the available days (every day when no range is given).
    public var isEnabled: Bool
    /// Whether the calendar's locale counts it as weekend (`Calendar.isDateInWeekend`).
    public var isWeekend: Bool

    /// A day's state; every flag but `isInMonth` and `isEnabled` defaults to false.
    public init(day: CalendarDay, isInMonth: Bool = true, occurrenceCount: Int = 0, isToday: Bool = false,
                isSelected: Bool = false, isEnabled: Bool = true, isWeekend: Bool = false) {
        self.day = day
        self.isInMonth = isInMonth
        self.occurrenceCount = occurrenceCount
        self.isToday = isToday
        self.isSelected = isSelected
        self.isEnabled = isEnabled
        self.isWeekend = isWeekend
    }

    /// Whether any occurrence (of an event or a to-do) covers the day (the day is highlighted).
    public var hasOccurrences: Bool { occurrenceCount > 0 }
}

/// One day of a projected grid: where it sits, its state, its occurrences and its decoration.
public struct DayItem: Sendable, Hashable {
    /// The state of the day.
    public var state: DayState
    /// The week row, from 0.
    public var row: Int
    /// The column, from 0 (the calendar's `firstWeekday`) to 6.
    public var column: Int
    /// The day of the week.
    public var weekday: Weekday
    /// The occurrences that cover the day, in display order (all-day first, then by start);
    /// at most ``ProjectionOptions/maxOccurrencesPerDay`` of them (``hiddenCount`` tells how
    /// many more there are; `state.occurrenceCount` counts them all).
    public var occurrences: [Occurrence]
    /// For each of ``occurrences``, its position in the list given to the projection.
    public var occurrenceIndices: [Int] = []
    /// How many occurrences cover the day beyond those listed (past the cap): draw them as "+N".
    public var hiddenCount: Int = 0
    /// The provider's decoration (`nil`: none; never asked for a day without occurrences).
    public var decoration: DayDecoration?
    /// A dot per calendar with an occurrence on the day, in the calendars' order, each with the
    /// calendar's colour and how many of ``occurrences`` are its (``CalendarDot/dots(for:calendars:)``
    /// with ``ProjectionOptions/calendars``); empty for a day without occurrences. Past the cap,
    /// the ``hiddenCount`` occurrences are in no dot's count.
    public var calendarDots: [CalendarDot] = []

    /// The day.
    public var day: CalendarDay { state.day }
}
