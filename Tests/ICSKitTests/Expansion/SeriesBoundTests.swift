import Foundation
import Testing
@testable import ICSKit

/// ``SeriesBound``: the cheap test that drops recurring series that start after the range, or
/// whose rules all end before it, before their set-up. Instants worked out by hand:
/// 2025-01-01T00:00:00Z is 1,735,689,600 s since 1970, one day is 86,400 s, the margin three days
/// (259,200 s); the expected occurrences follow RFC 5545 3.8.5.3 (DTSTART is the first instance).
@Suite("Recurrence: the bound of recurring series")
struct SeriesBoundTests {
    /// 2025-01-01T00:00Z ..< 2026-01-01T00:00Z.
    static let rangeStart = 1_735_689_600, rangeEnd = 1_767_225_600
    static let hour = InstanceLength(days: 0, seconds: 3600)

    func outside(start: Int, untils: [UntilBound] = [], length: InstanceLength = hour) -> Bool {
        SeriesBound.liesOutside(startKey: start, untils: untils, length: length,
                                rangeStart: Self.rangeStart, rangeEnd: Self.rangeEnd)
    }

    @Test func startsLaterThanTheMarginAfterTheRange() {
        // 2026-01-04T00:00Z = 1,767,484,800; minus the margin = 1,767,225,600, the range end: proven.
        #expect(outside(start: 1_767_484_800))
        // A second earlier: not proven.
        #expect(!outside(start: 1_767_484_799))
    }

    @Test func rulesThatAllEndBeforeTheRange() {
        // UNTIL 2024-12-28T00:00Z = 1,735,344,000; + 1 h + margin = 1,735,606,800 ≤ the range start.
        let dtstart = 1_704_099_600 // 2024-01-01T09:00Z
        #expect(outside(start: dtstart, untils: [.instant(1_735_344_000)]))
        // Lasting 26 hours instead, the last one may reach 1,735,696,800 > the range start: not proven.
        #expect(!outside(start: dtstart, untils: [.instant(1_735_344_000)], length: InstanceLength(days: 1, seconds: 7200)))
        // A rule without UNTIL (or with COUNT: the caller passes no bounds then), or a second rule that ends later.
        #expect(!outside(start: dtstart, untils: []))
        #expect(!outside(start: dtstart, untils: [.instant(1_735_344_000), .none]))
        #expect(!outside(start: dtstart, untils: [.wall(1_735_344_000), .wall(1_735_689_600)]))
    }

    @Test func dtstartAfterUntilIsStillAnInstance() {
        // UNTIL in 2024 but DTSTART 2025-06-15T09:00Z = 1,749,978,000: DTSTART itself is in the range.
        #expect(!outside(start: 1_749_978_000, untils: [.instant(1_704_067_200)]))
    }

    static let body = """
    BEGIN:VEVENT
    UID:after
    DTSTAMP:20240101T000000Z
    DTSTART;TZID=Europe/Berlin:20260110T090000
    RRULE:FREQ=DAILY
    END:VEVENT
    BEGIN:VEVENT
    UID:before
    DTSTAMP:20240101T000000Z
    DTSTART:20240101T090000Z
    DTEND:20240101T100000Z
    RRULE:FREQ=DAILY;UNTIL=20241225T090000Z
    EXDATE;TZID=Europe/Berlin:20240102T100000
    END:VEVENT
    BEGIN:VEVENT
    UID:until-before-start
    DTSTAMP:20240101T000000Z
    DTSTART:20250615T090000Z
    RRULE:FREQ=DAILY;UNTIL=20240101T000000Z
    END:VEVENT
    BEGIN:VEVENT
    UID:long-last
    DTSTAMP:20240101T000000Z
    DTSTART:20241206T090000Z
    DTEND:20250105T090000Z
    RRULE:FREQ=WEEKLY;UNTIL=20241220T090000Z
    END:VEVENT
    BEGIN:VEVENT
    UID:near-end
    DTSTAMP:20240101T000000Z
    DTSTART;VALUE=DATE:20231231
    RRULE:FREQ=YEARLY
    END:VEVENT

    """

    @Test func expansionKeepsWhatTheBoundCannotDrop() throws {
        let calendar = try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            + Self.body.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n")
        let (occurrences, diagnostics) = calendar.occurrences(from: Date(timeIntervalSince1970: TimeInterval(Self.rangeStart)),
                                                              to: Date(timeIntervalSince1970: TimeInterval(Self.rangeEnd)),
                                                              viewerTimeZone: TimeZone(identifier: "UTC")!).collect()
        // "after" starts in 2026 and "before" ends in 2024: nothing. "until-before-start": no instance at
        // all (UNTIL before DTSTART: a series split, ``InstanceSource/untilPrecedesStart(of:start:clock:)``), with its warning.
        // "long-last": 6, 13 and 20 December 2024, each 30 days long: they end on 5, 12 and 19 January
        // 2025, inside the range (the last starts at UNTIL, 30 days plus the margin before the range
        // end is not proven). "near-end": 31 December 2024 and 2025, one day each (the first ends at
        // the range start: out).
        let shown = occurrences.map { "\($0.incidence.uid ?? "")@\($0.start.wallTime)" }
        #expect(shown == ["long-last@2024-12-06T09:00:00", "long-last@2024-12-13T09:00:00", "long-last@2024-12-20T09:00:00",
                          "near-end@2025-12-31T00:00:00"])
        // The EXDATE's zone is looked up, known, and nothing is reported for the series that were dropped
        // but the series that ends before it starts.
        #expect(diagnostics.map(\.code) == [.untilBeforeStart])
    }
}
