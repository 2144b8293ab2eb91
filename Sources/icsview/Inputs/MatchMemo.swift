/// `--grep`'s answers by shared incidence box (``Occurrence/sharedIncidenceKey``): the instances
/// of a series read one box, so their text is folded once.
///
/// An entry holds its box, so that the box's identity cannot be reused by a later allocation
/// while it is remembered, and so that the box is not written in place (``Occurrence/incidence``
/// copies a box that is not uniquely referenced): the answer stays true of it. Bounded: past
/// ``capacity`` entries it starts afresh, so a stream of single events (one box each) keeps
/// memory bounded.
///
/// A class, so that the filter (a value that the views hold as `let`) can fill it while it
/// answers. Not Sendable: one thread uses it.
final class MatchMemo {
    private struct Entry {
        let owner: AnyObject
        let matches: Bool
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    static let capacity = 1 << 16

    /// The answer remembered for `owner`, else `compute()`'s, remembered.
    func answer(for owner: AnyObject, _ compute: () -> Bool) -> Bool {
        let key = ObjectIdentifier(owner)
        if let held = entries[key], held.owner === owner { return held.matches }
        let matches = compute()
        if entries.count >= MatchMemo.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = Entry(owner: owner, matches: matches)
        return matches
    }
}
