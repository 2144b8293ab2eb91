import Testing
@testable import ICSKit

/// Grouping components by UID through hashes: equal UIDs group, different UIDs whose hashes
/// meet (forced here) stay apart, and components without a UID are left out.
@Suite struct UIDGroupingTests {
    private let uids: [String?] = ["a", "b", "a", nil, "c", "b", "a"]

    private func group(hash: @escaping (String) -> Int) -> (order: [Int], others: [Int: [Int]]) {
        CalendarChecker.groupByUID(Array(uids.indices), uid: { uids[$0]! }, hash: { uids[$0].map(hash) })
    }

    @Test func realHashes() {
        let (order, others) = group { $0.hashValue }
        #expect(order == [0, 1, 4])
        #expect(others == [0: [2, 6], 1: [5]])
    }

    @Test func everyHashCollides() {
        let (order, others) = group { _ in 42 }
        #expect(order == [0, 1, 4])
        #expect(others == [0: [2, 6], 1: [5]])
    }

    @Test func someHashesCollide() {
        let (order, others) = group { $0 == "c" ? "a".hashValue : $0.hashValue }
        #expect(order == [0, 1, 4])
        #expect(others == [0: [2, 6], 1: [5]])
    }
}
