/// The checks that look across the blocks of one file: METHOD-dependent requirements,
/// UIDs and overrides, EXDATE and RECURRENCE-ID against the instances of their series,
/// time zones (defined, used, named), and floating times in a published feed.
struct CalendarChecker {
    let file: String
    /// The most threads for the walks of series (0: one per processor).
    let parallelism: Int
    /// What the checks found, capped per code as they come (a file of a hundred thousand blocks
    /// without DTSTART keeps a hundred of those findings, not all).
    var findings: FindingCollector

    /// - Parameter findings: where the findings go (the run's, holding the blocks' findings);
    ///   by default a collector of its own that keeps every finding.
    init(file: String, parallelism: Int = 0, findings: FindingCollector = FindingCollector(maxPerCode: 0)) {
        self.file = file
        self.parallelism = parallelism
        self.findings = findings
    }

    mutating func add(_ code: DiagnosticCode, _ message: String, line: Int?, uid: String? = nil, property: String? = nil) {
        findings.add(Finding(file: file, line: line, code: code, message: message, uid: uid, property: property))
    }

    /// - Complexity: O(n) in the blocks, plus bounded rule walks for series with EXDATEs or overrides.
    mutating func check(_ results: BlockResults) {
        var method: String?
        var defaultZone: (value: String, line: Int)?
        var calendarLines: [Int] = []
        // Every VTIMEZONE's TZID and line; the definitions only of the first of each TZID, all that
        // the resolver reads (300,000 lone BEGIN:VTIMEZONE lines are one definition).
        var zones: [(tzid: String, line: Int)] = []
        var definitions: [TimeZoneDefinition] = []
        var defined: Set<String> = []
        var incidences: [Int] = []
        var componentBlocks = 0
        // Blocks that share their shape's result (``EmptyBlocks``): their facts hold only a name,
        // a kind and a sequence, read from the shared result with the block's own line (no copy).
        var plainEvents = 0
        for index in results.indices {
            if let (shared, line) = results.plain(index) {
                if results[shared: shared].facts.name == "VCALENDAR" {
                    calendarLines.append(line)
                    continue
                }
                componentBlocks += 1
                if results[shared: shared].facts.kind != nil {
                    incidences.append(index)
                    plainEvents += 1
                } else if var zone = results[shared: shared].timeZone {
                    zones.append((zone.tzid, line))
                    if defined.insert(zone.tzid).inserted {
                        zone.line = zone.line.map { $0 + line - results[shared: shared].facts.line }
                        definitions.append(zone)
                    }
                }
                continue
            }
            // Read in place (``BlockResults/subscript(placeless:)``): a block's name and kind
            // do not depend on where it stands.
            if results[placeless: index].name == "VCALENDAR" {
                calendarLines.append(results[facts: index].line)
                method = method ?? results[facts: index].method
                defaultZone = defaultZone ?? results[facts: index].defaultTimeZone
                continue
            }
            componentBlocks += 1
            if results[placeless: index].kind != nil {
                incidences.append(index)
            } else if let zone = results[index].timeZone {
                zones.append((zone.tzid, results[facts: index].line))
                if defined.insert(zone.tzid).inserted { definitions.append(zone) }
            }
        }
        if componentBlocks == 0, let line = calendarLines.first {
            add(.emptyCalendar, "the calendar has no components", line: line)
        }
        let resolver = ZoneResolver(timeZones: definitions, defaultTZID: defaultZone?.value)
        let resolve: TimeOrder.Resolve = { resolver.zone(for: $0) }
        var wholeIncidences = incidences
        if plainEvents > 0 { wholeIncidences.removeAll { results.plain($0) != nil } }
        for index in incidences {
            if let (shared, line) = results.plain(index) {
                if method == nil, results[shared: shared].facts.kind == .event {
                    findings.add(.missingStart, line: line, file: file) {
                        "VEVENT has no DTSTART (required when the calendar has no METHOD)"
                    }
                }
                continue
            }
            if method == nil, results[placeless: index].kind == .event, results[placeless: index].startLine == nil {
                // Made only when kept: a file of many events without DTSTART keeps a hundred.
                findings.add(.missingStart, line: results.line(index), file: file, uid: results[placeless: index].uid) {
                    "VEVENT has no DTSTART (required when the calendar has no METHOD)"
                }
            }
            if method == "PUBLISH", let floating = results[facts: index].floating {
                add(.floatingTimeInFeed, "\(floating.property) is a floating time in a published feed (METHOD:PUBLISH)",
                    line: floating.line, uid: results[facts: index].uid, property: floating.property)
            }
            if results[placeless: index].needsZoneOrder, let incidence = results[index].incidence {
                var order = IncidenceChecker(incidence: incidence, facts: results[facts: index], file: file, resolve: resolve)
                order.checkOrder()
                findings.add(contentsOf: order.findings)
            }
        }
        // A shared result has no UID and no series: the checks of UIDs and series skip it.
        checkUTCSeries(results, wholeIncidences, defaultZone: defaultZone, resolver: resolver)
        checkUIDs(results, wholeIncidences, resolver: resolver)
        checkZones(results, zones: zones, defaultZone: defaultZone, resolver: resolver)
    }

