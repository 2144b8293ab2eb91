/// An extra instance of a series, from RDATE (or DTSTART of a series without RRULE): its start as
/// wall time and instant, and the index of its PERIOD's end in ``ExtraInstances`` (-1: none).
///
/// Three words: the end of a PERIOD (an instant and an ``OccurrenceTime``, 40 bytes) is kept
/// beside the list, not in each item. A million RDATE lines were a million items of 64 bytes.
struct ExtraInstance {
    var wall: Int
    var utc: Int
    var end: Int
}

/// The instances of a series that no rule makes, sorted by instant, with the ends of the RDATE
/// PERIODs among them.
///
/// At one instant, a PERIOD (with its own end) comes first, so that an RDATE PERIOD at DTSTART
/// gives that first instance the period's end (the later duplicate is dropped by the series);
/// otherwise the order is the order they were added in.
///
/// Made with its room reserved (``init(capacity:)``) and sorted in place (``sort()``): a list of
/// a million RDATEs grown by doubling, then sorted into a copy, held three buffers of it at once
/// (the grown list, its copy and the sort's scratch).
struct ExtraInstances {
    private var starts: [ExtraInstance] = []
    private var periodEnds: [(key: Int, time: OccurrenceTime)] = []

    /// An empty list with room for `capacity` instances.
    init(capacity: Int) {
        starts.reserveCapacity(capacity)
    }

    /// Adds an instance that starts at `wall` (its wall time) and `utc` (its instant), with the
    /// end of its PERIOD if it has one.
    mutating func append(wall: Int, utc: Int, end: (key: Int, time: OccurrenceTime)?) {
        var index = -1
        if let end {
            index = periodEnds.count
            periodEnds.append(end)
        }
        starts.append(ExtraInstance(wall: wall, utc: utc, end: index))
    }

    /// Sorts the instances by instant, a PERIOD first at one instant, in place and stably. A list
    /// already in that order (most are: RDATEs written in time order) is left as it is, with no
    /// scratch buffer made.
    /// - Complexity: O(n) when already sorted, else O(n log n).
    mutating func sort() {
        guard starts.count > 1 else { return }
        var sorted = true
        for i in 1..<starts.count where Self.precedes(starts[i], starts[i - 1]) {
            sorted = false
            break
        }
        if !sorted { starts.sort(by: Self.precedes) }
    }

    private static func precedes(_ a: ExtraInstance, _ b: ExtraInstance) -> Bool {
        a.utc != b.utc ? a.utc < b.utc : (a.end >= 0 && b.end < 0)
    }

    /// How many instances there are.
    var count: Int { starts.count }

    /// The instance at `index` (in the sorted order once ``sort()`` ran).
    subscript(index: Int) -> ExtraInstance { starts[index] }

    /// Whether every instance starts at a midnight (of its wall time).
    var allStartAtMidnight: Bool {
        starts.allSatisfy { floorDivide($0.wall, 86_400) * 86_400 == $0.wall }
    }

    /// The end of the PERIOD of the instance at `index`; nil when it is no PERIOD.
    func periodEnd(at index: Int) -> (key: Int, time: OccurrenceTime)? {
        let end = starts[index].end
        return end >= 0 ? periodEnds[end] : nil
    }
}
