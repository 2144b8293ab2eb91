import Foundation
import Testing
import TestSupport

/// Numeric properties and dates at their extremes through every command: no trap (a signal
/// gives a status above 128), and the problems are reported. The cases are those of
/// `ICSKitTests/NumericExtremesTests`, one calendar each, all given to one run of each command.
@Suite struct NumericExtremesCommandTests {
    static let huge = "99999999999999999999"

    /// The property lines of each case and where they go: an event, its alarm, or its zone.
    static let cases: [(lines: [String], place: String)] = {
        var cases: [(lines: [String], place: String)] = []
        for value in ["PT\(huge)S", "P\(huge)W", "P\(huge)D", "-PT\(huge)M", "P2147483648W", "P1DT\(huge)S"] {
            cases.append((["DURATION:\(value)"], "event"))
        }
        cases.append((["DURATION:PT999999999", " 99999999999S"], "event"))
        for value in ["-PT\(huge)S", "-P\(huge)W", "-P99999999W", "PT2147483647S"] {
            cases.append((["TRIGGER:\(value)"], "alarm"))
        }
        cases.append((["TRIGGER;VALUE=DATE-TIME:00000101T000000Z"], "alarm"))
        for repeatCount in [huge, "2147483648", "-1"] {
            cases.append((["TRIGGER:-PT5M", "REPEAT:\(repeatCount)", "DURATION:P99999999W"], "alarm"))
        }
        for part in ["COUNT=\(huge)", "COUNT=2147483648", "INTERVAL=\(huge)", "BYSETPOS=\(huge)", "BYMONTHDAY=\(huge)",
                     "BYYEARDAY=\(huge)", "BYWEEKNO=\(huge)", "BYDAY=\(huge)MO", "UNTIL=00000101", "UNTIL=\(huge)"] {
            cases.append((["RRULE:FREQ=YEARLY;\(part)"], "event"))
        }
        for name in ["SEQUENCE", "PRIORITY", "PERCENT-COMPLETE"] {
            cases.append((["\(name):\(huge)"], "event"))
            cases.append((["\(name):-9223372036854775808"], "event"))
        }
        for value in ["+995959", "+\(huge)", "-2400"] {
            cases.append((["TZOFFSETFROM:\(value)", "TZOFFSETTO:\(value)"], "zone"))
        }
        for line in ["DTSTART:00000101T000000Z", "DTSTART:99991231T235959Z", "DTSTART;VALUE=DATE:00010101",
                     "DTSTART:100000101T000000Z", "RDATE:00000101T000000Z,99991231T235959Z",
                     "EXDATE:00000101T000000Z,99991231T235959Z", "RDATE;VALUE=PERIOD:20250115T090000Z/PT\(huge)S"] {
            cases.append(([line], "event"))
        }
        return cases
    }()

