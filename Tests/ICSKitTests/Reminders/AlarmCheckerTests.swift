import Foundation
import Testing
@testable import ICSKit

/// `validate`'s warnings for alarms that can never go off, at the line of the TRIGGER (or of the
/// snooze's RELATED-TO), on the two validation fixtures; lines counted by hand in the files.
@Suite("Alarm checks (ICS2130, ICS2131)")
struct AlarmCheckerTests {
    static func findings(_ name: String) -> [Finding] {
        Validator().validate(path: ValidationSupport.fixtures.appendingPathComponent("invalid/" + name).path).findings
    }

    @Test func cannotFire() {
        let found = Self.findings("ICS2130-alarm-cannot-fire.ics")
        #expect(found.map(\.code) == [.alarmCannotFire, .alarmCannotFire])
        #expect(found.map(\.line) == [12, 23], "the TRIGGER lines")
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(found.map(\.uid) == ["todo-due-only@example.com", "todo-start-only@example.com"])
        #expect(found.first?.message == "TRIGGER -PT1H is relative to the start, but the VTODO has no DTSTART: the alarm can never go off")
    }

    @Test func snoozeOfNothing() {
        let found = Self.findings("ICS2131-snooze-without-alarm.ics")
        #expect(found.map(\.code) == [.snoozeWithoutAlarm])
        #expect(found.map(\.line) == [18], "the RELATED-TO line")
        #expect(found.map(\.property) == ["RELATED-TO"])
    }

    /// What the expansion fires needs no warning: a snooze of an alarm that is there, a due-related
    /// alarm on a to-do with DUE, an absolute trigger without DTSTART.
    @Test func firingAlarmsAreQuiet() throws {
        var todo = Incidence(kind: .todo)
        todo.uid = "t"
        todo.due = .utc(CivilDateTime(year: 2024, month: 6, day: 5, hour: 16))
        todo.alarms = [
            Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, hours: 1), toEnd: true),
                  otherProperties: [Property(name: "UID", value: "a")]),
            Alarm(action: .display, trigger: .absolute(.utc(CivilDateTime(year: 2024, month: 6, day: 5, hour: 15))),
                  otherProperties: [Property(name: "RELATED-TO", parameters: [Parameter(name: "RELTYPE", value: "SNOOZE")], value: "a")]),
        ]
        #expect(AlarmChecker.check(todo, file: "x.ics").isEmpty)
        todo.due = nil
        #expect(AlarmChecker.check(todo, file: "x.ics").map(\.code) == [.alarmCannotFire], "no DUE, no DTSTART")
    }
}
