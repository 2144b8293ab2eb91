/// STATUS of a VEVENT, VTODO or VJOURNAL (RFC 5545 3.8.1.11); an open set (``EnumeratedValue``).
///
/// Each component has its own list: events `TENTATIVE`, `CONFIRMED`, `CANCELLED`; to-dos
/// `NEEDS-ACTION`, `COMPLETED`, `IN-PROCESS`, `CANCELLED`; journals `DRAFT`, `FINAL`, `CANCELLED`.
/// One type holds them all, as ``Incidence`` holds the three components.
///
/// ```swift
/// if event.status == .cancelled { continue }
/// ```
public struct EventStatus: EnumeratedValue {
    /// The value, upper-cased (`CONFIRMED`, or `X-…` as written).
    public let rawValue: String

    /// Wraps a STATUS value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `TENTATIVE`: the event is not yet confirmed.
    public static let tentative = EventStatus(rawValue: "TENTATIVE")
    /// `CONFIRMED`: the event will take place.
    public static let confirmed = EventStatus(rawValue: "CONFIRMED")
    /// `CANCELLED`: the event, to-do or journal entry was cancelled (views leave it out).
    public static let cancelled = EventStatus(rawValue: "CANCELLED")
    /// `NEEDS-ACTION` (to-dos).
    public static let needsAction = EventStatus(rawValue: "NEEDS-ACTION")
    /// `COMPLETED` (to-dos).
    public static let completed = EventStatus(rawValue: "COMPLETED")
    /// `IN-PROCESS` (to-dos).
    public static let inProcess = EventStatus(rawValue: "IN-PROCESS")
    /// `DRAFT` (journals).
    public static let draft = EventStatus(rawValue: "DRAFT")
    /// `FINAL` (journals).
    public static let `final` = EventStatus(rawValue: "FINAL")
}

/// TRANSP (RFC 5545 3.8.2.7): whether an event takes up time on free/busy searches; an open set.
public struct Transparency: EnumeratedValue {
    /// The value, upper-cased.
    public let rawValue: String

    /// Wraps a TRANSP value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `OPAQUE`: busy (the default when TRANSP is absent).
    public static let opaque = Transparency(rawValue: "OPAQUE")
    /// `TRANSPARENT`: free.
    public static let transparent = Transparency(rawValue: "TRANSPARENT")
}

/// CLASS (RFC 5545 3.8.1.3): the access classification; an open set.
public struct Classification: EnumeratedValue {
    /// The value, upper-cased.
    public let rawValue: String

    /// Wraps a CLASS value, upper-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `PUBLIC` (the default when CLASS is absent).
    public static let `public` = Classification(rawValue: "PUBLIC")
    /// `PRIVATE`.
    public static let `private` = Classification(rawValue: "PRIVATE")
    /// `CONFIDENTIAL`.
    public static let confidential = Classification(rawValue: "CONFIDENTIAL")
}
