import Foundation
import Testing
@testable import ICSKit

/// The yearly-rule subset of VTIMEZONE observances. Dates worked out by hand from a printed
/// calendar (2024: March 1 is a Friday, October 1 a Tuesday; 2025: February 1 and March 1 are Saturdays).
@Suite("ObservanceSchedule")
struct ObservanceScheduleTests {
    typealias F = ZoneFixtures
    typealias Rule = RecurrenceRule

    static let ruleCases: [(rule: Rule, year: Int, expected: [CivilDateTime])] = [
        (F.yearly(month: 3, .init(.sunday, ordinal: -1)), 2024, [F.wall(2024, 3, 31, 2)]),
        (F.yearly(month: 3, .init(.sunday, ordinal: 2)), 2024, [F.wall(2024, 3, 10, 2)]),
        (F.yearly(month: 10, .init(.sunday, ordinal: -1)), 2024, [F.wall(2024, 10, 27, 2)]),
        (F.yearly(month: 3, .init(.sunday, ordinal: 5)), 2024, [F.wall(2024, 3, 31, 2)]),
        (F.yearly(month: 2, .init(.sunday, ordinal: 5)), 2025, []),
        (F.yearly(month: 3, .init(.sunday), monthDays: Array(8...14)), 2025, [F.wall(2025, 3, 9, 2)]),
        (F.yearly(month: 3, .init(.friday), monthDays: [-1, -2, -3, -4, -5, -6, -7]), 2024, [F.wall(2024, 3, 29, 2)]),
        (Rule(frequency: .yearly, byMonthDay: [21], byMonth: [.init(3)]), 2024, [F.wall(2024, 3, 21, 2)]),
        (Rule(frequency: .yearly, byDay: [.init(.sunday)], byMonth: [.init(3)]), 2024,
         [F.wall(2024, 3, 3, 2), F.wall(2024, 3, 10, 2), F.wall(2024, 3, 17, 2), F.wall(2024, 3, 24, 2), F.wall(2024, 3, 31, 2)]),
        (Rule(frequency: .yearly, byDay: [.init(.sunday)], byMonth: [.init(3)], bySetPosition: [-1]), 2024, [F.wall(2024, 3, 31, 2)]),
        (Rule(frequency: .yearly, byMonth: [.init(4)]), 2024, [F.wall(2024, 4, 5, 2)]),
        (Rule(frequency: .yearly, byHour: [3], byDay: [.init(.sunday, ordinal: 1)], byMonth: [.init(4)]), 2024, [F.wall(2024, 4, 7, 3)]),
    ]

    @Test("rule dates in a year", arguments: 0..<12)
    func ruleDates(_ index: Int) {
        let (rule, year, expected) = Self.ruleCases[index]
        // DTSTART 2020-04-05 02:00 gives the month and day when the rule has none.
        #expect(ObservanceSchedule.ruleDates(rule, start: F.wall(2020, 4, 5, 2), year: year) == expected)
    }

    private func observance(_ start: CivilDateTime, rule: Rule?, rdates: [CivilDateTime] = []) -> TimeZoneDefinition.Observance {
        .init(kind: .daylight, start: start, offsetFrom: 3600, offsetTo: 7200, recurrenceRule: rule, recurrenceDates: rdates)
    }

    @Test("COUNT counts DTSTART and stops")
    func count() {
        let rule = F.yearly(month: 3, .init(.sunday, ordinal: -1), count: 3)
        let schedule = ObservanceSchedule(observance(F.wall(2020, 3, 29, 2), rule: rule))
        // 2020-03-29, 2021-03-28, 2022-03-27; nothing in 2023. Onsets are read in +01:00.
        #expect(schedule.onsets(inYear: 2020) == [F.utc(2020, 3, 29, 1)])
        #expect(schedule.onsets(inYear: 2022) == [F.utc(2022, 3, 27, 1)])
        #expect(schedule.onsets(inYear: 2023) == [])
        #expect(schedule.lastYear == 2022)
    }

