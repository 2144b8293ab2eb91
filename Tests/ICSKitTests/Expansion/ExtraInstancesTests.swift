import Testing
@testable import ICSKit

/// The instances a series takes from RDATE, kept in three words each with the PERIOD ends beside
/// them: sorted by instant, a PERIOD first at one instant, otherwise in the order added (the
/// order a stable sort of the old list of whole items gave). Expected orders worked out by hand.
@Suite("ExtraInstances")
struct ExtraInstancesTests {
    private static func end(_ key: Int) -> (key: Int, time: OccurrenceTime) {
        (key, .instant(secondsSinceEpoch: key, utcOffset: 0, zone: nil))
    }

    @Test("Sorted by instant, a PERIOD first at one instant, ties otherwise in the order added")
    func order() {
        var extras = ExtraInstances(capacity: 6)
        extras.append(wall: 300, utc: 300, end: nil)        // a
        extras.append(wall: 100, utc: 100, end: nil)        // b
        extras.append(wall: 300, utc: 300, end: Self.end(900)) // c: a PERIOD at a's instant
        extras.append(wall: 200, utc: 200, end: nil)        // d
        extras.append(wall: 100, utc: 100, end: nil)        // e: b's instant again
        extras.append(wall: 50, utc: 250, end: Self.end(700))  // f: a wall time apart from its instant
        extras.sort()
        // b (100), e (100), d (200), f (250), c (300, PERIOD), a (300).
        #expect((0..<extras.count).map { extras[$0].utc } == [100, 100, 200, 250, 300, 300])
        #expect((0..<extras.count).map { extras[$0].wall } == [100, 100, 200, 50, 300, 300])
        #expect((0..<extras.count).map { extras.periodEnd(at: $0)?.key } == [nil, nil, nil, 700, 900, nil])
        #expect(extras.periodEnd(at: 4)?.time == .instant(secondsSinceEpoch: 900, utcOffset: 0, zone: nil))
    }

    @Test("A list already in order is left as it is, its PERIOD ends still found")
    func alreadySorted() {
        var extras = ExtraInstances(capacity: 3)
        extras.append(wall: 10, utc: 10, end: Self.end(20))
        extras.append(wall: 10, utc: 10, end: nil)
        extras.append(wall: 30, utc: 30, end: Self.end(40))
        extras.sort()
        #expect((0..<extras.count).map { extras[$0].utc } == [10, 10, 30])
        #expect((0..<extras.count).map { extras.periodEnd(at: $0)?.key } == [20, nil, 40])
    }

    @Test("Midnights: every start at a midnight of its wall time, or not")
    func midnights() {
        var days = ExtraInstances(capacity: 2)
        days.append(wall: 86_400 * 3, utc: 86_400 * 3, end: nil)
        days.append(wall: -86_400, utc: -86_400, end: nil)
        #expect(days.allStartAtMidnight)
        days.append(wall: -3_600, utc: -3_600, end: nil)
        #expect(!days.allStartAtMidnight)
    }
}
