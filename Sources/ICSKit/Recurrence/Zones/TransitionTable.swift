import Synchronization

/// One change of a zone's UTC offset: from the instant `at` (seconds since 1970 UTC) on,
/// clocks are `offset` seconds east of UTC.
struct OffsetTransition: Sendable, Hashable {
    var at: Int
    var offset: Int
}

/// Where a ``TransitionTable`` gets its data: tzdata through Foundation, or a VTIMEZONE.
protocol TransitionSource: Sendable {
    /// The offset in force at the instant `start` (a change exactly at `start` included), and
    /// the changes in the open interval (`start`, `end`), sorted by instant.
    func transitions(from start: Int, to end: Int) -> (initial: Int, changes: [OffsetTransition])
}

/// A zone's offsets, computed lazily in blocks of 2^25 s (about 388 days) and kept;
/// answers offset and wall-time questions by binary search within a block.
///
/// Sendable notes: the blocks live behind a `Mutex`; a block is computed once, under the lock,
/// the first time an instant in it is asked about, and never changes afterwards.
final class TransitionTable: Sendable {
    /// The blocks are aligned on multiples of 2^`blockShift` seconds since 1970.
    static let blockShift = 25
    /// How far around a wall time `resolve` looks for changes: more than any UTC offset.
    static let resolveWindow = 2 * 86_400

    private struct Block {
        var initial: Int
        var instants: [Int]
        var offsets: [Int]

        /// The offset at `t` (which lies in this block).
        func offset(at t: Int) -> Int {
            // Index of the first change after `t`.
            var low = 0, high = instants.count
            while low < high {
                let mid = (low + high) >> 1
                if instants[mid] <= t { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? initial : offsets[low - 1]
        }
    }

    private struct State {
        var blocks: [Int: Block] = [:]
        /// The block asked for last: the common case is many questions about one year.
        var lastKey = Int.min
        var last = Block(initial: 0, instants: [], offsets: [])
    }

    private let source: any TransitionSource
    private let state = Mutex(State())

    init(source: any TransitionSource) {
        self.source = source
    }

    /// The offset from UTC, in seconds east, in force at the instant `utcSeconds`.
    ///
    /// - Complexity: O(log *k*) for *k* changes in the block, once the block is computed.
    func offset(atUTC utcSeconds: Int) -> Int {
        state.withLock { state in
            Self.block(utcSeconds >> Self.blockShift, in: &state, source: source).offset(at: utcSeconds)
        }
    }

    /// The changes in the closed interval [`start`, `end`], with the offset in force just before `start`.
    func changes(from start: Int, through end: Int) -> (before: Int, changes: [OffsetTransition]) {
        state.withLock { state in
            Self.changes(from: start, through: end, in: &state, source: source)
        }
    }

    /// The instant at which clocks show the wall time `local` (given as seconds since 1970 as if
    /// it were UTC). In a gap: read with the offset before the gap, `exists` false. Ambiguous:
    /// the first (earlier) instant.
    ///
    /// - Complexity: O(log *k*) once the blocks around `local` are computed.
    func resolve(local: Int) -> (utcSeconds: Int, exists: Bool) {
        state.withLock { state in
            let window = Self.resolveWindow
            let (before, changes) = Self.changes(from: local - window, through: local + window, in: &state, source: source)
            if changes.isEmpty { return (local - before, true) }
            // Segments of constant offset, in time order: (-∞, c0.at) with `before`, [c0.at, c1.at) with c0.offset, …
            // Segments are disjoint and in order, so the first that contains its candidate is the earliest instant.
            var offset = before
            var segmentStart = Int.min
            for index in 0...changes.count {
                let segmentEnd = index < changes.count ? changes[index].at : Int.max
                let candidate = local - offset
                if candidate >= segmentStart && candidate < segmentEnd { return (candidate, true) }
                if index < changes.count {
                    offset = changes[index].offset
                    segmentStart = segmentEnd
                }
            }
            // In a gap: the change at T from o1 to o2 > o1 skips wall times [T + o1, T + o2).
            var previous = before
            for change in changes {
                if local >= change.at + previous && local < change.at + change.offset { return (local - previous, false) }
                previous = change.offset
            }
            return (local - before, false)
        }
    }

    private static func changes(from start: Int, through end: Int, in state: inout State,
                                source: any TransitionSource) -> (before: Int, changes: [OffsetTransition]) {
        let before = block((start - 1) >> blockShift, in: &state, source: source).offset(at: start - 1)
        var result: [OffsetTransition] = []
        var key = start >> blockShift
        while key <= end >> blockShift {
            let b = block(key, in: &state, source: source)
            if key << blockShift >= start && key << blockShift <= end {
                // The block's first instant may carry a change folded into `initial`.
                let previous = result.last?.offset ?? before
                if b.initial != previous { result.append(OffsetTransition(at: key << blockShift, offset: b.initial)) }
            }
            for (at, offset) in zip(b.instants, b.offsets) where at >= start && at <= end {
                result.append(OffsetTransition(at: at, offset: offset))
            }
            key += 1
        }
        return (before, result)
    }

    private static func block(_ key: Int, in state: inout State, source: any TransitionSource) -> Block {
        if key == state.lastKey { return state.last }
        let found: Block
        if let cached = state.blocks[key] {
            found = cached
        } else {
            let start = key << blockShift
            let (initial, changes) = source.transitions(from: start, to: start + (1 << blockShift))
            found = Block(initial: initial, instants: changes.map(\.at), offsets: changes.map(\.offset))
            state.blocks[key] = found
        }
        state.lastKey = key
        state.last = found
        return found
    }
}
