/// The key the expansion ranks its series and singles by: (UID, calendar, position), ordered
/// exactly as comparing the tuple `(uid, calendar, order)` with `String`'s `<` orders it, with
/// a cheap first step for the usual UIDs.
///
/// `String`'s `<` compares Unicode canonical forms; for two ASCII strings that is the order of
/// their bytes. So for an ASCII UID the first eight bytes, big-endian in an integer (zeros past
/// the end), order two ASCII UIDs whenever they differ there: a shorter UID that is a prefix of
/// the other has a zero where the other has a byte above zero (a NUL byte in a UID makes the
/// integers tie, and a tie always goes on to the full comparison). A pair in which either UID is
/// not ASCII is compared as strings from the start.
struct RankKey {
    let uid: String
    let calendar: Int
    let order: Int
    /// The first eight bytes of an ASCII `uid`; meaningful only when `isASCII`.
    private let prefix: UInt64
    private let isASCII: Bool

    /// - Complexity: O(n) for a UID of n bytes.
    init(uid: String, calendar: Int, order: Int) {
        self.uid = uid
        self.calendar = calendar
        self.order = order
        // The bytes read from a buffer (a native string's own storage: no copy), not through
        // `utf8`'s iterator, which cost about thirty instructions a byte.
        var text = uid
        (self.prefix, self.isASCII) = text.withUTF8 { bytes in
            var prefix: UInt64 = 0, high: UInt8 = 0
            for i in 0 ..< min(8, bytes.count) { prefix |= UInt64(bytes[i]) << (56 - 8 * i) }
            for byte in bytes { high |= byte }
            return (prefix, high < 0x80)
        }
    }

    /// `(a.uid, a.calendar, a.order) < (b.uid, b.calendar, b.order)`.
    @inline(__always)
    static func precedes(_ a: RankKey, _ b: RankKey) -> Bool {
        if a.isASCII && b.isASCII && a.prefix != b.prefix { return a.prefix < b.prefix }
        return (a.uid, a.calendar, a.order) < (b.uid, b.calendar, b.order)
    }
}
