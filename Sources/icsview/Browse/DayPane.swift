import Foundation
import ICSKit

/// The day pane: each selected day under its heading as the agenda writes it (`Thu, 10 Oct 2024`),
/// with its occurrences as the agenda lists them (a multi-day one on every day it covers, with
/// its span), or "No events". Its entries are what Enter moves into.
struct DayPane {
    /// One listed occurrence: its day, the occurrence, and its line in ``lines``.
    struct Entry {
        var day: CalendarDay
        var occurrence: Occurrence
        var line: Int
    }

    /// The pane's lines (already cut to the width), and the entries among them.
    var lines: [String] = []
    var entries: [Entry] = []

    /// An empty pane (before the first frame).
    init() {}

    /// The pane of `days`, `width` cells wide; the entry at `focused` (if any) marked with `›`
    /// (`>` in ASCII) and shown in reverse video with colours.
    init(days: [CalendarDay], data: BrowseData, today: CalendarDay, width: Int, focused: Int?, options: AgendaRenderOptions) {
        let calendar = data.calendar
        var agenda = options
        agenda.width = max(10, width - 2)
        let dates = options.dates ?? LocalDates(calendar: calendar, hour12: false)
        let style = TerminalStyle(enabled: options.color)
        for day in days {
            if !lines.isEmpty { lines.append("") }
            let (shown, hidden) = data.occurrences(on: day)
            let placed = DayOccurrences(shown, visibleDays: day...day, calendar: calendar, includesCancelled: options.showCancelled)
            let heading = dates.string(day, template: "EEE d MMM yyyy") + (day == today ? " (today)" : "")
            lines.append(style.apply(TerminalText.fit(heading, width).trimmingTrailingSpaces(), "1"))
            let listed = AgendaRenderer.dayLines(placed, day: day, calendar: calendar, options: agenda)
            let placements = placed.placements(on: day)
            guard listed.lines.count > 1 else {
                lines.append("  " + "No events")
                continue
            }
            for (position, text) in listed.lines.dropFirst().enumerated() where position < placements.count {
                let index = entries.count
                entries.append(Entry(day: day, occurrence: placements[position].occurrence, line: lines.count))
                let isFocused = index == focused
                let mark = isFocused ? (options.ascii ? "> " : "› ") : "  "
                let line = mark + text
                lines.append(isFocused && options.color ? style.apply(TerminalText.stripANSI(line), "7") : line)
            }
            if hidden > 0 { lines.append("  … \(hidden) more") }
        }
    }

    /// The lines to show in `height` lines: from the top, or scrolled so that the focused entry is in view.
    func visibleLines(height: Int, focused: Int?) -> [String] {
        guard lines.count > height, height > 0 else { return lines }
        var top = 0
        if let focused, focused < entries.count {
            let line = entries[focused].line
            if line >= height - 1 { top = min(lines.count - height, line - height / 2) }
        }
        var shown = Array(lines[top..<min(lines.count, top + height)])
        if top + height < lines.count { shown[shown.count - 1] = "  … \(lines.count - top - height + 1) more lines" }
        return shown
    }
}
