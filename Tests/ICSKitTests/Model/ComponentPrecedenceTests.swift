import Foundation
import Testing
@testable import ICSKit

/// "Highest SEQUENCE, then the last in the file": the one rule for a master among copies of a
/// UID, an override among copies of one RECURRENCE-ID, and the components whose alarms do not
/// ring. The expected choices are worked out by hand from the rule (RFC 5545 3.8.7.4 makes the
/// higher SEQUENCE the later revision; a tie goes to the later copy, as a CalDAV client that
/// appends an edit writes it).
@Suite struct ComponentPrecedenceTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func calendar(_ body: String) throws -> ICalendar {
        try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body
            .replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n")
    }

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Keys a, b, a, c, b, a with SEQUENCEs 1, 0, 1, 5, 2, 0: a is tied at 1 (positions 0 and 2:
    /// the later, 2, wins; then 5 has 0 < 1 and loses), b goes to 4 (2 > 0), c is alone at 3.
    @Test func winnersByKeyInFirstAppearanceOrder() {
        let keys = ["a", "b", "a", "c", "b", "a"], sequences = [1, 0, 1, 5, 2, 0]
        var replaced: [Int] = []
        let winners = ComponentPrecedence.winners(in: 0..<6, key: { keys[$0] }, sequence: { sequences[$0] }, replaced: { replaced.append($0) })
        #expect(winners == [2, 4, 3])
        #expect(replaced.sorted() == [0, 1, 5])
        #expect(ComponentPrecedence.winners(in: 0..<0, key: { keys[$0] }, sequence: { sequences[$0] }).isEmpty)
        #expect(ComponentPrecedence.winners(in: 0..<3, key: { $0 == 1 ? nil : keys[$0] }, sequence: { _ in 0 }) == [2])
    }

    /// Masters: SEQUENCE 2, 2, 1 → the second (tied, later); none → nil.
    @Test func masterTieGoesToTheLater() {
        #expect(CalDAVLeftovers.master(of: [2, 2, 1], sequence: { $0 }) == 1)
        #expect(CalDAVLeftovers.master(of: [0, 0, 0], sequence: { $0 }) == 2)
        #expect(CalDAVLeftovers.master(of: [Int](), sequence: { $0 }) == nil)
    }

    /// Two masters of one UID with no SEQUENCE (both 0), titled "first" and "second": the views
    /// show "second" at 10:00Z. Two overrides of the 2 June instance, both SEQUENCE 1: the later
    /// ("late", 15:00Z) stands, not "early" (14:00Z). And `replaced(in:)` names the first master
    /// and the first override (positions 0 and 2), whose alarms do not ring.
    @Test func tiesGoToTheLaterCopyInViewsAndReminders() throws {
        let calendar = try Self.calendar("""
        BEGIN:VEVENT
        UID:tie
        DTSTAMP:20240101T000000Z
        DTSTART:20240601T090000Z
        RRULE:FREQ=DAILY;COUNT=3
        SUMMARY:first
        END:VEVENT
        BEGIN:VEVENT
        UID:tie
        DTSTAMP:20240101T000000Z
        DTSTART:20240601T100000Z
        RRULE:FREQ=DAILY;COUNT=3
        SUMMARY:second
        END:VEVENT
        BEGIN:VEVENT
        UID:tie
        DTSTAMP:20240101T000000Z
        SEQUENCE:1
        RECURRENCE-ID:20240602T100000Z
        DTSTART:20240602T140000Z
        SUMMARY:early
        END:VEVENT
        BEGIN:VEVENT
        UID:tie
        DTSTAMP:20240101T000000Z
        SEQUENCE:1
        RECURRENCE-ID:20240602T100000Z
        DTSTART:20240602T150000Z
        SUMMARY:late
        END:VEVENT

        """)
        let found = calendar.occurrences(from: Self.date("2024-06-01T00:00:00Z"), to: Self.date("2024-06-05T00:00:00Z"),
                                         viewerTimeZone: Self.utc).collect().occurrences
        let formatter = ISO8601DateFormatter()
        #expect(found.map { "\(formatter.string(from: $0.start.date(in: Self.utc))) \($0.incidence.summary ?? "")" } == [
            "2024-06-01T10:00:00Z second", "2024-06-02T15:00:00Z late", "2024-06-03T10:00:00Z second",
        ])
        #expect(CalDAVLeftovers.replaced(in: calendar.events) == [0, 2])
    }
}
