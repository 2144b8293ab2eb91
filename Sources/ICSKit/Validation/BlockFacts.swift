/// What the calendar-wide checks need to know about one scanned block, gathered in the
/// same pass as its line checks.
///
/// One is kept per block until the calendar-wide checks, so what few blocks have (the
/// calendar's METHOD and X-WR-TIMEZONE, a floating time, a RECURRENCE-ID, a series) is kept
/// apart (``Rare``): a block without them costs a few lines and a word for it.
struct BlockFacts: Sendable {
    /// A TZID as used in the block: its first use, and how many lines use it.
    struct ZoneUse: Sendable {
        var tzid: String
        var line: Int
        var property: String
        var count = 1
    }

    /// The block's component name (`VEVENT`, `VCALENDAR` for the calendar's own properties).
    var name: String
    /// The physical line of its BEGIN.
    var line: Int
    /// First lines of the top component's properties the later checks point at.
    var uidLine: Int?
    var startLine: Int?
    var endLine: Int?
    var dueLine: Int?
    var rruleLine: Int?
    var recurrenceIDLine: Int?
    /// The line of each EXDATE value, in order, as runs (an EXDATE of five million values is one run).
    var exceptionLines = LineRuns()
    /// METHOD and X-WR-TIMEZONE of a VCALENDAR block, as written.
    var method: String? {
        get { rare.method }
        set { rare.method = newValue }
    }
    var defaultTimeZone: (value: String, line: Int)? {
        get { rare.defaultTimeZone }
        set { rare.defaultTimeZone = newValue }
    }
    /// The TZID parameters of the block, one entry per distinct TZID (see ``addZoneUse(_:line:property:)``).
    var zoneUses: [ZoneUse] = []
    /// Of an incidence, copied from its converted value so that the calendar pass need not copy it.
    var kind: Incidence.Kind?
    var uid: String?
    /// `uid`'s hash, taken in the parallel pass so that grouping by UID need not read the strings.
    var uidHash: Int?
    var recurrenceID: TimeValue? {
        get { rare.recurrenceID }
        set { rare.recurrenceID = newValue }
    }
    /// SEQUENCE (0 when absent): which of several components with one UID wins (``CalDAVLeftovers``).
    var sequence = 0
    /// Whether the incidence has EXDATEs (its series must then be walked).
    var hasExceptions = false
    /// Of an incidence with a UID, what the checks of its EXDATEs and of its overrides need.
    var series: SeriesFacts? {
        get { rare.series }
        set { rare.series = newValue }
    }
    /// Whether its start and end (or due) are DATE-TIMEs of different forms, compared in the calendar pass.
    var needsZoneOrder = false

    /// The first floating DATE-TIME of the top component (not of STANDARD/DAYLIGHT, whose times are local by definition).
    var floating: (line: Int, property: String)? {
        get { rare.floating }
        set { rare.floating = newValue }
    }

    /// The facts few blocks have.
    struct Rare: Sendable {
        var method: String?
        var defaultTimeZone: (value: String, line: Int)?
        var recurrenceID: TimeValue?
        var series: SeriesFacts?
        var floating: (line: Int, property: String)?

        var isEmpty: Bool {
            method == nil && defaultTimeZone == nil && recurrenceID == nil && series == nil && floating == nil
        }
    }

    /// ``Rare`` in an array of none or one: a word when the block has none of them.
    private var rareStorage: [Rare] = []

    private var rare: Rare {
        get { rareStorage.first ?? Rare() }
        set {
            if rareStorage.isEmpty {
                if !newValue.isEmpty { rareStorage = [newValue] }
            } else {
                rareStorage[0] = newValue
            }
        }
    }

    /// The parts of an incidence that say which instances its series has: copied out of the
    /// converted incidence (sharing its arrays' storage), so that the rest of it can be freed
    /// in the parallel pass.
    struct SeriesFacts: Sendable {
        var start: TimeValue?
        var rules: [RecurrenceRule]
        /// The starts of its RDATEs.
        var dates: [TimeValue]
        var exceptions: [TimeValue]

        init(_ incidence: Incidence) {
            start = incidence.start
            rules = incidence.recurrenceRules
            dates = incidence.recurrenceDates.map(\.start)
            exceptions = incidence.exceptionDates
        }
    }

    init(name: String, line: Int) {
        self.name = name
        self.line = line
    }

    /// Whether the facts hold nothing that names a line or a value, only the block's name, line,
    /// kind and sequence (a result shared by blocks of only BEGIN and END lines).
    var isPlain: Bool {
        uidLine == nil && startLine == nil && endLine == nil && dueLine == nil && rruleLine == nil
            && recurrenceIDLine == nil && uid == nil && uidHash == nil && recurrenceID == nil && !hasExceptions
            && series == nil && movesWithItsLines
    }

    /// Whether every line the facts name is one that ``BlockResult/moveLines(by:)`` moves: no
    /// EXDATE lines, no TZID uses, no floating time, no METHOD or X-WR-TIMEZONE, and no start
    /// and end compared through zones (that keeps the incidence).
    var movesWithItsLines: Bool {
        exceptionLines.first == nil && zoneUses.isEmpty && floating == nil && method == nil && defaultTimeZone == nil
            && !needsZoneOrder
    }

    /// Whether these facts and `other` say the same of their blocks, lines included (for facts
    /// that ``movesWithItsLines``: what those leave out is not compared).
    func isSame(as other: BlockFacts) -> Bool {
        guard name == other.name, line == other.line, uidLine == other.uidLine, startLine == other.startLine,
              endLine == other.endLine, dueLine == other.dueLine, rruleLine == other.rruleLine,
              recurrenceIDLine == other.recurrenceIDLine, kind == other.kind, uid == other.uid, uidHash == other.uidHash,
              recurrenceID == other.recurrenceID, sequence == other.sequence, hasExceptions == other.hasExceptions else { return false }
        switch (series, other.series) {
        case (nil, nil): return true
        case let (a?, b?): return a.start == b.start && a.rules == b.rules && a.dates == b.dates && a.exceptions == b.exceptions
        default: return false
        }
    }

    /// Records a TZID parameter: a new entry for a TZID not seen yet in this block, else one more use.
    /// - Complexity: O(1) amortized (a component of thousands of lines, each with its own TZID,
    ///   stays linear).
    mutating func addZoneUse(_ tzid: String, line: Int, property: String) {
        if let i = zoneIndex[tzid] {
            zoneUses[i].count += 1
        } else {
            zoneIndex[tzid] = zoneUses.count
            zoneUses.append(ZoneUse(tzid: tzid, line: line, property: property))
        }
    }

    /// Where each TZID stands in ``zoneUses``.
    private var zoneIndex: [String: Int] = [:]
}
