import Foundation
import Testing
import TestSupport

/// Views that fit the terminal: start times on the week's bars, "+N more" within the height,
/// `agenda = off`, "Today"/"Tomorrow" in the agenda, and the pager (in a real terminal, tmux).
/// Expected lines are worked out by hand from the calendars written here; the week is 100
/// columns wide, so each day's cell is (100 − 8) / 7 = 13 cells and a two-day bar 2 × 13 + 1 = 27.
@Suite struct ViewsThatFitTests {
    static func event(_ uid: String, _ start: String, _ end: String, _ summary: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:\(start)\r\nDTEND:\(end)\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\n"
    }

    static func calendar(_ events: [String]) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8)
    }

    /// 23:00–01:30 on Wednesday night, 00:00 Friday to 02:00 Saturday, and one hour from
    /// midnight on Friday (one day: in the timed rows, with its times as before).
    static let nights = calendar([
        event("night", "20240612T230000Z", "20240613T013000Z", "Night shift"),
        event("long", "20240614T000000Z", "20240615T020000Z", "Long midnight"),
        event("call", "20240614T000000Z", "20240614T010000Z", "Midnight call"),
    ])

    @Test func weekBarsShowTheirStartTime() throws {
        let result = try CLI.run(["--week", "2024-06-12", "--tz", "UTC", "--today", "2024-06-10", "-"], input: Self.nights,
                                 environment: ["COLUMNS": "100"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Each bar: ▕ + "23:00 Night shift" (17 cells) + 8 fill + ▏ = 27 cells; the second bar
        // starts at midnight on Friday, the day after the first one ends.
        #expect(lines.contains("│             │             │▕23:00 Night shift────────▏│▕00:00 Long midnight──────▏│             │"),
                "\(result.stdout)")
        #expect(lines.contains("│             │             │             │             │00:00–01:00  │             │             │"))
        #expect(lines.contains("│             │             │             │             │Midnight call│             │             │"))
        // In Berlin (UTC+2 in June) the night shift is 01:00–03:30 on Thursday: one day, timed.
        let berlin = try CLI.run(["--week", "2024-06-12", "--tz", "Europe/Berlin", "--today", "2024-06-10", "-"], input: Self.nights,
                                 environment: ["COLUMNS": "100"])
        #expect(berlin.stdout.contains("│01:00–03:30  │02:00–03:00  │"), "\(berlin.stdout)")
        #expect(berlin.stdout.contains("▕02:00 Long midnight──────▏"))
    }

    /// Twenty half-hour events on Saturday 15 June. In 20 lines: 4 above the rows (title, top
    /// border, weekday names, border), the bottom border, and a "+N more" line leave 14 lines, 7
    /// events of two lines each (lines 4–17; the 7th, from 08:00 + 6 × 30 min, at 11:00); then
    /// line 18 says 20 − 7 = 13 more. With no height known (a pipe), all 20.
    @Test func aBusyDayEndsWithMoreWithinTheHeight() throws {
        let busy = Self.calendar((0..<20).map { i in
            let start = 8 * 60 + 30 * i, end = start + 30
            func stamp(_ minutes: Int) -> String { String(format: "20240615T%02d%02d00Z", minutes / 60, minutes % 60) }
            return Self.event("b\(i)", stamp(start), stamp(end), "Match \(i + 1)")
        })
        let arguments = ["--week", "2024-06-12", "--tz", "UTC", "--today", "2024-06-10", "-"]
        let fitted = try CLI.run(arguments, input: busy, environment: ["COLUMNS": "100", "LINES": "20"])
        let lines = fitted.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 20, "\(fitted.stdout)")
        #expect(lines[18] == "│             │             │             │             │             │+13 more     │             │")
        #expect(lines[16] == "│             │             │             │             │             │11:00–11:30  │             │")
        #expect(lines[17] == "│             │             │             │             │             │Match 7      │             │")
        let all = try CLI.run(arguments, input: busy, environment: ["COLUMNS": "100"])
        #expect(all.stdout.split(separator: "\n").count == 4 + 2 * 20 + 1)
        #expect(!all.stdout.contains("more") && all.stdout.contains("Match 20"))
    }

    @Test func agendaOffInTheConfiguration() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-fit-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config")
        let arguments = ["--month", "2024-06", "--tz", "UTC", "--today", "2024-06-10", "-"]
        try "[defaults]\nagenda = off\n".write(to: config, atomically: true, encoding: .utf8)
        let off = try CLI.run(arguments, input: Self.nights, environment: ["ICSVIEW_CONFIG": config.path, "COLUMNS": "80"])
        #expect(off.status == 0, "\(off.stderr)")
        let on = try CLI.run(arguments, input: Self.nights, environment: ["COLUMNS": "80"])
        // The month grid alone: the agenda's heading for 12 June is gone, the grid is the same.
        #expect(on.stdout.contains("Wed, 12 Jun 2024") && !off.stdout.contains("Wed, 12 Jun 2024"))
        #expect(on.stdout.hasPrefix(off.stdout), "\(off.stdout)")
        try "[defaults]\nagenda = maybe\n".write(to: config, atomically: true, encoding: .utf8)
        let wrong = try CLI.run(arguments, input: Self.nights, environment: ["ICSVIEW_CONFIG": config.path])
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "\(config.path):2: error: 'maybe' is not on or off\n", "\(wrong.stderr)")
    }

    /// Today is Monday 10 June: its heading says so, Tuesday's says "Tomorrow", Sunday's nothing.
    @Test func todayAndTomorrowInTheAgenda() throws {
        let events = Self.calendar([Self.event("a", "20240609T090000Z", "20240609T100000Z", "Sunday"),
                                    Self.event("b", "20240610T090000Z", "20240610T100000Z", "Monday"),
                                    Self.event("c", "20240611T090000Z", "20240611T100000Z", "Tuesday"),
                                    Self.event("d", "20240612T090000Z", "20240612T100000Z", "Wednesday")])
        let arguments = ["--agenda", "--from", "2024-06-09", "--days", "4", "--tz", "UTC", "--today", "2024-06-10", "-"]
        let result = try CLI.run(arguments, input: events)
        let headings = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headings == ["Sun, 9 Jun 2024", "Mon, 10 Jun 2024 · Today", "Tue, 11 Jun 2024 · Tomorrow", "Wed, 12 Jun 2024"])
        let ascii = try CLI.run(arguments + ["--ascii"], input: events)
        #expect(ascii.stdout.contains("Mon, 10 Jun 2024 (Today)\n") && ascii.stdout.contains("Tue, 11 Jun 2024 (Tomorrow)\n"))
        let german = try CLI.run(arguments, input: events, environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stdout.contains(" · Heute\n") && german.stdout.contains(" · Morgen\n"), "\(german.stdout)")
    }

    /// A day's marks: one per kind, each followed by how many when more than one, so that the
    /// marks and the number cannot be read as one more event. 12 June: an all-day event and a
    /// timed one (`◆●`, two events); 13 June: an all-day and three timed (`◆●3`); 14 June:
    /// four timed (`●4`). Cells are (80 − 8) / 7 = 10 cells wide.
    @Test func marksSayWhatTheyCount() throws {
        func allDay(_ uid: String, _ day: String) -> String {
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:\(day)\r\nSUMMARY:Holiday\r\nEND:VEVENT\r\n"
        }
        let events = [allDay("h12", "20240612"), Self.event("t12", "20240612T090000Z", "20240612T100000Z", "One"),
                      allDay("h13", "20240613")]
            + (0..<3).map { Self.event("t13-\($0)", "20240613T0\($0 + 1)0000Z", "20240613T0\($0 + 1)3000Z", "Timed") }
            + (0..<4).map { Self.event("t14-\($0)", "20240614T0\($0 + 1)0000Z", "20240614T0\($0 + 1)3000Z", "Timed") }
        let result = try CLI.run(["--month", "2024-06", "--no-agenda", "--tz", "UTC", "--today", "2024-06-10", "-"],
                                 input: Self.calendar(events), environment: ["COLUMNS": "80"])
        #expect(result.stdout.contains("│ 12 ◆●    │ 13 ◆●3   │ 14 ●4    │"), "\(result.stdout)")
        let ascii = try CLI.run(["--month", "2024-06", "--no-agenda", "--ascii", "--tz", "UTC", "--today", "2024-06-10", "-"],
                                input: Self.calendar(events), environment: ["COLUMNS": "80"])
        #expect(ascii.stdout.contains("| 12 #*    | 13 #*3   | 14 *4    |"), "\(ascii.stdout)")
    }
}

