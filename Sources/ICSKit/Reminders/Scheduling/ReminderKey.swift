import Foundation

/// The identity of one time an alarm goes off, stable across runs and refreshes: what a
/// fired-set records so that a reminder fires once.
///
/// It names the calendar (``Reminder/calendarID``), the component's UID, the instance (its
/// RECURRENCE-ID, else the occurrence's start), the alarm (its UID, else its action, summary
/// and description), the repetition, whether it is a snooze, and the trigger instant. A refresh
/// that leaves an alarm alone leaves its key alone; one that moves the event (or changes the
/// TRIGGER) gives it a new key, so the moved alarm goes off at its new time.
///
/// Two identical VALARMs of one instance (feeds that copy their alarms) have one key and go off once.
public struct ReminderKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 32 lower-case hexadecimal digits: two 64-bit FNV-1a hashes of the identity's fields.
    public let rawValue: String

    /// Wraps a key read back from a fired-set file (32 hexadecimal digits).
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 32, rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// The key of `reminder`.
    ///
    /// - Complexity: O(n) in the length of the fields hashed.
    public init(_ reminder: Reminder) {
        var fields: [String] = [reminder.calendarID.rawValue, reminder.incidence.uid ?? ""]
        if let recurrenceID = reminder.recurrenceID {
            fields.append("r" + Self.text(recurrenceID))
        } else if let start = reminder.occurrence?.start {
            fields.append("s" + Self.text(start))
        } else {
            fields.append("")
        }
        if let uid = reminder.alarm.uid {
            fields.append("u" + uid)
        } else {
            fields.append("a" + reminder.action.rawValue + "\u{1F}" + (reminder.alarm.summary ?? "") + "\u{1F}" + (reminder.alarm.notes ?? ""))
        }
        fields.append(String(reminder.repetition))
        fields.append(reminder.isSnooze ? "snooze" : "")
        fields.append(String(Int(reminder.trigger.timeIntervalSince1970.rounded(.down))))
        let bytes = Array(fields.joined(separator: "\u{0}").utf8)
        var first = FNV1a(), second = FNV1a()
        first.add(bytes)
        second.mix(0x9E37_79B9_7F4A_7C15)
        second.add(bytes.reversed())
        rawValue = FNV1a.hex(first.value) + FNV1a.hex(second.value)
    }

    /// ``rawValue``.
    public var description: String { rawValue }

    /// Orders by ``rawValue``.
    public static func < (a: ReminderKey, b: ReminderKey) -> Bool { a.rawValue < b.rawValue }

    /// An instance's time as text that does not depend on the zone it was read in.
    private static func text(_ time: OccurrenceTime) -> String {
        switch time {
        case .instant(let seconds, _, _): return "i\(seconds)"
        case .date(let d): return "d\(d.year)-\(d.month)-\(d.day)"
        case .floating(let t): return "f\(t.secondsSinceEpoch)"
        }
    }
}

extension Reminder {
    /// This reminder's identity for a fired-set (``ReminderKey``).
    public var key: ReminderKey { ReminderKey(self) }
}
