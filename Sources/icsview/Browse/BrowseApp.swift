#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICSKit

/// `icsview browse`: the full-screen calendar. Reads the calendars, takes the terminal
/// (``RawTerminal``), then loops: a key changes the ``BrowseState``, the frame is drawn again and
/// only its changed lines are written (``Screen``).
final class BrowseApp {
    let data: BrowseData
    let options: Options
    let context: ViewContext
    let mouse: Bool
    var state: BrowseState
    var screen = Screen()
    var size: (columns: Int, rows: Int) = (80, 24)
    /// The grid as last drawn and the screen line it starts on (for mouse clicks).
    var lastGrid: (grid: BrowseGrid, top: Int, left: Int)?
    /// The day pane as last built (Enter and the event keys read its entries).
    var pane = DayPane()
    /// The grids' layouts by month and size (what a move does not change); emptied on `r`.
    var gridLayouts: [String: BrowseGrid.Layout] = [:]
    /// Timings (`--benchmark` or `ICSVIEW_BROWSE_TIMINGS=1`), printed to stderr on the way out.
    var timings: BrowseTimings?
    var running = true
    var exitStatus: Int32 = 0

    init(data: BrowseData, options: Options, context: ViewContext, availableDays: ClosedRange<CalendarDay>?, mouse: Bool,
         timings: BrowseTimings?) {
        self.data = data
        self.options = options
        self.context = context
        self.mouse = mouse
        self.timings = timings
        state = BrowseState(today: CalendarDay(context.today), availableDays: availableDays)
        if let grep = options.grep { state.search = grep }
    }

    var calendar: Calendar { context.calendar }
    var today: CalendarDay { CalendarDay(context.today) }

    /// Takes the terminal, runs until `q`, gives the terminal back. Returns the exit status.
    func run() -> Int32 {
        guard RawTerminal.enter(mouse: mouse) else {
            printError("Error: icsview browse needs a terminal (standard input and output are not one)\n")
            return 64
        }
        defer { RawTerminal.leave() }
        size = RawTerminal.size()
        draw()
        timings?.firstFrame()
        var reader = KeyReader()
        while running {
            // While no key waits, the months next to the shown one are worked out ahead, so
            // that PageUp and PageDown find them ready.
            var waiting: BrowseInput?
            if let month = monthToPrepare() {
                waiting = reader.next(timeout: 0)
                if waiting == nil && !reader.atEnd {
                    _ = data.month(month)
                    continue
                }
            } else {
                waiting = reader.next()
            }
            guard let input = waiting else { break }
            let started = DispatchTime.now()
            handle(input)
            if running { draw() }
            timings?.key(since: started)
        }
        return exitStatus
    }

    /// The month before or after the shown one that is not worked out yet, if any.
    func monthToPrepare() -> CalendarMonth? {
        guard state.mode == .month else { return nil }
        let shown = state.cursor.calendarMonth
        return [1, -1].map { shown.adding(months: $0, in: calendar) }.first { !data.hasMonth($0) }
    }

    /// Draws the frame for the current state and size; writes only the changed lines.
    func draw() {
        let lines = frame()
        let (output, _) = screen.update(to: lines, columns: size.columns, rows: size.rows)
        if !output.isEmpty { RawTerminal.writeAll(output) }
    }

    // MARK: The frame

    /// Every line of the screen, each at most ``size`` wide.
    func frame() -> [String] {
        let columns = size.columns, rows = size.rows
        guard columns >= 20, rows >= 5 else {
            return ["Too small: \(columns)×\(rows)"].map { TerminalText.truncate($0, toWidth: columns) }
        }
        let body = rows - 2
        var lines = [header(columns)]
        lastGrid = nil
        switch state.focus {
        case .help: lines += BrowseHelp.lines(width: columns)
        case .details: lines += detailLines(width: columns, height: body)
        case .days, .events:
            switch state.mode {
            case .month: lines += monthBody(columns: columns, height: body)
            case .week: lines += weekBody(columns: columns, height: body)
            case .agenda: lines += agendaBody(columns: columns, height: body)
            }
        }
        lines = Array(lines.prefix(rows - 1)).map { fitted($0, columns) }
        while lines.count < rows - 1 { lines.append("") }
        lines.append(statusLine(columns))
        return lines
    }

