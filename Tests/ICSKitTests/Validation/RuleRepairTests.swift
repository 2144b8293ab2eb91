import Testing
@testable import ICSKit

/// ``RuleRepair`` on RRULE texts that real feeds write, worked out by hand from the conventions it
/// documents (RFC 5545 3.3.10 allows each part once and a positive COUNT).
@Suite struct RuleRepairTests {
    @Test(arguments: [
        ("FREQ=DAILY;COUNT=3", RuleRepair.Outcome.asWritten),
        ("", .empty),
        ("  ", .empty),
        ("FREQ=DAILY;UNTIL=20240612T090000Z;FREQ=DAILY",
         .repaired("FREQ=DAILY;UNTIL=20240612T090000Z", [.init(code: .repeatedRulePart, message: "RRULE has FREQ=DAILY twice; read once")])),
        ("FREQ=DAILY;COUNT=-1;UNTIL=20240612T100000Z",
         .repaired("FREQ=DAILY;UNTIL=20240612T100000Z", [.init(code: .countNotPositive, message: "RRULE COUNT=-1 is read as no COUNT")])),
        ("FREQ=WEEKLY;COUNT=0", .repaired("FREQ=WEEKLY", [.init(code: .countNotPositive, message: "RRULE COUNT=0 is read as no COUNT")])),
        // Different values, or an unknown part: the rule stays as written (unreadable).
        ("FREQ=DAILY;COUNT=2;FREQ=WEEKLY", .asWritten),
        ("FREQ=DAILY;FOO=1;FREQ=DAILY", .asWritten),
    ])
    func outcome(_ text: String, _ expected: RuleRepair.Outcome) {
        #expect(RuleRepair.outcome(text) == expected)
    }
}
