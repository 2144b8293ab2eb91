import Foundation
import Testing

/// A timed event of exactly one day, midnight to midnight, reads `00:00–24:00` (ISO 8601's end
/// of the day) in the agenda and the week's timed rows, where `00:00–00:00` read as no time at
/// all; a 12-hour clock has no 24:00 and keeps `12:00 AM–12:00 AM`. Expected lines are worked
/// out by hand from the calendars written here.
@Suite struct DayEndTests {
    static func calendar(_ lines: String...) -> Data {
        let events = lines.enumerated().map { index, body in
            "BEGIN:VEVENT\r\nUID:d\(index)\r\nDTSTAMP:20240101T000000Z\r\n\(body)\r\nEND:VEVENT\r\n"
        }
        return Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8)
    }

    /// Friday 14 June 2024 00:00–24:00 UTC, and an hour from 23:00 on Saturday to midnight.
    static let day = calendar("DTSTART:20240614T000000Z\r\nDTEND:20240615T000000Z\r\nSUMMARY:Shift",
                              "DTSTART:20240615T230000Z\r\nDTEND:20240616T000000Z\r\nSUMMARY:Late")

    func agenda(_ extra: [String], tz: String = "UTC", input: Data = day) throws -> [String] {
        let result = try CLI.run(["--agenda", "--from", "2024-06-14", "--days", "3", "--tz", tz, "--today", "2024-06-10", "-"] + extra,
                                 input: input, environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The time column is 11 cells ("00:00–24:00"), then a space and the title.
    @Test func theAgendaReadsTwentyFourHundred() throws {
        let lines = try agenda([])
        #expect(lines.contains("  ● 00:00–24:00 Shift"), "\(lines)")
        // An hour that ends at midnight keeps its 00:00: only a whole day reads 24:00.
        #expect(lines.contains("  ● 23:00–00:00 Late"))
        #expect(try agenda(["--ascii"]).contains("  * 00:00-24:00 Shift"))
        // Seen from Berlin (UTC+2) the same day is 02:00 Friday to 02:00 Saturday: two days, no 24:00.
        let berlin = try agenda([], tz: "Europe/Berlin")
        #expect(!berlin.joined().contains("24:00"))
        #expect(berlin.contains { $0.hasPrefix("  ● 02:00–…") && $0.hasSuffix("Shift (until Sat, 15 Jun 02:00)") }, "\(berlin)")
    }

    /// Sunday 31 March 2024 in Berlin has 23 hours (02:00 CET became 03:00 CEST): midnight to
    /// midnight is still the whole day.
    @Test func aShortDayIsAWholeDayToo() throws {
        let ics = Self.calendar("DTSTART;TZID=Europe/Berlin:20240331T000000\r\nDTEND;TZID=Europe/Berlin:20240401T000000\r\nSUMMARY:Clocks")
        let result = try CLI.run(["--agenda", "--from", "2024-03-31", "--days", "1", "--tz", "Europe/Berlin", "--today", "2024-03-30", "-"],
                                 input: ics, environment: ["COLUMNS": "80"])
        #expect(result.stdout.split(separator: "\n").contains("  ● 00:00–24:00 Clocks"), "\(result.stdout)")
    }

    /// With a 12-hour clock the agenda keeps the clock's own midnight at both ends.
    @Test func twelveHourClocksKeepTheirMidnight() throws {
        let lines = try agenda(["--time-format", "12h"])
        #expect(lines.contains { $0.hasPrefix("  ● 12:00 AM–12:00 AM") && $0.hasSuffix(" Shift") }, "\(lines)")
        #expect(!lines.joined().contains("24:00"))
    }

    /// The week at 100 columns: cells of (100 − 8) / 7 = 13; Friday is the fifth column (Monday first).
    @Test func theWeeksTimedRowReadsTwentyFourHundred() throws {
        let result = try CLI.run(["--week", "2024-06-12", "--tz", "UTC", "--today", "2024-06-10", "-"], input: Self.day,
                                 environment: ["COLUMNS": "100"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("│             │             │             │             │00:00–24:00  │23:00–00:00  │             │"),
                "\(result.stdout)")
        #expect(lines.contains("│             │             │             │             │Shift        │Late         │             │"))
    }
}
