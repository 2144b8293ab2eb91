import Foundation

/// One component's alarms with what the reminder rules ask of all of them at once, worked out in
/// one pass: which alarms copy an earlier one, which alarm UIDs are there (a snooze alarm fires
/// only while the alarm it snoozes is), and the latest absolute trigger that snoozes each UID.
///
/// The rules are asked per alarm and per occurrence; answered by searching the other alarms, a
/// component of thousands of alarms with UIDs made each occurrence quadratic in them (20,000
/// such alarms on a daily event: 111 s for a week of reminders). Here each answer is a lookup.
struct ComponentAlarms {
    let alarms: [Alarm]
    /// Which alarms repeat an earlier one (``ReminderMaker/copies(among:)``); nil when none does.
    let copies: [Bool]?
    /// Thunderbird's acknowledgement and snoozes, read from the component.
    let moz: MozillaAlarmState
    /// Each alarm's UID (``Alarm/uid``), read once.
    private let uids: [String?]
    /// The UIDs of the alarms that are there.
    private let present: Set<String>
    /// Each alarm's ``Alarm/snoozedAlarmUID``, read once.
    private let snoozed: [String?]
    /// For a UID, the latest UTC trigger (seconds since 1970) of an absolute snooze alarm that
    /// replaces it and is not `ACTION:NONE`.
    private let snoozedUntil: [String: Int]

    /// - Complexity: O(n) for n alarms.
    init(_ incidence: Incidence) {
        alarms = incidence.alarms
        copies = ReminderMaker.copies(among: alarms)
        moz = MozillaAlarmState(incidence)
        uids = alarms.map(\.uid)
        present = Set(uids.compactMap { $0 })
        snoozed = alarms.map(\.snoozedAlarmUID)
        var until: [String: Int] = [:]
        for (index, target) in snoozed.enumerated() {
            guard let target, !alarms[index].isNone,
                  case .absolute(let value)? = alarms[index].trigger, case .utc(let t) = value else { continue }
            until[target] = max(until[target] ?? Int.min, t.secondsSinceEpoch)
        }
        snoozedUntil = until
    }

    /// Whether the alarm at `index` can go off at all: it has a trigger, is not `ACTION:NONE`,
    /// for a snooze alarm the alarm it snoozes is there, and it is not a copy of an earlier alarm.
    func fires(at index: Int) -> Bool {
        let alarm = alarms[index]
        guard alarm.trigger != nil, !alarm.isNone else { return false }
        if let target = snoozed[index] { return present.contains(target) }
        return !(copies?[index] ?? false)
    }

    /// The instant (seconds since 1970) up to which the triggers of the alarm at `index` are done
    /// with: its ACKNOWLEDGED, the component's X-MOZ-LASTACK, and the trigger of any absolute
    /// snooze alarm that replaces it. Nil when none of them is there.
    func acknowledgement(at index: Int) -> Int? {
        var latest = alarms[index].acknowledged.map { Int($0.timeIntervalSince1970) }
        if let last = moz.lastAcknowledged { latest = max(latest ?? Int.min, Int(last.timeIntervalSince1970)) }
        if let uid = uids[index], let until = snoozedUntil[uid] { latest = max(latest ?? Int.min, until) }
        return latest
    }
}
