import Testing
@testable import ICSKit

/// `CalendarAssembler.insert(_:into:)` puts late events and held masters among the events in
/// place by moving them (no copy): the expected lists are worked out by hand from its rule (each
/// insertion before the element at its index, in the order given; an index past the end, or
/// before the previous insertion's, taken as that bound).
@Suite struct CalendarAssemblerInsertTests {
    private static func events(_ uids: [String]) -> [Incidence] {
        uids.map { uid in
            var incidence = Incidence(kind: .event)
            incidence.uid = uid
            incidence.summary = "event \(uid)"
            return incidence
        }
    }

    private static func inserted(_ placed: [String], _ insertions: [(Int, String)]) -> [String?] {
        var list = events(placed)
        let incoming = zip(insertions.map(\.0), events(insertions.map(\.1))).map { (at: $0, incidence: $1) }
        CalendarAssembler.insert(incoming, into: &list)
        // Every field moved whole: each summary still belongs to its UID.
        #expect(list.allSatisfy { $0.summary == "event \($0.uid ?? "")" })
        return list.map(\.uid)
    }

    @Test func eachGoesBeforeTheElementAtItsIndex() {
        #expect(Self.inserted(["a", "b", "c", "d"], [(0, "x"), (2, "y"), (2, "z"), (4, "w")])
            == ["x", "a", "b", "y", "z", "c", "d", "w"])
    }

    @Test func indicesPastTheEndOrGoingBackAreBounded() {
        // 9 is past the end (4 elements): at the end. 1 after 3 is taken as 3; -2 as 0.
        #expect(Self.inserted(["a", "b", "c", "d"], [(-2, "v"), (3, "p"), (1, "q"), (9, "r")])
            == ["v", "a", "b", "c", "p", "q", "d", "r"])
    }

    @Test func intoNothingAndNothingInto() {
        #expect(Self.inserted([], [(0, "x"), (5, "y")]) == ["x", "y"])
        #expect(Self.inserted(["a", "b"], []) == ["a", "b"])
        // Enough insertions that the runs between them move over each other.
        let placed = (0..<50).map { "p\($0)" }
        let insertions = (0..<40).map { ($0 * 3 / 2, "i\($0)") }
        var expected: [String] = []
        var next = 0
        for (at, uid) in insertions {
            while next < min(at, placed.count) { expected.append(placed[next]); next += 1 }
            expected.append(uid)
        }
        expected += placed[next...]
        #expect(Self.inserted(placed, insertions) == expected)
    }
}