    /// Hand-worked: the last Sunday of March from 2020 (29 March) is 2021-03-28, 2022-03-27,
    /// 2023-03-26, 2024-03-31. With 3 onsets left in the zone's budget, COUNT=10 gives DTSTART and
    /// three more (last year 2023); the next COUNT rule of the zone has none left (DTSTART alone).
    @Test("the COUNT rules of one zone share one budget of onsets")
    func countBudgetIsShared() {
        let memo = RuleDatesMemo()
        memo.countBudget = 3
        let rule = F.yearly(month: 3, .init(.sunday, ordinal: -1), count: 10)
        let first = ObservanceSchedule(observance(F.wall(2020, 3, 29, 2), rule: rule), memo: memo)
        #expect(first.lastYear == 2023)
        #expect(first.onsets(inYear: 2023) == [F.utc(2023, 3, 26, 1)])
        #expect(first.onsets(inYear: 2024) == [])
        #expect(memo.countBudget == 0)
        let second = ObservanceSchedule(observance(F.wall(2030, 3, 31, 2), rule: rule), memo: memo)
        #expect(second.lastYear == 2030)
        #expect(second.onsets(inYear: 2030) == [F.utc(2030, 3, 31, 1)])
        #expect(second.onsets(inYear: 2031) == [])
        #expect(ObservanceSchedule.zoneCountBudget == RuleDatesMemo().countBudget)
    }

    @Test("UNTIL in UTC is inclusive; in local time too")
    func until() {
        let utcRule = F.yearly(month: 3, .init(.sunday, ordinal: -1), until: .utc(F.wall(2022, 3, 27, 1)))
        let a = ObservanceSchedule(observance(F.wall(2020, 3, 29, 2), rule: utcRule))
        #expect(a.onsets(inYear: 2022) == [F.utc(2022, 3, 27, 1)])
        #expect(a.onsets(inYear: 2023) == [])
        let localRule = F.yearly(month: 3, .init(.sunday, ordinal: -1), until: .floating(F.wall(2022, 3, 27, 1, 59)))
        let b = ObservanceSchedule(observance(F.wall(2020, 3, 29, 2), rule: localRule))
        #expect(b.onsets(inYear: 2021) == [F.utc(2021, 3, 28, 1)])
        #expect(b.onsets(inYear: 2022) == [])
        let dateRule = F.yearly(month: 3, .init(.sunday, ordinal: -1), until: .date(CivilDate(year: 2022, month: 3, day: 27)))
        #expect(ObservanceSchedule(observance(F.wall(2020, 3, 29, 2), rule: dateRule)).onsets(inYear: 2022) == [F.utc(2022, 3, 27, 1)])
    }

    @Test("RDATEs and a DTSTART off the rule are onsets")
    func rdates() {
        let schedule = ObservanceSchedule(observance(F.wall(2020, 1, 1), rule: nil,
                                                     rdates: [F.wall(2021, 6, 1, 3), F.wall(2021, 2, 1, 3)]))
        #expect(schedule.onsets(inYear: 2020) == [F.utc(2019, 12, 31, 23)])
        #expect(schedule.onsets(inYear: 2021) == [F.utc(2021, 2, 1, 2), F.utc(2021, 6, 1, 2)])
        #expect(schedule.lastYear == 2021)
    }

    @Test("a rule outside the subset is left out: DTSTART only")
    func unsupported() {
        let rule = Rule(frequency: .monthly, byDay: [.init(.sunday, ordinal: 1)])
        let schedule = ObservanceSchedule(observance(F.wall(2020, 1, 5, 2), rule: rule))
        #expect(!schedule.isRuleSupported)
        #expect(schedule.onsets(inYear: 2020) == [F.utc(2020, 1, 5, 1)])
        #expect(schedule.onsets(inYear: 2021) == [])
        #expect(!DefinedZone(definition: TimeZoneDefinition(tzid: "X", observances: [schedule.observance]), identifier: "X").isFullySupported)
    }

    @Test("INTERVAL=2 skips years")
    func interval() {
        var rule = F.yearly(month: 3, .init(.sunday, ordinal: -1))
        rule.interval = 2
        let schedule = ObservanceSchedule(observance(F.wall(2020, 3, 29, 2), rule: rule))
        #expect(schedule.onsets(inYear: 2021) == [])
        #expect(schedule.onsets(inYear: 2022) == [F.utc(2022, 3, 27, 1)])
    }

    @Test("a southern-hemisphere definition (Sydney, DST across New Year) matches tzdata 2020–2030")
    func sydney() throws {
        // Australia/Sydney since 2008: DST from the first Sunday of October 02:00 (+10 → +11)
        // to the first Sunday of April 03:00 (+11 → +10).
        let definition = TimeZoneDefinition(tzid: "AUS Eastern", observances: [
            .init(kind: .standard, start: F.wall(2008, 4, 6, 3), offsetFrom: F.hours(11), offsetTo: F.hours(10),
                  recurrenceRule: F.yearly(month: 4, .init(.sunday, ordinal: 1))),
            .init(kind: .daylight, start: F.wall(2008, 10, 5, 2), offsetFrom: F.hours(10), offsetTo: F.hours(11),
                  recurrenceRule: F.yearly(month: 10, .init(.sunday, ordinal: 1))),
        ])
        let zone = DefinedZone(definition: definition, identifier: nil)
        let reference = try #require(TimeZone(identifier: "Australia/Sydney"))
        for instant in stride(from: F.utc(2020, 1, 1), to: F.utc(2031, 1, 1), by: 3600 * 5 + 13) {
            #expect(zone.offset(atUTC: instant) == reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
        }
    }

