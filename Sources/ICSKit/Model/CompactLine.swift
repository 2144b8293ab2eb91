/// A stored line number (or `nil`) in 4 bytes, where an `Int?` takes 9 and, followed by 8-byte
/// fields, 16.
///
/// ``Incidence`` and ``Alarm`` keep the physical line of their BEGIN (and an alarm that of its
/// TRIGGER) with it, placed in the padding after a ``TimeValue``? (25 bytes of 32): a
/// calendar's import holds every event at once, so each byte of an `Incidence` is 100 kB of a
/// 100,000-event import's peak memory (see ``Sparse``). The property keeps its type and its name;
/// you never name this type to use it:
///
/// ```swift
/// var event = Incidence(kind: .event)
/// event.line = 12            // an Int?, as ever
/// ```
///
/// A line beyond 2,147,483,647 (a file of over 4 GB of line breaks alone) is kept as that bound,
/// and any value below -2,147,483,647 as that one. It compares, hashes and codes
/// as its value; in a keyed container a `nil` one is left out, as a synthesized `Codable` leaves
/// out an `Optional`.
@propertyWrapper
public struct CompactLine: Sendable, Hashable, Codable {
    /// The line, or ``none``.
    private var stored: Int32

    /// What `nil` is stored as: no line a scan gives is this low.
    private static let none = Int32.min

    /// Keeps `wrappedValue`, clamped to the 32-bit range above ``none``.
    public init(wrappedValue: Int?) {
        stored = wrappedValue.map { Int32(clamping: max($0, Int(Self.none) + 1)) } ?? Self.none
    }

    /// The line, or `nil`.
    public var wrappedValue: Int? {
        get { stored == Self.none ? nil : Int(stored) }
        set { self = CompactLine(wrappedValue: newValue) }
    }

    /// Decodes the line, or `nil` from a null (outside a keyed container; see the type's notes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Int.self))
    }

    /// Encodes the line, or a null (outside a keyed container; see the type's notes).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue { try container.encode(value) } else { try container.encodeNil() }
    }
}

// A synthesized `Codable` calls these for a `@CompactLine` property: a `nil` line is no key, and no
// key is a `nil` line, as for an `Optional`.
extension KeyedEncodingContainer {
    mutating func encode(_ field: CompactLine, forKey key: Key) throws {
        try encodeIfPresent(field.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    func decode(_ type: CompactLine.Type, forKey key: Key) throws -> CompactLine {
        CompactLine(wrappedValue: try decodeIfPresent(Int.self, forKey: key))
    }
}
