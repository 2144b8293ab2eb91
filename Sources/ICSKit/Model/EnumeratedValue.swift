/// An enumerated iCalendar value (RFC 5545 3.2, 3.8): a known value or any other one, as written.
///
/// The RFC's enumerations are open: every one of them allows `x-name` and `iana-token` values
/// beside the ones it lists. So each is a struct around its text, with `static let` constants for
/// the listed values: a value ICSKit does not know (`X-BUSY-AWAY`, a future IANA token) survives
/// an import and an encode unchanged, and a new constant never breaks a caller's `switch`
/// (which needs a `default:` anyway).
///
/// Names and enumerated values are case-insensitive (RFC 5545 section 2): ``init(rawValue:)``
/// upper-cases its input, so `tentative` and `TENTATIVE` are the same value and ``rawValue`` is
/// always the RFC's canonical upper-case spelling. Encodes as a single string.
///
/// ```swift
/// if event.status == .cancelled { … }
/// let busy = EventStatus(rawValue: "x-busy-away")   // rawValue "X-BUSY-AWAY"
/// ```
public protocol EnumeratedValue: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue == String {
    /// Wraps a value as written; upper-cases it (enumerated values are case-insensitive).
    init(rawValue: String)
}

extension EnumeratedValue {
    /// The value as iCalendar writes it (``rawValue``).
    public var description: String { rawValue }

    /// Decodes the value from a single string, upper-cased.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes ``rawValue`` as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether this is an experimental `X-` value (RFC 5545 3.1, `x-name`).
    public var isExperimental: Bool { rawValue.hasPrefix("X-") }
}
