import Foundation
import Testing
import TestSupport

/// The one range of dates (docs/trust.md): days 1583-01-01 to 9999-12-31, grids 1583-01 to
/// 9999-12, checked after relative arithmetic and for `--today`; outside it, exit 64 with the
/// range in the message. Each case once trapped (or drew a grid of 7 BC labelled "0007", or
/// "January 10000").
@Suite struct DateRangeTests {
    static let file = "Fixtures/import/holidays.ics"

    /// Arguments that name days or grids outside the range, and the range the message must name.
    static let outside: [([String], String)] = [
        (["--month", "0001-01-15"], "1583-01 to 9999-12"),
        (["--month", "0001-01"], "1583-01 to 9999-12"),
        (["--month", "1582-12"], "1583-01 to 9999-12"),
        (["--today", "0001-01-15", "--month"], "1583-01-01 to 9999-12-31"),
        (["--today", "1583-01-15", "-3"], "1583-01 to 9999-12"),
        (["--today", "9999-12-15", "-3"], "1583-01 to 9999-12"),
        (["--month", "9999-11", "--months", "3"], "1583-01 to 9999-12"),
        (["--today", "1583-01-20", "--month", "-1m"], "1583-01 to 9999-12"),
        (["--agenda", "--from", "-2025y", "--today", "2025-06-01"], "1583-01-01 to 9999-12-31"),
        (["--from", "-99999y", "--format", "json", "--agenda"], "1583-01-01 to 9999-12-31"),
        (["--agenda", "--from", "+99999y"], "1583-01-01 to 9999-12-31"),
        (["--agenda", "--to", "10000-01-01"], "not a date"),
        (["--agenda", "--from", "9999-12-01", "--days", "40"], "1583-01-01 to 9999-12-31"),
        (["--week", "9999-12-31", "--first-weekday", "mon"], "1583-01-01 to 9999-12-31"),
        (["--week", "1583-01-01", "--first-weekday", "mon"], "1583-01-01 to 9999-12-31"),
        (["--today", "9999-12-31", "--week", "--first-weekday", "mon"], "1583-01-01 to 9999-12-31"),
        (["--year", "0007"], "1583-01 to 9999-12"),
        (["--year", "1582"], "1583-01 to 9999-12"),
        (["--today", "1500-06-01"], "1583-01-01 to 9999-12-31"),
        (["--month", "2024-06", "--select", "1000-01-01"], "1583-01-01 to 9999-12-31"),
    ]

    @Test(arguments: outside)
    func outsideTheRangeIsAUsageError(_ arguments: [String], _ range: String) throws {
        let result = try CLI.run(arguments + [Self.file])
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr.prefix(300))")
        #expect(result.stderr.hasPrefix("Error: "), "\(arguments)")
        #expect(result.stderr.contains(range), "\(arguments): \(result.stderr.prefix(300))")
        #expect(result.stdout.isEmpty)
    }

    /// The edges themselves are shown: the first and last grids, weeks and days.
    static let edges: [([String], String)] = [
        (["--month", "1583-01", "--no-agenda"], "January 1583"),
        (["--month", "9999-12", "--no-agenda"], "December 9999"),
        (["--year", "9999"], "9999"),
        (["--year", "1583"], "1583"),
        (["--today", "9999-12-15", "--month", "--no-agenda"], "December 9999"),
        (["--week", "9999-12-31", "--first-weekday", "sat"], "9999"),
        (["--agenda", "--from", "9999-12-25"], "9999"),
        (["--agenda", "--from", "1583-01-01", "--to", "1583-01-02"], "1583"),
    ]

    @Test(arguments: edges)
    func theEdgesAreShown(_ arguments: [String], _ expected: String) throws {
        let result = try CLI.run(arguments + ["--color", "never", Self.file])
        #expect(result.status == 0, "\(arguments): \(result.stderr.prefix(300))")
        #expect(result.stdout.contains(expected), "\(arguments)")
        #expect(!result.stdout.contains("10000"), "\(arguments)")
    }

    /// `search` and `remind` take their dates through the same parser.
    @Test func subcommandsCheckTheRange() throws {
        let search = try CLI.run(["search", "--from", "-99999y", "x", Self.file])
        #expect(search.status == 64 && search.stderr.contains("1583-01-01 to 9999-12-31"), "\(search.stderr)")
        let remind = try CLI.run(["remind", "--today", "0001-01-15", Self.file])
        #expect(remind.status == 64 && remind.stderr.contains("1583-01-01 to 9999-12-31"), "\(remind.stderr)")
        // search's default range (a year either side of today) stops at the edge.
        let late = try CLI.run(["search", "--today", "9999-12-01", "x", Self.file])
        #expect(late.status <= 1, "\(late.stderr)")
    }

    /// JSON writes no year outside 0001–9999: a time before is written as 0001-01-01T00:00:00,
    /// after as 9999-12-31T23:59:59 (the epoch fields keep the true instant).
    @Test func jsonClampsYears() throws {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN",
            "BEGIN:VEVENT", "UID:long@tests", "DTSTAMP:20250101T000000Z", "DTSTART:20250115T090000Z",
            "DURATION:P999999999W", "SUMMARY:long", "END:VEVENT",
            "BEGIN:VEVENT", "UID:old@tests", "DTSTAMP:20250101T000000Z", "DTSTART;VALUE=DATE:00000101",
            "DTEND;VALUE=DATE:20250116", "SUMMARY:old", "END:VEVENT",
            "END:VCALENDAR",
        ]
        let dir = try ScratchDirectory.make("icsview-range")
        let url = dir.appendingPathComponent("far.ics")
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: url)
        let result = try CLI.run(["--agenda", "--from", "2025-01-15", "--to", "2025-01-15", "--format", "json", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let long = try #require(objects.first { $0["uid"] as? String == "long@tests" })
        // 999,999,999 weeks after 2025 is about year 19,000,000.
        #expect(long["end"] as? String == "9999-12-31T23:59:59Z")
        #expect((long["endEpoch"] as? Int ?? 0) > 253_402_300_799)
        let old = try #require(objects.first { $0["uid"] as? String == "old@tests" })
        #expect(old["start"] as? String == "0001-01-01")
        for object in objects {
            for key in ["start", "end"] {
                if let text = object[key] as? String { #expect(text.first != "-" && text.first != "+" && !text.hasPrefix("0000")) }
            }
        }
    }
}
