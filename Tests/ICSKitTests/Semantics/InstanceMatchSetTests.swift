import Testing
@testable import ICSKit

/// ``InstanceMatchSet``: the sorted-array set of EXDATE / RECURRENCE-ID matches. Expected
/// values are worked out by hand (which integers were inserted, which were asked about).
@Suite("Semantics: instance match set")
struct InstanceMatchSetTests {
    @Test("Keys inserted in increasing order: members found, others not, duplicates kept once")
    func inOrder() {
        var set = InstanceMatchSet()
        for k in [10, 20, 20, 30] { set.insert(.key(k)) }
        set.seal()
        #expect(set.keys == [10, 20, 30])
        #expect(set.contains(key: 10) && set.contains(key: 20) && set.contains(key: 30))
        #expect(!set.contains(key: 9) && !set.contains(key: 15) && !set.contains(key: 31))
        #expect(set.days.isEmpty)
    }

    @Test("Keys inserted out of order are sorted and deduplicated by seal()")
    func outOfOrder() {
        var set = InstanceMatchSet()
        for k in [30, -5, 20, 30, 10, -5] { set.insert(.key(k)) }
        #expect(!set.isSealed)
        set.seal()
        #expect(set.isSealed)
        #expect(set.keys == [-5, 10, 20, 30])
        #expect(set.contains(key: -5) && !set.contains(key: 0))
    }

    @Test("A DATE member names every instance on that wall day")
    func days() {
        var set = InstanceMatchSet()
        // Day 20,089 is 2025-01-01 (20,089 × 86,400 = 1,735,689,600 = 2025-01-01T00:00:00Z).
        set.insert(.day(20_089))
        set.insert(.key(1_735_776_000))  // 2025-01-02T00:00:00Z
        set.seal()
        #expect(set.contains(key: 0, wall: 1_735_689_600 + 9 * 3600))       // 2025-01-01 09:00: its day
        #expect(!set.contains(key: 0, wall: 1_735_689_600 + 86_400 + 60))   // 2025-01-02 00:01: not a member
        #expect(set.contains(key: 1_735_776_000, wall: 0))                   // by key
        #expect(set.contains(day: 20_089) && !set.contains(day: 20_090))
    }

    @Test("A million keys in increasing order, then every tenth thousand asked about")
    func large() {
        var set = InstanceMatchSet()
        for i in 0..<1_000_000 { set.insert(.key(946_717_200 + i * 86_400)) }  // 2000-01-01T09:00Z, daily
        set.seal()
        #expect(set.keys.count == 1_000_000)
        for i in stride(from: 0, to: 1_000_000, by: 10_000) {
            #expect(set.contains(key: 946_717_200 + i * 86_400))
            #expect(!set.contains(key: 946_717_200 + i * 86_400 + 1))
        }
    }

    @Test("An empty set contains nothing")
    func empty() {
        var set = InstanceMatchSet()
        set.seal()
        #expect(set.isEmpty)
        #expect(!set.contains(key: 0, wall: 0))
    }
}
