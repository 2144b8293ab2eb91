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
        // Rules with the same days in every period (read off fixed candidates, no buffer): every day
        // of the period times every time of day, in order. Tue/Thu at 08:00 and 18:00 (4 June 2024
        // is a Tuesday) up to an inclusive UNTIL on Thursday 13 June at 08:00.
        ("FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=8,18;BYMINUTE=0;UNTIL=20240613T080000", "20240604T080000",
         ["2024-06-04T08:00:00", "2024-06-04T18:00:00", "2024-06-06T08:00:00", "2024-06-06T18:00:00",
          "2024-06-11T08:00:00", "2024-06-11T18:00:00", "2024-06-13T08:00:00"]),
        // Every other day at 09:00 and 21:00 across 29 February 2024 (the next period is 2 March).
        ("FREQ=DAILY;INTERVAL=2;BYHOUR=9,21;COUNT=5", "20240229T090000",
         ["2024-02-29T09:00:00", "2024-02-29T21:00:00", "2024-03-02T09:00:00", "2024-03-02T21:00:00",
          "2024-03-04T09:00:00"]),
        // Weeks from Sunday (WKST=SU), every other one: Sunday 2 June 2024 and Saturday 8 June, then
        // 16 and 22 June (with Monday weeks, Saturday 1 June would share Sunday 2 June's week).
        ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,SA;COUNT=4", "20240602T100000",
         ["2024-06-02T10:00:00", "2024-06-08T10:00:00", "2024-06-16T10:00:00", "2024-06-22T10:00:00"]),
        // Days found from the rule's numbers (CompiledRule.matchingDays), not by testing each day.
        // Day 31 and the 31st last (day 1 of a 31-day month only): none in February or April 2024.
        ("FREQ=MONTHLY;BYMONTHDAY=31,-31;COUNT=4", "20240131T090000",
         ["2024-01-31T09:00:00", "2024-03-01T09:00:00", "2024-03-31T09:00:00", "2024-05-01T09:00:00"]),
        // First Monday and last Friday: Monday 1 January 2024, Friday 26 January (31 January is a
        // Wednesday), Monday 5 February (1 February is a Thursday), Friday 23 February (29th: Thursday).
        ("FREQ=MONTHLY;BYDAY=-1FR,1MO;COUNT=4", "20240101T080000",
         ["2024-01-01T08:00:00", "2024-01-26T08:00:00", "2024-02-05T08:00:00", "2024-02-23T08:00:00"]),
        // Second Tuesday of February and August: 13 February 2024 (1st: Thursday), 13 August 2024
        // (1st: Thursday), 11 February 2025 (1st: Saturday).
        ("FREQ=YEARLY;BYMONTH=2,8;BYDAY=2TU;COUNT=3", "20240213T100000",
         ["2024-02-13T10:00:00", "2024-08-13T10:00:00", "2025-02-11T10:00:00"]),
        // The last day of February, leap year or not.
        ("FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2;COUNT=3", "20230228T070000",
         ["2023-02-28T07:00:00", "2024-02-29T07:00:00", "2025-02-28T07:00:00"]),
    ])
    func handWorked(rule: String, start: String, expected: [String]) {
        #expect(RecurrenceText.expand(rule, start) == expected)
    }

    @Test func skipJumpsToTheAlignedPeriod() {
        var iterator = RuleIterator(rule: RecurrenceText.rule("FREQ=DAILY;INTERVAL=3"),
                                    start: RecurrenceText.civil("20240101T090000"), isDate: false)
        // 1 March 2024 is day 60 after 1 January: a multiple of 3, so its period is an instance day.
        iterator.skip(toWallSeconds: RecurrenceText.civil("20240301T080000").secondsSinceEpoch)
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240301T090000"))
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240304T090000"))
        // A target after the period's instance lands on the next period's.
        var later = RuleIterator(rule: RecurrenceText.rule("FREQ=DAILY;INTERVAL=3"),
                                 start: RecurrenceText.civil("20240101T090000"), isDate: false)
        later.skip(toWallSeconds: RecurrenceText.civil("20240301T120000").secondsSinceEpoch)
        #expect(later.next()?.wall == RecurrenceText.civil("20240304T090000"))
    }

    /// Every second of every day of the year (BYMONTH=1..12, BYMONTHDAY=1..31, BYHOUR=0..23,
    /// BYMINUTE=0..59, BYSECOND=0..59): 31,622,400 candidates in 2024, read as days × times of
    /// day rather than listed.
    static let everySecond = "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY="
        + (1...31).map(String.init).joined(separator: ",") + ";BYHOUR=" + (0...23).map(String.init).joined(separator: ",")
        + ";BYMINUTE=" + (0...59).map(String.init).joined(separator: ",") + ";BYSECOND=" + (0...59).map(String.init).joined(separator: ",")

    @Test func aYearOfEverySecondIsReadInOrder() {
        #expect(RecurrenceText.expand(Self.everySecond + ";COUNT=4", "20241231T235958")
                == ["2024-12-31T23:59:58", "2024-12-31T23:59:59", "2025-01-01T00:00:00", "2025-01-01T00:00:01"])
        // Seeking into DTSTART's year: DTSTART first, then the second asked for, not 1 January 09:00:01.
        var iterator = RuleIterator(rule: RecurrenceText.rule(Self.everySecond),
                                    start: RecurrenceText.civil("20240101T090000"), isDate: false)
        iterator.skip(toWallSeconds: RecurrenceText.civil("20240622T143959").secondsSinceEpoch)
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240101T090000"))
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240622T143959"))
        #expect(iterator.next()?.wall == RecurrenceText.civil("20240622T144000"))
    }

    /// BYSETPOS picks from the 31,622,400 candidates of 2024 (a leap year) and the 31,536,000 of
    /// 2025 by position. Position 15,000,000 is index 14,999,999 = 173 days and 52,799 s: the
    /// 174th day of the year at 14:39:59, 22 June in 2024 and 23 June in 2025; -1 is 23:59:59 on
    /// 31 December.
    @Test func setPositionsPickFromAYearOfEverySecond() {
        #expect(RecurrenceText.expand(Self.everySecond + ";BYSETPOS=15000000;COUNT=3", "20240101T000000", forceStart: false)
                == ["2024-06-22T14:39:59", "2025-06-23T14:39:59", "2026-06-23T14:39:59"])
        #expect(RecurrenceText.expand(Self.everySecond + ";BYSETPOS=-1,1;COUNT=3", "20240101T000000", forceStart: false)
                == ["2024-01-01T00:00:00", "2024-12-31T23:59:59", "2025-01-01T00:00:00"])
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
