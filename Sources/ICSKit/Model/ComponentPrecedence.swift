/// Which of several components that stand for the same thing wins: the one with the highest
/// SEQUENCE (RFC 5545 3.8.7.4: the revision), then the last in the file, as CalDAV clients and
/// servers that append a newer copy expect.
///
/// The one rule for the master of a UID (Semantics' `CalDAVLeftovers.master`), the override of
/// an instance (the expansion's choice among overrides with one RECURRENCE-ID) and the
/// components whose alarms never go off (`CalDAVLeftovers.replaced`): the views, `validate` and
/// `remind` choose the same component.
enum ComponentPrecedence {
    /// Whether a component that comes after another in the file, with SEQUENCE `later`, takes
    /// the place of the other, with SEQUENCE `earlier`: when its SEQUENCE is not lower (a tie
    /// goes to the later one).
    @inline(__always)
    static func laterWins(sequence later: Int, over earlier: Int) -> Bool {
        later >= earlier
    }

    /// The position of the component that wins among all of `positions` (one key: a UID's
    /// masters); nil when there is none.
    /// - Complexity: O(n), with no dictionary.
    static func winner(in positions: Range<Int>, sequence: (Int) -> Int) -> Int? {
        var best: Int?
        for position in positions {
            if let current = best, !laterWins(sequence: sequence(position), over: sequence(current)) { continue }
            best = position
        }
        return best
    }

    /// For each key, the position of the component that wins among those with that key, in the
    /// order of the keys' first appearance.
    ///
    /// ```swift
    /// let keys = ["a", "b", "a"], sequences = [1, 0, 1]
    /// ComponentPrecedence.winners(in: 0..<3, key: { keys[$0] }, sequence: { sequences[$0] })  // [2, 1]
    /// ```
    /// - Parameters:
    ///   - positions: the components' positions, in file order.
    ///   - key: what the component stands for (a UID, a RECURRENCE-ID…); nil leaves it out.
    ///   - sequence: its SEQUENCE (0 when it has none).
    ///   - replaced: told each position that another wins over (each once).
    /// - Complexity: O(n) expected.
    static func winners<Key: Hashable>(in positions: Range<Int>, key: (Int) -> Key?, sequence: (Int) -> Int,
                                       replaced: (Int) -> Void = { _ in }) -> [Int] {
        var best: [Key: Int] = [:]
        var order: [Key] = []
        for position in positions {
            guard let k = key(position) else { continue }
            guard let current = best[k] else {
                best[k] = position
                order.append(k)
                continue
            }
            if laterWins(sequence: sequence(position), over: sequence(current)) {
                replaced(current)
                best[k] = position
            } else {
                replaced(position)
            }
        }
        return order.compactMap { best[$0] }
    }
}
