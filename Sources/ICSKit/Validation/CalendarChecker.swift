/// The checks that look across the blocks of one file: METHOD-dependent requirements,
/// UIDs and overrides, EXDATE and RECURRENCE-ID against the instances of their series,
/// time zones (defined, used, named), and floating times in a published feed.
struct CalendarChecker {
    let file: String
    var findings: [Finding] = []

    init(file: String) {
        self.file = file
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
            switch result.component {
            case .incidence?: incidences.append(index)
            case .timeZone(let zone)?: zones.append((zone, result.facts.line))
            default: break
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
            if results[index].facts.needsZoneOrder, case .incidence(let incidence)? = results[index].component {
                var order = IncidenceChecker(incidence: incidence, facts: results[index].facts, file: file, resolve: resolve)
                order.checkOrder()
                findings.append(contentsOf: order.findings)
            }
        }
        checkUIDs(results, incidences, resolve: resolve)
        checkZones(results, zones: zones, defaultZone: defaultZone)
    }

    // MARK: - UIDs, overrides, exceptions

    private mutating func checkUIDs(_ results: [BlockResult], _ indices: [Int], resolve: @escaping TimeOrder.Resolve) {
        /// The incidence and facts of a block known to hold one.
        func incidences(_ i: Int) -> (incidence: Incidence, facts: BlockFacts) {
            guard case .incidence(let incidence)? = results[i].component else { preconditionFailure("not an incidence") }
            return (incidence, results[i].facts)
        }
        func uidOf(_ i: Int) -> String? { results[i].facts.uid }
        func recurrenceID(_ i: Int) -> TimeValue? { results[i].facts.recurrenceID }
        // Most UIDs occur once: only repeated ones get a list of their other components.
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(indices.count)
        var others: [Int: [Int]] = [:]
        var order: [Int] = []
        for index in indices {
            guard let uid = uidOf(index) else { continue }
            if let first = firstIndex[uid] {
                others[first, default: []].append(index)
            } else {
                firstIndex[uid] = index
                order.append(index)
            }
        }
        for first in order {
            let uid = uidOf(first)!
            let members = [first] + (others[first] ?? [])
            if members.count == 1, recurrenceID(first) == nil, !results[first].facts.hasExceptions { continue }
            let masters = members.filter { recurrenceID($0) == nil }
            let overrides = members.filter { recurrenceID($0) != nil }
            for extra in masters.dropFirst() {
                let facts = results[extra].facts
                add(.duplicateUID, "UID \(uid) is used again without RECURRENCE-ID (first by the component on line \(results[masters[0]].facts.line))",
                    line: facts.uidLine ?? facts.line, uid: uid, property: "UID")
            }
            var seen: [TimeValue: Int] = [:]
            for index in overrides {
                let (incidence, facts) = incidences(index)
                if let first = seen[incidence.recurrenceID!] {
                    add(.duplicateOverride, "a second override of UID \(uid) for RECURRENCE-ID \(incidence.recurrenceID!) (first on line \(first))",
                        line: facts.recurrenceIDLine ?? facts.line, uid: uid, property: "RECURRENCE-ID")
                } else {
                    seen[incidence.recurrenceID!] = facts.recurrenceIDLine ?? facts.line
                }
            }
            guard let master = masters.first else {
                if let first = overrides.first {
                    let facts = results[first].facts
                    add(.overrideWithoutMaster, "override of UID \(uid) without the series it belongs to",
                        line: facts.recurrenceIDLine ?? facts.line, uid: uid, property: "RECURRENCE-ID")
                }
                continue
            }
            let (series, facts) = incidences(master)
            var targets: [(value: TimeValue, line: Int, code: DiagnosticCode, property: String)] = []
            for (i, exdate) in series.exceptionDates.enumerated() {
                targets.append((exdate, i < facts.exceptionLines.count ? facts.exceptionLines[i] : facts.line, .exceptionMatchesNoInstance, "EXDATE"))
            }
            for index in overrides {
                let f = results[index].facts
                targets.append((recurrenceID(index)!, f.recurrenceIDLine ?? f.line, .recurrenceIDMatchesNoInstance, "RECURRENCE-ID"))
            }
            guard !targets.isEmpty, let start = series.start else { continue }
            let matcher = InstanceMatcher(series: series, start: start, targets: targets.map(\.value), resolve: resolve)
            for target in targets where !matcher.matches(target.value) {
                add(target.code, "\(target.property) \(target.value) matches no instance of the series (DTSTART \(start)\(series.recurrenceRules.isEmpty ? "" : ", RRULE \(series.recurrenceRules[0])"))",
                    line: target.line, uid: uid, property: target.property)
            }
        }
    }
}
