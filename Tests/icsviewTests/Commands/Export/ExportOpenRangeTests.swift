import Foundation
import Testing

/// `export` with only one end of its range. The open end was 1900 or 2200 (and, for `--busy`,
/// today and 12 weeks on), so `--from 2300-01-01`, `--to 1800-01-01`, `--busy --from 2300-01-01`
/// and `--busy --to 2000-01-01` made a range that ended before it began, and the expansion
/// trapped on it (signal 4, exit 132, checked by hand on the release build before the change).
/// docs/export.md: "With only `--from`, everything from that day on; with only `--to`,
/// everything up to it"; `--busy` covers 12 weeks after a `--from` given alone beyond its
/// default, or before a `--to` before today. The kept events are read off the calendar below.
@Suite struct ExportOpenRangeTests {
    /// 1700-05-01, 1999-12-31 12:00Z (30 min), 2025-06-10, 2300-01-10 10:00Z (1 h) and a yearly
    /// series from 2250 with 100 instances (2250–2349).
    static let ics = Data("""
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//EN\r
        BEGIN:VEVENT\r
        UID:old\r
        DTSTAMP:20250101T000000Z\r
        DTSTART;VALUE=DATE:17000501\r
        SUMMARY:Old\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:eve\r
        DTSTAMP:20250101T000000Z\r
        DTSTART:19991231T120000Z\r
        DURATION:PT30M\r
        SUMMARY:Eve\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:now\r
        DTSTAMP:20250101T000000Z\r
        DTSTART:20250610T090000Z\r
        SUMMARY:Now\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:far\r
        DTSTAMP:20250101T000000Z\r
        DTSTART:23000110T100000Z\r
        DURATION:PT1H\r
        SUMMARY:Far\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:yearly\r
        DTSTAMP:20250101T000000Z\r
        DTSTART:22500101T080000Z\r
        RRULE:FREQ=YEARLY;COUNT=100\r
        SUMMARY:Yearly\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.utf8)

    static func export(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["export", "-", "--tz", "UTC", "--today", "2025-06-15"] + arguments, input: ics)
    }

    @Test func onlyFromAfter2200KeepsEverythingFromThatDayOn() throws {
        let result = try Self.export(["--from", "2300-01-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ExportCommandTests.summaries(result.stdout).sorted() == ["Far", "Yearly"])
    }

    @Test func onlyToBefore1900KeepsEverythingUpToIt() throws {
        let result = try Self.export(["--to", "1800-01-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ExportCommandTests.summaries(result.stdout) == ["Old"])
    }

    @Test func busyFromBeyondTheDefaultCoversTwelveWeeksAfterIt() throws {
        // 2300-01-01 to 2300-03-26: Far; the yearly series' next instance is 2301-01-01.
        let result = try Self.export(["--busy", "--from", "2300-01-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("FREEBUSY;FBTYPE=BUSY:23000110T100000Z/23000110T110000Z\r\n"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "FREEBUSY;").count == 2)
    }

    @Test func busyToBeforeTodayCoversTwelveWeeksBeforeIt() throws {
        // 1999-10-09 to 2000-01-01: Eve.
        let result = try Self.export(["--busy", "--to", "2000-01-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("FREEBUSY;FBTYPE=BUSY:19991231T120000Z/19991231T123000Z\r\n"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "FREEBUSY;").count == 2)
    }
}
