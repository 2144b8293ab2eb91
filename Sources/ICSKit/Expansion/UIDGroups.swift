/// The incidences of one calendar that share a UID (a master with its overrides), as positions
/// (the calendar's events, then its todos: position `events.count + i` is todo `i`), flat: the
/// members of every group one after the other, in the order of each group's first member, and
/// within a group in file order. One array for all the groups, not one per UID.
struct UIDGroups {
    /// The positions, group after group.
    private(set) var members: [Int]
    /// Where each group starts in ``members``, and ``members``' count at the end.
    private(set) var starts: [Int]

    /// Groups from their members, given as one array per group (tests; the slow path).
    init(_ groups: [[Int]]) {
        members = groups.flatMap { $0 }
        starts = [0]
        starts.reserveCapacity(groups.count + 1)
        for group in groups { starts.append(starts[starts.count - 1] + group.count) }
    }

    private init(members: [Int], starts: [Int]) {
        self.members = members
        self.starts = starts
    }

    /// The number of groups.
    var count: Int { starts.count - 1 }

    /// The members of group `index`, in file order (never empty).
    subscript(index: Int) -> ArraySlice<Int> { members[starts[index] ..< starts[index + 1]] }

    /// The groups of `uids` (the UID at each position; nil: ungrouped), with the positions
    /// without UID: the same groups, in the same order, as a `[String: Int]` dictionary from UID
    /// to group finds (``byDictionary(_:)``). See ``of(codes:sameUID:byDictionary:)``.
    ///
    /// - Complexity: O(n) expected, for n positions.
    static func of(_ uids: [String?]) -> (ungrouped: [Int], groups: UIDGroups) {
        of(codes: uids.map(code(of:)), sameUID: { uids[$0] == uids[$1] }, byDictionary: { byDictionary(uids) })
    }

    /// The code of a UID that ``of(codes:sameUID:byDictionary:)`` groups by: ``noUID`` for none,
    /// ``notASCII`` for a UID with a byte that is not ASCII, else its ``asciiHash(_:)`` with the
    /// low bit set (odd: never one of the two).
    static func code(of uid: String?) -> UInt64 {
        guard let uid else { return noUID }
        guard let hash = asciiHash(uid) else { return notASCII }
        return hash | 1
    }

    /// ``code(of:)`` of a UID on a component of `kind`: a todo's differs from an event's with the
    /// same UID in its top bit (still odd), so that the two never fall in one group
    /// (``CalDAVLeftovers/seriesKey(uid:kind:)``).
    static func code(of uid: String?, kind: Incidence.Kind) -> UInt64 {
        let plain = code(of: uid)
        guard plain != noUID, plain != notASCII, kind != .event else { return plain }
        return plain ^ 0x8000_0000_0000_0000
    }

    static let noUID: UInt64 = 0
    static let notASCII: UInt64 = 2

    /// The groups of the positions whose UIDs have `codes` (``code(of:)``; computed apart, so
    /// that a large calendar's are read on two threads), with the positions without UID.
    ///
    /// When every UID is ASCII, the codes go into an open-addressing table, and a hit is
    /// confirmed by `sameUID` (the UIDs at two positions are equal): for ASCII strings,
    /// `String`'s `==` (canonical equivalence, the dictionary's) is byte equality. A UID that is
    /// not ASCII may be canonically equal to another with other bytes (U+212A KELVIN SIGN is
    /// `K`), so then the whole calendar is grouped by `byDictionary` (``byDictionary(_:)``).
    ///
    /// - Complexity: O(n) expected, for n positions.
    static func of(codes: [UInt64], sameUID: (Int, Int) -> Bool,
                   byDictionary: () -> (ungrouped: [Int], groups: UIDGroups)) -> (ungrouped: [Int], groups: UIDGroups) {
        if codes.contains(notASCII) { return byDictionary() }
        let n = codes.count
        var capacity = 16
        while capacity < 2 * n { capacity <<= 1 }
        let mask = capacity - 1
        // Slot → 1 + the group that holds it (0: empty); the group's code and first member.
        var slots = [Int](repeating: 0, count: capacity)
        var groupCode: [UInt64] = [], groupFirst: [Int] = [], groupCount: [Int] = []
        var groupOf = [Int](repeating: -1, count: n)
        var ungrouped: [Int] = []
        for position in 0 ..< n {
            let code = codes[position]
            if code == noUID { ungrouped.append(position); continue }
            var slot = Int(truncatingIfNeeded: code >> 1) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 {
                    slots[slot] = groupFirst.count + 1
                    groupOf[position] = groupFirst.count
                    groupCode.append(code)
                    groupFirst.append(position)
                    groupCount.append(1)
                    break
                }
                let group = entry - 1
                if groupCode[group] == code && sameUID(groupFirst[group], position) {
                    groupOf[position] = group
                    groupCount[group] += 1
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        var starts = [Int](repeating: 0, count: groupCount.count + 1)
        for group in groupCount.indices { starts[group + 1] = starts[group] + groupCount[group] }
        var next = Array(starts.dropLast())
        var members = [Int](repeating: 0, count: starts[starts.count - 1])
        for position in 0 ..< n where groupOf[position] >= 0 {
            members[next[groupOf[position]]] = position
            next[groupOf[position]] += 1
        }
        return (ungrouped, UIDGroups(members: members, starts: starts))
    }

    /// The reference grouping: a dictionary from UID (compared by `String`'s `==`) to its group.
    static func byDictionary(_ uids: [String?]) -> (ungrouped: [Int], groups: UIDGroups) {
        var ungrouped: [Int] = []
        var groups: [[Int]] = []
        var slot: [String: Int] = [:]
        slot.reserveCapacity(uids.count)
        for (position, uid) in uids.enumerated() {
            guard let uid else { ungrouped.append(position); continue }
            if let index = slot[uid] {
                groups[index].append(position)
            } else {
                slot[uid] = groups.count
                groups.append([position])
            }
        }
        return (ungrouped, UIDGroups(groups))
    }

    /// A hash of an ASCII string's bytes, eight at a time (each word mixed in by a multiply and a
    /// shift, then its length); nil when a byte is not ASCII.
    @inline(__always)
    static func asciiHash(_ text: String) -> UInt64? {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ asciiHash(bytes: $0) }) { return hash }
        var copy = text
        return copy.withUTF8 { asciiHash(bytes: $0) }
    }

    @inline(__always)
    private static func asciiHash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var high: UInt64 = 0
        var i = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            i += 8
        }
        if i < bytes.count {
            var word: UInt64 = 0
            for j in i ..< bytes.count { word |= UInt64(bytes[j]) << (8 * (j - i)) }
            high |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }
        return high & 0x8080_8080_8080_8080 == 0 ? hash : nil
    }
}
