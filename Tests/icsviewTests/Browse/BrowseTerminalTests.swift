import Foundation
import Testing

/// `icsview browse` in a real terminal (tmux, 80×24 unless said): keys sent, the screen read back.
/// The fixture Fixtures/browse/team.ics, shown in Europe/Berlin with Monday first and today
/// Thursday 10 October 2024; what each screen must hold was worked out by hand from the fixture:
/// the standup (weekdays 09:00–09:15 New York until 27 June 2025) is 15:00–15:15 in Berlin (EDT
/// is UTC−4, CEST UTC+2); Monday 14 October is a holiday, Tuesday 5 November has "Café with
/// Marie", Tuesday 3 December "Cafe review".
@Suite("Browse in a terminal", .serialized)
struct BrowseTerminalTests {
    static let arguments = ["--today", "2024-10-10", "--tz", "Europe/Berlin", "--first-weekday", "mon", "Fixtures/browse/team.ics"]

    private func start(columns: Int = 80, rows: Int = 24, _ extra: [String] = []) throws -> TmuxTerminal {
        try #require(TmuxTerminal.isInstalled, "tmux is needed (scripts/setup.sh installs it)")
        let terminal = try TmuxTerminal(extra + Self.arguments, columns: columns, rows: rows)
        // The first screen: generous while the whole suite loads the machine.
        try terminal.waitFor("October 2024", "Thu, 10 Oct 2024 (today)", timeout: 20)
        return terminal
    }

    @Test func opensOnToday() throws {
        let terminal = try start()
        let screen = try terminal.waitFor("<10>", "Standup", "15:00", "1 day selected", "[Month]")
        // Five Monday-first rows: 30 September to 3 November.
        #expect(screen.contains("·30") && screen.contains("·3 "))
        #expect(try terminal.format("#{alternate_on}") == "1")
    }

    @Test func keysMoveTheSelection() throws {
        let terminal = try start()
        try terminal.send("l")
        try terminal.waitFor("<11>", "Fri, 11 Oct 2024")
        try terminal.send("j")
        try terminal.waitFor("<18>", "Fri, 18 Oct 2024")
        try terminal.send("h")
        try terminal.waitFor("<17>")
        try terminal.send("k")
        try terminal.waitFor("<10>")
        try terminal.send("Right")
        try terminal.waitFor("<11>")
        try terminal.send("Down")
        try terminal.waitFor("<18>")
        try terminal.send("NPage")
        try terminal.waitFor("November 2024", "<18>", "Mon, 18 Nov 2024")
        try terminal.send("PPage", "PPage")
        try terminal.waitFor("September 2024", "<18>")
        try terminal.send("t")
        try terminal.waitFor("October 2024", "<10>", "(today)")
        try terminal.send("g")
        try terminal.waitFor("Go to")
        try terminal.type("2024-12-25")
        try terminal.send("Enter")
        try terminal.waitFor("December 2024", "<25>", "Wed, 25 Dec 2024")
        try terminal.send("g")
        try terminal.type("+7d")
        try terminal.send("Enter")
        // Relative dates count from --today, as on the command line.
        try terminal.waitFor("October 2024", "<17>", "Thu, 17 Oct 2024")
    }

    @Test func severalDaysAndARange() throws {
        let terminal = try start()
        try terminal.send("Space", "l", "l", "Space")
        var screen = try terminal.waitFor("2 days selected")
        #expect(screen.contains("<10>") && screen.contains("<12>") && !screen.contains("<11>"))
        #expect(screen.contains("Thu, 10 Oct 2024 (today)") && screen.contains("Sat, 12 Oct 2024") && screen.contains("No events"))
        // The cursor leaves the selection alone.
        try terminal.send("l")
        screen = try terminal.waitFor("(13)")
        #expect(screen.contains("<12>") && screen.contains("2 days selected"))
        try terminal.send("Escape")
        try terminal.waitFor("1 day selected", "<13>")
        try terminal.send("S-Right", "S-Right")
        screen = try terminal.waitFor("2024-10-13…2024-10-15 (3 days)")
        #expect(["<13>", "<14>", "<15>"].allSatisfy(screen.contains))
        try terminal.send("S-Left", "S-Left", "S-Left")
        // The anchor stays on the 13th: the range now runs back to the 12th.
        screen = try terminal.waitFor("2024-10-12…2024-10-13 (2 days)")
        #expect(screen.contains("<12>") && !screen.contains("<14>"))
    }

