/// ACTION of a VALARM (RFC 5545 3.8.6.1): what the alarm does; an open set (``EnumeratedValue``).
///
/// ```swift
/// for reminder in reminders where reminder.action == .display { notify(reminder) }
/// ```
public struct AlarmAction: EnumeratedValue {
    /// The value, upper-cased.
    public let rawValue: String

    /// Wraps an ACTION value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `AUDIO`: play a sound.
    public static let audio = AlarmAction(rawValue: "AUDIO")
    /// `DISPLAY`: show a message (DESCRIPTION).
    public static let display = AlarmAction(rawValue: "DISPLAY")
    /// `EMAIL`: send an email to the alarm's attendees.
    public static let email = AlarmAction(rawValue: "EMAIL")
    /// `NONE` (RFC 9074 section 7): never goes off, stands in for a default alarm. Not named
    /// `none`, which `Optional.none` would shadow in `alarm.action == .none`.
    public static let noAction = AlarmAction(rawValue: "NONE")
}
