/// The identity of an imported calendar, stable for the same input: what an ``Occurrence`` and a
/// ``CalendarStyle`` name their calendar by, so that no two lists have to be kept in the same order.
///
/// A calendar read from a file or a URL is identified by that source (``ICalendar/source``), so
/// its identity survives a refresh of the feed; one without a source by a fingerprint of what
/// identifies its content (PRODID, NAME, and the UIDs of its components), the same in every run.
public struct CalendarID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// `source:` and the source, or `content:` and 16 hexadecimal digits.
    public var rawValue: String

    /// Wraps an identity (`source:…` or `content:…`).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identity of occurrences made by hand without a calendar.
    public static let unspecified = CalendarID(rawValue: "")

    /// The identity as text (``rawValue``).
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension ICalendar {
    /// This calendar's identity: its source when it has one, else a fingerprint of its content.
    ///
    /// - Complexity: O(1) with a source; O(components) without one.
    public var id: CalendarID {
        if let source { return CalendarID(rawValue: "source:" + source) }
        // 64-bit FNV-1a over PRODID and NAME, then per kind of component the wrapping sum of the
        // FNV-1a of each UID: independent of their order, so that a windowed import (which
        // skips events, ``skippedEventUIDHashSum``, and leaves out to-dos and journals that show nothing) has the
        // identity of the whole file.
        // Each field ends with a unit separator (0x1F).
        func field(_ text: String?, into hasher: inout FNV1a) {
            hasher.add((text ?? "").utf8)
            hasher.add(CollectionOfOne(0x1F))
        }
        func fnv(_ text: String?) -> UInt64 {
            var hasher = FNV1a()
            field(text, into: &hasher)
            return hasher.value
        }
        var hasher = FNV1a()
        field(productID, into: &hasher)
        field(name, into: &hasher)
        for (uids, skipped) in [(events.map(\.uid), skippedEventUIDHashSum ?? 0), (todos.map(\.uid), skippedTodoUIDHashSum ?? 0),
                                (journals.map(\.uid), skippedJournalUIDHashSum ?? 0)] {
            var sum: UInt64 = skipped
            for uid in uids { sum = sum &+ fnv(uid) }
            hasher.mix(sum)
        }
        return CalendarID(rawValue: "content:" + FNV1a.hex(hasher.value))
    }
}
