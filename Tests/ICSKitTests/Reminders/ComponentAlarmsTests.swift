import Foundation
import Testing
@testable import ICSKit

/// The per-component alarm rules (RFC 9074 sections 5 and 6, Thunderbird's X-MOZ-LASTACK, copied
/// alarms), on one to-do whose answers are worked out by hand.
@Suite("Component alarms")
struct ComponentAlarmsTests {
    static let snooze = [Parameter(name: "RELTYPE", value: "SNOOZE")]
    static func at(_ hour: Int) -> Alarm.Trigger { .absolute(.utc(CivilDateTime(year: 2024, month: 6, day: 4, hour: hour))) }
    static let before = Alarm.Trigger.relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false)

    static func incidence(lastAcknowledged: String? = nil) -> Incidence {
        var event = Incidence(kind: .event)
        event.uid = "e"
        event.alarms = [
            // 0: UID a, dismissed at 07:01Z.
            Alarm(action: .display, trigger: before, otherProperties: [Property(name: "UID", value: "a"),
                                                                         Property(name: "ACKNOWLEDGED", value: "20240604T070100Z")]),
            // 1: snoozes a until 08:00Z.
            Alarm(action: .display, trigger: at(8), otherProperties: [Property(name: "RELATED-TO", parameters: snooze, value: "a")]),
            // 2: snoozes a until 09:00Z, but ACTION:NONE: it neither fires nor acknowledges.
            Alarm(action: .noAction, trigger: at(9), otherProperties: [Property(name: "RELATED-TO", parameters: snooze, value: "a")]),
            // 3: snoozes an alarm that is not there.
            Alarm(action: .display, trigger: at(10), otherProperties: [Property(name: "RELATED-TO", parameters: snooze, value: "gone")]),
            // 4 and 5: the same alarm twice, without UIDs: the second is a copy.
            Alarm(action: .display, trigger: before, summary: "x"),
            Alarm(action: .display, trigger: before, summary: "x"),
            // 6: UID b, never dismissed.
            Alarm(action: .audio, trigger: before, otherProperties: [Property(name: "UID", value: "b")]),
            // 7: no trigger.
            Alarm(action: .display),
        ]
        if let lastAcknowledged { event.otherProperties = [Property(name: "X-MOZ-LASTACK", value: lastAcknowledged)] }
        return event
    }

    @Test func whichAlarmsFire() {
        let alarms = ComponentAlarms(Self.incidence())
        #expect(alarms.alarms.indices.map(alarms.fires(at:)) == [true, true, false, false, true, false, true, false])
    }

    @Test func acknowledgements() {
        let eight = 1_717_488_000, ten = 1_717_495_200
        let alarms = ComponentAlarms(Self.incidence())
        #expect(alarms.acknowledgement(at: 0) == eight, "the later of ACKNOWLEDGED (07:01Z) and the snooze (08:00Z); the NONE snooze at 09:00Z does not count")
        #expect(alarms.acknowledgement(at: 6) == nil)
        #expect(alarms.acknowledgement(at: 1) == nil, "a snooze alarm without a UID of its own")
        let acknowledged = ComponentAlarms(Self.incidence(lastAcknowledged: "20240604T100000Z"))
        #expect(acknowledged.acknowledgement(at: 0) == ten, "X-MOZ-LASTACK is later than both")
        #expect(acknowledged.acknowledgement(at: 6) == ten)
    }
}
