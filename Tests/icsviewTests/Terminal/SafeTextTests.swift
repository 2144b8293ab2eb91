import Foundation
import Testing
import TestSupport

/// Feed text never drives the terminal (docs/trust.md): `Fixtures/hostile/terminal-escapes.ics`
/// puts OSC 52 (clipboard), OSC 0 (window title), OSC 8 (a disguised link), CSI 2J (clear),
/// `ESC[8m` (hidden text), DCS and APC strings, 8-bit C1 CSI/OSC/ST, bidi overrides, isolates
/// and marks, CR/LF (escaped `\n`) and TAB into SUMMARY, LOCATION, DESCRIPTION, X-WR-CALNAME,
/// CATEGORIES and an alarm's DESCRIPTION; every text view and subcommand must write none of it.
@Suite struct SafeTextTests {
    static let fixture = "Fixtures/hostile/terminal-escapes.ics"

    /// What each output must not hold: ESC, the other C0 controls but LF, DEL, the C1 controls,
    /// and the bidi controls and invisible format characters removed.
    static func problems(_ text: String) -> [String] {
        var found: [String] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0A: continue
            case 0x1B: found.append("ESC")
            case 0x00...0x1F, 0x7F: found.append(String(format: "C0 %02X", v))
            case 0x80...0x9F: found.append(String(format: "C1 %02X", v))
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: found.append(String(format: "bidi U+%04X", v))
            default: continue
            }
        }
        return found
    }

    /// Every text view and subcommand over the fixture (its events are on 15–22 January 2025).
    static let commands: [[String]] = [
        [], ["--summary"], ["--month", "2025-01"], ["--month", "2025-01", "--months", "2"], ["-3", "--month", "2025-01"],
        ["--year", "2025"], ["--week", "2025-01-15"], ["--week", "2025-01-20"], ["--agenda", "--from", "2025-01-14", "--to", "2025-01-25"],
        ["--todos"], ["--month", "2025-01", "--select", "2025-01-15"], ["--month", "2025-01", "--select", "2025-01-20"],
        ["--agenda", "--from", "2025-01-14", "--verbose"], ["--month", "2025-01", "--ascii"],
        ["search", "--from", "2025-01-01", "--to", "2025-01-31", "pay"], ["search", "--from", "2025-01-01", "--to", "2025-01-31", "click"],
        ["remind", "--from", "2025-01-15", "--to", "2025-01-16"], ["validate"], ["validate", "--format", "github"],
    ]

    static func arguments(_ command: [String], _ extra: [String]) -> [String] {
        let isSubcommand = ["search", "remind", "validate"].contains(command.first ?? "")
        if isSubcommand { return command + [fixture] }
        return command + extra + ["--today", "2025-01-16", fixture]
    }

    @Test(arguments: commands)
    func nothingReachesTheTerminal(_ command: [String]) throws {
        for columns in ["80", "300"] {
            let result = try CLI.run(Self.arguments(command, ["--color", "never"]), environment: ["COLUMNS": columns])
            #expect(result.status <= 1, "\(command): \(result.status) \(result.stderr.prefix(300))")
            #expect(!result.stdout.isEmpty, "\(command)")
            #expect(Self.problems(result.stdout).isEmpty, "\(command) stdout: \(Set(Self.problems(result.stdout)))")
            #expect(Self.problems(result.stderr).isEmpty, "\(command) stderr: \(Set(Self.problems(result.stderr)))")
        }
    }

    /// With colours on, the only sequences are icsview's own SGR ones (`ESC[…m`).
    @Test(arguments: commands)
    func onlyOwnColours(_ command: [String]) throws {
        guard !["search", "remind", "validate"].contains(command.first ?? "") else { return }
        let result = try CLI.run(Self.arguments(command, ["--color", "always"]), environment: ["COLUMNS": "300"])
        let stripped = result.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(Self.problems(stripped).isEmpty, "\(command): \(Set(Self.problems(stripped)))")
    }

    /// A title's line break and tab become spaces: the text after them stays on the title's line,
    /// and what the sequences wrapped (the words) is kept.
    @Test func lineBreaksStayOnTheLine() throws {
        let result = try CLI.run(["--agenda", "--from", "2025-01-15", "--to", "2025-01-15", "--color", "never", Self.fixture],
                                 environment: ["COLUMNS": "300"])
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("Pay") })
        #expect(line.contains("Pay now hidden evil ok second line"), "\(line)")
        #expect(line.contains("Click here Building 2, Floor 3"), "\(line)")
        #expect(!line.contains("pwned") && !line.contains("SGVsbG8") && !line.contains("evil.example"), "\(line)")
        // The calendar's name, in the todo list, without its colour and isolates.
        let todos = try CLI.run(["--todos", "--color", "never", "--today", "2025-01-16", Self.fixture, Self.fixture])
        #expect(todos.stdout.contains("[Red Cal]"), "\(todos.stdout)")
    }

    /// `diff` of the fixture against an empty calendar lists the hostile events without their sequences.
    @Test func diffIsSafe() throws {
        let dir = try ScratchDirectory.make("icsview-safe")
        let empty = dir.appendingPathComponent("empty.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nEND:VCALENDAR\r\n".utf8).write(to: empty)
        for pair in [[empty.path, Self.fixture], [Self.fixture, empty.path]] {
            let result = try CLI.run(["diff"] + pair)
            #expect(result.stdout.contains("Pay now"), "\(result.stdout)")
            #expect(Self.problems(result.stdout).isEmpty && Self.problems(result.stderr).isEmpty)
        }
    }

    /// A file name with an escape in it, quoted by an error message, is made safe too.
    @Test func errorMessagesAreSafe() throws {
        let result = try CLI.run(["--month", "2025-01", "missing-\u{1B}]0;x\u{07}-\u{202E}file.ics"])
        #expect(result.status == 1)
        #expect(Self.problems(result.stderr).isEmpty, "\(result.stderr)")
    }

    /// A 94 KB title on a minutely series: the month, the week and a week's agenda cut it to
    /// the cells they draw, so the output stays small (it was hundreds of megabytes).
    @Test func longTitleIsCut() throws {
        let url = try Self.series(title: String(repeating: "Long title ", count: 8_600))
        for command in [["--month", "2025-01"], ["--week", "2025-01-15"], ["--agenda", "--from", "2025-01-15", "--to", "2025-01-15"]] {
            let result = try CLI.run(command + ["--today", "2025-01-15", "--color", "never", url.path], environment: ["COLUMNS": "120"])
            #expect(result.status == 0, "\(command): \(result.stderr.prefix(300))")
            // At most one 120-cell line per minute of the day, and the grid.
            #expect(result.stdout.utf8.count < 1_500 * 480, "\(command): \(result.stdout.utf8.count) bytes")
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.utf8.count < 120 * 4 }, "\(command)")
        }
    }

    /// A title of zero-width characters (combining marks, which are kept, and format characters,
    /// which are removed) is cut like any other: each counts toward the cut.
    @Test func zeroWidthTitleIsCut() throws {
        let marks = "a" + String(repeating: "\u{0301}", count: 30_000) + String(repeating: "\u{200B}\u{0300}", count: 20_000)
        let url = try Self.series(title: marks)
        for command in [["--month", "2025-01"], ["--week", "2025-01-15"], ["--agenda", "--from", "2025-01-15", "--to", "2025-01-15"]] {
            let result = try CLI.run(command + ["--today", "2025-01-15", "--color", "never", url.path], environment: ["COLUMNS": "120"])
            #expect(result.status == 0, "\(command): \(result.stderr.prefix(300))")
            // A cut reads at most eight scalars a cell: a line of 120 cells holds at most a few KB.
            #expect(result.stdout.utf8.count < 1_500 * 4_000, "\(command): \(result.stdout.utf8.count) bytes")
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.utf8.count < 4_000 }, "\(command)")
        }
    }

    /// A character of 80,000 combining marks (`e` and U+0301) keeps the first 30 (stream-safe text,
    /// UAX #15): each agenda line held hundreds of them, read again by every width and cut
    /// (the month of such a minutely series wrote 10.6 MB in 2 s), for one cell of output.
    @Test func aCharacterOfManyMarksKeepsThirty() throws {
        let url = try Self.series(title: "e" + String(repeating: "\u{0301}", count: 80_000))
        let result = try CLI.run(["--agenda", "--from", "2025-01-15", "--to", "2025-01-15", "--today", "2025-01-15",
                                  "--tz", "UTC", "--color", "never", url.path], environment: ["COLUMNS": "120"])
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let lines = result.stdout.split(separator: "\n").filter { $0.unicodeScalars.contains("\u{0301}") }
        // 09:00 to 23:59: 900 instances, one line each.
        #expect(lines.count == 900)
        #expect(lines.allSatisfy { $0.unicodeScalars.filter { $0 == "\u{0301}" }.count == 30 })
        #expect(lines.allSatisfy { $0.contains("e" + String(repeating: "\u{0301}", count: 30)) })
    }

    /// A minutely series from 15 January 2025 09:00 UTC for a day, titled `title` (folded at 75 octets).
    static func series(title: String) throws -> URL {
        var summary = Array("SUMMARY:\(title)".utf8)
        var folded: [UInt8] = []
        while summary.count > 74 {
            var cut = 74
            while cut > 0 && (summary[cut] & 0xC0) == 0x80 { cut -= 1 }
            folded += summary[..<cut] + Array("\r\n ".utf8)
            summary.removeFirst(cut)
        }
        folded += summary
        let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit//tests//EN\r\nBEGIN:VEVENT\r\nUID:minutely@tests\r\n"
            + "DTSTAMP:20250101T000000Z\r\nDTSTART:20250115T090000Z\r\nDURATION:PT1M\r\nRRULE:FREQ=MINUTELY;COUNT=1440\r\n"
        let tail = "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let dir = try ScratchDirectory.make("icsview-long")
        let url = dir.appendingPathComponent("series.ics")
        try Data(Array(head.utf8) + folded + Array(tail.utf8)).write(to: url)
        return url
    }
}