    /// The first line: the views with the current one marked, and what is selected.
    func header(_ columns: Int) -> String {
        let style = TerminalStyle(enabled: context.color)
        let tabs = [BrowseState.Mode.month, .week, .agenda].map { mode in
            mode == state.mode ? "[\(mode.rawValue)]" : " \(mode.rawValue) "
        }.joined()
        let right = selectionSummary()
        let gap = max(1, columns - TerminalText.width(tabs) - TerminalText.width(right))
        return style.apply(TerminalText.fit(tabs + String(repeating: " ", count: gap) + right, columns), "7")
    }

    /// "1 day selected", "3 days selected", "10–14 Oct 2024 (5 days)".
    func selectionSummary() -> String {
        let days = state.selection.days(in: calendar)
        if let range = state.selection.rangeDays {
            return "\(range.lowerBound)…\(range.upperBound) (\(days.count) days) "
        }
        return days.count == 1 ? "1 day selected " : "\(days.count) days selected "
    }

    /// The month grid with the day pane beside it (from 100 columns) or under it.
    func monthBody(columns: Int, height: Int) -> [String] {
        let month = data.month(state.cursor.calendarMonth).projection
        let side = columns >= 100
        let paneWidth = side ? min(60, max(32, columns / 3)) : columns
        let gridWidth = side ? columns - paneWidth - 1 : columns
        let gridHeight = side ? height : height - max(5, height / 3)
        let key = "\(month.month) \(gridWidth)x\(gridHeight)"
        let layout = gridLayouts[key] ?? BrowseGrid.layout(month, width: gridWidth, height: gridHeight, calendar: calendar,
                                                           options: monthOptions(width: gridWidth))
        if gridLayouts.count > 64 { gridLayouts = [:] }
        gridLayouts[key] = layout
        let grid = BrowseGrid(layout, selection: state.selection, cursor: state.cursor, options: monthOptions(width: gridWidth))
        lastGrid = (grid, 1, 0)
        let focused = state.focus == .events ? state.eventIndex : nil
        pane = DayPane(days: state.paneDays(calendar: calendar), data: data, today: today, width: paneWidth, focused: focused,
                       options: agendaOptions(width: paneWidth))
        if side {
            let paneLines = pane.visibleLines(height: height, focused: focused)
            return (0..<height).map { row in
                let left = row < grid.lines.count ? grid.lines[row] : String(repeating: " ", count: grid.width)
                return fitted(left, gridWidth) + " " + (row < paneLines.count ? paneLines[row] : "")
            }
        }
        let below = height - grid.lines.count - 1
        return grid.lines + [""] + pane.visibleLines(height: below, focused: focused)
    }

    /// The week of the cursor as the week view draws it, then the day pane.
    func weekBody(columns: Int, height: Int) -> [String] {
        var week = data.week(containing: state.cursor)
        for index in week.days.indices { week.days[index].state = week.days[index].state.applying(state.selection) }
        let text = WeekRenderer.render(week, calendar: calendar, options: WeekRenderOptions(
            width: columns, ascii: options.ascii, color: context.color, calendars: data.styles, calendarNames: calendarNames,
            strings: context.strings, dates: context.dates))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let weekHeight = min(lines.count, max(3, height * 2 / 3))
        lines = Array(lines.prefix(weekHeight))
        let focused = state.focus == .events ? state.eventIndex : nil
        pane = DayPane(days: state.paneDays(calendar: calendar), data: data, today: today, width: columns, focused: focused,
                       options: agendaOptions(width: columns))
        return lines + [""] + pane.visibleLines(height: height - weekHeight - 1, focused: focused)
    }

