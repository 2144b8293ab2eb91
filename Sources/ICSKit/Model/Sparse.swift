/// A stored property that most values leave `nil`, kept behind one reference: 8 bytes in its
/// struct where the value itself would take its size (a ``TimeValue``? takes 32, a ``Geo``? 24),
/// and no allocation while it is `nil`.
///
/// ``Incidence`` marks the fields that most events lack with it (a todo's DUE, COMPLETED and
/// PERCENT-COMPLETE, GEO, COLOR, URL, DURATION, RECURRENCE-ID): a calendar's import holds every
/// event at once, and each byte of an `Incidence` is 100 kB of a 100,000-event import's peak
/// memory. The property keeps its type and its name, and stays a one-line
/// stored property; you never name this type to use it:
///
/// ```swift
/// var todo = Incidence(kind: .todo)
/// todo.due = .date(CivilDate(year: 2024, month: 6, day: 10))   // a TimeValue?, as ever
/// ```
///
/// It compares and hashes as its value; in a keyed container it codes as its value, and a `nil`
/// one is left out, as a synthesized `Codable` leaves out an `Optional` (so the coded form of a
/// struct is the same with or without it). A set replaces the reference, so copies never share a change.
@propertyWrapper
public struct Sparse<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// The value, once set (immutable: a set makes a new one).
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box?

    /// Keeps `wrappedValue` (allocates only when it is not `nil`).
    public init(wrappedValue: Value?) {
        box = wrappedValue.map(Box.init)
    }

    /// The value, or `nil`.
    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }

    /// Whether the two values are equal.
    public static func == (lhs: Sparse, rhs: Sparse) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }

    /// Decodes the value, or `nil` from a null (outside a keyed container; see the type's notes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Value.self))
    }

    /// Encodes the value, or a null (outside a keyed container; see the type's notes).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue { try container.encode(value) } else { try container.encodeNil() }
    }
}

// A synthesized `Codable` calls these (more specific than the generic `encode`/`decode`) for a
// `@Sparse` property: a `nil` value is no key, and no key is a `nil` value, as for an `Optional`.
extension KeyedEncodingContainer {
    mutating func encode<Value>(_ field: Sparse<Value>, forKey key: Key) throws {
        try encodeIfPresent(field.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    func decode<Value>(_ type: Sparse<Value>.Type, forKey key: Key) throws -> Sparse<Value> {
        Sparse(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
