import Testing
@testable import ICSKit

/// RRULE text (RFC 5545 3.3.10, RFC 7529) → ``RecurrenceRule``, every part typed.
/// Expected values are the parts of each rule as written.
@Suite struct RecurrenceRuleConversionTests {
    static func rule(_ text: String) throws -> RecurrenceRule {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VEVENT", "UID:r", "DTSTART:20240105T090000Z", "RRULE:" + text, "END:VEVENT",
        ]))
        #expect(calendar.diagnostics.isEmpty)
        return try #require(calendar.events.first?.recurrenceRules.first)
    }

    @Test(arguments: [
        ("FREQ=DAILY", RecurrenceRule(frequency: .daily)),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU",
         RecurrenceRule(frequency: .weekly, interval: 2, byDay: [.init(.tuesday), .init(.thursday)], weekStart: .sunday)),
        ("FREQ=MONTHLY;BYDAY=-1FR;COUNT=3",
         RecurrenceRule(frequency: .monthly, count: 3, byDay: [.init(.friday, ordinal: -1)])),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
         RecurrenceRule(frequency: .monthly, byDay: [.init(.monday), .init(.tuesday), .init(.wednesday), .init(.thursday), .init(.friday)],
                        bySetPosition: [-2])),
        ("FREQ=MONTHLY;BYMONTHDAY=-1,15",
         RecurrenceRule(frequency: .monthly, byMonthDay: [-1, 15])),
        ("FREQ=YEARLY;BYYEARDAY=1,-1,100;BYWEEKNO=20,-1;UNTIL=20301231",
         RecurrenceRule(frequency: .yearly, until: date(2030, 12, 31), byYearDay: [1, -1, 100], byWeekNumber: [20, -1])),
        ("FREQ=YEARLY;UNTIL=20301231T235959Z;BYMONTH=1,7;BYHOUR=9,17;BYMINUTE=0,30;BYSECOND=0,59",
         RecurrenceRule(frequency: .yearly, until: utc(2030, 12, 31, 23, 59, 59), bySecond: [0, 59], byMinute: [0, 30],
                        byHour: [9, 17], byMonth: [.init(1), .init(7)])),
        ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
         RecurrenceRule(frequency: .yearly, byDay: [.init(.thursday, ordinal: 4)], byMonth: [.init(11)])),
        ("FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10", RecurrenceRule(frequency: .minutely, interval: 15, byHour: [9, 10])),
        ("FREQ=SECONDLY;COUNT=5", RecurrenceRule(frequency: .secondly, count: 5)),
        ("FREQ=HOURLY;INTERVAL=3", RecurrenceRule(frequency: .hourly, interval: 3)),
        // RFC 7529: a Chinese-calendar yearly rule on the 30th of leap month 5, moved forward when missing.
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=30;SKIP=FORWARD",
         RecurrenceRule(frequency: .yearly, byMonthDay: [30], byMonth: [.init(5, isLeap: true)], rscale: "CHINESE", skip: .forward)),
        ("RSCALE=hebrew;FREQ=YEARLY;SKIP=BACKWARD", RecurrenceRule(frequency: .yearly, rscale: "HEBREW", skip: .backward)),
    ] as [(String, RecurrenceRule)])
    func typedRule(text: String, expected: RecurrenceRule) throws {
        #expect(try Self.rule(text) == expected)
    }

    @Test func bydayWithMixedOrdinalsKeepsEveryEntry() throws {
        // libical 3.0 sorts BYDAY by weekday; the entries themselves are kept.
        let rule = try Self.rule("FREQ=YEARLY;BYDAY=-2SU,3MO,1SA")
        #expect(Set(rule.byDay) == [.init(.sunday, ordinal: -2), .init(.monday, ordinal: 3), .init(.saturday, ordinal: 1)])
        #expect(rule.byDay.count == 3)
    }

    @Test func descriptionWritesTheRuleBack() throws {
        #expect(try Self.rule("FREQ=MONTHLY;COUNT=3;BYDAY=-1FR").description == "FREQ=MONTHLY;COUNT=3;BYDAY=-1FR")
        #expect(try Self.rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU").description == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU")
    }

    @Test func anRRuleWithoutFREQIsKeptAsWrittenWithADiagnostic() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VEVENT",                       // 4
            "UID:r",                              // 5
            "DTSTART:20240105T090000Z",           // 6
            "RRULE:COUNT=3;BYDAY=MO",             // 7
            "END:VEVENT",                         // 8
        ]))
        let event = try #require(calendar.events.first)
        #expect(event.recurrenceRules.isEmpty)
        #expect(event.otherProperties == [Property(name: "RRULE", value: "COUNT=3;BYDAY=MO", line: 7)])
        #expect(calendar.diagnostics.map(\.line) == [7])
    }
}