    @Test func searchJumpsToTheNextMatch() throws {
        let terminal = try start()
        try terminal.send("/")
        try terminal.type("cafe")
        try terminal.send("Enter")
        // "cafe" finds "Café" (accents ignored, as --grep).
        try terminal.waitFor("November 2024", "<5>", "/cafe: 2024-11-05", "Café with Marie")
        try terminal.send("n")
        try terminal.waitFor("December 2024", "<3>", "/cafe: 2024-12-03", "Cafe review")
        try terminal.send("N")
        try terminal.waitFor("November 2024", "/cafe: 2024-11-05")
        try terminal.send("n", "n")
        try terminal.waitFor("no later match")
    }

    @Test func eventDetails() throws {
        let terminal = try start()
        try terminal.send("Enter")
        try terminal.waitFor("› ", "↑↓ event")
        try terminal.send("Enter")
        let screen = try terminal.waitFor("every weekday until 27 Jun 2025")
        for text in ["Standup", "Thu, 10 Oct 2024 15:00–15:15 (Europe/Berlin)", "Thu, 10 Oct 2024 09:00–09:15 (America/New_York)",
                     "Room 4", "https://zoom.us/j/123456", "Grace Hopper <grace@example.com>",
                     "Ada Lovelace <ada@example.com> — accepted", "Alan Turing <alan@example.com> — declined",
                     "15 minutes before the start (display)", "Team"] {
            #expect(screen.contains(text), "missing \(text)")
        }
        try terminal.send("Escape")
        try terminal.waitFor("› ", "↑↓ event")
        try terminal.send("Escape")
        try terminal.waitFor("Enter events")
    }

