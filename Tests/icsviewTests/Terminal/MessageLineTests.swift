import Foundation
import Testing
import TestSupport

/// Message lines that quote a path, a name or a value: the quoted part is made safe on its own
/// before it is put into the line, so that a U+009B (the 8-bit CSI) or an unterminated `ESC ]`
/// at its end takes nothing of the message after it. Each place is tried with both endings, and
/// the whole line is compared with the message worked out by hand (the sequence and what it
/// would read removed, the rest as icsview writes it). Before, the line was made safe whole: a
/// CSI read the message's next bytes as its parameters (`STATUS:BOGUSs not allowed`) and an OSC
/// took the rest of the line.
@Suite struct MessageLineTests {
    /// The two endings: an 8-bit CSI, and an OSC with no terminator.
    static let endings = ["\u{9B}", "\u{1B}]"]

    /// A calendar of one event on 10 June 2024, 10:00 UTC, with `lines` in it.
    static func calendar(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN", "BEGIN:VEVENT", "UID:a@tests",
          "DTSTAMP:20240101T000000Z", "DTSTART:20240610T100000Z"] + lines + ["END:VEVENT", "END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    /// Writes `text` to `name` in a fresh scratch directory.
    static func write(_ text: String, as name: String) throws -> URL {
        let url = try ScratchDirectory.make("icsview-message").appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// An error on standard error: the file name ends in the sequence, ": cannot open" stays.
    @Test(arguments: endings)
    func pathInAnError(ending: String) throws {
        let dir = try ScratchDirectory.make("icsview-message")
        let result = try CLI.run(["--month", "2024-06", dir.path + "/missing" + ending])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: \(dir.path)/missing: cannot open"), "\(result.stderr)")
    }

    /// `validate`'s text: the file's name and the quoted value end in the sequence; the line,
    /// the column, the message and the code stay. STATUS:BOGUS is not a VEVENT status (RFC 5545
    /// 3.8.1.11: TENTATIVE, CONFIRMED, CANCELLED).
    @Test(arguments: endings)
    func validateFinding(ending: String) throws {
        let url = try Self.write(Self.calendar(["STATUS:BOGUS" + ending, "SUMMARY:x"]), as: "cal" + ending)
        let shown = url.deletingLastPathComponent().path + "/cal"
        let result = try CLI.run(["validate", url.path])
        #expect(result.stdout.contains("\(shown):8:1: error: STATUS:BOGUS is not allowed in VEVENT (CANCELLED, CONFIRMED, TENTATIVE) [ICS2114]\n"),
                "\(result.stdout)")
        let github = try CLI.run(["validate", "--format", "github", url.path])
        #expect(github.stdout.contains("::error file=\(shown),line=8,col=1,title=ICS2114::STATUS:BOGUS is not allowed in VEVENT"), "\(github.stdout)")
    }

    /// A diagnostic of the import with `--verbose`: the file's name ends in the sequence, and a
    /// TZID quoted in the message in U+009B (libical reads an ESC in a parameter as a space,
    /// which the message then quotes: `"Nowhere ]"`); "; times read as floating" stays.
    @Test(arguments: endings)
    func verboseDiagnostic(ending: String) throws {
        let url = try Self.write(Self.calendar(["SUMMARY:x"])
            .replacingOccurrences(of: "DTSTART:20240610T100000Z", with: "DTSTART;TZID=Nowhere\u{9B}:20240610T100000"), as: "cal" + ending)
        let result = try CLI.run(["--agenda", "--from", "2024-06-10", "--to", "2024-06-10", "--verbose", url.path])
        let shown = url.deletingLastPathComponent().path + "/cal"
        // The event's BEGIN line (4) is where the expansion's diagnostics point.
        #expect(result.stderr.contains("\(shown):4: warning: unknown time zone \"Nowhere\"; times read as floating"), "\(result.stderr)")
    }

    /// A usage error quoting an argument; and an argument of 120,000 bytes (Linux takes at most
    /// 128 KiB in one argument), quoted by its first 200 characters and "…"
    /// (`TerminalMessage.partKept`), not whole.
    @Test(arguments: endings)
    func argumentInAUsageError(ending: String) throws {
        let result = try CLI.run(["--month", "x" + ending])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: 'x' is not a month (YYYY-MM, MM/YYYY, oct, oct 2024)\n"), "\(result.stderr)")
        let long = try CLI.run(["--first-weekday", String(repeating: "y", count: 120_000)])
        #expect(long.status == 64)
        #expect(long.stderr.hasPrefix("Error: '" + String(repeating: "y", count: 200) + "…' is not a weekday"), "\(long.stderr.prefix(300))")
        #expect(long.stderr.utf8.count < 1000)
    }

    /// A configuration file's errors: its path, a colour value and a header name ending in the
    /// sequence; a value of 8,000 bytes quoted by its first 40 characters and "…", as messages
    /// quote calendar values (more than 60 bytes: `messageExcerpt`).
    @Test(arguments: endings)
    func configurationErrors(ending: String) throws {
        let dir = try ScratchDirectory.make("icsview-message")
        let missing = try CLI.run(["--config", dir.path + "/config" + ending, "--month", "2024-06", "-"])
        #expect(missing.stderr == "\(dir.path)/config: error: cannot open: no such file\n", "\(missing.stderr)")
        let config = dir.appendingPathComponent("config")
        let long = String(repeating: "Z", count: 8000)
        try Data("[defaults]\ntimezone = \(long)\n[calendar a]\nurl = https://example.com/a.ics\ncolor = #12\(ending)\nheader = X\(ending): 1\n".utf8)
            .write(to: config)
        let result = try CLI.run(["--config", config.path, "--month", "2024-06", "-"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            \(config.path):2: error: unknown time zone '\(String(repeating: "Z", count: 40))…' (use an IANA name such as Europe/Berlin)
            \(config.path):5: error: '#12' is not a colour (#RRGGBB, #RGB or a CSS name such as teal)
            \(config.path):6: error: 'X' is not a header name (letters, digits and -)

            """, "\(result.stderr)")
    }

    /// `diff`: the old summary ends in the sequence; the arrow and the new summary stay.
    @Test(arguments: endings)
    func diffValues(ending: String) throws {
        let old = try Self.write(Self.calendar(["SUMMARY:Old" + ending]), as: "old.ics")
        let new = try Self.write(Self.calendar(["SUMMARY:New"]), as: "new.ics")
        let result = try CLI.run(["diff", old.path, new.path, "--tz", "UTC"])
        #expect(result.stdout.contains("    SUMMARY: \"Old\" → \"New\"\n"), "\(result.stdout)")
    }

    /// `search` with no match: the text searched for ends in the sequence; the range stays.
    @Test(arguments: endings)
    func searchText(ending: String) throws {
        let url = try Self.write(Self.calendar(["SUMMARY:x"]), as: "cal.ics")
        let result = try CLI.run(["search", "zz" + ending, url.path, "--from", "2024-06-01", "--to", "2024-06-30"])
        #expect(result.stderr.contains("No occurrence matches 'zz' from 2024-06-01 to 2024-06-30."), "\(result.stderr)")
    }

    /// `--calendar` naming no calendar: the name given ends in the sequence, and so does the
    /// calendar's own (X-WR-CALNAME); both lists stay.
    @Test(arguments: endings)
    func calendarNames(ending: String) throws {
        let url = try Self.write(Self.calendar(["SUMMARY:x"]).replacingOccurrences(of: "VERSION:2.0", with: "VERSION:2.0\r\nX-WR-CALNAME:Home" + ending),
                                 as: "cal.ics")
        let result = try CLI.run(["--month", "2024-06", "--calendar", "Work" + ending, url.path])
        #expect(result.stderr.contains("--calendar 'Work' names no calendar (the calendars read: 'Home')"), "\(result.stderr)")
    }

    /// `--details`: an attendee's name ends in the sequence; the address and the answer stay.
    @Test(arguments: endings)
    func detailsOfPeople(ending: String) throws {
        let url = try Self.write(Self.calendar(["SUMMARY:x", "ATTENDEE;CN=Ann\(ending);PARTSTAT=ACCEPTED:mailto:ann@example.com"]), as: "cal.ics")
        let result = try CLI.run(["--agenda", "--details", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", url.path])
        #expect(result.stdout.contains("Attendees: Ann <ann@example.com> (accepted)"), "\(result.stdout)")
    }

    /// `remind`: an alarm's ACTION (an x-name) holding an OSC 0 and a CSI 2J was written raw, the
    /// only feed text `remind` did not make safe; it is made safe like the title.
    @Test func remindAction() throws {
        let url = try Self.write(Self.calendar(["SUMMARY:Meet", "BEGIN:VALARM", "ACTION:X-\u{1B}]0;pwned\u{07}\u{1B}[2JBEEP", "TRIGGER:-PT15M",
                                                "DESCRIPTION:x", "END:VALARM"]), as: "cal.ics")
        let result = try CLI.run(["remind", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", url.path])
        #expect(result.stdout == "Mon 10 Jun 09:45  Meet in 15 min · X-BEEP\n", "\(result.stdout)")
    }
}
