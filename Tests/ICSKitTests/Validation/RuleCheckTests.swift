import Testing
@testable import ICSKit

/// RRULE text checks and the bounded walk, by hand from RFC 5545 3.3.10 and the examples of 3.8.5.3.
@Suite struct RuleCheckTests {
    @Test(arguments: [
        ("FREQ=DAILY;COUNT=10", [String]()),
        ("FREQ=MONTHLY;BYDAY=-1FR", []),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", []),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", []),
        ("COUNT=3", ["ICS2006"]),
        ("FREQ=FORTNIGHTLY", ["ICS2006"]),
        ("FREQ=DAILY;COUNT=0", ["ICS2006"]),
        ("FREQ=DAILY;FOO=1", ["ICS2006"]),
        ("FREQ=DAILY;COUNT=2;UNTIL=20240101T000000Z", ["ICS2203"]),
        ("FREQ=MONTHLY;BYMONTHDAY=32", ["ICS2204"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-31", []),
        ("FREQ=YEARLY;BYMONTH=13", ["ICS2204"]),
        ("FREQ=MONTHLY;BYSETPOS=0;BYDAY=MO", ["ICS2204"]),
        ("FREQ=DAILY;BYHOUR=24", ["ICS2204"]),
        ("FREQ=MONTHLY;BYWEEKNO=1", ["ICS2205"]),
        ("FREQ=WEEKLY;BYMONTHDAY=1", ["ICS2205"]),
        ("FREQ=MONTHLY;BYYEARDAY=100", ["ICS2205"]),
        ("FREQ=WEEKLY;BYDAY=1MO", ["ICS2205"]),
        ("FREQ=MONTHLY;BYSETPOS=1", ["ICS2205"]),
    ])
    func ruleText(_ rule: String, _ codes: [String]) {
        #expect(RuleTextChecker.problems(rule).map(\.code.rawValue) == codes)
    }

    private func walk(_ rule: RecurrenceRule, from start: CivilDateTime, isDate: Bool = false, count: Int) -> [CivilDateTime] {
        var walker = RuleWalker(rule: rule, start: start, isDate: isDate, untilWall: nil)!
        var out: [CivilDateTime] = []
        while out.count < count, let next = walker.next() { out.append(next) }
        return out
    }

    @Test func lastFridayOfTheMonth() {
        // From Fri 28 June 2024: the last Fridays are 26 July, 30 August, 27 September.
        let rule = RecurrenceRule(frequency: .monthly, byDay: [.init(.friday, ordinal: -1)])
        let got = walk(rule, from: CivilDateTime(year: 2024, month: 6, day: 28, hour: 15), count: 3)
        #expect(got == [CivilDateTime(year: 2024, month: 7, day: 26, hour: 15), CivilDateTime(year: 2024, month: 8, day: 30, hour: 15),
                        CivilDateTime(year: 2024, month: 9, day: 27, hour: 15)])
    }

    @Test func everyOtherWeekOnTuesdayAndThursday() {
        // RFC 5545 3.8.5.3: "Every other week on Tuesday and Thursday, for 8 occurrences", from Tue 2 Sep 1997.
        let rule = RecurrenceRule(frequency: .weekly, interval: 2, count: 8, byDay: [.init(.tuesday), .init(.thursday)], weekStart: .sunday)
        let got = walk(rule, from: CivilDateTime(year: 1997, month: 9, day: 2, hour: 9), count: 10).map { $0.date.day }
        #expect(got == [4, 16, 18, 30, 2, 14, 16])   // the RFC's list after DTSTART: Sep 4,16,18,30; Oct 2,14,16
    }

    @Test func countIncludesDTSTART() {
        let rule = RecurrenceRule(frequency: .daily, count: 3)
        #expect(walk(rule, from: CivilDateTime(year: 2024, month: 1, day: 1), count: 10).count == 2)
    }

    @Test func thirtiethOfFebruaryNeverComes() {
        var walker = RuleWalker(rule: RecurrenceRule(frequency: .yearly, byMonthDay: [30], byMonth: [.init(2)]),
                                start: CivilDateTime(year: 2024, month: 1, day: 1), isDate: true, untilWall: nil)!
        #expect(walker.next() == nil)
        #expect(walker.reachedLimit && !walker.finished)
    }

    @Test func weekNumbersAreNotWalked() {
        #expect(RuleWalker(rule: RecurrenceRule(frequency: .yearly, byWeekNumber: [20]), start: CivilDateTime(year: 2024, month: 1, day: 1),
                           isDate: false, untilWall: nil) == nil)
    }
}
