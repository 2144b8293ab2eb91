import Foundation
import Testing
@testable import ICSKit

/// Which COUNT series ``WindowFilter`` skips for June 2025 by ``CountBound``. Each verdict is
/// worked out by hand from RFC 5545 §3.3.10 and the bound's formula: the latest start is
/// DTSTART + (COUNT + 1) · INTERVAL · P days (P = 1 daily, 7 weekly, 31 monthly, 366 yearly), and
/// the series is skipped when that, plus the instance's length (here one day: no DTEND, or a
/// one-hour DTEND, both give max(start + 1 day, end) − start = 1 day) and the 26-hour margin, is
/// at or before 2025-06-01T00:00Z.
///
/// From DTSTART 2025-01-01T09:00Z to the window start: 150 days 15 hours. So the series is skipped
/// when (COUNT + 1) · INTERVAL · P · 1 day + 1 day + 26 h ≤ 150 d 15 h, i.e. (COUNT + 1) · INTERVAL · P ≤ 148
/// (148.54, rounded down).
@Suite struct CountBoundTests {
    static func skips(_ lines: [String]) throws -> Bool {
        try WindowFilterTests.skips(lines)
    }

    static let jan1 = "DTSTART:20250101T090000Z"

    @Test(arguments: [
        // DAILY: (c + 1) ≤ 148.
        ("FREQ=DAILY;COUNT=147", true), ("FREQ=DAILY;COUNT=148", false),
        ("freq=daily;count=147", true),                                 // parts in any case
        ("FREQ=DAILY;INTERVAL=2;COUNT=73", true), ("FREQ=DAILY;INTERVAL=2;COUNT=74", false),  // 74·2 = 148, 75·2 = 150
        ("FREQ=DAILY;COUNT=10;BYHOUR=9", false),                        // any other part: parsed
        ("FREQ=DAILY;COUNT=10;BYMONTH=1", false),                       // a limiting part may leave periods empty
        // WEEKLY: (c + 1) · 7 ≤ 148, c ≤ 20.
        ("FREQ=WEEKLY;COUNT=20", true), ("FREQ=WEEKLY;COUNT=21", false),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=20", true),
        ("FREQ=WEEKLY;BYDAY=MO;WKST=SU;COUNT=20", true),
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=9", true), ("FREQ=WEEKLY;INTERVAL=2;COUNT=10", false),  // 10·14 = 140, 11·14 = 154
        ("FREQ=WEEKLY;BYDAY=1MO;COUNT=2", false),                       // an ordinal in a weekly rule
        ("FREQ=WEEKLY;BYDAY=MO;BYSETPOS=1;COUNT=2", false),
        ("FREQ=WEEKLY;WKST=XX;COUNT=2", false),
        // MONTHLY: (c + 1) · 31 ≤ 148, c ≤ 3; DTSTART's day (1) exists in every month.
        ("FREQ=MONTHLY;COUNT=3", true), ("FREQ=MONTHLY;COUNT=4", false),
        ("FREQ=MONTHLY;BYMONTHDAY=28;COUNT=3", true), ("FREQ=MONTHLY;BYMONTHDAY=29;COUNT=3", false),  // not in February
        ("FREQ=MONTHLY;BYMONTHDAY=1,-28;COUNT=3", true), ("FREQ=MONTHLY;BYMONTHDAY=-29;COUNT=3", false),
        ("FREQ=MONTHLY;BYDAY=2TU;COUNT=3", true), ("FREQ=MONTHLY;BYDAY=-4FR,+1MO;COUNT=3", true),
        ("FREQ=MONTHLY;BYDAY=TU;COUNT=3", true),                        // every Tuesday of the month
        ("FREQ=MONTHLY;BYDAY=5TU;COUNT=3", false),                      // not every month has five
        ("FREQ=MONTHLY;BYDAY=0TU;COUNT=3", false),
        ("FREQ=MONTHLY;BYDAY=TU;BYMONTHDAY=1;COUNT=3", false),          // both: an intersection
        ("FREQ=MONTHLY;BYDAY=TU,;COUNT=3", false),
        // Not decided: other frequencies, COUNT ≤ 0 (no COUNT), with UNTIL, repeated, odd numbers.
        ("FREQ=HOURLY;COUNT=2", false), ("FREQ=DAILY;COUNT=0", false), ("FREQ=DAILY;COUNT=-1", false),
        ("FREQ=DAILY;COUNT=2;UNTIL=20250201T000000Z", false), ("FREQ=DAILY;COUNT=2;COUNT=2", false),
        ("FREQ=DAILY;INTERVAL=0;COUNT=2", false), ("FREQ=DAILY;COUNT=+2", false), ("FREQ=DAILY;COUNT=", false),
        ("FREQ=DAILY;COUNT=99999999", false), ("COUNT=2", false), ("FREQ=DAILY;COUNT", false),
    ] as [(String, Bool)])
    func fromTheFirstOfJanuary(rule: String, skipped: Bool) throws {
        #expect(try Self.skips([Self.jan1, "DTEND:20250101T100000Z", "RRULE:" + rule]) == skipped, "\(rule)")
    }

