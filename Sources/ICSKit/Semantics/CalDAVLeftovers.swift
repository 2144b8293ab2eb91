/// Edits left behind by CalDAV clients, read as every view and `validate` read them:
///
/// - of several components with one UID and no RECURRENCE-ID, the one with the highest
///   SEQUENCE wins, then the last in the file (``master(of:sequence:)``);
/// - an override whose SEQUENCE is lower than its master's is dropped when the master excludes
///   its instance (EXDATE) or its rules no longer produce it (the series was shortened or
///   changed after the override was written) (``isStale(recurrenceID:sequence:masterSequence:start:rules:dates:exceptions:clock:lookup:)``);
/// - an override whose SEQUENCE is not lower stands, even when the master also EXDATEs that
///   instance (Apple iCal writes both for an edited instance); an override without master
///   shows as a single event.
///
/// Components of different kinds are never one series: a VEVENT and a VTODO that share a UID
/// (as some task and calendar apps write them) are kept apart, each with its own overrides
/// (``seriesKey(uid:kind:)``).
enum CalDAVLeftovers {
    /// The key that groups the components of one series: the kind (VEVENT, VTODO…) and the UID.
    static func seriesKey(uid: String, kind: Incidence.Kind) -> String {
        kind.rawValue + ":" + uid
    }

    /// The index of the master among `candidates` (components without RECURRENCE-ID): highest
    /// SEQUENCE, then the last (``ComponentPrecedence``); nil when there is none.
    static func master<T>(of candidates: [T], sequence: (T) -> Int) -> Int? {
        ComponentPrecedence.winner(in: candidates.indices, sequence: { sequence(candidates[$0]) })
    }

    /// The positions in `incidences` (components of one kind) that another replaces: of those
    /// with one UID and one RECURRENCE-ID (or none), all but the one with the highest SEQUENCE,
    /// then the last (``ComponentPrecedence``), as the expansion chooses them. Their alarms never go off.
    /// - Complexity: O(n) expected.
    static func replaced(in incidences: [Incidence]) -> Set<Int> {
        struct Key: Hashable {
            let uid: String
            let recurrenceID: TimeValue?
        }
        var replaced = Set<Int>()
        _ = ComponentPrecedence.winners(in: incidences.indices,
                                        key: { index in incidences[index].uid.map { Key(uid: $0, recurrenceID: incidences[index].recurrenceID) } },
                                        sequence: { incidences[$0].sequence }, replaced: { replaced.insert($0) })
        return replaced
    }

    /// Whether an override is a leftover to drop (see the type's summary).
    static func isStale(recurrenceID: TimeValue, sequence: Int, masterSequence: Int, start: TimeValue,
                        rules: [RecurrenceRule], dates: [TimeValue], exceptions: [TimeValue],
                        clock: SeriesClock, lookup: @escaping (String) -> ZoneCache?) -> Bool {
        guard sequence < masterSequence else { return false }
        if isExcluded(recurrenceID, by: exceptions, start: start, clock: clock, lookup: lookup) { return true }
        let matcher = InstanceMatcher(start: start, rules: rules, dates: dates, targets: [recurrenceID], clock: clock, lookup: lookup)
        return !matcher.matches(recurrenceID)
    }

    /// Whether one of the EXDATEs `exceptions` names the instance `recurrenceID` names, on a
    /// series that starts at `start` (a UTC value on a UTC series read in X-WR-TIMEZONE also
    /// names an instance by its UTC reading, ``UTCReading``).
    static func isExcluded(_ recurrenceID: TimeValue, by exceptions: [TimeValue], start: TimeValue, clock: SeriesClock,
                           lookup: (String) -> ZoneCache?) -> Bool {
        guard !exceptions.isEmpty else { return false }
        let reading = UTCReading(start: start, clock: clock)
        var excluded = InstanceMatchSet()
        for value in exceptions {
            excluded.insert(InstanceKey.match(value, clock: clock, lookup: lookup))
            if let reading, let zone = clock.zone, let other = reading.alternate(value, zone: zone) { excluded.insert(.key(other)) }
        }
        excluded.seal()
        switch InstanceKey.match(recurrenceID, clock: clock, lookup: lookup) {
        case .key(let key):
            if let reading, let zone = clock.zone, let other = reading.alternate(recurrenceID, zone: zone),
               excluded.contains(key: other) { return true }
            return excluded.contains(key: key, wall: InstanceKey.wall(of: recurrenceID, clock: clock, utc: key))
        case .day(let day):
            return excluded.contains(day: day)
        }
    }
}

extension ICalendar {
    /// The UIDs that several events (or several todos) share without RECURRENCE-ID, with how many
    /// components of each the views drop: all but the one with the highest SEQUENCE, then the last
    /// (``OccurrenceExpansion`` reports each UID once, as a warning). In the order of first use.
    ///
    /// ```swift
    /// for (uid, dropped) in calendar.droppedDuplicates { print("\(uid): \(dropped) dropped") }
    /// ```
    /// - Complexity: O(n) in the events and todos.
    public var droppedDuplicates: [(uid: String, dropped: Int)] {
        var result: [(uid: String, dropped: Int)] = []
        for list in [events, todos] {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for incidence in list where incidence.recurrenceID == nil {
                guard let uid = incidence.uid else { continue }
                if counts[uid] == nil { order.append(uid) }
                counts[uid, default: 0] += 1
            }
            result += order.compactMap { uid in counts[uid]! > 1 ? (uid, counts[uid]! - 1) : nil }
        }
        return result
    }
}
