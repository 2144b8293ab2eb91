/// An ORGANIZER or ATTENDEE: a calendar address with its parameters (RFC 5545 3.8.4.1, 3.8.4.3).
public struct CalendarUser: Sendable, Hashable, Codable {
    /// The CAL-ADDRESS value, usually `mailto:…`.
    public var address: String
    /// Every parameter as written (CN, ROLE, PARTSTAT, RSVP, CUTYPE, MEMBER, DELEGATED-TO, X-…).
    public var parameters: [Parameter]

    /// A calendar user with its address (a `mailto:` URI) and parameters (CN, ROLE, PARTSTAT, …).
    public init(address: String, parameters: [Parameter] = []) {
        self.address = address
        self.parameters = parameters
    }

    /// CN, the display name.
    public var commonName: String? { parameters[parameter: "CN"] }
    /// ROLE (`REQ-PARTICIPANT` when absent, RFC 5545 3.2.16).
    public var role: ParticipantRole { parameters[parameter: "ROLE"].map(ParticipantRole.init(rawValue:)) ?? .required }
    /// PARTSTAT (`NEEDS-ACTION` when absent, 3.2.12).
    public var participationStatus: ParticipationStatus {
        parameters[parameter: "PARTSTAT"].map(ParticipationStatus.init(rawValue:)) ?? .needsAction
    }
    /// RSVP (`false` when absent, 3.2.17).
    public var rsvp: Bool { parameters[parameter: "RSVP"]?.uppercased() == "TRUE" }
    /// CUTYPE (`INDIVIDUAL` when absent, 3.2.3).
    public var userType: CalendarUserType { parameters[parameter: "CUTYPE"].map(CalendarUserType.init(rawValue:)) ?? .individual }
    /// The address without its `mailto:` scheme.
    public var email: String? {
        let lower = address.lowercased()
        return lower.hasPrefix("mailto:") ? String(address.dropFirst(7)) : nil
    }
}

/// GEO: latitude and longitude in degrees (3.8.1.6).
public struct Geo: Sendable, Hashable, Codable {
    /// The latitude in degrees (RFC 5545 3.8.1.6: north positive).
    public var latitude: Double
    /// The longitude in degrees (east positive).
    public var longitude: Double

    /// A position in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
