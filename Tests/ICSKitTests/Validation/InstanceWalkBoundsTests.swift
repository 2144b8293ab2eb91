import Foundation
import Testing
@testable import ICSKit

/// The validator's instance walks stop once past what they look for: a rule without COUNT is
/// sought to each time asked about instead of walked from DTSTART, so an EXDATE centuries on that
/// matches nothing costs a few instances, not the walk's bound. Expected values worked out by hand
/// from RFC 5545 3.3.10 (BYSETPOS=-1 over the weekdays of a month is its last weekday).
@Suite("Instance walk bounds")
struct InstanceWalkBoundsTests {
    static let start = TimeValue.utc(CivilDateTime(year: 2024, month: 1, day: 31, hour: 9))
    static let lastWeekday = RecurrenceText.rule("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")

    static func matcher(_ rule: RecurrenceRule, targets: [TimeValue]) -> InstanceMatcher {
        let clock = SeriesWalk.clock(of: start, resolver: nil, recurring: true)
        return InstanceMatcher(start: start, rules: [rule], dates: [], targets: targets, clock: clock, lookup: { _ in nil })
    }

    /// 1 June 9000 is no month's last weekday; 30 June 9000 is a Monday (checked with Python's
    /// `date(9000, 6, 30).weekday() == 0`), so it is June's. Both answered from a few instances around each.
    @Test func aFarTimeIsSoughtNotWalkedTo() {
        let none = TimeValue.utc(CivilDateTime(year: 9000, month: 6, day: 1, hour: 9))
        let last = TimeValue.utc(CivilDateTime(year: 9000, month: 6, day: 30, hour: 9))
        let matcher = Self.matcher(Self.lastWeekday, targets: [none, last])
        #expect(!matcher.matches(none))
        #expect(matcher.matches(last))
        #expect(matcher.walked <= 4, "walked \(matcher.walked)")
    }

    /// With COUNT the rule cannot be sought (each instance counts): walked from DTSTART, and no
    /// further than a day past the latest time asked about.
    @Test func aRuleWithCountIsWalkedOnlyPastTheTarget() {
        var counted = Self.lastWeekday
        counted.count = 1_000_000
        let none = TimeValue.utc(CivilDateTime(year: 2030, month: 6, day: 1, hour: 9))
        let matcher = Self.matcher(counted, targets: [none])
        #expect(!matcher.matches(none))
        // February 2024 to May 2030: 76 instances, then the first past the target (Friday 28 June 2030).
        #expect(matcher.walked == 77, "walked \(matcher.walked)")
    }
}
