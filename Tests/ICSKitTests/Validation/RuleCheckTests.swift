import Foundation
import Testing
@testable import ICSKit

/// RRULE text checks, and the checks that walk a rule's instances, by hand from RFC 5545 3.3.10.
@Suite struct RuleCheckTests {
    @Test(arguments: [
        ("FREQ=DAILY;COUNT=10", [String]()),
        ("FREQ=MONTHLY;BYDAY=-1FR", []),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", []),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", []),
        ("COUNT=3", ["ICS2006"]),
        ("FREQ=FORTNIGHTLY", ["ICS2006"]),
        // Conventions of real feeds (RuleRepair): COUNT ≤ 0 is no COUNT (so no ICS2203 beside UNTIL), a part
        // repeated with the same value (any case) is read once, an empty rule is none; different values stay an error.
        ("FREQ=DAILY;COUNT=0", ["ICS2211"]),
        ("FREQ=DAILY;COUNT=-1;UNTIL=20240101T000000Z", ["ICS2211"]),
        ("FREQ=DAILY;UNTIL=20240612T090000Z;FREQ=DAILY", ["ICS2210"]),
        ("FREQ=daily;FREQ=DAILY", ["ICS2210"]),
        ("", ["ICS2209"]),
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
        ("freq=weekly;byday=mo,we;wkst=su", []),
        ("FREQ=DAILY;;COUNT=+5", []),
        ("FREQ=DAILY;COUNT=2;COUNT=3", ["ICS2006"]),
        ("FREQ=YEARLY;RSCALE=CHINESE;BYMONTH=5L", []),
        ("FREQ=YEARLY;BYMONTH=5L", ["ICS2006"]),
        ("FREQ=WEEKLY;WKST=XY", ["ICS2006"]),
        ("FREQ=MONTHLY;BYDAY=0SU,M", ["ICS2204", "ICS2006"]),
    ])
    func ruleText(_ rule: String, _ codes: [String]) {
        #expect(RuleTextChecker.problems(rule).map(\.code.rawValue) == codes)
    }

    @Test func messagesQuoteTheRuleAsWritten() {
        #expect(RuleTextChecker.problems("freq=daily;x-foo=1;BYHOUR=7,25;byday=1mo").map(\.message) == [
            "RRULE has an unknown part X-FOO",
            "RRULE BYHOUR=25 is outside 0–23",
            "RRULE BYDAY ordinals (2MO, -1FR) need FREQ=MONTHLY or YEARLY, not DAILY",
        ])
        #expect(RuleTextChecker.problems("FREQ=Hourly;UNTIL=2024-01-01").map(\.message) == [
            "RRULE UNTIL=2024-01-01 is not a DATE or DATE-TIME",
        ])
    }

    typealias S = ValidationSupport

    private func codes(_ rule: String, start: String = "DTSTART:20240610T090000Z", extra: [String] = []) -> [DiagnosticCode] {
        S.findings(S.calendar(S.event([rule] + extra, start: start))).map(\.code)
    }

    @Test func rulesThatYieldInstances() {
        #expect(codes("RRULE:FREQ=MONTHLY;BYDAY=-1FR", start: "DTSTART:20240628T150000Z").isEmpty)
        #expect(codes("RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO").isEmpty)
        #expect(codes("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", start: "DTSTART;VALUE=DATE:20240229").isEmpty)
    }

    @Test func thirtiethOfFebruaryNeverComes() {
        #expect(codes("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30") == [.ruleYieldsNoInstance])
        #expect(codes("RRULE:FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=31") == [.ruleYieldsNoInstance])
    }

    /// Rules the checker does not walk: without UNTIL and BY-parts (DTSTART's date comes back), or
    /// WEEKLY with plain weekdays. A DAILY rule stepping 7 days from a Tuesday never meets a Monday.
    @Test(arguments: [("FREQ=YEARLY", true), ("FREQ=MONTHLY;INTERVAL=5;COUNT=4", true), ("FREQ=WEEKLY;BYDAY=MO,FR", true),
                      ("FREQ=WEEKLY;BYDAY=1MO", false), ("FREQ=DAILY;INTERVAL=7;BYDAY=MO", false),
                      ("FREQ=DAILY;UNTIL=20300101T000000Z", false), ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", false)])
    func surelyYields(_ rule: String, _ expected: Bool) {
        #expect(IncidenceChecker.surelyYields(RecurrenceText.rule(rule)) == expected)
    }

    @Test func walkedAndUnwalkedRulesAgree() {
        // 29 February 2000, every 100 years: 2100, 2200 and 2300 are not leap years, 2400 is.
        #expect(codes("RRULE:FREQ=YEARLY;INTERVAL=100", start: "DTSTART;VALUE=DATE:20000229").isEmpty)
        #expect(codes("RRULE:FREQ=YEARLY;INTERVAL=100;UNTIL=23000101", start: "DTSTART;VALUE=DATE:20000229") == [.ruleYieldsNoInstance])
        // 11 June 2024 is a Tuesday.
        #expect(codes("RRULE:FREQ=DAILY;INTERVAL=7;BYDAY=MO", start: "DTSTART:20240611T090000Z") == [.ruleYieldsNoInstance])
    }

    @Test func countOfOneNeedsNoOtherInstance() {
        // COUNT counts DTSTART (RFC 5545 3.3.10): COUNT=1 is DTSTART alone, not an empty rule.
        #expect(codes("RRULE:FREQ=YEARLY;COUNT=1;BYMONTH=2;BYMONTHDAY=30").isEmpty)
    }

    @Test func recurrenceIDOfTheSecondLastFridayMatches() {
        // Last Fridays from 28 June 2024: 26 July is the second instance.
        let master = S.event(["RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3"], start: "DTSTART:20240628T150000Z")
        let good = ["BEGIN:VEVENT", "UID:t@example.com", "DTSTAMP:20240101T120000Z", "RECURRENCE-ID:20240726T150000Z",
                    "DTSTART:20240726T160000Z", "END:VEVENT"]
        #expect(S.findings(S.calendar(master + good)).isEmpty)
        let wrong = good.map { $0.replacingOccurrences(of: "RECURRENCE-ID:20240726", with: "RECURRENCE-ID:20240719") }
        #expect(S.findings(S.calendar(master + wrong)).map(\.code) == [.recurrenceIDMatchesNoInstance])
    }

    @Test func allDayExdateMatchesByDate() {
        #expect(codes("RRULE:FREQ=DAILY;COUNT=5", start: "DTSTART;VALUE=DATE:20240610", extra: ["EXDATE;VALUE=DATE:20240612"]).isEmpty)
        #expect(codes("RRULE:FREQ=DAILY;COUNT=5", start: "DTSTART;VALUE=DATE:20240610", extra: ["EXDATE;VALUE=DATE:20240620"])
                == [.exceptionMatchesNoInstance])
    }
}