    /// The agenda from the cursor's day on (31 days), or the day pane when moving among events.
    func agendaBody(columns: Int, height: Int) -> [String] {
        let focused = state.focus == .events ? state.eventIndex : nil
        pane = DayPane(days: state.paneDays(calendar: calendar), data: data, today: today, width: columns, focused: focused,
                       options: agendaOptions(width: columns))
        if state.focus == .events { return pane.visibleLines(height: height, focused: focused) }
        let last = state.cursor.adding(days: 30, in: calendar)
        let found = data.occurrences(from: state.cursor, through: last)
        return Array(AgendaRenderer.lines(found, days: state.cursor...last, calendar: calendar,
                                          options: agendaOptions(width: columns)).prefix(height))
    }

    /// The focused event's details, scrolled.
    func detailLines(width: Int, height: Int) -> [String] {
        guard state.eventIndex < pane.entries.count else { return ["No event"] }
        let occurrence = pane.entries[state.eventIndex].occurrence
        let names = data.names
        let name = occurrence.calendarIndex < names.count ? names[occurrence.calendarIndex] : nil
        let lines = EventDetails.lines(occurrence, calendarName: name, calendar: calendar, dates: context.dates, width: width,
                                       style: TerminalStyle(enabled: context.color))
        state.detailScroll = max(0, min(state.detailScroll, lines.count - height))
        return Array(lines.dropFirst(state.detailScroll).prefix(height))
    }

    /// The last line: a prompt being typed, a message, or the calendars, their state and the key hints.
    func statusLine(_ columns: Int) -> String {
        let style = TerminalStyle(enabled: context.color)
        if let prompt = state.prompt {
            let label = prompt.kind == .search ? "/" : "Go to (2024-10-10, today, +7d, fri): "
            return TerminalText.fit(label + prompt.text + "_", columns)
        }
        if let message = state.message { return style.apply(TerminalText.fit(message, columns), "1") }
        let names = data.statusNames(clock: clock).map { TerminalText.safe($0) }.joined(separator: ", ")
        var parts = [names.isEmpty ? "no calendars" : names]
        parts.append(data.failures.isEmpty ? "read \(clock(data.readAt))" : "\(data.failures.count) failed: " + data.failures.joined(separator: "; "))
        let hints: String
        switch state.focus {
        case .days: hints = "? keys  q quit  arrows move  Enter events  Space/Shift select  / search  m w a"
        case .events: hints = "↑↓ event  Enter details  Esc back  q quit"
        case .details: hints = "↑↓ scroll  Esc back  q quit"
        case .help: hints = "any key: back"
        }
        // The calendars and their state first, then as many of the hints as fit.
        let text = parts.joined(separator: " · ") + " · " + hints
        return style.apply(TerminalText.fit(text, columns), "2")
    }

    private func clock(_ date: Date) -> String {
        var local = Calendar(identifier: .gregorian)
        local.timeZone = context.zone
        let parts = local.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `line` (which may hold colour codes) padded or cut to exactly `width` visible cells.
    func fitted(_ line: String, _ width: Int) -> String {
        guard line.contains("\u{1B}") else { return TerminalText.fit(line, width) }
        let visible = TerminalText.width(TerminalText.stripANSI(line))
        if visible > width { return TerminalText.fit(TerminalText.stripANSI(line), width) }
        return line + String(repeating: " ", count: width - visible)
    }

    // MARK: Options of the shared renderers

    var calendarNames: [String] { data.calendars.count > 1 ? data.names.map { TerminalText.safe($0) } : [] }

    func monthOptions(width: Int) -> MonthRenderOptions {
        MonthRenderOptions(width: width, ascii: options.ascii, color: context.color, weekNumbers: false, maxLanes: 3,
                           calendars: data.styles, strings: context.strings, dates: context.dates, height: nil,
                           rightToLeft: false, now: context.instant)
    }

    func agendaOptions(width: Int) -> AgendaRenderOptions {
        AgendaRenderOptions(width: width, ascii: options.ascii, color: context.color, showCancelled: options.showCancelled,
                            calendars: data.styles, calendarNames: calendarNames, strings: context.strings, dates: context.dates,
                            now: context.instant)
    }
}
