import Testing
@testable import ICSKit

/// The native engine where libical 3.0.16 cannot serve as a reference; expected values worked out by hand.
@Suite("Recurrence: native engine")
struct RecurrenceEngineTests {
    @Test(arguments: [
        // BYSETPOS with WEEKLY: the last of Mon/Wed/Fri in each week (Fri 7 June 2024 onwards).
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1;COUNT=3", "20240607T090000",
         ["2024-06-07T09:00:00", "2024-06-14T09:00:00", "2024-06-21T09:00:00"]),
        // BYSETPOS with DAILY: the second of 09:00 and 17:00 each day.
        ("FREQ=DAILY;BYHOUR=9,17;BYSETPOS=2;COUNT=3", "20240601T170000",
         ["2024-06-01T17:00:00", "2024-06-02T17:00:00", "2024-06-03T17:00:00"]),
        // Negative BYYEARDAY: the last day of each year.
        ("FREQ=YEARLY;BYYEARDAY=-1;COUNT=3", "20231231T100000",
         ["2023-12-31T10:00:00", "2024-12-31T10:00:00", "2025-12-31T10:00:00"]),
        // Negative BYMONTHDAY across February of a leap year.
        ("FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3", "20240130T080000",
         ["2024-01-30T08:00:00", "2024-02-28T08:00:00", "2024-03-30T08:00:00"]),
        // DTSTART not matching the rule is still the first instance, and COUNT counts it.
        ("FREQ=MONTHLY;BYMONTHDAY=1;COUNT=3", "20240615T090000",
         ["2024-06-15T09:00:00", "2024-07-01T09:00:00", "2024-08-01T09:00:00"]),
        // BYWEEKNO=1 reaches into December when next year's week 1 starts there (Mon 30 Dec 2024, Mon 29 Dec 2025).
        ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=3", "20240101T090000",
         ["2024-01-01T09:00:00", "2024-12-30T09:00:00", "2025-12-29T09:00:00"]),
    ])
    func handWorked(rule: String, start: String, expected: [String]) {
        #expect(RecurrenceText.expand(rule, start) == expected)
    }

    @Test func skipJumpsToTheAlignedPeriod() {
        var iterator = RuleIterator(rule: RecurrenceText.rule("FREQ=DAILY;INTERVAL=3"),
                                    start: RecurrenceText.civil("20240101T090000"), isDate: false)
        // 1 March 2024 is day 60 after 1 January: a multiple of 3, so its period is an instance day.
        iterator.skip(toWallSeconds: RecurrenceText.civil("20240302T120000").secondsSinceEpoch)
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240301T090000"))
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240304T090000"))
    }

    @Test func ruleThatNeverProducesGivesUp() {
        var iterator = RuleIterator(rule: RecurrenceText.rule("FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2"),
                                    start: RecurrenceText.civil("20240101T090000"), isDate: false)
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240101T090000"))
        #expect(iterator.next() == nil)
        #expect(iterator.gaveUp)
    }

    @Test func allDaySeriesIgnoresTimeParts() {
        #expect(RecurrenceText.expand("FREQ=WEEKLY;BYDAY=SA,SU;COUNT=4", "20240601")
                == ["2024-06-01", "2024-06-02", "2024-06-08", "2024-06-09"])
    }

    @Test func libicalFallbackForOtherCalendarScales() {
        // RSCALE goes to libical; RSCALE=GREGORIAN with SKIP=FORWARD: 29 Feb moves to 1 March (RFC 7529 4.3).
        var source = InstanceSource(rule: RecurrenceText.rule("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=3"),
                                    start: RecurrenceText.civil("20240229T090000"), isDate: false, until: .none, zone: nil)
        var walls: [String] = []
        while let next = source?.next() { walls.append(next.wall.description) }
        #expect(walls == ["2024-02-29T09:00:00", "2025-03-01T09:00:00", "2026-03-01T09:00:00"])
    }
}
