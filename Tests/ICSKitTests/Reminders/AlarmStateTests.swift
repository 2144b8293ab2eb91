import Foundation
import Testing
@testable import ICSKit

/// Reading RFC 9074's alarm properties and Thunderbird's X-MOZ ones (formats checked against
/// Thunderbird's calAlarmService: `X-MOZ-SNOOZE-TIME-` + the instance's `recurrenceId.nativeTime`,
/// microseconds since 1970 UTC).
@Suite("Alarm state (RFC 9074, Thunderbird, Apple)")
struct AlarmStateTests {
    @Test func utcText() {
        #expect(AlarmTimeText.utc("20240604T070100Z") == Date(timeIntervalSince1970: 1_717_484_460))
        #expect(AlarmTimeText.utc("20240604T070100") == nil, "floating is not UTC")
        #expect(AlarmTimeText.utc("20241304T070100Z") == nil, "month 13")
        #expect(AlarmTimeText.utc("2024-06-04") == nil)
    }

    @Test func rfc9074Properties() {
        let alarm = Alarm(action: .display, otherProperties: [
            Property(name: "UID", value: "a-1"),
            Property(name: "RELATED-TO", parameters: [Parameter(name: "RELTYPE", value: "SNOOZE")], value: "a-0"),
            Property(name: "ACKNOWLEDGED", value: "20240604T070100Z"),
            Property(name: "X-APPLE-DEFAULT-ALARM", value: "TRUE"),
            Property(name: "ATTACH", value: "Chord"),
        ])
        #expect(alarm.uid == "a-1")
        #expect(alarm.snoozedAlarmUID == "a-0")
        #expect(alarm.acknowledged == Date(timeIntervalSince1970: 1_717_484_460))
        #expect(alarm.isDefault)
        #expect(alarm.attachment == "Chord")
        #expect(!alarm.isNone)
        let parent = Alarm(otherProperties: [Property(name: "RELATED-TO", value: "a-0"), Property(name: "X-WR-ALARMUID", value: "w-1")])
        #expect(parent.snoozedAlarmUID == nil, "RELTYPE defaults to PARENT, not SNOOZE")
        #expect(parent.uid == "w-1")
    }

    @Test func mozillaProperties() {
        var incidence = Incidence(kind: .event)
        incidence.otherProperties = [
            Property(name: "X-MOZ-LASTACK", value: "20240604T074800Z"),
            Property(name: "X-MOZ-SNOOZE-TIME-1717488000000000", value: "20240604T075500Z"),
            Property(name: "X-MOZ-GENERATION", value: "3"),
        ]
        let state = MozillaAlarmState(incidence)
        #expect(state.lastAcknowledged == Date(timeIntervalSince1970: 1_717_487_280))
        #expect(state.snooze == nil)
        #expect(state.instanceSnoozes.map(\.microseconds) == [1_717_488_000_000_000])
        // 1155340800000000 is 12 August 2006 00:00 UTC, Thunderbird's nativeTime of RDATE 20060812 (a date).
        #expect(MozillaAlarmState.microseconds(of: .date(CivilDate(year: 2006, month: 8, day: 12))) == 1_155_340_800_000_000)
        #expect(MozillaAlarmState.microseconds(of: .instant(secondsSinceEpoch: 1_717_488_000, utcOffset: 7200, zone: "Europe/Berlin"))
                == 1_717_488_000_000_000)
    }

    /// RFC 5545 3.3.6: days nominal in the zone, hours exact (Berlin's DST began 31 March 2024 02:00).
    @Test func nominalDaysExactHours() {
        let clock = AlarmClock(zone: FoundationZone(zone: TimeZone(identifier: "Europe/Berlin")!))
        let sundayNine = 1_711_868_400  // 31 March 2024 09:00 CEST = 07:00Z
        #expect(clock.add(ICSDuration(isNegative: true, days: 1), to: sundayNine) == sundayNine - 23 * 3600, "09:00 CET on the 30th")
        #expect(clock.add(ICSDuration(isNegative: true, hours: 24), to: sundayNine) == sundayNine - 24 * 3600)
        #expect(clock.add(ICSDuration(isNegative: true, days: 1, hours: 1), to: sundayNine) == sundayNine - 24 * 3600, "08:00 CET")
        #expect(clock.add(ICSDuration(weeks: 1), times: 2, to: sundayNine) == sundayNine + 14 * 86_400)
    }
}
