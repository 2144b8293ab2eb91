/// A VALARM (RFC 5545 3.6.6).
public struct Alarm: Sendable, Hashable, Codable {
    /// When the alarm goes off: relative to the start (or end) of its component, or at an instant.
    public enum Trigger: Sendable, Hashable, Codable {
        /// `TRIGGER:-PT15M` (`RELATED=START`) or `TRIGGER;RELATED=END:PT5M`.
        case relative(ICSDuration, toEnd: Bool)
        /// `TRIGGER;VALUE=DATE-TIME:19980101T050000Z`.
        case absolute(TimeValue)
    }

    /// ACTION (`AUDIO`, `DISPLAY`, `EMAIL`, or another value as written).
    public var action: AlarmAction?
    /// TRIGGER.
    public var trigger: Trigger?
    // The lines follow a 25-byte `Trigger?`, in its padding (``CompactLine``).
    /// The physical line of its BEGIN, when known.
    @CompactLine public var line: Int?
    /// The physical line of its TRIGGER, when known.
    @CompactLine public var triggerLine: Int? = nil
    /// DESCRIPTION: the text a DISPLAY alarm shows, or an EMAIL alarm's body. Named `notes`, as
    /// on ``Incidence/notes``, so that it does not shadow `CustomStringConvertible.description`.
    public var notes: String?
    /// SUMMARY: an EMAIL alarm's subject.
    public var summary: String?
    /// DURATION between repeats.
    public var duration: ICSDuration?
    /// REPEAT count.
    public var repeatCount: Int?
    /// ATTENDEE: who an EMAIL alarm is sent to.
    public var attendees: [CalendarUser]
    /// Every other property (ATTACH, UID, X-WR-ALARMUID, ACKNOWLEDGED, …).
    public var otherProperties: [Property]

    /// Creates an alarm from its properties.
    public init(action: AlarmAction? = nil, trigger: Trigger? = nil, notes: String? = nil, summary: String? = nil,
                duration: ICSDuration? = nil, repeatCount: Int? = nil, attendees: [CalendarUser] = [],
                otherProperties: [Property] = [], line: Int? = nil, triggerLine: Int? = nil) {
        self.action = action
        self.trigger = trigger
        self.notes = notes
        self.summary = summary
        self.duration = duration
        self.repeatCount = repeatCount
        self.attendees = attendees
        self.otherProperties = otherProperties
        self.line = line
        self.triggerLine = triggerLine
    }
}
