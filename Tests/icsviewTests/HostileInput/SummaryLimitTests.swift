import Foundation
import Testing

/// The summary's "next" line when a series stops at its work limit (ICS3002) before today. A
/// minutely series with COUNT from 1 June 2020 has about 2.63 million instances before 15 June
/// 2025 (5 years and 14 days of 1,440 minutes), past the million a series may generate that
/// show nothing; with COUNT the rule cannot jump, so its expansion stops before today. The
/// summary said "none in the coming year" (wrong: it recurs every minute for 3,800 years) with no
/// word of the limit, after expanding four growing windows that each stopped the same way.
@Suite struct SummaryLimitTests {
    static func calendar(_ extra: String = "") -> Data {
        Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//EN\r
            BEGIN:VEVENT\r
            UID:minutely\r
            DTSTAMP:20200101T000000Z\r
            DTSTART:20200601T090000Z\r
            RRULE:FREQ=MINUTELY;COUNT=2000000000\r
            SUMMARY:Every minute\r
            END:VEVENT\r
            \(extra)END:VCALENDAR\r

            """.utf8)
    }

    @Test func aSeriesStoppedBeforeTodayIsNotReportedAsNone() throws {
        let result = try CLI.run(["-", "--summary", "--today", "2025-06-15", "--tz", "UTC"], input: Self.calendar())
        #expect(result.status == 0, "\(result.stderr)")
        // The VEVENT begins on line 4.
        #expect(result.stdout.contains("  next:       not known: a series stopped at its limit before it reached today (line 4, ICS3002)\n"),
                "\(result.stdout)")
    }

    @Test func anotherEventInTheYearIsStillFound() throws {
        // A single event on 1 September 2025 10:00 UTC: found by the year's window, as before.
        let single = "BEGIN:VEVENT\r\nUID:single\r\nDTSTAMP:20200101T000000Z\r\nDTSTART:20250901T100000Z\r\nSUMMARY:Later\r\nEND:VEVENT\r\n"
        let result = try CLI.run(["-", "--summary", "--today", "2025-06-15", "--tz", "UTC", "--time-format", "24h"],
                                 input: Self.calendar(single))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  next:       Mon, 1 Sep 2025 10:00 — Later\n"), "\(result.stdout)")
    }

    /// The next occurrence is read in order, not collected: among 30 secondly series begun in
    /// January, the next is the first series' at midnight of today (ties go in file order).
    @Test func theNextOfManyFrequentSeriesIsTheFirstInOrder() throws {
        var body = ""
        for i in 0..<30 {
            body += "BEGIN:VEVENT\r\nUID:s\(i)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240101T000000Z\r\n"
                + "RRULE:FREQ=SECONDLY\r\nSUMMARY:Tick \(i)\r\nEND:VEVENT\r\n"
        }
        let input = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n\(body)END:VCALENDAR\r\n".utf8)
        let result = try CLI.run(["-", "--summary", "--today", "2024-06-15", "--tz", "UTC", "--time-format", "24h"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  next:       Sat, 15 Jun 2024 00:00 — Tick 0\n"), "\(result.stdout)")
    }

    /// A minutely series, cancelled, from before today: each window holds only cancelled
    /// occurrences (2,880 in two days, … 527,040 in the year). Past 250,000 read (as many as a view
    /// collects) the search stops and says so, instead of "none in the coming year".
    @Test func manyCancelledOccurrencesAreNotCalledNone() throws {
        let input = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//EN\r
            BEGIN:VEVENT\r
            UID:cancelled\r
            DTSTAMP:20200101T000000Z\r
            DTSTART:20250101T000000Z\r
            RRULE:FREQ=MINUTELY\r
            STATUS:CANCELLED\r
            SUMMARY:Gone\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
        let result = try CLI.run(["-", "--summary", "--today", "2025-06-15", "--tz", "UTC"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  next:       not known: the first 250000 occurrences from now are none of them an upcoming event (ICS3002)\n"),
                "\(result.stdout)")
    }
}