/// The pager, in a real terminal (tmux, as the browser's tests): used only when standard output
/// is a terminal, `$PAGER` first, else `less -FRX`; never with `--no-pager`, `pager = off` or a pipe.
@Suite("Pager in a terminal", .serialized)
struct PagerTerminalTests {
    /// Forty days with an event each: an agenda of 119 lines (40 headings, 40 events, 39 blank
/// lines between days), longer than the 12-row test terminal.
    static let file: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-pager-\(getpid()).ics")
        // 1–30 June, then 1–10 July.
        let events = (0..<40).map { day in
            let month = day < 30 ? "06" : "07"
            let d = String(format: "%02d", day < 30 ? day + 1 : day - 29)
            return ViewsThatFitTests.event("p\(day)", "2024\(month)\(d)T090000Z", "2024\(month)\(d)T100000Z", "Event \(day + 1)")
        }
        try? ViewsThatFitTests.calendar(events).write(to: url)
        ScratchDirectory.removeAtExit(url.path)
        return url
    }()

    static let arguments = ["--agenda", "--from", "2024-06-01", "--days", "40", "--tz", "UTC", "--today", "2024-06-10"]

    private func start(_ extra: [String], environment: [String: String] = [:], unset: [String] = []) throws -> TmuxTerminal {
        try #require(TmuxTerminal.isInstalled, "tmux is needed (scripts/setup.sh installs it)")
        return try TmuxTerminal(Self.arguments + extra + [Self.file.path], columns: 80, rows: 12, environment: environment,
                                subcommand: nil, unset: unset)
    }

    /// `PAGER` is run by the shell with the output as its input: here a sed that marks every line.
    @Test func pagerFromTheEnvironment() throws {
        let terminal = try start([], environment: ["PAGER": "sed 's/^/P|/'"])
        #expect(try terminal.file("status") == "0\n")
        let screen = try terminal.waitFor("P|  ● 09:00–10:00 Event 40", "P|Wed, 10 Jul 2024")
        #expect(!screen.contains("\nWed, 10 Jul 2024"))
    }

    @Test func noPagerWritesToTheTerminal() throws {
        let terminal = try start(["--no-pager"], environment: ["PAGER": "sed 's/^/P|/'"])
        #expect(try terminal.file("status") == "0\n")
        let screen = try terminal.waitFor("Wed, 10 Jul 2024", "Event 40")
        #expect(!screen.contains("P|"))
    }

    /// `pager = off` in the configuration, as `--no-pager`.
    @Test func pagerOffInTheConfiguration() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-pager-config-\(getpid())")
        try "[defaults]\npager = off\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let terminal = try start([], environment: ["PAGER": "sed 's/^/P|/'", "ICSVIEW_CONFIG": config.path])
        #expect(try terminal.file("status") == "0\n")
        let screen = try terminal.waitFor("Wed, 10 Jul 2024", "Event 40")
        #expect(!screen.contains("P|"))
    }

    /// Without `PAGER`: `less -FRX`, which waits at its prompt for 119 lines in 12 rows and
    /// shows the first 11 lines; `q` ends it, and icsview exits 0 after it.
    @Test func lessByDefault() throws {
        let terminal = try start([], unset: ["PAGER", "LESS"])
        let screen = try terminal.waitFor("Sat, 1 Jun 2024", "Event 1")
        #expect(!screen.contains("Event 40"))
        #expect(try terminal.file("status", timeout: 0.5) == nil)
        try terminal.send("q")
        #expect(try terminal.file("status") == "0\n")
    }

    /// A pipe is never paged: the pager that would write a file is not run.
    @Test func notThroughAPipe() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-pager-ran-\(getpid())")
        try? FileManager.default.removeItem(at: marker)
        let result = try CLI.run(Self.arguments + [Self.file.path], environment: ["PAGER": "touch \(marker.path); cat"])
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 119 + 1)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
