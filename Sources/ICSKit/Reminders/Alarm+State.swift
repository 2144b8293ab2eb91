import Foundation

/// What RFC 9074 and the producers that predate it add to a VALARM, read from its
/// ``Alarm/otherProperties`` (the model keeps them as written).
extension Alarm {
    /// The alarm's UID (RFC 9074 section 4), else Apple's and Google's older `X-WR-ALARMUID`.
    public var uid: String? {
        otherProperties.first { $0.name == "UID" }?.value ?? otherProperties.first { $0.name == "X-WR-ALARMUID" }?.value
    }

    /// ACKNOWLEDGED (RFC 9074 section 6): the instant the user last dismissed this alarm; a
    /// trigger at or before it has been dealt with.
    public var acknowledged: Date? {
        otherProperties.first { $0.name == "ACKNOWLEDGED" }.flatMap { AlarmTimeText.utc($0.value) }
    }

    /// For a snooze alarm (`RELATED-TO;RELTYPE=SNOOZE:<uid>`, RFC 9074 section 5), the UID of
    /// the alarm it snoozes; nil for any other alarm.
    public var snoozedAlarmUID: String? {
        otherProperties.first { $0.name == "RELATED-TO" && $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }?.value
    }

    /// Whether the producer marked this as a default alarm the user did not set
    /// (`X-APPLE-DEFAULT-ALARM:TRUE`), so that an app can skip it.
    public var isDefault: Bool {
        otherProperties.contains { $0.name == "X-APPLE-DEFAULT-ALARM" && $0.value.uppercased() == "TRUE" }
    }

    /// Whether the alarm is `ACTION:NONE` (RFC 9074 section 7): it never goes off; it only
    /// stands in for a default alarm.
    public var isNone: Bool { action == .noAction }

    /// ATTACH (the sound of an AUDIO alarm, a document for EMAIL), as written.
    public var attachment: String? {
        otherProperties.first { $0.name == "ATTACH" }?.value
    }
}

/// What Thunderbird writes on the component instead of RFC 9074: `X-MOZ-LASTACK` (the
/// last dismissal, for every alarm of the component), `X-MOZ-SNOOZE-TIME` (when a snoozed
/// alarm of a single event rings again) and `X-MOZ-SNOOZE-TIME-<µs>` (the same for one
/// instance of a series, named by its RECURRENCE-ID in microseconds since 1970 UTC; a DATE
/// is taken at its midnight UTC), each a UTC DATE-TIME.
struct MozillaAlarmState {
    var lastAcknowledged: Date?
    /// The snooze of a single event.
    var snooze: Date?
    /// The snoozes of instances, by recurrence id in microseconds.
    var instanceSnoozes: [(microseconds: Int, until: Date)] = []

    init(_ incidence: Incidence) {
        for property in incidence.otherProperties where property.name.utf8.starts(with: "X-MOZ-".utf8) {
            switch property.name {
            case "X-MOZ-LASTACK": lastAcknowledged = AlarmTimeText.utc(property.value)
            case "X-MOZ-SNOOZE-TIME": snooze = AlarmTimeText.utc(property.value)
            default:
                let prefix = "X-MOZ-SNOOZE-TIME-"
                if property.name.hasPrefix(prefix), let micro = Int(property.name.dropFirst(prefix.count)),
                   let until = AlarmTimeText.utc(property.value) {
                    instanceSnoozes.append((micro, until))
                }
            }
        }
    }

    var isEmpty: Bool { lastAcknowledged == nil && snooze == nil && instanceSnoozes.isEmpty }

    /// Thunderbird's `nativeTime` of an instance: its recurrence id in microseconds since 1970
    /// UTC (a DATE or a floating time read as UTC, as Thunderbird does).
    static func microseconds(of recurrenceID: OccurrenceTime) -> Int {
        switch recurrenceID {
        case .instant(let seconds, _, _): return seconds * 1_000_000
        case .date(let d): return d.daysSinceEpoch * 86_400 * 1_000_000
        case .floating(let t): return t.secondsSinceEpoch * 1_000_000
        }
    }
}

/// Reads the UTC DATE-TIME values that alarms' state properties hold (`20240603T071500Z`).
enum AlarmTimeText {
    /// The instant of a UTC DATE-TIME; nil for any other text.
    static func utc(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (48...57).contains(bytes[i]) else { return nil }
                value = value * 10 + Int(bytes[i] - 48)
            }
            return value
        }
        guard let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8),
              let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15) else { return nil }
        let date = CivilDate(year: y, month: mo, day: d)
        guard date.isValid, h < 24, mi < 60, s < 61 else { return nil }
        let wall = CivilDateTime(date: date, hour: h, minute: mi, second: s)
        return Date(timeIntervalSince1970: TimeInterval(wall.secondsSinceEpoch))
    }
}
