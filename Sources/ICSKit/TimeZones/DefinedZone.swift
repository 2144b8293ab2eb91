/// A zone defined by a VTIMEZONE of the file (RFC 5545 3.6.5): its STANDARD and DAYLIGHT
/// observances, with their DTSTART, TZOFFSETFROM, TZOFFSETTO, yearly RRULE and RDATEs.
///
/// Each onset is a local time read in the offset before it (TZOFFSETFROM); from the onset on,
/// clocks show TZOFFSETTO. Before the first onset of all, the first onset's TZOFFSETFROM holds.
/// Offsets are computed about a year at a time, when asked, and kept (see ``TransitionTable``).
struct DefinedZone: ZoneConverting {
    let definition: TimeZoneDefinition
    let identifier: String?
    let table: TransitionTable
    /// Whether every observance's RRULE is within the subset that ``ObservanceSchedule`` expands.
    let isFullySupported: Bool

    /// The zone that `definition` defines, shown as `identifier` (the normalised TZID).
    /// A definition without observances has offset 0.
    init(definition: TimeZoneDefinition, identifier: String?) {
        self.definition = definition
        self.identifier = identifier
        self.isFullySupported = definition.observances.allSatisfy { observance in
            observance.recurrenceRule.map(ObservanceSchedule.isSupported) ?? true
        }
        self.table = TransitionTable(source: DefinitionTransitionSource(definition.observances))
    }

    /// The zone of `definition` shown as `identifier`, one per definition and identifier in the
    /// process: the windowed import's ``ZoneGaps`` and the expansion each build a ``ZoneResolver``
    /// over the same VTIMEZONEs, and share the offsets computed by the first (a file of 300
    /// VTIMEZONEs computed each zone's transitions twice). A table's offsets depend on the
    /// definition alone, so a shared one answers as a new one would.
    ///
    /// Found by TZID and name, then compared with `definition` (cheaper than hashing a whole
    /// definition: the two resolvers' definitions share their arrays, which compare at once); a
    /// different definition under the same names replaces the one kept.
    static func shared(definition: TimeZoneDefinition, identifier: String?) -> DefinedZone {
        let key = Key(tzid: definition.tzid, identifier: identifier)
        if let kept = sharedZones.value(for: key), kept.definition == definition { return kept }
        let zone = DefinedZone(definition: definition, identifier: identifier)
        sharedZones.set(zone, for: key)
        return zone
    }

    private struct Key: Hashable, Sendable {
        var tzid: String
        var identifier: String?
    }

    /// ``shared(definition:identifier:)``'s zones: bounded, since the definitions come from the input.
    private static let sharedZones = BoundedCache<Key, DefinedZone>(capacity: 1_024)

    func offset(atUTC utcSeconds: Int) -> Int {
        table.offset(atUTC: utcSeconds)
    }

    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) {
        table.resolve(local: wall.secondsSinceEpoch)
    }

    func offsetChanges(from start: Int, through end: Int) -> (before: Int, changes: [OffsetTransition]) {
        table.changes(from: start, through: end)
    }
}
