import Foundation
import Testing

/// `diff --occurrences` holds both copies' occurrences at once. A daily series compared from
/// 1583 to 9999 was 3,073,000 occurrences a side, every one kept (and a minutely one over a year
/// 525,600 a side, 416 MB before it was stopped): now a series gives at most 10,000 from the first
/// day, as the grids collect them, with the warning ICS3002, and is compared up to the last start
/// both copies reached. Expected counts worked out by hand from RFC 5545 3.8.5.3 (a DAILY rule
/// without COUNT: one instance a day from DTSTART) and 3.8.5.1 (an EXDATE removes its instance).
@Suite struct DiffOccurrenceLimitTests {
    private static func calendar(summary: String, extra: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:daily@x\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:20240101\r\nRRULE:FREQ=DAILY\r\n\(extra)"
            + "SUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    private func diff(_ old: String, _ new: String, _ arguments: [String]) throws -> CLI.Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-difflimit-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("old.ics"), b = dir.appendingPathComponent("new.ics")
        try Data(old.utf8).write(to: a)
        try Data(new.utf8).write(to: b)
        return try CLI.run(["diff", "--occurrences", "--tz", "UTC"] + arguments + [a.path, b.path])
    }

    @Test func aSeriesOverCenturiesIsComparedUpToTheLimit() throws {
        let same = Self.calendar(summary: "Standup")
        let result = try diff(same, same, ["--from", "1583-01-01", "--to", "9999-12-31"])
        #expect(result.status == 0)
        // Day 10,000 of the series (its first instance is 2024-01-01) is the last compared.
        #expect(result.stdout == "0 added, 0 removed, 0 moved, 0 changed, 10000 unchanged\n")
        // One warning a copy, each naming its own file (the new copy is expanded under the old
        // one's name, for the identities to match), and nothing else from the expansions.
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.contains("warning: stopped expanding the series after 10000 instances") && $0.hasSuffix("[ICS3002]") })
        #expect(warnings.first?.contains("/old.ics:") == true && warnings.last?.contains("/new.ics:") == true)
    }

    /// The expansions' other diagnostics (a TZID no zone is found for) stay unprinted, as before.
    @Test func otherDiagnosticsAreNotPrinted() throws {
        let zoned = Self.calendar(summary: "Standup").replacingOccurrences(of: "DTSTART;VALUE=DATE:20240101", with: "DTSTART;TZID=Mars/Olympus:20240101T090000")
        let result = try diff(zoned, zoned, ["--from", "2024-01-01", "--to", "2024-01-03"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == "0 added, 0 removed, 0 moved, 0 changed, 3 unchanged\n")
    }

    @Test func aNewExclusionIsNotAnAdditionAtTheLimit() throws {
        // The new copy excludes 2024-01-05, so its first 10,000 instances reach one day further
        // than the old copy's: that day is not "added", since the old copy stopped before it.
        let old = Self.calendar(summary: "Standup")
        let new = Self.calendar(summary: "Standup", extra: "EXDATE;VALUE=DATE:20240105\r\n")
        let result = try diff(old, new, ["--from", "2024-01-01", "--to", "2099-12-31"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("0 added, 1 removed, 0 moved, 0 changed, 9999 unchanged\n"))
        #expect(result.stdout.hasPrefix("- Fri, 5 Jan 2024"))
    }

    @Test func theJSONNamesTheLimit() throws {
        let old = Self.calendar(summary: "Standup")
        let new = Self.calendar(summary: "Stand-up")
        let result = try diff(old, new, ["--from", "2024-01-01", "--to", "2099-12-31", "--format", "json", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["changed"] as? [Any])?.count == 10_000)
        let limits = try #require(json["limits"] as? [[String: Any]])
        // Each copy stopped its series: one entry a copy, each naming its file.
        #expect(limits.count == 2)
        #expect(limits.allSatisfy { $0["code"] as? String == "ICS3002" })
        #expect((limits.first?["source"] as? String)?.hasSuffix("/old.ics") == true)
        #expect((limits.last?["source"] as? String)?.hasSuffix("/new.ics") == true)
    }

    @Test func aShortRangeHasNoLimits() throws {
        let old = Self.calendar(summary: "Standup")
        let new = Self.calendar(summary: "Stand-up")
        let result = try diff(old, new, ["--from", "2024-01-01", "--to", "2024-01-03", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["changed"] as? [Any])?.count == 3)
        #expect(json["limits"] == nil)
    }
}
