/// One RDATE value (RFC 5545 3.8.5.2): a DATE, a DATE-TIME, or a PERIOD with its own end.
public enum RecurrenceDate: Sendable, Hashable, Codable {
    /// `RDATE;VALUE=DATE:…` or `RDATE:…` (DATE-TIME).
    case time(TimeValue)
    /// `RDATE;VALUE=PERIOD:start/end` or `start/duration`: an instance with its own length.
    case period(start: TimeValue, end: PeriodEnd)

    /// The end of a PERIOD: an explicit DATE-TIME or a duration from the start.
    public enum PeriodEnd: Sendable, Hashable, Codable {
        case time(TimeValue)
        case duration(ICSDuration)
    }

    /// The start of the instance.
    public var start: TimeValue {
        switch self {
        case .time(let t): return t
        case .period(let s, _): return s
        }
    }
}
