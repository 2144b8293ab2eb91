import Testing
@testable import ICSKit

/// ``RankKey``: the expansion's (UID, calendar, position) order with an eight-byte first step.
/// The reference is `String`'s own `<` on the tuple (what the expansion compared before), and
/// the expected orders below are worked out by hand from byte values and canonical equivalence.
@Suite("Recurrence: rank keys")
struct RankKeyTests {
    func ranked(_ items: [(String, Int, Int)]) -> [(String, Int, Int)] {
        items.map { RankKey(uid: $0.0, calendar: $0.1, order: $0.2) }
            .sorted(by: RankKey.precedes)
            .map { ($0.uid, $0.calendar, $0.order) }
    }

    @Test func asciiPrefixesShorterAndLongerUIDs() {
        let items = [("qg6gnouf4p2e@google.com", 0, 1), ("abc", 0, 2), ("abcdefgh1", 0, 3), ("abcdefgh", 0, 4),
                     ("ab", 0, 5), ("abcdefgh0", 0, 6), ("B", 0, 7), ("abc", 1, 8), ("abc", 0, 0), ("", 0, 9)]
        // By bytes: "" < "B" (0x42) < "ab" < "abc" (calendar, then order) < "abcdefgh" < "abcdefgh0" < "abcdefgh1" < "qg…".
        let expected = [("", 0, 9), ("B", 0, 7), ("ab", 0, 5), ("abc", 0, 0), ("abc", 0, 2), ("abc", 1, 8),
                        ("abcdefgh", 0, 4), ("abcdefgh0", 0, 6), ("abcdefgh1", 0, 3), ("qg6gnouf4p2e@google.com", 0, 1)]
        let result = ranked(items)
        #expect(result.map(\.0) == expected.map(\.0))
        #expect(result.map(\.2) == expected.map(\.2))
        #expect(result.map(\.2) == items.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2))
    }

    @Test func nulAndNonASCIIFallBackToStringOrder() {
        // "e" + U+0301 and "é" (U+00E9) are canonically equivalent: equal UIDs, so the positions decide;
        // both sort after "f" (é is U+00E9 > U+0066) although the decomposed form's first byte is 'e' (0x65),
        // and after "ée" (x, 0x78, after e, 0x65).
        // "a\0b" and "a" tie on their eight bytes (the NUL reads as the padding) and "a" < "a\0b" as strings.
        let items = [("e\u{301}x", 0, 1), ("f", 0, 2), ("\u{e9}x", 0, 0), ("a\u{0}b", 0, 3), ("a", 0, 4), ("ée", 0, 5)]
        let expected = [4, 3, 2, 5, 0, 1]
        #expect(ranked(items).map(\.2) == expected)
        #expect(items.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2) == expected)
    }
}
