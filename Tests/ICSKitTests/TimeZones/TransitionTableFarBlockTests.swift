import Foundation
import Synchronization
import Testing
@testable import ICSKit

/// The transition table's blocks outside the years 0–9999: an alarm centuries before a date
/// near year 1 asks about the same far block for every instance of its series, so the last few
/// are kept (the array of near blocks stays small). A source that counts its calls and gives a
/// made-up zone: +1 h, and +2 h from the middle of each block on, so the answers can be checked
/// by hand.
@Suite struct TransitionTableFarBlockTests {
    final class CountingSource: TransitionSource {
        let calls = Mutex(0)

        func transitions(from start: Int, to end: Int) -> (initial: Int, changes: [OffsetTransition]) {
            calls.withLock { $0 += 1 }
            let middle = start + (end - start) / 2
            return (3_600, [OffsetTransition(at: middle, offset: 7_200)])
        }
    }

    static let blockLength = 1 << TransitionTable.blockShift

    /// The first instant of block `key`.
    static func start(_ key: Int) -> Int { key * blockLength }

    @Test func aFarBlockIsComputedOnce() {
        let source = CountingSource()
        let table = TransitionTable(source: source)
        let far = -2_010  // about 170 BC
        for _ in 0..<1_000 {
            #expect(table.offset(atUTC: Self.start(far) + 10) == 3_600)
            #expect(table.offset(atUTC: Self.start(far) + Self.blockLength / 2 + 10) == 7_200)
        }
        #expect(source.calls.withLock { $0 } == 1)
        // A wall time in the block's first hour, read with +1 h.
        #expect(table.resolve(local: Self.start(far) + 3 * 86_400 + 3_600).utcSeconds == Self.start(far) + 3 * 86_400)
    }

    /// Eight far blocks are kept; a ninth replaces the oldest, which is computed again when asked.
    @Test func theOldestFarBlockGivesWay() {
        let source = CountingSource()
        let table = TransitionTable(source: source)
        let keys = (0..<9).map { 8_000 + $0 }  // past the year 9999
        for key in keys.prefix(8) { _ = table.offset(atUTC: Self.start(key)) }
        #expect(source.calls.withLock { $0 } == 8)
        for key in keys.prefix(8) { _ = table.offset(atUTC: Self.start(key)) }
        #expect(source.calls.withLock { $0 } == 8)
        _ = table.offset(atUTC: Self.start(keys[8]))
        _ = table.offset(atUTC: Self.start(keys[0]))
        #expect(source.calls.withLock { $0 } == 10)
        #expect(table.offset(atUTC: Self.start(keys[8]) + Self.blockLength - 1) == 7_200)
    }
}