    /// One note for the recurring series written in UTC that the views read at X-WR-TIMEZONE's wall time.
    private mutating func checkUTCSeries(_ results: BlockResults, _ incidences: [Int], defaultZone: (value: String, line: Int)?,
                                         resolver: ZoneResolver) {
        guard let defaultZone, resolver.zone(for: defaultZone.value) != nil else { return }
        let utcSeries = incidences.filter { index in
            guard let series = results[placeless: index].series, !series.rules.isEmpty, results[placeless: index].recurrenceID == nil,
                  case .utc? = series.start else { return false }
            return true
        }
        guard let first = utcSeries.first else { return }
        add(.utcSeriesInCalendarZone,
            "\(utcSeries.count) recurring \(utcSeries.count == 1 ? "series is" : "series are") written in UTC; the views repeat \(utcSeries.count == 1 ? "it" : "them") at the wall time of X-WR-TIMEZONE \(defaultZone.value), as Google Calendar does",
            line: results[facts: first].startLine ?? results[facts: first].line, uid: results[facts: first].uid, property: "DTSTART")
    }

    // MARK: - UIDs, overrides, exceptions

    /// Groups the incidences by UID, then checks the groups that need it (shared UIDs, overrides,
    /// EXDATEs) in parallel: each walks its own series.
    private mutating func checkUIDs(_ results: BlockResults, _ indices: [Int], resolver: ZoneResolver) {
        // By kind and UID, as the views group them (``CalDAVLeftovers/seriesKey(uid:kind:)``).
        let (order, others) = Self.groupByUID(indices, uid: { CalDAVLeftovers.seriesKey(uid: results[placeless: $0].uid!, kind: results[placeless: $0].kind!) },
                                              hash: { index in results[placeless: index].uidHash.map { $0 ^ (results[placeless: index].kind == .event ? 0 : 0x2F5A_3C1D) } })
        let groups = order.filter { others[$0] != nil || results[placeless: $0].recurrenceID != nil || results[placeless: $0].hasExceptions }
        let file = self.file, maxPerCode = findings.maxPerCode
        // Each group's findings capped as the file's are (300,000 components of one UID made
        // 300,000 findings, all kept until here), and handed over so that the file keeps the same.
        let found = parallelMap(count: groups.count, workers: parallelism) { [others] i in
            var checker = CalendarChecker(file: file, findings: FindingCollector(maxPerCode: maxPerCode))
            checker.checkGroup([groups[i]] + (others[groups[i]] ?? []), results, resolver: resolver)
            return checker.findings.handOver()
        }
        for (groupFindings, omitted) in found {
            findings.add(contentsOf: groupFindings)
            for (code, count) in omitted { findings.addOmitted(code, count: count) }
        }
    }

    /// Groups components by UID: the first of each UID in order, and for a UID used again the
    /// others. Most UIDs occur once, so only repeated ones get a list. Grouped by hashes (taken in
    /// the parallel pass, so that this serial loop need not read the strings), the strings
    /// compared only when hashes meet.
    /// - Complexity: O(n) expected.
    /// - Parameters:
    ///   - hash: the hash of an index's UID, nil when it has none;
    ///   - uid: the UID of an index that has a hash.
    static func groupByUID(_ indices: [Int], uid: (Int) -> String, hash: (Int) -> Int?) -> (order: [Int], others: [Int: [Int]]) {
        var firstByHash: [Int: Int] = [:]
        firstByHash.reserveCapacity(indices.count)
        var collided: [String: Int] = [:]
        var others: [Int: [Int]] = [:]
        var order: [Int] = []
        // The UID of the first of a hash, read once (a UID used 300,000 times was read twice a use).
        var firstUIDs: [Int: String] = [:]
        for index in indices {
            guard let hash = hash(index) else { continue }
            guard let candidate = firstByHash[hash] else {
                firstByHash[hash] = index
                order.append(index)
                continue
            }
            let text = uid(index)
            let candidateUID: String
            if let known = firstUIDs[candidate] {
                candidateUID = known
            } else {
                candidateUID = uid(candidate)
                firstUIDs[candidate] = candidateUID
            }
            if let first = candidateUID == text ? candidate : collided[text] {
                others[first, default: []].append(index)
            } else {
                collided[text] = index
                order.append(index)
            }
        }
        return (order, others)
    }

