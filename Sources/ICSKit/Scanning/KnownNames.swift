/// The names that iCalendar files spell on almost every line (RFC 5545 3.6–3.8 components,
/// properties and parameters, and the common `X-` names of Google, Apple and libical), as
/// constant strings: the scanner names a line by comparing its bytes, in any case, with these,
/// and makes a `String` of its own only for a name that is not among them.
///
/// Each name of at most 16 bytes is kept as two 64-bit words of its bytes (little-endian,
/// zero-padded) in a bucket by length; a lookup upper-cases the candidate into two words and
/// compares words, with no hashing and no allocation. The strings handed out are literals
/// (immortal), so copying one costs no reference count.
enum KnownNames {
    /// The known name spelled by `bytes` in any ASCII case (`dtStart` → `"DTSTART"`), or `nil`.
    /// - Complexity: O(n) in the name's length (at most 16 bytes are read), plus a scan of the
    ///   few names of that length.
    @inline(__always)
    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let id = id(bytes)
        return id == 0 ? nil : names[Int(id) - 1]
    }

    /// The number of the known name spelled by `bytes` in any ASCII case: its place in ``names``
    /// plus one, or 0 when it is not known. A switch over these numbers costs no string compare.
    /// - Complexity: as ``lookup(_:)``.
    @inline(__always)
    static func id(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let count = bytes.count
        guard count > 0, count <= 16, let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var low: UInt64 = 0, high: UInt64 = 0
        // Only the name's own bytes are read: 8 at once where there are 8, the rest copied.
        if count >= 8 {
            low = raw.loadUnaligned(as: UInt64.self)
            if count > 8 { withUnsafeMutableBytes(of: &high) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + 8, count: count - 8)) } }
        } else {
            withUnsafeMutableBytes(of: &low) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: count)) }
        }
        low = UInt64(littleEndian: low)
        high = UInt64(littleEndian: high)
        // Known names are ASCII: a byte with its high bit set cannot match.
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return 0 }
        low = upperCased(low)
        high = upperCased(high)
        for entry in buckets[count] where entry.low == low && entry.high == high { return entry.id }
        return 0
    }

    /// ``id(_:)`` of a name's bytes (in any case; 0 when it is not known).
    static func id(of name: String) -> UInt8 {
        var name = name
        return name.withUTF8 { id($0) }
    }

    /// Eight ASCII bytes with `a`–`z` upper-cased, all at once: a byte's high bit is set in
    /// `x + 0x1F` when it is at least `a`, and in `x + 0x05` when it is beyond `z`; no sum carries
    /// into the next byte, since every byte is below 0x80.
    @inline(__always)
    static func upperCased(_ x: UInt64) -> UInt64 {
        let atLeastA = x &+ 0x1F1F_1F1F_1F1F_1F1F
        let beyondZ = x &+ 0x0505_0505_0505_0505
        let lower = atLeastA & ~beyondZ & 0x8080_8080_8080_8080
        return x &- (lower >> 2)
    }

    private struct Entry {
        var low: UInt64
        var high: UInt64
        /// The place in ``names`` plus one.
        var id: UInt8
    }

    /// Every known name; all upper-case ASCII of 1–16 bytes (checked where the table is built).
    static let names: [String] = [
        // Components (RFC 5545 3.6, 3.6.5, 3.6.6).
        "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VALARM", "STANDARD", "DAYLIGHT",
        // Calendar properties (3.7) and common calendar extensions.
        "PRODID", "VERSION", "CALSCALE", "METHOD", "X-WR-CALNAME", "X-WR-CALDESC", "X-WR-TIMEZONE", "X-WR-RELCALID",
        "X-PUBLISHED-TTL", "REFRESH-INTERVAL", "COLOR", "NAME", "SOURCE",
        // Component properties (3.8).
        "BEGIN", "END", "ATTACH", "CATEGORIES", "CLASS", "COMMENT", "DESCRIPTION", "GEO", "LOCATION", "PERCENT-COMPLETE",
        "PRIORITY", "RESOURCES", "STATUS", "SUMMARY", "COMPLETED", "DTEND", "DUE", "DTSTART", "DURATION", "FREEBUSY",
        "TRANSP", "TZID", "TZNAME", "TZOFFSETFROM", "TZOFFSETTO", "TZURL", "ATTENDEE", "CONTACT", "ORGANIZER",
        "RECURRENCE-ID", "RELATED-TO", "URL", "UID", "EXDATE", "EXRULE", "RDATE", "RRULE", "ACTION", "REPEAT", "TRIGGER",
        "CREATED", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "REQUEST-STATUS", "IMAGE", "CONFERENCE",
        "X-LIC-LOCATION", "X-LIC-ERROR", "X-ALT-DESC", "X-MOZ-GENERATION", "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR",
        // Parameters (3.2).
        "ALTREP", "CN", "CUTYPE", "DELEGATED-FROM", "DELEGATED-TO", "DIR", "ENCODING", "FMTTYPE", "FBTYPE", "LANGUAGE",
        "MEMBER", "PARTSTAT", "RANGE", "RELATED", "RELTYPE", "ROLE", "RSVP", "SENT-BY", "VALUE", "X-NUM-GUESTS",
    ]

    /// `names` by length (index = length; names over 16 bytes are left out: they are looked up
    /// the ordinary way).
    private static let buckets: [[Entry]] = {
        var buckets = [[Entry]](repeating: [], count: 17)
        precondition(names.count < 255, "a known name's id fits in a byte")
        for (index, name) in names.enumerated() {
            let bytes = Array(name.utf8)
            precondition(bytes.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D },
                         "a known name is upper-case ASCII")
            guard bytes.count <= 16 else { continue }
            var low: UInt64 = 0, high: UInt64 = 0
            // Little-endian: byte i of the name is bits 8i… of its word, as a load reads it.
            for (i, b) in bytes.enumerated() {
                if i < 8 { low |= UInt64(b) << (8 * UInt64(i)) } else { high |= UInt64(b) << (8 * UInt64(i - 8)) }
            }
            buckets[bytes.count].append(Entry(low: low, high: high, id: UInt8(index + 1)))
        }
        return buckets
    }()
}
