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
    public var action: String?
    /// TRIGGER: when the alarm goes off, relative to the start or end, or at an instant.
    public var trigger: Trigger?
    /// DESCRIPTION: the text a DISPLAY or EMAIL alarm shows.
    public var description: String?
    /// SUMMARY: the subject of an EMAIL alarm.
    public var summary: String?
    /// DURATION between repeats.
    public var duration: ICSDuration?
    /// REPEAT count.
    public var repeatCount: Int?
    /// ATTENDEE: who an EMAIL alarm is sent to.
    public var attendees: [CalendarUser]
    /// Every other property (ATTACH, UID, X-WR-ALARMUID, ACKNOWLEDGED, …).
    public var otherProperties: [Property]
    /// The physical line of its BEGIN, when known.
    public var line: Int?
    /// The physical line of its TRIGGER, when known.
    public var triggerLine: Int? = nil

    /// An alarm with the given properties (all optional, as in a file that leaves them out).
    public init(action: String? = nil, trigger: Trigger? = nil, description: String? = nil, summary: String? = nil,
                duration: ICSDuration? = nil, repeatCount: Int? = nil, attendees: [CalendarUser] = [],
                otherProperties: [Property] = [], line: Int? = nil, triggerLine: Int? = nil) {
        self.action = action
        self.trigger = trigger
        self.description = description
        self.summary = summary
        self.duration = duration
        self.repeatCount = repeatCount
        self.attendees = attendees
        self.otherProperties = otherProperties
        self.line = line
        self.triggerLine = triggerLine
    }
}
