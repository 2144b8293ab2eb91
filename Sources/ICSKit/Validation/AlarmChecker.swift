/// The checks of a component's alarms that the reminder expansion relies on: alarms that can
/// never go off (RFC 5545 3.8.6.3, RFC 9074 section 5). REPEAT without DURATION is the line
/// pass's ``DiagnosticCode/alarmRepeatWithoutDuration``.
enum AlarmChecker {
    /// The findings for the alarms of one converted component.
    /// - Complexity: O(a) for a alarms (the UIDs are hashed: a feed can write thousands of snoozes).
    static func check(_ incidence: Incidence, file: String) -> [Finding] {
        var findings: [Finding] = []
        func add(_ code: DiagnosticCode, _ message: String, line: Int?, property: String) {
            findings.append(Finding(file: file, line: line ?? incidence.line, code: code, message: message,
                                    uid: incidence.uid, property: property))
        }
        let name = incidence.kind.rawValue
        var uids: Set<String>?
        for alarm in incidence.alarms {
            if case .relative(let offset, let toEnd)? = alarm.trigger, !alarm.isNone {
                if !toEnd && incidence.start == nil {
                    add(.alarmCannotFire, "TRIGGER \(offset) is relative to the start, but the \(name) has no DTSTART: the alarm can never go off",
                        line: alarm.triggerLine ?? alarm.line, property: "TRIGGER")
                } else if toEnd && incidence.start == nil && (incidence.kind == .event || incidence.due == nil) {
                    add(.alarmCannotFire, "TRIGGER;RELATED=END:\(offset) is relative to the end, but the \(name) has no \(incidence.kind == .todo ? "DUE" : "DTSTART"): the alarm can never go off",
                        line: alarm.triggerLine ?? alarm.line, property: "TRIGGER")
                } else if toEnd && incidence.kind == .todo && incidence.due == nil && incidence.duration == nil {
                    add(.alarmCannotFire, "TRIGGER;RELATED=END:\(offset) is relative to the end, but the VTODO has neither DUE nor DURATION: the alarm can never go off",
                        line: alarm.triggerLine ?? alarm.line, property: "TRIGGER")
                }
            }
            if let target = alarm.snoozedAlarmUID {
                if uids == nil { uids = Set(incidence.alarms.compactMap(\.uid)) }
                if uids?.contains(target) ?? false { continue }
                let relation = alarm.otherProperties.first { $0.name == "RELATED-TO" && $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }
                add(.snoozeWithoutAlarm, "snooze alarm relates to alarm UID \(target), which the \(name) does not have: it can never go off",
                    line: relation?.line ?? alarm.line, property: "RELATED-TO")
            }
        }
        return findings
    }
}
