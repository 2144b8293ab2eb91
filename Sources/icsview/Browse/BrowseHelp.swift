/// The keys, as `?` shows them.
enum BrowseHelp {
    static let keys: [(String, String)] = [
        ("← → ↑ ↓, h l k j", "a day, a week"),
        ("Shift+arrows, H L K J", "extend a range of days"),
        ("Space", "add or remove the day (several days)"),
        ("Esc", "back to one day; back from events or details"),
        ("PageUp, PageDown", "a month back, on"),
        ("Home, End", "first, last day of the month"),
        ("t", "today"),
        ("g", "go to a date (2024-10-10, today, +7d, -2w, fri)"),
        ("Enter", "into the selected days' events; on an event: its details"),
        ("m, w, a", "month, week, agenda"),
        ("/", "search (as --grep: summary, location, description)"),
        ("n, N", "next, previous match"),
        ("r", "read the calendars again"),
        ("Ctrl-L", "draw again"),
        ("Ctrl-Z", "suspend (fg comes back)"),
        ("q, Ctrl-C", "quit"),
    ]

    /// The list, `width` cells wide.
    static func lines(width: Int) -> [String] {
        ["Keys", ""] + keys.map { key, text in
            TerminalText.truncate(TerminalText.fit("  " + key, 26) + text, toWidth: width)
        }
    }
}