    /// One calendar per case, with a to-do beside the event, in a fresh directory.
    static func files() throws -> [String] {
        let dir = try ScratchDirectory.make("icsview-extremes")
        var paths: [String] = []
        for (index, c) in cases.enumerated() {
            var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//extremes//EN"]
            if c.place == "zone" {
                lines += ["BEGIN:VTIMEZONE", "TZID:Edge", "BEGIN:STANDARD", "DTSTART:19700101T000000"] + c.lines
                lines += ["END:STANDARD", "END:VTIMEZONE"]
            }
            for kind in ["VEVENT", "VTODO"] {
                lines += ["BEGIN:\(kind)", "UID:\(kind)-\(index)@tests", "DTSTAMP:20250101T000000Z", "SUMMARY:case \(index)"]
                if !(c.place == "event" && c.lines.contains { $0.hasPrefix("DTSTART") }) {
                    lines.append(c.place == "zone" ? "DTSTART;TZID=Edge:20250115T090000" : "DTSTART:20250115T090000Z")
                }
                if c.place == "event" { lines += c.lines }
                if c.place == "alarm" {
                    lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm"]
                    if !c.lines.contains(where: { $0.hasPrefix("TRIGGER") }) { lines.append("TRIGGER:-PT15M") }
                    lines += c.lines + ["END:VALARM"]
                }
                lines.append("END:\(kind)")
            }
            lines.append("END:VCALENDAR")
            let url = dir.appendingPathComponent("case-\(index).ics")
            try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: url)
            paths.append(url.path)
        }
        return paths
    }

    /// Every view and subcommand, each with the whole set of files.
    static let commands: [[String]] = [
        ["--month", "2025-01"], ["--month", "2025-01", "--format", "json"], ["--month", "2025-01", "--format", "html"],
        ["--month", "2025-01", "--format", "svg"], ["--week", "2025-01-15"], ["--week", "2025-01-15", "--format", "json"],
        ["--year", "2025"], ["--year", "2025", "--format", "json"], ["-3", "--month", "2025-01"],
        ["--agenda", "--from", "2025-01-01", "--to", "2025-02-28"], ["--agenda", "--from", "2025-01-01", "--format", "json"],
        ["--todos", "--today", "2025-01-20"], ["--summary"], ["--summary", "--format", "json"],
        ["validate"], ["validate", "--format", "json"],
        ["search", "--from", "2024-12-01", "--to", "2025-02-28", "case"],
    ]

    @Test func everyCommandEndsWithoutATrap() throws {
        let paths = try Self.files()
        for command in Self.commands {
            let arguments = command.first == "validate" || command.first == "remind" || command.first == "search"
                ? command + paths : command + ["--today", "2025-01-20"] + paths
            let result = try CLI.run(arguments)
            #expect(result.status <= 2, "\(command): status \(result.status)\n\(result.stderr.suffix(600))")
            #expect(!result.stderr.contains("runtime failure"), "\(command)")
        }
    }

    /// `validate` names a problem in each file but the ones at the edges of the range (year
    /// 9999 and year 1, PRIORITY and the like within their 32-bit range are not those).
    @Test func validateReportsEachFile() throws {
        let paths = try Self.files()
        let result = try CLI.run(["validate", "--format", "json"] + paths)
        #expect(result.status == 1)
        for (index, c) in Self.cases.enumerated() {
            // Year 0000 is four digits, as RFC 5545 3.3.4 asks: valid text.
            let edge = ["DTSTART:99991231T235959Z", "DTSTART;VALUE=DATE:00010101", "PT2147483647S", "-P99999999W", "00000101T000000Z"]
            if edge.contains(where: { e in c.lines.contains { $0.contains(e) } }) { continue }
            let named = result.stdout.contains("/case-\(index).ics\"")
            #expect(named, "\(c.lines)")
        }
    }

    /// `remind` on each file: no trap. (One file at a time: given them all, remind widens the
    /// range of every series by the largest trigger offset of any alarm, -P99999999W, and walks
    /// for minutes; seeking each series by its own offsets is a separate piece of work.)
    @Test func remindEndsWithoutATrap() throws {
        let paths = try Self.files()
        for path in paths {
            for format in ["text", "json"] {
                let result = try CLI.run(["remind", "--from", "2025-01-14", "--to", "2025-01-16", "--format", format, path])
                #expect(result.status <= 1, "\(path): status \(result.status)\n\(result.stderr.suffix(600))")
            }
        }
    }

    /// The terminal's size from the environment is bounded too (at most 10,000 columns and lines).
    @Test func hugeTerminalSize() throws {
        for size in ["99999999999999999999", "9223372036854775807", "100000000"] {
            for view in [["--month", "2025-01"], ["--week", "2025-01-15"], ["--agenda", "--from", "2025-01-15"], ["--year", "2025"]] {
                let result = try CLI.run(view + ["--today", "2025-01-20", "Fixtures/import/holidays.ics"],
                                         environment: ["COLUMNS": size, "LINES": size])
                #expect(result.status == 0, "\(view) \(size): \(result.status)")
                #expect(result.stdout.split(separator: "\n").allSatisfy { $0.utf8.count <= 10_000 * 3 }, "\(view) \(size)")
            }
        }
    }

    /// `diff` of each file against the first: no trap.
    @Test func diffEndsWithoutATrap() throws {
        let paths = try Self.files()
        for path in paths.dropFirst() {
            let result = try CLI.run(["diff", paths[0], path])
            #expect(result.status <= 2, "\(path): status \(result.status)\n\(result.stderr.suffix(600))")
        }
    }

    /// The 211-byte calendar with a 20-digit DURATION, which once trapped every command.
    @Test func twentyDigitDurationFixture() throws {
        let path = "Fixtures/validation/invalid/ICS2010-duration-twenty-digits.ics"
        let validate = try CLI.run(["validate", path])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("ICS2010"), "\(validate.stdout)")
        for view in [["--month", "2025-01"], ["--agenda", "--from", "2025-01-01"], ["--week", "2025-01-15"]] {
            let result = try CLI.run(view + ["--today", "2025-01-20", path])
            #expect(result.status == 0, "\(view): \(result.stderr)")
            #expect(result.stdout.contains("Overflow"), "\(view)")
        }
    }
}
