/// The checks that look across the blocks of one file: METHOD-dependent requirements,
/// UIDs and overrides, EXDATE and RECURRENCE-ID against the instances of their series,
/// time zones (defined, used, named), and floating times in a published feed.
struct CalendarChecker {
    let file: String
    /// The most threads for the walks of series (0: one per processor).
    let parallelism: Int
    var findings: [Finding] = []

    init(file: String, parallelism: Int = 0) {
        self.file = file
        self.parallelism = parallelism
    }

    mutating func add(_ code: DiagnosticCode, _ message: String, line: Int?, uid: String? = nil, property: String? = nil) {
        findings.append(Finding(file: file, line: line, code: code, message: message, uid: uid, property: property))
    }

    /// - Complexity: O(n) in the blocks, plus bounded rule walks for series with EXDATEs or overrides.
    mutating func check(_ results: [BlockResult]) {
        var method: String?
        var defaultZone: (value: String, line: Int)?
        var calendarLines: [Int] = []
        var zones: [(definition: TimeZoneDefinition, line: Int)] = []
        var incidences: [Int] = []
        var componentBlocks = 0
        for (index, result) in results.enumerated() {
            if result.facts.name == "VCALENDAR" {
                calendarLines.append(result.facts.line)
                method = method ?? result.facts.method
                defaultZone = defaultZone ?? result.facts.defaultTimeZone
                continue
            }
            componentBlocks += 1
            if result.facts.kind != nil {
                incidences.append(index)
            } else if let zone = result.timeZone {
                zones.append((zone, result.facts.line))
            }
        }
        if componentBlocks == 0, let line = calendarLines.first {
            add(.emptyCalendar, "the calendar has no components", line: line)
        }
        let resolver = ZoneResolver(timeZones: zones.map(\.definition), defaultTZID: defaultZone?.value)
        let resolve: TimeOrder.Resolve = { resolver.zone(for: $0) }
        for index in incidences {
            if method == nil, results[index].facts.kind == .event, results[index].facts.startLine == nil {
                add(.missingStart, "VEVENT has no DTSTART (required when the calendar has no METHOD)", line: results[index].facts.line,
                    uid: results[index].facts.uid)
            }
            if method == "PUBLISH", let floating = results[index].facts.floating {
                add(.floatingTimeInFeed, "\(floating.property) is a floating time in a published feed (METHOD:PUBLISH)",
                    line: floating.line, uid: results[index].facts.uid, property: floating.property)
            }
            if results[index].facts.needsZoneOrder, let incidence = results[index].incidence {
                var order = IncidenceChecker(incidence: incidence, facts: results[index].facts, file: file, resolve: resolve)
                order.checkOrder()
                findings.append(contentsOf: order.findings)
            }
        }
        checkUIDs(results, incidences, resolver: resolver)
        checkZones(results, zones: zones, defaultZone: defaultZone)
    }

    // MARK: - UIDs, overrides, exceptions

    /// Groups the incidences by UID, then checks the groups that need it (shared UIDs, overrides,
    /// EXDATEs) in parallel: each walks its own series.
    private mutating func checkUIDs(_ results: [BlockResult], _ indices: [Int], resolver: ZoneResolver) {
        // Most UIDs occur once: only repeated ones get a list of their other components.
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(indices.count)
        var others: [Int: [Int]] = [:]
        var order: [Int] = []
        for index in indices {
            guard let uid = results[index].facts.uid else { continue }
            if let first = firstIndex[uid] {
                others[first, default: []].append(index)
            } else {
                firstIndex[uid] = index
                order.append(index)
            }
        }
        let groups = order.filter { others[$0] != nil || results[$0].facts.recurrenceID != nil || results[$0].facts.hasExceptions }
        let file = self.file
        let found = parallelMap(count: groups.count, workers: parallelism) { [others] i in
            var checker = CalendarChecker(file: file)
            checker.checkGroup([groups[i]] + (others[groups[i]] ?? []), results, resolve: { resolver.zone(for: $0) })
            return checker.findings
        }
        for groupFindings in found { findings.append(contentsOf: groupFindings) }
    }

    /// The components sharing one UID: one master, overrides of distinct instances that exist.
    private mutating func checkGroup(_ members: [Int], _ results: [BlockResult], resolve: @escaping TimeOrder.Resolve) {
        let uid = results[members[0]].facts.uid!
        let masters = members.filter { results[$0].facts.recurrenceID == nil }
        let overrides = members.filter { results[$0].facts.recurrenceID != nil }
        for extra in masters.dropFirst() {
            let facts = results[extra].facts
            add(.duplicateUID, "UID \(uid) is used again without RECURRENCE-ID (first by the component on line \(results[masters[0]].facts.line))",
                line: facts.uidLine ?? facts.line, uid: uid, property: "UID")
        }
        var seen: [TimeValue: Int] = [:]
        for index in overrides {
            let facts = results[index].facts
            let recurrenceID = facts.recurrenceID!
            if let first = seen[recurrenceID] {
                add(.duplicateOverride, "a second override of UID \(uid) for RECURRENCE-ID \(recurrenceID) (first on line \(first))",
                    line: facts.recurrenceIDLine ?? facts.line, uid: uid, property: "RECURRENCE-ID")
            } else {
                seen[recurrenceID] = facts.recurrenceIDLine ?? facts.line
            }
        }
        guard let master = masters.first else {
            if let first = overrides.first {
                let facts = results[first].facts
                add(.overrideWithoutMaster, "override of UID \(uid) without the series it belongs to",
                    line: facts.recurrenceIDLine ?? facts.line, uid: uid, property: "RECURRENCE-ID")
            }
            return
        }
        let facts = results[master].facts
        guard let series = facts.series else { return }
        var targets: [(value: TimeValue, line: Int, code: DiagnosticCode, property: String)] = []
        for (i, exdate) in series.exceptions.enumerated() {
            targets.append((exdate, i < facts.exceptionLines.count ? facts.exceptionLines[i] : facts.line, .exceptionMatchesNoInstance, "EXDATE"))
        }
        for index in overrides {
            let f = results[index].facts
            targets.append((f.recurrenceID!, f.recurrenceIDLine ?? f.line, .recurrenceIDMatchesNoInstance, "RECURRENCE-ID"))
        }
        guard !targets.isEmpty, let start = series.start else { return }
        let matcher = InstanceMatcher(series: series, start: start, targets: targets.map(\.value), resolve: resolve)
        for target in targets where !matcher.matches(target.value) {
            add(target.code, "\(target.property) \(target.value) matches no instance of the series (DTSTART \(start)\(series.rules.isEmpty ? "" : ", RRULE \(series.rules[0])"))",
                line: target.line, uid: uid, property: target.property)
        }
    }
}
