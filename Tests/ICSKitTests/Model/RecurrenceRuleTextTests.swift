import Testing
@testable import ICSKit

/// A rule's text is valid RRULE text (RFC 5545 3.3.10: `until = enddate`, where `enddate` is a
/// DATE or a DATE-TIME and no parameter can stand inside a rule), whatever form its UNTIL was
/// read in. Expected strings written by hand from the grammar.
struct RecurrenceRuleTextTests {
    static let wall = CivilDateTime(date: CivilDate(year: 2025, month: 3, day: 30), hour: 9, minute: 0, second: 0)

    @Test(arguments: [
        (TimeValue.zoned(wall, tzid: "Europe/Berlin"), "FREQ=WEEKLY;UNTIL=20250330T090000;BYDAY=MO,WE"),
        (.utc(wall), "FREQ=WEEKLY;UNTIL=20250330T090000Z;BYDAY=MO,WE"),
        (.floating(wall), "FREQ=WEEKLY;UNTIL=20250330T090000;BYDAY=MO,WE"),
        (.date(wall.date), "FREQ=WEEKLY;UNTIL=20250330;BYDAY=MO,WE"),
    ])
    func untilIsWrittenAsAValueWithoutItsZone(until: TimeValue, expected: String) {
        var rule = RecurrenceRule(frequency: .weekly)
        rule.until = until
        rule.byDay = [.init(.monday), .init(.wednesday)]
        #expect(rule.description == expected)
        #expect(!rule.description.contains("TZID"))
    }

    @Test func aZonedValueKeepsItsZoneOutsideARule() {
        #expect(TimeValue.zoned(Self.wall, tzid: "Europe/Berlin").description == "TZID=Europe/Berlin:20250330T090000")
    }
}
