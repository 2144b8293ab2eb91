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
        let source = DefinitionTransitionSource(definition.observances.map(ObservanceSchedule.init))
        self.isFullySupported = source.schedules.allSatisfy(\.isRuleSupported)
        self.table = TransitionTable(source: source)
    }

    func offset(atUTC utcSeconds: Int) -> Int {
        table.offset(atUTC: utcSeconds)
    }

    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) {
        table.resolve(local: wall.secondsSinceEpoch)
    }
}

/// The offsets that a VTIMEZONE's observances give, block by block.
struct DefinitionTransitionSource: TransitionSource {
    let schedules: [ObservanceSchedule]
    /// The year of the earliest DTSTART.
    private let firstYear: Int
    /// The last year with an onset, `nil` when a rule goes on for ever.
    private let lastYear: Int?
    /// The offset before every onset: TZOFFSETFROM of the earliest one.
    private let earliestOffset: Int

    /// A margin, in seconds, between an onset's local date and its instant (more than any offset).
    private static let margin = 2 * 86_400

    init(_ schedules: [ObservanceSchedule]) {
        self.schedules = schedules
        let earliest = schedules.min {
            $0.observance.start.secondsSinceEpoch - $0.observance.offsetFrom
                < $1.observance.start.secondsSinceEpoch - $1.observance.offsetFrom
        }
        firstYear = schedules.map(\.observance.start.date.year).min() ?? 0
        earliestOffset = earliest?.observance.offsetFrom ?? 0
        let lasts = schedules.map(\.lastYear)
        lastYear = lasts.contains(nil) ? nil : lasts.compactMap { $0 }.max()
    }

    func transitions(from start: Int, to end: Int) -> (initial: Int, changes: [OffsetTransition]) {
        guard !schedules.isEmpty else { return (0, []) }
        let initial = offset(atOrBefore: start)
        var firstYear = CivilDateTime(secondsSinceEpoch: start - Self.margin).date.year
        var lastYear = CivilDateTime(secondsSinceEpoch: end + Self.margin).date.year
        firstYear = max(firstYear, self.firstYear)
        if let last = self.lastYear { lastYear = min(lastYear, last) }
        guard firstYear <= lastYear else { return (initial, []) }
        var onsets: [(at: Int, order: Int, offset: Int)] = []
        for year in firstYear...lastYear {
            for (order, schedule) in schedules.enumerated() {
                for at in schedule.onsets(inYear: year) where at > start && at < end {
                    onsets.append((at, order, schedule.observance.offsetTo))
                }
            }
        }
        onsets.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        // Two onsets at one instant: the later observance in the file wins.
        var merged: [OffsetTransition] = []
        for onset in onsets {
            if merged.last?.at == onset.at { merged[merged.count - 1].offset = onset.offset }
            else { merged.append(OffsetTransition(at: onset.at, offset: onset.offset)) }
        }
        var changes: [OffsetTransition] = []
        var current = initial
        for change in merged where change.offset != current {
            changes.append(change)
            current = change.offset
        }
        return (initial, changes)
    }

    /// The offset in force at `t`: TZOFFSETTO of the latest onset at or before `t`.
    ///
    /// - Complexity: O(years searched back), usually one or two.
    private func offset(atOrBefore t: Int) -> Int {
        var year = CivilDateTime(secondsSinceEpoch: t + Self.margin).date.year
        if let lastYear { year = min(year, lastYear) }
        var best: (at: Int, offset: Int)?
        while year >= firstYear {
            for schedule in schedules {
                for at in schedule.onsets(inYear: year) where at <= t && at >= (best?.at ?? Int.min) {
                    best = (at, schedule.observance.offsetTo)
                }
            }
            // An onset late in the year before may still lie later, in UTC, than one early in this year.
            if best != nil && year < CivilDateTime(secondsSinceEpoch: best!.at - Self.margin).date.year { break }
            year -= 1
        }
        return best?.offset ?? earliestOffset
    }
}
