/// ROLE of an attendee (RFC 5545 3.2.16); an open set (``EnumeratedValue``).
public struct ParticipantRole: EnumeratedValue {
    /// The value, upper-cased.
    public let rawValue: String

    /// Wraps a ROLE value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `CHAIR`: chairs the meeting.
    public static let chair = ParticipantRole(rawValue: "CHAIR")
    /// `REQ-PARTICIPANT`: required (the default when ROLE is absent).
    public static let required = ParticipantRole(rawValue: "REQ-PARTICIPANT")
    /// `OPT-PARTICIPANT`: optional.
    public static let optional = ParticipantRole(rawValue: "OPT-PARTICIPANT")
    /// `NON-PARTICIPANT`: copied for information.
    public static let nonParticipant = ParticipantRole(rawValue: "NON-PARTICIPANT")
}

/// PARTSTAT of an attendee (RFC 5545 3.2.12); an open set (``EnumeratedValue``).
public struct ParticipationStatus: EnumeratedValue {
    /// The value, upper-cased.
    public let rawValue: String

    /// Wraps a PARTSTAT value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `NEEDS-ACTION`: no answer yet (the default when PARTSTAT is absent).
    public static let needsAction = ParticipationStatus(rawValue: "NEEDS-ACTION")
    /// `ACCEPTED`.
    public static let accepted = ParticipationStatus(rawValue: "ACCEPTED")
    /// `DECLINED`.
    public static let declined = ParticipationStatus(rawValue: "DECLINED")
    /// `TENTATIVE`.
    public static let tentative = ParticipationStatus(rawValue: "TENTATIVE")
    /// `DELEGATED`.
    public static let delegated = ParticipationStatus(rawValue: "DELEGATED")
    /// `COMPLETED` (to-dos).
    public static let completed = ParticipationStatus(rawValue: "COMPLETED")
    /// `IN-PROCESS` (to-dos).
    public static let inProcess = ParticipationStatus(rawValue: "IN-PROCESS")
}

/// CUTYPE of a calendar user (RFC 5545 3.2.3); an open set (``EnumeratedValue``).
public struct CalendarUserType: EnumeratedValue {
    /// The value, upper-cased.
    public let rawValue: String

    /// Wraps a CUTYPE value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `INDIVIDUAL`: a person (the default when CUTYPE is absent).
    public static let individual = CalendarUserType(rawValue: "INDIVIDUAL")
    /// `GROUP`: a group of people.
    public static let group = CalendarUserType(rawValue: "GROUP")
    /// `RESOURCE`: a physical resource (a projector).
    public static let resource = CalendarUserType(rawValue: "RESOURCE")
    /// `ROOM`: a room.
    public static let room = CalendarUserType(rawValue: "ROOM")
    /// `UNKNOWN`.
    public static let unknown = CalendarUserType(rawValue: "UNKNOWN")
}
