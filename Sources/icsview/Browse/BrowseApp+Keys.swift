import Foundation
import ICSKit

/// What each key does, by focus (see ``BrowseHelp`` for the list the user sees).
extension BrowseApp {
    func handle(_ input: BrowseInput) {
        state.message = nil
        switch input {
        case .interrupt:
            running = false
            exitStatus = 130
            return
        case .suspend:
            RawTerminal.suspend()
            resize()
            return
        case .resized, .redraw:
            resize()
            return
        default: break
        }
        if state.prompt != nil { return promptKey(input) }
        switch state.focus {
        case .help: state.focus = .days
        case .details: detailsKey(input)
        case .events: eventsKey(input)
        case .days: daysKey(input)
        }
    }

    /// SIGWINCH, `fg` or Ctrl-L: the new size, everything drawn again.
    func resize() {
        size = RawTerminal.size()
        screen.invalidate()
    }

    private func daysKey(_ input: BrowseInput) {
        switch input {
        case .arrow(let arrow, let shift):
            let step = arrow == .left ? -1 : arrow == .right ? 1 : arrow == .up ? -7 : 7
            go(by: step, extend: shift)
        case .character("h"): go(by: -1)
        case .character("l"): go(by: 1)
        case .character("k"): go(by: -7)
        case .character("j"): go(by: 7)
        case .character("H"): go(by: -1, extend: true)
        case .character("L"): go(by: 1, extend: true)
        case .character("K"): go(by: -7, extend: true)
        case .character("J"): go(by: 7, extend: true)
        case .pageUp: goMonths(-1)
        case .pageDown: goMonths(1)
        case .home: state.move(to: state.cursor.calendarMonth.firstDay)
        case .end: state.move(to: state.cursor.calendarMonth.lastDay(in: calendar))
        case .character("t"): state.move(to: today)
        case .character("g"): state.prompt = (.goto, "")
        case .character(" "): state.toggleCursor(calendar: calendar)
        case .escape: state.collapse()
        case .enter:
            if pane.entries.isEmpty {
                state.message = "No events on the selected days"
            } else {
                state.focus = .events
                state.eventIndex = pane.entries.firstIndex { $0.day == state.cursor } ?? 0
            }
        case .character("m"): state.mode = .month
        case .character("w"): state.mode = .week
        case .character("a"): state.mode = .agenda
        case .character("/"): state.prompt = (.search, "")
        case .character("n"): searchAgain(forward: true)
        case .character("N"): searchAgain(forward: false)
        case .character("r"): reload()
        case .character("?"): state.focus = .help
        case .character("q"): running = false
        case .mouse(let button, let column, let row): click(button: button, column: column, row: row)
        default: break
        }
    }

    private func eventsKey(_ input: BrowseInput) {
        switch input {
        case .arrow(.up, _), .character("k"): state.eventIndex = max(0, state.eventIndex - 1)
        case .arrow(.down, _), .character("j"), .tab:
            state.eventIndex = min(max(0, pane.entries.count - 1), state.eventIndex + 1)
        case .enter where state.eventIndex < pane.entries.count:
            state.focus = .details
            state.detailScroll = 0
        case .escape, .backspace, .arrow(.left, _), .character("h"): state.focus = .days
        case .character("?"): state.focus = .help
        case .character("q"): running = false
        default: break
        }
    }

    private func detailsKey(_ input: BrowseInput) {
        switch input {
        case .arrow(.up, _), .character("k"): state.detailScroll = max(0, state.detailScroll - 1)
        case .arrow(.down, _), .character("j"): state.detailScroll += 1
        case .pageDown, .character(" "): state.detailScroll += max(1, size.rows - 4)
        case .pageUp: state.detailScroll = max(0, state.detailScroll - max(1, size.rows - 4))
        case .escape, .backspace, .arrow(.left, _), .character("h"): state.focus = .events
        case .character("q"): running = false
        default: break
        }
    }

    private func promptKey(_ input: BrowseInput) {
        guard var prompt = state.prompt else { return }
        switch input {
        case .escape: state.prompt = nil
        case .backspace:
            if prompt.text.isEmpty { state.prompt = nil } else { prompt.text.removeLast(); state.prompt = prompt }
        case .character(let character) where prompt.text.count < 200:
            prompt.text.append(character)
            state.prompt = prompt
        case .enter:
            state.prompt = nil
            let text = prompt.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return }
            switch prompt.kind {
            case .search:
                state.search = text
                searchAgain(forward: true)
            case .goto:
                if let day = DateArgument.day(text, today: context.today, locale: calendar.locale ?? Locale(identifier: "en_US")) {
                    state.move(to: CalendarDay(day))
                } else {
                    state.message = "Not a date: \(TerminalText.safe(text)) (2024-10-10, today, +7d, -2w, fri)"
                }
            }
        default: break
        }
    }

    /// Moves the cursor by `days` (Shift: extends the range).
    private func go(by days: Int, extend: Bool = false) {
        let target = state.cursor.adding(days: days, in: calendar)
        if extend { state.extend(to: target) } else { state.move(to: target) }
    }

    /// PageUp/PageDown: the same day of the month before or after (its last day when shorter).
    private func goMonths(_ months: Int) {
        let month = state.cursor.calendarMonth.adding(months: months, in: calendar)
        let day = min(state.cursor.day, month.numberOfDays(in: calendar))
        state.move(to: CalendarDay(era: month.era, year: month.year, month: month.month, day: day))
    }

    /// `n` / `N`: the next (or previous) day after (before) the cursor with an occurrence that the
    /// last search matches, the same way `--grep` matches.
    private func searchAgain(forward: Bool) {
        guard let text = state.search else {
            state.message = "No search yet: / to search"
            return
        }
        let found = BrowseSearch.find(text, from: state.cursor, forward: forward, data: data)
        if let day = found {
            state.move(to: day)
            state.message = "/\(TerminalText.safe(text)): \(day)"
        } else {
            state.message = "/\(TerminalText.safe(text)): no \(forward ? "later" : "earlier") match within \(BrowseSearch.years) years"
        }
    }

    /// `r`: reads the sources again (syncing CalDAV calendars and fetching feeds even when their
    /// copies are fresh); the status line tells which days' decorations changed
    /// (in the shown month), and the screen rewrites only the lines that differ.
    private func reload() {
        let month = state.cursor.calendarMonth
        let before = data.month(month).projection
        let verbosity = DiagnosticOutput.shared.verbosity
        DiagnosticOutput.shared.verbosity = .quiet
        data.read(refresh: true)
        gridLayouts = [:]
        DiagnosticOutput.shared.verbosity = verbosity
        let changed = data.month(month).projection.daysWithChangedDecorations(since: before)
        let stale = data.staleNames
        let failed = (data.failures.isEmpty ? "" : " · \(data.failures.count) failed, last copy kept")
            + (stale.isEmpty ? "" : " · not synced: " + stale.map { TerminalText.safe($0) }.joined(separator: ", ") + " (last copy shown)")
        state.message = "Read again: \(changed.count) day\(changed.count == 1 ? "" : "s") changed in this month" + failed
    }

    /// A click on a day selects it; the wheel moves a month.
    private func click(button: Int, column: Int, row: Int) {
        switch button {
        case 64: goMonths(-1)
        case 65: goMonths(1)
        case 0:
            guard let (grid, top, left) = lastGrid,
                  let day = grid.day(atLine: row - 1 - top, column: column - 1 - left) else { return }
            state.move(to: day)
        default: break
        }
    }
}
