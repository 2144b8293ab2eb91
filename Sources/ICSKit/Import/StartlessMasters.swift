/// In a view's import (``ImportOptions/window``), the masters without a start of each UID that
/// can still matter: the first of each (kind, UID), kept in its place, and the one that would
/// win among the others, held aside until the end; every other is left out as it comes.
///
/// A master without a start (no DTSTART, and for a to-do no DUE either, and no RECURRENCE-ID)
/// gives no occurrence, but it takes part in the choice of its UID's master (the highest
/// SEQUENCE, then the last in the file: ``ComponentPrecedence``, as
/// ``CalDAVLeftovers/master(of:sequence:)`` chooses), and each one that comes is weighed by that
/// rule against the best so far (``ComponentPrecedence/laterWins(sequence:over:)``): if it wins,
/// the UID shows nothing. 300,000 `BEGIN:VEVENT` + `UID:x` blocks were 300,000 such events, all
/// kept (294 MB) for a month that shows none. Of the masters without a start, only the last of
/// the highest SEQUENCE can win, whatever masters with a start there are (a master that is not
/// the highest, or that a later one ties, loses to that one); so it is kept (held aside, as a
/// later one may replace it), with the first of the UID, which keeps the UID's group where the
/// file puts it (groups are ordered by their first member); the others are counted per UID
/// (``droppedCounts``: the expansion's ICS2118 warning names how many masters the UID has)
/// and their UID hashes summed (``ICalendar/id`` stays the whole file's).
///
/// Memory: the kept ones, one slot per UID that has more than one, and 8 bytes per event left out.
struct StartlessMasters {
    /// A UID's state: the SEQUENCE of the one that would win so far, and where it is held
    /// (`nil`: the first one, in place, still wins).
    private struct Entry {
        var bestSequence: Int
        var held: Int?
    }

    /// A master held aside: the incidence, where it stands among the events or to-dos appended in
    /// place (``physicalBefore``), and its place among all the events added
    /// (``logical``, the number ``SkippedBlocks`` counts).
    struct Held {
        var incidence: Incidence
        var physicalBefore: Int
        var logical: Int
    }

    private var entries: [String: Entry] = [:]
    /// The held masters, by slot (a slot is reused when a later master replaces its one).
    private(set) var held: [Held] = []
    /// Per series key (``CalDAVLeftovers/seriesKey(uid:kind:)``), how many masters were left out.
    private(set) var droppedCounts: [String: Int] = [:]
    /// The wrapping sums of the UID hashes of the events and of the to-dos left out (or held and
    /// then replaced), as ``SkippedBlocks/uidHash(_:)`` makes them.
    private(set) var droppedEventUIDHashSum: UInt64 = 0
    private(set) var droppedTodoUIDHashSum: UInt64 = 0
    /// The places (among the events added, as ``Held/logical``) of the events not appended in
    /// place, held or left out, ascending.
    private(set) var eventsNotInPlace: [Int] = []

    /// Whether `incidence` is a master without a start, which this type sorts.
    static func isStartlessMaster(_ incidence: borrowing Incidence) -> Bool {
        incidence.recurrenceID == nil && incidence.uid != nil && incidence.start == nil
            && (incidence.kind == .event || (incidence.kind == .todo && incidence.due == nil))
    }

    /// What to do with a master without a start (``isStartlessMaster(_:)``), the `logical`-th event
    /// added (for a to-do, its number among the to-dos); `appended` is how many of its kind are in
    /// place so far. Returns the incidence when it is to be appended in place (the first of its
    /// UID), or `nil` when it is held or left out.
    mutating func sort(_ incidence: consuming Incidence, logical: Int, appended: Int) -> Incidence? {
        guard let uid = incidence.uid else { return incidence }
        let kind = incidence.kind
        let key = CalDAVLeftovers.seriesKey(uid: uid, kind: kind)
        guard var entry = entries[key] else {
            entries[key] = Entry(bestSequence: incidence.sequence, held: nil)
            return incidence
        }
        if kind == .event { eventsNotInPlace.append(logical) }
        if ComponentPrecedence.laterWins(sequence: incidence.sequence, over: entry.bestSequence) {
            entry.bestSequence = incidence.sequence
            let replacing = Held(incidence: incidence, physicalBefore: appended, logical: logical)
            if let slot = entry.held {
                // The one it replaces has the same key, so the same UID.
                drop(uid, kind: kind, key: key)
                held[slot] = replacing
            } else {
                entry.held = held.count
                held.append(replacing)
            }
            entries[key] = entry
        } else {
            drop(uid, kind: kind, key: key)
        }
        return nil
    }

    private mutating func drop(_ uid: String, kind: Incidence.Kind, key: String) {
        droppedCounts[key, default: 0] += 1
        let hash = SkippedBlocks.uidHash(uid.utf8)
        if kind == .event { droppedEventUIDHashSum = droppedEventUIDHashSum &+ hash } else { droppedTodoUIDHashSum = droppedTodoUIDHashSum &+ hash }
    }

    /// How many events of the first `logical` added are in place (not held, not left out).
    func eventsInPlace(before logical: Int) -> Int {
        // The first index whose place is at or after `logical`: that many lie before it.
        logical - eventsNotInPlace.partitioningIndex { $0 >= logical }
    }

    /// Takes the held masters of one kind out, in the order of their places.
    mutating func takeHeld(_ kind: Incidence.Kind) -> [Held] {
        var taken: [Held] = []
        var others: [Held] = []
        for item in held { if item.incidence.kind == kind { taken.append(item) } else { others.append(item) } }
        held = others
        return taken.sorted { $0.logical < $1.logical }
    }
}
