/// The offsets that a VTIMEZONE's observances give, block by block.
///
/// Every onset of an observance that has finitely many (a DTSTART alone, RDATEs, a COUNT or an
/// UNTIL) is computed once, when the zone is made, into one sorted array that each question
/// searches by binary search; only rules that go on for ever are expanded year by year. An
/// observance without a rule (or with one outside ``ObservanceSchedule``'s subset) adds its
/// DTSTART and RDATEs to that array directly, in one pass, with no schedule and no allocation of
/// its own: a VTIMEZONE with 100,000 such observances costs one linear pass (and a sort only
/// when the file does not list them in order).
struct DefinitionTransitionSource: TransitionSource {
    /// One onset: from `at` on, clocks show `offset`; `order` is the observance's position in
    /// the file (of two onsets at one instant, the later observance wins).
    struct Onset {
        var at: Int
        var order: Int
        var offset: Int
    }

    /// The schedules of the observances with a rule within the subset (the others need none).
    let schedules: [ObservanceSchedule]
    /// Whether the definition has no observance at all (offset 0 everywhere).
    private let isEmpty: Bool
    /// The onsets of every observance with finitely many, sorted by instant, then by order.
    private let finite: [Onset]
    /// The observances whose rule goes on for ever: their positions in the file (which decide
    /// ties) and in `schedules`.
    private let endless: [(order: Int, index: Int)]
    /// The year of the earliest DTSTART among `endless`.
    private let endlessFirstYear: Int
    /// The offset before every onset: TZOFFSETFROM of the earliest one.
    private let earliestOffset: Int

    /// A margin, in seconds, between an onset's local date and its instant (more than any offset).
    private static let margin = 2 * 86_400

    /// The most onsets computed ahead from rules; past it, observances are asked year by year.
    /// (DTSTARTs and RDATEs are always listed: the input holds each of them already.)
    static let finiteBudget = 4_000_000

    /// The transitions of `observances` (a VTIMEZONE's, in file order).
    ///
    /// - Complexity: O(n + k log k) for n observances and k onsets of those with finitely many
    ///   (O(n + k) when the onsets come in order, as exporters write them).
    init(_ observances: [TimeZoneDefinition.Observance]) {
        isEmpty = observances.isEmpty
        var earliest: (at: Int, offset: Int)?
        var finite: [Onset] = []
        finite.reserveCapacity(observances.count)
        // Positions in the file of the observances that need a schedule, and their schedules.
        var ruled: [Int] = []
        var schedules: [ObservanceSchedule] = []
        let memo = RuleDatesMemo()
        for (order, observance) in observances.enumerated() {
            let at = observance.start.secondsSinceEpoch - observance.offsetFrom
            if earliest == nil || at < earliest!.at { earliest = (at, observance.offsetFrom) }
            if let rule = observance.recurrenceRule, ObservanceSchedule.isSupported(rule) {
                ruled.append(order)
                schedules.append(ObservanceSchedule(observance, memo: memo))
                continue
            }
            // No rule to expand: DTSTART and the RDATEs, each read in TZOFFSETFROM.
            finite.append(Onset(at: at, order: order, offset: observance.offsetTo))
            for date in observance.recurrenceDates {
                finite.append(Onset(at: date.secondsSinceEpoch - observance.offsetFrom, order: order, offset: observance.offsetTo))
            }
        }
        earliestOffset = earliest?.offset ?? 0
        // Observances whose rules name the same onsets: the earliest stands for the others (which
        // keep their DTSTART and RDATEs), with the latest position among them. Positions only:
        // a schedule is a large value, not to be copied 100,000 times.
        var standing: [ObservanceSchedule.RuleKey: (order: Int, index: Int)] = [:]
        var kept: [(order: Int, index: Int)] = []
        for (index, schedule) in schedules.enumerated() {
            let order = ruled[index]
            guard let key = schedule.ruleKey else {
                kept.append((order, index))
                continue
            }
            guard let other = standing[key] else {
                standing[key] = (order, index)
                continue
            }
            let (first, second) = schedules[other.index].observance.start <= schedule.observance.start
                ? (other.index, index) : (index, other.index)
            for at in schedules[second].fixedOnsets() {
                finite.append(Onset(at: at, order: order, offset: schedules[second].observance.offsetTo))
            }
            standing[key] = (order, first)
        }
        kept += standing.values
        kept.sort { $0.order < $1.order }
        var endless: [(order: Int, index: Int)] = []
        for (order, index) in kept {
            if finite.count < Self.finiteBudget, let onsets = schedules[index].allOnsets() {
                let offset = schedules[index].observance.offsetTo
                for at in onsets { finite.append(Onset(at: at, order: order, offset: offset)) }
            } else {
                endless.append((order, index))
            }
        }
        if !Self.isSorted(finite) { finite.sort { ($0.at, $0.order) < ($1.at, $1.order) } }
        self.schedules = schedules
        self.finite = finite
        self.endless = endless
        endlessFirstYear = endless.map { schedules[$0.index].observance.start.date.year }.min() ?? Int.max
    }

