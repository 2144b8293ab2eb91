import Foundation
import ICSKit

/// What the browser shows and where the user is: the view, the focused day (the cursor), the
/// selection (a ``DaySelection`` the browser holds, as an app would), the event focused in the
/// day pane, an open prompt and the last message. Changed by the keys (``BrowseApp``), drawn by
/// ``BrowseFrame``; it holds no terminal and no calendar data.
struct BrowseState {
    enum Mode: String { case month = "Month", week = "Week", agenda = "Agenda" }

    enum Focus: Equatable {
        /// Moving among days.
        case days
        /// Moving among the events of the selected days, in the day pane.
        case events
        /// One event's details.
        case details
        /// The list of keys.
        case help
    }

    enum PromptKind { case search, goto }

    var mode: Mode = .month
    var focus: Focus = .days
    /// The day the keys move; in a single or range selection, the selected day or the range's moving end.
    var cursor: CalendarDay
    var selection: DaySelection
    /// The focused event, an index into the day pane's entries.
    var eventIndex = 0
    /// How far the details are scrolled, in lines.
    var detailScroll = 0
    /// A prompt being typed at the bottom line (`/` search, `g` go to), and its text.
    var prompt: (kind: PromptKind, text: String)?
    /// The last search's text (for `n` and `N`).
    var search: String?
    /// A one-line message for the status bar, until the next key.
    var message: String?

    /// Starts on `today` (moved into the available days), selected.
    init(today: CalendarDay, availableDays: ClosedRange<CalendarDay>?) {
        var selection = DaySelection(availableDays: availableDays)
        cursor = selection.clamped(today)
        selection.select(cursor)
        self.selection = selection
    }

    /// Moves the cursor to `day` (clamped to the available days) and selects it alone, unless
    /// several days are selected one by one (Space), which stay as they are.
    mutating func move(to day: CalendarDay) {
        let target = selection.clamped(day)
        if target != day { message = "\(day) is outside the days that can be selected" }
        cursor = target
        if case .multiple(let days) = selection.value, !days.isEmpty { return }
        selection.select(target)
    }

    /// Shift and an arrow: extends the range from the cursor to `day`.
    mutating func extend(to day: CalendarDay) {
        let target = selection.clamped(day)
        if selection.extend(from: cursor, to: target) { cursor = target }
    }

    /// Space: adds the cursor's day to the selection or takes it out. On the one selected day,
    /// it starts a selection of several days with it (so that moving no longer moves it).
    mutating func toggleCursor(calendar: Calendar) {
        if case .single(let day) = selection.value, day == cursor {
            selection.value = .multiple([day])
            message = "Move and press Space to add days; Esc: one day again"
            return
        }
        if !selection.toggle(cursor, calendar: calendar) { message = "\(cursor) cannot be selected" }
    }

    /// Esc among days: back to the cursor's day alone.
    mutating func collapse() {
        selection.select(cursor)
    }

    /// The days the day pane lists: every selected day in order (a long range: its first 62),
    /// or the cursor's when nothing is selected.
    func paneDays(calendar: Calendar) -> [CalendarDay] {
        let days = selection.days(in: calendar)
        return days.isEmpty ? [cursor] : Array(days.prefix(62))
    }
}
