import Foundation
import Testing

/// Golden outputs of `--month`, `--week` and `--agenda`, compared exactly with
/// `Fixtures/views/<name>.txt`.
///
/// To rewrite the goldens after an intended change, run
/// `UPDATE_GOLDENS=1 swift test --filter ViewGoldenTests`, then read every changed file and
/// check it by hand again (see the notes on each case) before committing it.
///
/// The child process runs with a pinned environment: `LANG=C.UTF-8` (unless the case sets
/// another), `TZ=UTC`, no `NO_COLOR`, `COLORTERM=truecolor` (unless the case clears it),
/// `COLUMNS` as given, and always `--today` and `--tz`.
///
/// The facts checked by hand are asserted on the output in ``GoldenFactsTests`` and
/// ``EarlierGoldenFactsTests`` (positions of days, bars and titles, widths), so a regenerated
/// golden that moved any of them fails there. What was checked by hand, against the fixtures:
/// - google-team.ics, June 2024 in Europe/Berlin (Mon-first, from the C.UTF-8 locale): 1 June is a
///   Saturday; the stand-up on MO/WE/FR 09:30–09:45 is on 3, 5, 7, 10, 14, 17, 24, 26, 28 (EXDATE
///   20 May and 19 June; the 12th moved to 11:00–11:15; the 21st cancelled, so hidden); planning
///   4 June 14:00–16:00; on 18 June design review 10:00, lunch 12:30 and the 16:00Z call at
///   18:00 CEST (so "●3"); the offsite 12–14 June (DTEND 15, exclusive) is one bar in row 3 from
///   Wednesday to Friday; 27 release, 28 office closed plus stand-up ("●2"); today the 12th as
///   `[12]` (reverse video with colors).
/// - views/wide.ics + views/family.ics, October 2024 in Europe/Berlin: 1 October is a Tuesday;
///   "🎉 Party" 5 Oct 20:00 → 6 Oct 02:00 crosses midnight, so a bar on Sat–Sun of row 1; the
///   late UTC call 23:30Z is 01:30–02:30 on the 10th in CEST; "Until midnight" 22:00–00:00 stays
///   on the 11th; row 3 (14–20 Oct) has four overlapping ranges: conference 14–18 lane 0, trip
///   16–22 lane 1, hackathon 17–18 lane 2, workshop 18–19 lane 3 — so with three lines at most,
///   two lanes are drawn and a "+N" line counts the hidden ones (+1 on the 17th, +2 on the 18th,
///   +1 on the 19th); the trip continues into row 4 (open left end, Mon–Tue); the night shift
///   26 Oct 22:00 → 27 Oct 06:00 spans the end of DST (8 wall hours, 9 real); Herbstferien
///   28 Oct–1 Nov (DTEND 2 Nov) runs into the next month's days; the weekly sync (COUNT=5 from
///   1 Oct) is on 1, 8, 22, 29 — the 15th is cancelled; on the 2nd both calendars have an
///   event, so with colors there are two marks (blue #4E79A7, the palette color of "Wide 世界",
///   and green #7CB342, Family's X-APPLE-CALENDAR-COLOR) and the count 2.
/// - Every grid line of a month or week has the same width in terminal cells (tested below
///   with wcwidth, and checked once by an independent count with Python's
///   `unicodedata.east_asian_width`: W/F two cells, Mn/Me/Cf zero, U+FE0F widening its base).
@Suite(.serialized) struct ViewGoldenTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var columns: Int
        var arguments: [String]
        /// Variables set for this case over the pinned ones.
        var environment: [String: String] = [:]
        var description: String { name }
    }

    static let google = ["Fixtures/import/google-team.ics", "--tz", "Europe/Berlin", "--today", "2024-06-12"]
    static let wide = ["Fixtures/views/wide.ics", "Fixtures/views/family.ics", "--tz", "Europe/Berlin", "--today", "2024-10-16"]
    static let never = ["--color", "never"]
    static let todos = ["Fixtures/views/todos.ics", "Fixtures/views/family.ics", "--tz", "Europe/Berlin", "--today", "2024-10-16"]

    static let cases: [Case] = [
        Case(name: "google-month-40", columns: 40, arguments: google + ["--month", "2024-06"] + never),
        Case(name: "google-month-80", columns: 80, arguments: google + ["--month", "2024-06"] + never),
        Case(name: "google-month-120", columns: 120, arguments: google + ["--month", "2024-06", "--week-numbers"] + never),
        Case(name: "google-month-80-color", columns: 80, arguments: google + ["--month", "2024-06", "--color", "always"]),
        Case(name: "google-month-compact-30", columns: 30, arguments: google + ["--month", "2024-06", "--week-numbers"] + never),
        Case(name: "wide-month-40", columns: 40, arguments: wide + ["--month", "2024-10", "--ascii"] + never),
        Case(name: "wide-month-80", columns: 80, arguments: wide + ["--month", "2024-10"] + never),
        Case(name: "wide-month-120", columns: 120, arguments: wide + ["--month", "2024-10", "--first-weekday", "sun"] + never),
        Case(name: "wide-month-80-color", columns: 80, arguments: wide + ["--month", "2024-10", "--color", "always"]),
        Case(name: "wide-month-80-select", columns: 80,
             arguments: wide + ["--month", "2024-10", "--select", "2024-10-02", "--week-numbers", "--ascii"] + never),
        Case(name: "holidays-months-2", columns: 80,
             arguments: ["Fixtures/import/holidays.ics", "--tz", "Europe/Berlin", "--today", "2024-03-29",
                         "--month", "2024-03", "--months", "2", "--first-weekday", "sun"] + never),
        Case(name: "google-week-80", columns: 80, arguments: google + ["--week", "2024-06-12"] + never),
        Case(name: "google-week-120", columns: 120, arguments: google + ["--week", "2024-06-17"] + never),
        Case(name: "wide-week-80", columns: 80, arguments: wide + ["--week", "2024-10-02"] + never),
        Case(name: "wide-week-80-cafe", columns: 80, arguments: wide + ["--week", "2024-10-08"] + never),
        Case(name: "wide-week-120-color", columns: 120, arguments: wide + ["--week", "2024-10-16", "--color", "always"]),
        Case(name: "wide-week-list-50", columns: 50, arguments: wide + ["--week", "2024-10-27"] + never),
        Case(name: "wide-agenda-80", columns: 80, arguments: wide + ["--agenda", "--from", "2024-10-01", "--to", "2024-10-31"] + never),
        Case(name: "google-agenda-cancelled", columns: 80,
             arguments: google + ["--agenda", "--from", "2024-06-17", "--to", "2024-06-23", "--show-cancelled", "--ascii"] + never),
        Case(name: "wide-agenda-json", columns: 80,
             arguments: wide + ["--agenda", "--from", "2024-10-01", "--to", "2024-10-31", "--format", "json"]),
        Case(name: "google-month-json", columns: 80, arguments: google + ["--month", "2024-06", "--format", "json"]),
        // Titles in cells, the agenda beside the grid, `cal`'s habits, to-dos, locales, 256 colours.
        Case(name: "wide-month-100-titles", columns: 100, arguments: wide + ["--month", "2024-10", "--no-agenda"] + never),
        Case(name: "wide-month-160-beside", columns: 160, arguments: wide + ["--month", "2024-10"] + never),
        Case(name: "google-three-80", columns: 80, arguments: google + ["-3", "--no-agenda"] + never),
        Case(name: "google-three-200", columns: 200, arguments: google + ["-3", "--month", "2024-06", "--no-agenda"] + never),
        Case(name: "holidays-year-80", columns: 80,
             arguments: ["Fixtures/import/holidays.ics", "--tz", "Europe/Berlin", "--today", "2024-03-29", "--year", "2024"] + never),
        Case(name: "todos-agenda-80", columns: 80, arguments: todos + ["--agenda", "--from", "2024-10-14", "--days", "8"] + never),
        Case(name: "todos-list-80", columns: 80, arguments: todos + ["--todos"] + never),
        Case(name: "todos-month-100", columns: 100, arguments: todos + ["--month", "2024-10", "--no-agenda"] + never),
        Case(name: "todos-month-100-ascii", columns: 100, arguments: todos + ["--month", "2024-10", "--ascii"] + never),
        Case(name: "google-year-he", columns: 80, arguments: google + ["--year", "2024"] + never, environment: ["LANG": "he_IL.UTF-8"]),
        Case(name: "wide-month-80-256", columns: 80, arguments: wide + ["--month", "2024-10", "--color", "always", "--no-agenda"],
             environment: ["COLORTERM": ""]),
        Case(name: "google-month-100-ja", columns: 100, arguments: google + ["--month", "2024-06"] + never,
             environment: ["LANG": "ja_JP.UTF-8"]),
        Case(name: "google-month-80-de", columns: 80, arguments: google + ["--month", "2024-06", "--week-numbers"] + never,
             environment: ["LANG": "de_DE.UTF-8"]),
        Case(name: "google-agenda-en-us", columns: 80,
             arguments: google + ["--agenda", "--from", "2024-06-17", "--days", "2"] + never, environment: ["LANG": "en_US.UTF-8"]),
        Case(name: "google-month-80-he", columns: 80, arguments: google + ["--month", "2024-06", "--no-agenda"] + never,
             environment: ["LANG": "he_IL.UTF-8"]),
    ]

    static func run(_ c: Case, extra: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(c.arguments, environment: ["LANG": "C.UTF-8", "LC_ALL": "", "TZ": "UTC", "NO_COLOR": "", "COLORTERM": "truecolor",
                                               "COLUMNS": String(c.columns)].merging(c.environment) { $1 }.merging(extra) { $1 })
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    @Test(arguments: cases)
    func golden(_ c: Case) throws {
        let result = try Self.run(c)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let url = CLI.root.appendingPathComponent("Fixtures/views/\(c.name).txt")
        // A file's `calendarId` hashes its absolute path, which differs between checkouts: the
        // goldens hold a placeholder (CompleteJSONTests checks the value itself).
        let stdout = Self.maskingCalendarIDs(result.stdout)
        if Self.updating {
            // A recording run always fails, so that it cannot pass silently in place of a check:
            // read `git diff Fixtures/views` and run again without the variable.
            let before = try? String(contentsOf: url, encoding: .utf8)
            try Data(stdout.utf8).write(to: url)
            Issue.record("UPDATE_GOLDENS=1 wrote \(url.lastPathComponent) (\(before == stdout ? "unchanged" : "changed")); review the diff, then run without UPDATE_GOLDENS")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(stdout == expected, "differs from \(url.path); UPDATE_GOLDENS=1 rewrites it")
    }

    /// `"calendarId":"<16 hex digits>"` with the digits replaced by `…`.
    static func maskingCalendarIDs(_ text: String) -> String {
        text.replacingOccurrences(of: #""calendarId":"[0-9a-f]{16}""#, with: #""calendarId":"…""#, options: .regularExpression)
    }

    /// The grid lines of every month and week golden at 40 columns or more (not the compact
    /// month, not the week list): each has the same width in cells, within the terminal's.
    @Test(arguments: cases.filter { c in
        !c.arguments.contains("json") && (c.arguments.contains("--month") && c.columns >= 40 || c.arguments.contains("--week") && c.columns >= 60)
            // Compact months, the agenda beside the grid, blocks of unequal height: see GoldenFactsTests.
            && !["holidays-months-2", "wide-month-160-beside", "google-three-200"].contains(c.name)
    })
    func gridLinesHaveOneWidth(_ c: Case) throws {
        let text = try Self.run(c).stdout
        var grids = 0
        for block in text.components(separatedBy: "\n\n") {
            // A grid block: the title, then lines that all start with a border (after week numbers).
            let lines = block.split(separator: "\n").map { CellWidth.stripANSI(String($0)) }
            guard lines.count > 2, lines[1].contains("┌") || lines[1].contains("+-") else { continue }
            grids += 1
            let widths = Set(lines.dropFirst().map(CellWidth.of))
            #expect(widths.count == 1, "\(c.name): widths \(widths.sorted())")
            #expect(widths.allSatisfy { $0 <= c.columns })
        }
        #expect(grids == 1)
    }

    /// Widths counted by hand: the conference bar at 80 columns spans five cells of 10 plus
    /// four borders (54 cells): `▕` 1 + 東京カンファレンス 9 × 2 = 18 + " 2024" 5 + `▏` 1 leave
    /// 29 cells of fill. The week's "Café with Zoë" (decomposed é: "e" + U+0301, zero cells)
    /// is 13 cells, cut to 9 + "…" in a 10-cell column.
    @Test func handCountedWidths() throws {
        let month = try Self.run(Self.cases.first { $0.name == "wide-month-80" }!).stdout
        let bar = "│▕東京カンファレンス 2024" + String(repeating: "─", count: 29) + "▏│          │          │"
        #expect(month.split(separator: "\n").contains { $0 == bar })
        let week = try Self.run(Self.cases.first { $0.name == "wide-week-80-cafe" }!).stdout
        #expect(week.contains("│08:00     │"))
        #expect(week.contains("│Cafe\u{301} with…│"))
    }

    /// `--ascii`: no box-drawing or symbol character that the tool draws; the only non-ASCII
    /// scalars left are ones of the input files (the user's titles, locations, names).
    @Test func asciiDrawsOnlyASCII() throws {
        let glyphs = Set("│─┌┬┐├┼┤└┴┘●•…✗·–◀▶▕▏".unicodeScalars)
        for c in Self.cases where c.arguments.contains("--ascii") {
            let inputs = try c.arguments.filter { $0.hasSuffix(".ics") }
                .map { String(decoding: try Data(contentsOf: CLI.root.appendingPathComponent($0)), as: UTF8.self) }.joined()
            let userScalars = Set(inputs.unicodeScalars)
            let odd = try Self.run(c).stdout.unicodeScalars.filter { !$0.isASCII && (glyphs.contains($0) || !userScalars.contains($0)) }
            #expect(odd.isEmpty, "\(c.name): \(String(String.UnicodeScalarView(odd)))")
        }
    }

    /// Colors: `--color always` writes SGR sequences; `--color never` and `--color auto`
    /// without a terminal write none; `--color auto` on a terminal (through `script`'s pty)
    /// writes them unless `NO_COLOR` is set and not empty.
    @Test func colorModes() throws {
        let month = Self.google + ["--month", "2024-06"]
        let always = try Self.run(Case(name: "", columns: 80, arguments: month + ["--color", "always"])).stdout
        #expect(always.contains("\u{1B}[7;1m 12 \u{1B}[0m"), "today in reverse video")
        #expect(always.contains("\u{1B}[1m"))
        for mode in ["never", "auto"] {
            let plain = try Self.run(Case(name: "", columns: 80, arguments: month + ["--color", mode])).stdout
            #expect(!plain.contains("\u{1B}["), "--color \(mode) through a pipe")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let command = "COLUMNS=80 LANG=C.UTF-8 TZ=UTC script -qec '\"$ICSVIEW\" Fixtures/import/google-team.ics --month 2024-06 --today 2024-06-12 --tz Europe/Berlin' /dev/null"
        let onTerminal = try CLI.shell("unset NO_COLOR; " + command)
        #expect(onTerminal.stdout.contains("\u{1B}[7;1m 12 \u{1B}[0m"), "auto on a terminal: colors")
        let noColor = try CLI.shell("NO_COLOR=1 " + command)
        #expect(noColor.stdout.contains("[12]") && !noColor.stdout.contains("\u{1B}["), "NO_COLOR on a terminal: none")
    }
}

/// Terminal cells as the C library counts them (`wcwidth` in C.UTF-8), for the tests.
enum CellWidth {
    typealias WidthFunction = @convention(c) (wchar_t) -> Int32
    nonisolated(unsafe) static let wcwidth: WidthFunction = {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth")!
        return unsafeBitCast(symbol, to: WidthFunction.self)
    }()

    /// The cells of `text`: each grapheme as wide as its first scalar, 2 for a narrow base with
    /// U+FE0F (emoji presentation) and for flags.
    static func of(_ text: String) -> Int {
        text.reduce(0) { sum, character in
            let scalars = character.unicodeScalars
            let first = scalars.first!
            if (0x1F1E6...0x1F1FF).contains(first.value) { return sum + 2 }
            let base = max(0, Int(wcwidth(wchar_t(first.value))))
            return sum + (base == 1 && scalars.contains("\u{FE0F}") ? 2 : base)
        }
    }

    static func stripANSI(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
