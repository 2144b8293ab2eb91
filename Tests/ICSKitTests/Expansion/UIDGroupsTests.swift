import Testing
@testable import ICSKit

/// `UIDGroups.of` (ASCII UIDs hashed into an open-addressing table) against the dictionary
/// grouping it replaced (`UIDGroups.byDictionary`, `String`'s `==`), and on groups worked out by hand.
@Suite struct UIDGroupsTests {
    func groups(_ result: (ungrouped: [Int], groups: UIDGroups)) -> (ungrouped: [Int], groups: [[Int]]) {
        (result.ungrouped, (0 ..< result.groups.count).map { Array(result.groups[$0]) })
    }

    /// By hand: groups in the order of their first member, members in file order, no UID apart.
    @Test func handWorked() {
        let uids: [String?] = ["a", nil, "b@example.com-0123456789", "a", "", nil, "b@example.com-0123456789", "", "a"]
        let found = groups(UIDGroups.of(uids))
        #expect(found.ungrouped == [1, 5])
        #expect(found.groups == [[0, 3, 8], [2, 6], [4, 7]])
        #expect(UIDGroups.of([]).groups.count == 0)
    }

    /// Many UIDs of every length from 0 to 40 (prefixes of one another, differing in one byte,
    /// repeated in a shuffled order from a fixed seed): the same groups as the dictionary.
    @Test func matchesDictionaryOnManyASCIIUIDs() {
        var state: UInt64 = 5545
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcXYZ019-@.")
        var pool: [String] = []
        for length in 0 ... 40 {
            for _ in 0 ..< 5 { pool.append(String((0 ..< length).map { _ in alphabet[random(alphabet.count)] })) }
        }
        pool.append(String(repeating: "x", count: 16))
        pool.append(String(repeating: "x", count: 15) + "y")
        var uids: [String?] = []
        for _ in 0 ..< 3_000 { uids.append(random(10) == 0 ? nil : pool[random(pool.count)]) }
        let fast = groups(UIDGroups.of(uids)), reference = groups(UIDGroups.byDictionary(uids))
        #expect(fast.ungrouped == reference.ungrouped)
        #expect(fast.groups == reference.groups)
        #expect(fast.groups.count > 100)
    }

    /// A UID that is not ASCII sends the whole calendar to the dictionary, which groups
    /// canonically equal UIDs: U+212A KELVIN SIGN is canonically `K`, and `é` precomposed equals
    /// `e` with a combining acute accent.
    @Test func nonASCIIGroupsByCanonicalEquivalence() {
        let uids: [String?] = ["K-1", "\u{212A}-1", "caf\u{E9}", "cafe\u{301}", "K-1"]
        let found = groups(UIDGroups.of(uids))
        #expect(found.groups == [[0, 1, 4], [2, 3]])
        #expect(UIDGroups.asciiHash("\u{212A}-1") == nil)
        #expect(UIDGroups.asciiHash("K-1") != nil)
    }
}