    /// A weekly rule of k distinct weekdays: every week after DTSTART's holds k instances, so the
    /// bound is ⌈(COUNT − 1) / k⌉ + 2 weeks (k = 1 gives COUNT + 1, as above), skipped when that
    /// times 7 · INTERVAL is at most 148 days. 2025-01-01 is a Wednesday: with BYDAY=MO,WE,FR the
    /// first week holds 1 and 3 January, each later week three, so the 58th instance is 14 May
    /// (2 + 18 · 3 = 56 by 11 May, then 12 and 14 May), well before June: skipped (⌈57/3⌉ + 2 = 21
    /// weeks, 147 days); COUNT=59 gives 22 weeks (154 days), parsed.
    @Test(arguments: [
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=58", true), ("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=59", false),
        ("freq=weekly;byday=mo,we,fr;count=58", true),
        // Five weekdays: ⌈(c − 1)/5⌉ ≤ 19, c ≤ 96.
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=96", true), ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=97", false),
        // A weekday named twice counts once: k = 2, ⌈(c − 1)/2⌉ ≤ 19, c ≤ 39.
        ("FREQ=WEEKLY;BYDAY=MO,MO,WE;COUNT=39", true), ("FREQ=WEEKLY;BYDAY=MO,MO,WE;COUNT=40", false),
        // Every other week, k = 2: periods of 14 days, ⌈(c − 1)/2⌉ + 2 ≤ 10, c ≤ 17.
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=17", true), ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=18", false),
        // WKST moves the weeks, not how many instances a week holds.
        ("FREQ=WEEKLY;BYDAY=TU,TH;WKST=SU;COUNT=39", true), ("FREQ=WEEKLY;BYDAY=TU,TH;WKST=SU;COUNT=40", false),
    ] as [(String, Bool)])
    func weeklyOfSeveralWeekdays(rule: String, skipped: Bool) throws {
        #expect(try Self.skips([Self.jan1, "DTEND:20250101T100000Z", "RRULE:" + rule]) == skipped, "\(rule)")
    }

    @Test func monthlyFromADayNotEveryMonthHas() throws {
        // 31 January: February has no 31st. 2025-01-31T09:00Z is 120 d 15 h before the window, so
        // a rule with a bound would be skipped for (c + 1) · 31 ≤ 118: COUNT=2; but it is parsed.
        #expect(try !Self.skips(["DTSTART:20250131T090000Z", "RRULE:FREQ=MONTHLY;COUNT=2"]))
        #expect(try Self.skips(["DTSTART:20250128T090000Z", "RRULE:FREQ=MONTHLY;COUNT=2"]))
    }

    @Test func yearly() throws {
        // 2020-03-01T09:00Z to 2025-06-01T00:00Z: 1,917 d 15 h (2024 is a leap year). Skipped when
        // (c + 1) · 366 + 1 + 26/24 ≤ 1,917.625: c + 1 ≤ 5.23, COUNT ≤ 4.
        #expect(try Self.skips(["DTSTART:20200301T090000Z", "RRULE:FREQ=YEARLY;COUNT=4"]))
        // COUNT=5 has no such bound, but every instance of this plain yearly rule is on 1 March,
        // outside June (YearlyBound): skipped whatever the COUNT.
        #expect(try Self.skips(["DTSTART:20200301T090000Z", "RRULE:FREQ=YEARLY;COUNT=5"]))
        // On 10 June YearlyBound cannot skip; the bound alone decides. 2020-06-10T09:00Z to
        // 2025-06-01T00:00Z: 1,816 d 15 h; (c + 1) · 366 + 1 + 26/24 ≤ 1,816.625: c + 1 ≤ 4.96, COUNT ≤ 3.
        #expect(try Self.skips(["DTSTART:20200610T090000Z", "RRULE:FREQ=YEARLY;COUNT=3"]))
        #expect(try !Self.skips(["DTSTART:20200610T090000Z", "RRULE:FREQ=YEARLY;COUNT=4"]))
        #expect(try !Self.skips(["DTSTART:20200301T090000Z", "RRULE:FREQ=YEARLY;BYMONTH=3;COUNT=2"]))
        // 29 February recurs only in leap years: never bounded this way.
        #expect(try !Self.skips(["DTSTART:20160229T090000Z", "RRULE:FREQ=YEARLY;COUNT=2"]))
    }

    @Test func clocks() throws {
        // All-day: 2025-01-01 is 151 days before; (c + 1) + 1 + 26/24 ≤ 151: COUNT ≤ 147.
        #expect(try Self.skips(["DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;COUNT=147"]))
        #expect(try !Self.skips(["DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;COUNT=148"]))
        // Floating: as UTC here (X-WR-TIMEZONE revives it later, see WindowedImportCasesTests).
        #expect(try Self.skips(["DTSTART:20250101T090000", "RRULE:FREQ=DAILY;COUNT=10"]))
        // A zone may have DST gaps, whose instances are not counted: skipped only once the zone's
        // gaps are counted (``WindowFilter/GapCheck``, see the verdicts below and ZoneGapsTests).
        #expect(try Self.skips(["DTSTART;TZID=Europe/Berlin:20250101T090000", "RRULE:FREQ=DAILY;COUNT=10"]))
        #expect(try Self.skips(["DTSTART;tzid=\"Europe/Berlin\":20250101T090000", "RRULE:FREQ=DAILY;COUNT=10"]))
    }

    @Test func verdicts() throws {
        func verdict(_ lines: [String]) throws -> WindowFilter.Verdict {
            let text = calendarText(["BEGIN:VEVENT", "UID:a@example.com"] + lines + ["END:VEVENT"])
            var scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics")
            var blocks: [ComponentBlock] = []
            while let block = try scanner.next() { blocks.append(block) }
            return WindowFilter(window: WindowFilterTests.june).verdict(try #require(blocks.first { $0.name == "VEVENT" }))
        }
        #expect(try verdict(["DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;COUNT=3"]) == .skip)
        // 2025-01-01T09:00 is 1,735,722,000 s; COUNT=3: 4 periods of a day later; no DTEND: one day long.
        func check(_ tzid: String?) -> WindowFilter.Verdict {
            .skipUnlessGaps(WindowFilter.GapCheck(tzid: tzid, latestStart: 1_735_722_000 + 4 * 86_400, period: 86_400,
                                                  earliest: 1_735_722_000, length: 86_400))
        }
        #expect(try verdict(["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;COUNT=3"]) == check(nil))
        #expect(try verdict(["DTSTART:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"]) == check(nil))
        #expect(try verdict(["DTSTART;TZID=Europe/Berlin:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"]) == check("Europe/Berlin"))
        #expect(try verdict(["DTSTART;X-A=\"a;b\";TZID=\"My Zone\":20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"]) == check("My Zone"))
        // WEEKLY with INTERVAL=2: a period is 14 days; COUNT=3: 4 periods.
        #expect(try verdict(["DTSTART;TZID=Europe/Berlin:20250101T090000", "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=3"])
                == .skipUnlessGaps(WindowFilter.GapCheck(tzid: "Europe/Berlin", latestStart: 1_735_722_000 + 4 * 14 * 86_400,
                                                         period: 14 * 86_400, earliest: 1_735_722_000, length: 86_400)))
        // Two TZIDs, an empty one, an RFC 6868 escape: not read here, parsed.
        #expect(try verdict(["DTSTART;TZID=A;TZID=B:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"]) == .parse)
        #expect(try verdict(["DTSTART;TZID=:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"]) == .parse)
        #expect(try verdict(["DTSTART;TZID=A^'B:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"]) == .parse)
        // Skipped by UNTIL or by starting after the window: no zone changes that.
        #expect(try verdict(["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250201T000000Z"]) == .skip)
        #expect(try verdict(["DTSTART:20250801T090000Z", "RRULE:FREQ=DAILY;COUNT=3"]) == .skip)
        #expect(try verdict(["DTSTART:20250801T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20250802T090000Z"]) == .skip)
        #expect(try verdict(["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "RDATE:20250102T090000Z"]) == .parse)
    }
}