    /// `--mouse`: the terminal is asked for xterm's SGR reports (tmux says so), a press of the
    /// left button on a day's number selects that day, the wheel turns the months. The reports are
    /// the bytes xterm sends (`ESC [ < button ; column ; row M`, cells from 1), at the cell where
    /// the screen shows "17".
    @Test func mouseSelectsADayAndTheWheelTurnsMonths() throws {
        let terminal = try start(["--mouse"])
        #expect(try terminal.format("#{mouse_sgr_flag}") == "1")
        #expect(try terminal.format("#{mouse_standard_flag}") == "1")
        let lines = try terminal.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("17") && $0.contains("16") && $0.contains("18") })
        let scalars = Array(lines[row].unicodeScalars)
        let column = try #require((0..<(scalars.count - 1)).first { scalars[$0] == "1" && scalars[$0 + 1] == "7" })
        try terminal.sendBytes("\u{1B}[<0;\(column + 1);\(row + 1)M")
        try terminal.waitFor("<17>", "Thu, 17 Oct 2024")
        try terminal.sendBytes("\u{1B}[<65;\(column + 1);\(row + 1)M")
        try terminal.waitFor("November 2024")
        try terminal.sendBytes("\u{1B}[<64;\(column + 1);\(row + 1)M")
        try terminal.waitFor("October 2024")
    }

    @Test func viewsAndHelp() throws {
        let terminal = try start()
        try terminal.send("w")
        try terminal.waitFor("[Week]", "Standup", "<Thu 10>")
        try terminal.send("a")
        try terminal.waitFor("[Agenda]", "Mon, 14 Oct 2024", "Company holiday", "Dentist")
        try terminal.send("?")
        try terminal.waitFor("Keys", "extend a range of days")
        try terminal.send("x", "m")
        try terminal.waitFor("[Month]", "<10>")
    }

    @Test func resizesTo60Columns() throws {
        let terminal = try start()
        try terminal.resize(columns: 60, rows: 20)
        let screen = try terminal.waitFor("60 columns") { screen in
            screen.split(separator: "\n").first.map { $0.count <= 60 } == true && screen.contains("<10>")
                && screen.split(separator: "\n").count <= 20 && (try? terminal.format("#{pane_width}")) == "60"
                && screen.contains("October 2024") && screen.contains("Thu, 10 Oct 2024")
        }
        for line in screen.split(separator: "\n") {
            #expect(line.count <= 60, "wider than 60: \(line)")
        }
        try terminal.send("l")
        try terminal.waitFor("<11>", "Fri, 11 Oct 2024")
    }

    /// `q`, Ctrl-C and SIGTERM all leave the terminal as it was: the same `stty -g`, the main
    /// screen (with what was on it before), the cursor shown.
    @Test(arguments: ["q", "C-c", "TERM"])
    func terminalIsRestored(_ how: String) throws {
        let terminal = try start()
        if how == "TERM" {
            let pid = try #require(try terminal.browserPID())
            kill(pid, SIGTERM)
        } else {
            try terminal.send(how)
        }
        let status = try #require(try terminal.file("status"))
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == ["q": "0", "C-c": "130", "TERM": "143"][how])
        let before = try #require(try terminal.file("before")), after = try #require(try terminal.file("after"))
        #expect(before == after)
        try terminal.waitFor("MAIN-SCREEN-MARKER")
        #expect(try terminal.format("#{alternate_on}") == "0")
        #expect(try terminal.format("#{cursor_flag}") == "1")
    }

    /// Ctrl-Z under a shell with job control: the browser gives the terminal back as it found it
    /// (the same `stty -g`, the main screen, the cursor) and stops (bash sees status 148 = 128 +
    /// SIGTSTP, or 147 for SIGSTOP); `fg` continues it, and it takes raw mode and the alternate
    /// screen again and redraws the whole screen, still on the day that was selected.
    @Test func ctrlZSuspendsAndFgRedraws() throws {
        try #require(TmuxTerminal.isInstalled, "tmux is needed (scripts/setup.sh installs it)")
        let terminal = try TmuxTerminal(Self.arguments, jobControl: true)
        try terminal.waitFor("October 2024", "Thu, 10 Oct 2024 (today)", timeout: 20)
        try terminal.send("l")
        try terminal.waitFor("<11>", "Fri, 11 Oct 2024")
        try terminal.send("C-z")
        let stopped = try #require(try terminal.file("stopped")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(["147", "148"].contains(stopped))
        let before = try #require(try terminal.file("before")), suspended = try #require(try terminal.file("suspended"))
        #expect(before == suspended)
        try terminal.waitFor("MAIN-SCREEN-MARKER", "STOPPED-MARKER")
        #expect(try terminal.format("#{alternate_on}") == "0")
        #expect(try terminal.format("#{cursor_flag}") == "1")
        // fg: the browser comes back, redrawn whole on the alternate screen, the selection kept.
        try terminal.send("Enter")
        let screen = try terminal.waitFor("October 2024", "<11>", "Fri, 11 Oct 2024", "[Month]")
        #expect(!screen.contains("STOPPED-MARKER"))
        #expect(try terminal.format("#{alternate_on}") == "1")
        try terminal.send("q")
        let status = try #require(try terminal.file("status"))
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try #require(try terminal.file("after")) == before)
    }

    @Test func notATerminalIsAUsageError() throws {
        for command in ["browse", "-i"] {
            let result = try CLI.run([command, "Fixtures/browse/team.ics"])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("Error: 'icsview browse' needs a terminal"))
            #expect(result.stdout.isEmpty)
        }
    }
}
