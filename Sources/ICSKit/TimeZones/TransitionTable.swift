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
        var changes: [OffsetTransition]

        /// The index of the first change after `t`.
        func firstIndex(after t: Int) -> Int {
            changes.partitioningIndex { $0.at > t }
        }

        /// The offset at `t` (which lies in this block).
        func offset(at t: Int) -> Int {
            let index = firstIndex(after: t)
            return index == 0 ? initial : changes[index - 1].offset
        }
    }

    /// The blocks computed so far, in an array indexed by block number minus `base`
    /// (the years asked about are few and close together).
    private struct State {
        var base = 0
        var blocks: [Block?] = []
        /// A few blocks outside the years 0–9999, kept apart so that the array stays small: an
        /// alarm centuries before a date near year 1 (or a trigger past 9999) asks about the same
        /// few blocks for every instance of its series.
        var far: [(key: Int, block: Block)] = []
        var farNext = 0
        static let farCapacity = 8

        /// Block `key`, computed first if needed. Blocks outside the years 0–9999 (iCalendar's
        /// four-digit years) are kept in ``far``, the oldest replaced first.
        mutating func block(_ key: Int, source: any TransitionSource) -> Block {
            guard (-1_900...7_600).contains(key) else { return farBlock(key, source: source) }
            if blocks.isEmpty { base = key }
            if key < base {
                blocks.insert(contentsOf: repeatElement(nil, count: base - key), at: 0)
                base = key
            } else if key - base >= blocks.count {
                blocks.append(contentsOf: repeatElement(nil, count: key - base - blocks.count + 1))
            }
            if let block = blocks[key - base] { return block }
            let block = Self.compute(key, source: source)
            blocks[key - base] = block
            return block
        }

        private mutating func farBlock(_ key: Int, source: any TransitionSource) -> Block {
            if let kept = far.first(where: { $0.key == key }) { return kept.block }
            let block = Self.compute(key, source: source)
            if far.count < Self.farCapacity {
                far.append((key, block))
            } else {
                far[farNext] = (key, block)
                farNext = (farNext + 1) % Self.farCapacity
            }
            return block
        }

        static func compute(_ key: Int, source: any TransitionSource) -> Block {
            let start = key << TransitionTable.blockShift
            let (initial, changes) = source.transitions(from: start, to: start + (1 << TransitionTable.blockShift))
            return Block(initial: initial, changes: changes)
        }
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
            state.block(utcSeconds >> Self.blockShift, source: source).offset(at: utcSeconds)
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
            // Fast path: no change within the window, which lies in one block.
            if (local - window) >> Self.blockShift == (local + window) >> Self.blockShift {
                let block = state.block(local >> Self.blockShift, source: source)
                let next = block.firstIndex(after: local - window)
                if next == block.changes.count || block.changes[next].at > local + window {
                    return (local - (next == 0 ? block.initial : block.changes[next - 1].offset), true)
                }
            }
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
        let before = state.block((start - 1) >> blockShift, source: source).offset(at: start - 1)
        var result: [OffsetTransition] = []
        var key = start >> blockShift
        while key <= end >> blockShift {
            let block = state.block(key, source: source)
            if key << blockShift >= start && key << blockShift <= end {
                // The block's first instant may carry a change folded into `initial`.
                let previous = result.last?.offset ?? before
                if block.initial != previous { result.append(OffsetTransition(at: key << blockShift, offset: block.initial)) }
            }
            result += block.changes.lazy.filter { $0.at >= start && $0.at <= end }
            key += 1
        }
        return (before, result)
    }
}