    /// Whether `onsets` are in order by instant, then by position (ties kept as they are).
    private static func isSorted(_ onsets: [Onset]) -> Bool {
        var index = 1
        while index < onsets.count {
            let (a, b) = (onsets[index - 1], onsets[index])
            if a.at > b.at || (a.at == b.at && a.order > b.order) { return false }
            index += 1
        }
        return true
    }

    func transitions(from start: Int, to end: Int) -> (initial: Int, changes: [OffsetTransition]) {
        guard !isEmpty else { return (0, []) }
        let initial = offset(atOrBefore: start)
        var onsets: [Onset] = []
        var index = firstIndex(after: start)
        while index < finite.count && finite[index].at < end {
            onsets.append(finite[index])
            index += 1
        }
        if !endless.isEmpty {
            let firstYear = max(CivilDateTime(secondsSinceEpoch: start - Self.margin).date.year, endlessFirstYear)
            let lastYear = CivilDateTime(secondsSinceEpoch: end + Self.margin).date.year
            if firstYear <= lastYear {
                for year in firstYear...lastYear {
                    for (order, index) in endless {
                        for at in schedules[index].onsets(inYear: year) where at > start && at < end {
                            onsets.append(Onset(at: at, order: order, offset: schedules[index].observance.offsetTo))
                        }
                    }
                }
                onsets.sort { ($0.at, $0.order) < ($1.at, $1.order) }
            }
        }
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

    /// The index of the first finite onset after `t`.
    ///
    /// - Complexity: O(log k).
    private func firstIndex(after t: Int) -> Int {
        var low = 0, high = finite.count
        while low < high {
            let mid = (low + high) >> 1
            if finite[mid].at <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The offset in force at `t`: TZOFFSETTO of the latest onset at or before `t` (of several
    /// at that instant, the later observance's).
    ///
    /// - Complexity: O(log k) for the finite onsets, plus the years searched back among the
    ///   endless rules (usually one or two).
    private func offset(atOrBefore t: Int) -> Int {
        let index = firstIndex(after: t)
        var best: (at: Int, order: Int, offset: Int)? = index > 0
            ? (finite[index - 1].at, finite[index - 1].order, finite[index - 1].offset) : nil
        if !endless.isEmpty {
            var year = CivilDateTime(secondsSinceEpoch: t + Self.margin).date.year
            var found: (at: Int, order: Int, offset: Int)?
            while year >= endlessFirstYear {
                for (order, index) in endless {
                    for at in schedules[index].onsets(inYear: year) where at <= t {
                        if found == nil || (at, order) > (found!.at, found!.order) { found = (at, order, schedules[index].observance.offsetTo) }
                    }
                }
                // An onset late in the year before may still lie later, in UTC, than one early in this year.
                if let found, year < CivilDateTime(secondsSinceEpoch: found.at - Self.margin).date.year { break }
                // No endless onset can beat a finite one that is later than this whole year.
                if let best, found == nil, CivilDateTime(secondsSinceEpoch: best.at - Self.margin).date.year > year { break }
                year -= 1
            }
            if let found, best == nil || (found.at, found.order) > (best!.at, best!.order) { best = found }
        }
        return best?.offset ?? earliestOffset
    }
}
