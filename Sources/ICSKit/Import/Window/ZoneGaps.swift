/// Counts the DST gaps (changes to a larger UTC offset, which skip wall times) that the zone of a
/// skipped COUNT series has before a window (``WindowFilter/GapCheck``), for ``SkippedBlocks``.
///
/// The zone is found as the expansion finds it: the series' TZID, or for a UTC or floating start
/// the calendar's X-WR-TIMEZONE (``SeriesClock``), through a ``ZoneResolver`` over the file's
/// VTIMEZONEs; the offsets are the ones the expansion reads (the zone's ``TransitionTable``).
struct ZoneGaps {
    /// The longest stretch searched for gaps (200 years); a series that starts earlier is parsed.
    static let maxSpan = 200 * 366 * 86_400

    /// What is known of a zone's offsets.
    private enum Offsets {
        /// UTC: no change ever.
        case constant
        case table(TransitionTable)
    }

    /// A zone's gaps over a stretch: the instants of its changes to a larger offset in
    /// [`from`, `through`], in order.
    private struct GapList {
        var from: Int
        var through: Int
        var instants: [Int]

        /// How many of them lie at or after `start` (binary search).
        func count(from start: Int) -> Int {
            instants.count - instants.partitioningIndex { $0 >= start }
        }
    }

    private let zones: [TimeZoneDefinition]
    private let calendarZone: String?
    private var resolver: ZoneResolver?
    /// The offsets of each zone name found so far.
    private var known: [String: Offsets] = [:]
    /// The gaps of each zone name asked about so far: one list per zone, made again from the
    /// earlier start when a series starts before it (the zone's table keeps the offsets it
    /// computed, so only the list is made again; widening it further than asked computed years
    /// of offsets that no series needs), so that a series whose start the list covers costs a
    /// binary search instead of a walk of its zone's changes since its start.
    private var gapLists: [String: GapList] = [:]

    init(zones: [TimeZoneDefinition], calendarZone: String?) {
        self.zones = zones
        self.calendarZone = calendarZone
    }

    /// The number of gaps whose transition lies in [`check.earliest` − `margin`, `windowStart`]:
    /// every gap that can drop an instance before the bound tested (with the filter's margin, or
    /// the wider one a file's zones need); `nil` when it cannot be told (an unknown zone, or a
    /// series starting more than ``maxSpan`` before the window), and the series is then parsed.
    /// 0 for a UTC or floating start in a calendar without X-WR-TIMEZONE.
    mutating func count(_ check: WindowFilter.GapCheck, before windowStart: Int, margin: Int = WindowFilter.margin) -> Int? {
        guard let name = check.tzid ?? calendarZone else { return 0 }
        let from = check.earliest - margin
        guard windowStart - from <= Self.maxSpan, let offsets = offsets(of: name) else { return nil }
        guard case .table(let table) = offsets else { return 0 }
        if let list = gapLists[name], list.through == windowStart, list.from <= from { return list.count(from: from) }
        // A change is a gap when its offset is larger than the one before it: the same whether
        // the walk starts at `from` or earlier, so that a list from an earlier start counts the same.
        let (before, changes) = table.changes(from: from, through: windowStart)
        var previous = before, instants: [Int] = []
        for change in changes {
            if change.offset > previous { instants.append(change.at) }
            previous = change.offset
        }
        let list = GapList(from: from, through: windowStart, instants: instants)
        gapLists[name] = list
        return list.count(from: from)
    }

    /// The offsets of the zone `name` as the expansion reads them; `nil` when it is unknown (not
    /// remembered: each of its series asks the resolver, which caches its own answers).
    private mutating func offsets(of name: String) -> Offsets? {
        if let offsets = known[name] { return offsets }
        if resolver == nil { resolver = ZoneResolver(timeZones: zones, defaultTZID: calendarZone) }
        let found: Offsets?
        switch resolver!.zone(for: name) {
        case is UTCZone: found = .constant
        case let zone as FoundationZone: found = .table(zone.table)
        case let zone as DefinedZone: found = .table(zone.table)
        default: found = nil
        }
        if let found { known[name] = found }
        return found
    }
}
