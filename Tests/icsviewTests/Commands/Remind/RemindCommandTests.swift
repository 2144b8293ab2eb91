import Foundation
import Testing

/// `icsview remind`: the reminder fixtures (real `.ics` text through the built binary, compared
/// with JSON lines worked out by hand, each `NAME.md` giving the computation from RFC 5545 and
/// RFC 9074), the text form, the options, and the agenda's `alarms`.
///
/// Each case of `Fixtures/reminders/` is `NAME.ics`, `NAME.args` (the arguments after the file,
/// without `--format json`), `NAME.expected.jsonl` and `NAME.md`; standard error must be empty.
@Suite("icsview remind")
struct RemindCommandTests {
    static let directory = "Fixtures/reminders"
    static let environment = ["TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
    static let keys = ["uid", "recurrenceId", "component", "summary", "action", "trigger", "triggerEpoch", "occurrenceStart",
                       "repeat", "description", "acknowledged", "calendar", "default", "snooze"]

    static let cases: [String] = {
        let url = CLI.root.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }()

    static func text(_ name: String, _ suffix: String) throws -> String? {
        let url = CLI.root.appendingPathComponent("\(directory)/\(name)\(suffix)")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func everyCaseIsComplete() throws {
        #expect(Self.cases.count >= 12, "at least 12 reminder fixtures")
        for name in Self.cases {
            #expect(try Self.text(name, ".args") != nil, "\(name).args is missing")
            #expect(try Self.text(name, ".expected.jsonl") != nil, "\(name).expected.jsonl is missing")
            #expect(try Self.text(name, ".md") != nil, "\(name).md (the hand computation) is missing")
        }
    }

    @Test(arguments: cases)
    func fixture(_ name: String) throws {
        let arguments = try #require(try Self.text(name, ".args")).split(whereSeparator: \.isWhitespace).map(String.init)
        let expected = try #require(try Self.text(name, ".expected.jsonl"))
        let result = try CLI.run(["remind", "\(Self.directory)/\(name).ics"] + arguments + ["--format", "json"],
                                 environment: Self.environment)
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(name): stderr")
        let expectedLines = Self.lines(expected), actualLines = Self.lines(result.stdout)
        #expect(actualLines == expectedLines,
                "\(name): stdout differs (- expected, + actual):\n\(LineDiff.unified(expectedLines, actualLines))")
        // Independently of the expected file: the keys in order, `trigger` is `triggerEpoch` in UTC,
        // and the lines come in trigger order.
        var epochs: [Int] = []
        for line in actualLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == Set(Self.keys))
            #expect(line.hasPrefix("{\"uid\":"))
            let epoch = try #require(object["triggerEpoch"] as? Int)
            let trigger = try #require(object["trigger"] as? String)
            #expect(StartInstant.parse(trigger, viewer: TimeZone(identifier: "UTC")!) == Date(timeIntervalSince1970: TimeInterval(epoch)))
            #expect(trigger.hasSuffix("Z"))
            epochs.append(epoch)
        }
        #expect(epochs == epochs.sorted(), "\(name): not in trigger order")
    }

    /// The text form in the display zone (the hand computation is in dst-nominal-day.md and thunderbird-snooze.md).
    @Test func textLines() throws {
        let dst = try CLI.run(["remind", "\(Self.directory)/dst-nominal-day.ics", "--from", "2024-03-29", "--to", "2024-04-01",
                               "--tz", "Europe/Berlin"], environment: Self.environment)
        #expect(dst.status == 0)
        #expect(dst.stdout == """
        Fri 29 Mar 09:00  Morning check in 1 day · DISPLAY
        Fri 29 Mar 09:00  Morning check in 1 day · DISPLAY
        Sat 30 Mar 08:00  Morning check in 1 day · DISPLAY
        Sat 30 Mar 09:00  Morning check in 23 h · DISPLAY
        Sun 31 Mar 09:00  Morning check in 1 day · DISPLAY
        Sun 31 Mar 09:00  Morning check in 1 day · DISPLAY

        """)
        let mozilla = try CLI.run(["remind", "\(Self.directory)/thunderbird-snooze.ics", "--from", "2024-06-01", "--to", "2024-06-30",
                                   "--tz", "Europe/Berlin", "--include-acknowledged"], environment: Self.environment)
        #expect(mozilla.stdout == """
        Mon 3 Jun 09:45  Daily sync in 15 min · DISPLAY (acknowledged)
        Tue 4 Jun 09:45  Daily sync in 15 min · DISPLAY (acknowledged)
        Tue 4 Jun 09:55  Daily sync · DISPLAY (snoozed)
        Wed 5 Jun 09:45  Daily sync in 15 min · DISPLAY
        Wed 5 Jun 12:00  Call the bank in 2 h 30 min · DISPLAY (acknowledged)
        Wed 5 Jun 14:00  Call the bank in 30 min · DISPLAY (acknowledged)
        Wed 5 Jun 14:10  Call the bank · DISPLAY (snoozed)

        """)
    }

    /// `--next` from `--today`'s midnight; an empty range says so.
    @Test func nextAndEmpty() throws {
        let file = "\(Self.directory)/repeat-duration.ics"
        let next = try CLI.run(["remind", file, "--today", "2024-06-12", "--next", "14h", "--tz", "Europe/London"], environment: Self.environment)
        #expect(next.stdout == "Wed 12 Jun 02:30  Dentist in 12 h · DISPLAY (repeat 1)\n", "00:00 to 14:00: the 14:00 alarm is out")
        let none = try CLI.run(["remind", file, "--from", "2024-07-01", "--next", "1d", "--tz", "UTC"], environment: Self.environment)
        #expect(none.status == 0)
        #expect(none.stdout == "No reminders from Mon 1 Jul 2024 00:00 to Tue 2 Jul 2024 00:00.\n")
    }

    @Test(arguments: [
        (["remind", "x.ics", "--next", "7", "--tz", "UTC"], "Error: '7' given to --next is not a length such as 30m, 12h, 7d or 2w"),
        (["remind", "x.ics", "--next", "7d", "--to", "2024-06-01"], "Error: --next and --to cannot be used together"),
        (["remind", "--from", "2024-06-01"], "Error: missing expected argument '<file>'"),
        (["remind", "x.ics", "--nxt", "7d"], "Error: unknown option '--nxt'. Did you mean '--next'?"),
        (["remind", "x.ics", "--tz", "Mars/Olympus"], "Error: unknown time zone 'Mars/Olympus' given to --tz (use an IANA name such as Europe/Berlin)"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message + "\nUSAGE: icsview remind "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("  See 'icsview remind --help' for more information.\n"))
    }

    @Test func help() throws {
        let main = try CLI.run(["--help"])
        #expect(main.stdout.contains("  remind [<file>...]      The reminders (alarms) that go off in a range"))
        let own = try CLI.run(["remind", "--help"])
        #expect(own.status == 0)
        #expect(own.stdout.hasPrefix("OVERVIEW: List the reminders (VALARMs) that go off in a range"))
        #expect(own.stdout.contains("--next <length>"))
    }

    @Test func unreadableInput() throws {
        let result = try CLI.run(["remind", "no-such-file.ics", "--from", "2024-06-01", "--tz", "UTC"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no-such-file.ics"))
    }

    /// `--agenda --format json`: an occurrence of a component with alarms carries their triggers
    /// (override-cancel-exdate.md: 3 June 10:00 Paris − 15 min = 07:45Z; the moved 4 June one 11:55Z);
    /// one without alarms has an empty `alarms`.
    @Test func agendaAlarms() throws {
        let result = try CLI.run(["\(Self.directory)/override-cancel-exdate.ics", "--agenda", "--from", "2024-06-03", "--to", "2024-06-04",
                                  "--tz", "Europe/Paris", "--format", "json"], environment: Self.environment)
        let objects = try Self.lines(result.stdout).map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["alarms"] as? [String] } == [["2024-06-03T07:45:00Z"], ["2024-06-04T11:55:00Z"]])
        let plain = try CLI.run(["Fixtures/recurrence/thisandfuture.ics", "--agenda", "--from", "2024-06-01", "--to", "2024-06-05",
                                 "--format", "json"], environment: Self.environment)
        #expect(!plain.stdout.isEmpty)
        for line in Self.lines(plain.stdout) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["alarms"] as? [String] == [])
        }
    }
}