    /// The components sharing one UID: one master, overrides of distinct instances that exist.
    private mutating func checkGroup(_ members: [Int], _ results: BlockResults, resolver: ZoneResolver) {
        let uid = results[placeless: members[0]].uid!
        let masters = members.filter { results[placeless: $0].recurrenceID == nil }
        let overrides = members.filter { results[placeless: $0].recurrenceID != nil }
        // The views show the master with the highest SEQUENCE, then the last (``CalDAVLeftovers``).
        let chosen = CalDAVLeftovers.master(of: masters, sequence: { results[placeless: $0].sequence }).map { masters[$0] }
        let shownLine = chosen.map { results.line($0) }, shownSequence = chosen.map { results[placeless: $0].sequence }
        for extra in masters where extra != chosen {
            // Made only when kept: 300,000 components of one UID keep a hundred of these.
            let line = (results[placeless: extra].uidLine ?? results[placeless: extra].line) + results.placeDelta(extra)
            findings.add(.duplicateUID, line: line, file: file, uid: uid, property: "UID") {
                "UID \(uid) is used again without RECURRENCE-ID (the views show the one on line \(shownLine!), SEQUENCE \(shownSequence!))"
            }
        }
        var seen: [TimeValue: Int] = [:]
        for index in overrides {
            let facts = results[facts: index]
            let recurrenceID = facts.recurrenceID!
            if let first = seen[recurrenceID] {
                add(.duplicateOverride, "a second override of UID \(uid) for RECURRENCE-ID \(recurrenceID) (first on line \(first))",
                    line: facts.recurrenceIDLine ?? facts.line, uid: uid, property: "RECURRENCE-ID")
            } else {
                seen[recurrenceID] = facts.recurrenceIDLine ?? facts.line
            }
        }
        guard let master = chosen else {
            if let first = overrides.first {
                let facts = results[facts: first]
                add(.overrideWithoutMaster, "override of UID \(uid) without the series it belongs to",
                    line: facts.recurrenceIDLine ?? facts.line, uid: uid, property: "RECURRENCE-ID")
            }
            return
        }
        let facts = results[facts: master]
        guard let series = facts.series else { return }
        var targets: [(value: TimeValue, line: Int, code: DiagnosticCode, property: String)] = []
        var exceptionLines = facts.exceptionLines.makeIterator()
        for exdate in series.exceptions {
            targets.append((exdate, exceptionLines.next() ?? facts.line, .exceptionMatchesNoInstance, "EXDATE"))
        }
        guard let start = series.start else { return }
        let clock = SeriesWalk.clock(of: start, resolver: resolver, recurring: !series.rules.isEmpty)
        let lookup: (String) -> ZoneCache? = { resolver.zone(for: $0).map(ZoneCache.init) }
        for index in overrides {
            let f = results[facts: index]
            if f.sequence < facts.sequence, CalDAVLeftovers.isExcluded(f.recurrenceID!, by: series.exceptions, start: start, clock: clock, lookup: lookup) {
                add(.staleOverride, "override of UID \(uid) for RECURRENCE-ID \(f.recurrenceID!) has SEQUENCE \(f.sequence), lower than its master's \(facts.sequence), which excludes the instance: the views drop it",
                    line: f.recurrenceIDLine ?? f.line, uid: uid, property: "RECURRENCE-ID")
                continue
            }
            targets.append((f.recurrenceID!, f.recurrenceIDLine ?? f.line, .recurrenceIDMatchesNoInstance, "RECURRENCE-ID"))
        }
        guard !targets.isEmpty else { return }
        let matcher = InstanceMatcher(series: series, start: start, targets: targets.map(\.value), resolver: resolver)
        for target in targets where !matcher.matches(target.value) {
            add(target.code, "\(target.property) \(target.value) matches no instance of the series (DTSTART \(start)\(series.rules.isEmpty ? "" : ", RRULE \(series.rules[0])"))",
                line: target.line, uid: uid, property: target.property)
        }
    }
}