    @Test("a Moscow-like zone made of RDATEs changes once and stays")
    func rdateOnlyZone() {
        // 2011-03-27 02:00 +03:00 → +04:00, then no more changes; 2014-10-26 02:00 +04:00 (22:00Z) → +03:00.
        let definition = TimeZoneDefinition(tzid: "Moscow-ish", observances: [
            .init(kind: .standard, start: F.wall(2010, 10, 31, 3), offsetFrom: F.hours(4), offsetTo: F.hours(3)),
            .init(kind: .standard, start: F.wall(2011, 3, 27, 2), offsetFrom: F.hours(3), offsetTo: F.hours(4)),
            .init(kind: .standard, start: F.wall(2014, 10, 26, 2), offsetFrom: F.hours(4), offsetTo: F.hours(3)),
        ])
        let zone = DefinedZone(definition: definition, identifier: nil)
        #expect(zone.offset(atUTC: F.utc(2011, 1, 1)) == 10_800)
        #expect(zone.offset(atUTC: F.utc(2012, 1, 1)) == 14_400)
        #expect(zone.offset(atUTC: F.utc(2013, 7, 1)) == 14_400)
        #expect(zone.offset(atUTC: F.utc(2014, 10, 25, 21, 59, 59)) == 14_400)
        #expect(zone.offset(atUTC: F.utc(2014, 10, 25, 22)) == 10_800)
        #expect(zone.offset(atUTC: F.utc(2030, 1, 1)) == 10_800)
        // Before the first onset: its TZOFFSETFROM.
        #expect(zone.offset(atUTC: F.utc(2000, 1, 1)) == 14_400)
    }

    @Test("a definition without observances has offset 0")
    func empty() {
        let zone = DefinedZone(definition: TimeZoneDefinition(tzid: "Empty"), identifier: "Empty")
        #expect(zone.offset(atUTC: F.utc(2024, 1, 1)) == 0)
        #expect(zone.resolve(F.wall(2024, 1, 1)) == (F.utc(2024, 1, 1), true))
    }

    /// A rule naming every second of the year (12 months × 31 month days, at most 366 days, ×
    /// 24 × 60 × 60 = 31,622,400 onsets) is outside the subset: the observance keeps its DTSTART
    /// (read in +01:00) and nothing else, instead of listing 31 million onsets a year.
    @Test("a rule of more than a thousand onsets a year is ignored")
    func tooManyOnsetsAYear() {
        let everySecond = Rule(frequency: .yearly, bySecond: Array(0...59), byMinute: Array(0...59), byHour: Array(0...23),
                               byMonthDay: Array(1...31), byMonth: (1...12).map { .init($0) })
        #expect(ObservanceSchedule.yearOnsetBound(everySecond) == 31_622_400)
        #expect(!ObservanceSchedule.isSupported(everySecond))
        let schedule = ObservanceSchedule(observance(F.wall(2020, 1, 1, 0), rule: everySecond))
        #expect(!schedule.isRuleSupported)
        #expect(schedule.onsets(inYear: 2020) == [F.utc(2019, 12, 31, 23)])
        #expect(schedule.onsets(inYear: 2021) == [])
        // Every day of the year (at most 366 onsets) is still within it; a part repeated a
        // million times counts once, and names its onset once.
        let everyDay = Rule(frequency: .yearly, byMonthDay: Array(1...31), byMonth: (1...12).map { .init($0) })
        #expect(ObservanceSchedule.yearOnsetBound(everyDay) == 366)
        #expect(ObservanceSchedule.isSupported(everyDay))
        let repeated = Rule(frequency: .yearly, byHour: Array(repeating: 3, count: 1_000_000),
                            byDay: [.init(.sunday, ordinal: 1)], byMonth: [.init(4)])
        #expect(ObservanceSchedule.yearOnsetBound(repeated) == 31)
        #expect(ObservanceSchedule.ruleDates(repeated, start: F.wall(2020, 4, 5, 2), year: 2024) == [F.wall(2024, 4, 7, 3)])
    }
}
