import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import ICSKit

/// The importer's guess of a file's event count (to reserve the events array once), worked by hand.
@Suite("Event count estimate")
struct EventCountEstimateTests {
    private func block(bytes: Int) -> ComponentBlock {
        var block = ComponentBlock(name: "VEVENT", line: 1)
        block.text = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        return block
    }

    private func scanned(_ total: Int, events: Int) -> EventCountEstimate.Scanned {
        EventCountEstimate.Scanned(total: total, events: events)
    }

    @Test func guessesAQuarterAboveTheEventsRateOverTheBytesLeft() {
        var estimate = EventCountEstimate(inputBytes: 100_000)
        // A batch of time zones only: no events yet, no guess.
        #expect(estimate.events(after: scanned(1_000, events: 0), eventsSoFar: 0) == nil)
        // 4 events in 1,000 bytes of VEVENT blocks, 2,000 bytes scanned in all: the 98,000
        // bytes left at that rate are 392 events, a quarter more 490, plus the 4 and 16: 510.
        #expect(estimate.events(after: scanned(1_000, events: 1_000), eventsSoFar: 4) == 510)
        // Once only.
        #expect(estimate.events(after: scanned(1_000, events: 1_000), eventsSoFar: 9) == nil)
    }

    @Test func timeZonesBeforeTheEventsDoNotDiluteTheRate() {
        // A file of 100,000 bytes that opens with 40,000 bytes of VTIMEZONEs, then events of
        // 300 bytes: 200 events. Its first batch with events: the zones and 10 events (3,000
        // bytes). Over all the bytes scanned the rate would be 10 / 43,000, and the guess
        // (100,000 · 10 / 43,000 · 1.25 + 16 = 45) far short of the 200; over the events'
        // bytes it is 10 + 57,000 / 300 · 1.25 + 16 = 263.5, and 263 cannot be short while the
        // events are no smaller than those seen.
        var estimate = EventCountEstimate(inputBytes: 100_000)
        #expect(estimate.events(after: scanned(43_000, events: 3_000), eventsSoFar: 10) == 263)
        // Zones that take most of the file: 90,000 bytes of them, then 10 events in 3,000
        // bytes; 7,000 bytes left. Over all the bytes the guess is 10 / 93,000 · 100,000 · 1.25
        // + 16 = 29 (short of the 33 events the file holds); over the events' bytes,
        // 10 + 7,000 / 300 · 1.25 + 16 = 55.2: 55.
        var zoned = EventCountEstimate(inputBytes: 100_000)
        #expect(zoned.events(after: scanned(93_000, events: 3_000), eventsSoFar: 10) == 55)
    }

    @Test func neverMoreThanOneEventPer26Bytes() {
        var estimate = EventCountEstimate(inputBytes: 2_600)
        // 100 events in 100 bytes would guess 100 + 2,500 · 1.25 + 16; the smallest event is
        // 26 bytes: at most 101.
        #expect(estimate.events(after: scanned(100, events: 100), eventsSoFar: 100) == 101)
    }

    @Test func aBatchCountsItsTextAndTwoBytesOfLineBreakPerLineInAllAndOfItsEvents() {
        var first = block(bytes: 30)
        first.lines = (0..<3).map { ComponentBlock.Line(.property, name: "SUMMARY", number: 2 + $0, offset: 10 * $0, length: 10) }
        var zone = ComponentBlock(name: "VTIMEZONE", line: 9)
        zone.text = [UInt8](repeating: UInt8(ascii: "z"), count: 50)
        // 30 + 2 · 3 for the first, 7 for the second (no lines), 50 for the zone (no event).
        #expect(EventCountEstimate.bytes(of: [first, zone, block(bytes: 7)]) == scanned(93, events: 43))
        #expect(EventCountEstimate.bytes(of: []) == scanned(0, events: 0))
    }

    @Test func anUnknownSizeGivesNoGuess() {
        var estimate = EventCountEstimate(inputBytes: nil)
        #expect(estimate.events(after: scanned(500, events: 500), eventsSoFar: 3) == nil)
    }

    @Test func aRegularFileKnowsItsSizeAPipeDoesNot() throws {
        #expect(ByteStream(bytes: [1, 2, 3]).expectedSize == 3)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(ByteStream(descriptor: fds[0]).expectedSize == nil)
    }
}
