extension CalendarChecker {
    /// VTIMEZONEs defined twice or never used; TZIDs that name no zone or a Windows zone;
    /// X-WR-TIMEZONE against the zones used.
    mutating func checkZones(_ results: BlockResults, zones: [(tzid: String, line: Int)],
                             defaultZone: (value: String, line: Int)?, resolver: ZoneResolver) {
        var firstDefinition: [String: Int] = [:]
        for (tzid, line) in zones where !tzid.isEmpty {
            if let first = firstDefinition[tzid] {
                add(.duplicateTimeZone, "VTIMEZONE \(tzid) is defined again (first on line \(first))", line: line, property: "TZID")
            } else {
                firstDefinition[tzid] = line
            }
        }
        var uses: [String: (line: Int, property: String, count: Int)] = [:]
        var order: [String] = []
        // Neighbouring blocks mostly use the same zone: the last TZID seen is checked first.
        var last: String?
        for index in results.indices where results.plain(index) == nil {
            for use in results[placeless: index].zoneUses {
                if use.tzid == last {
                    uses[use.tzid]!.count += use.count
                } else if let known = uses[use.tzid] {
                    uses[use.tzid]!.count = known.count + use.count
                } else {
                    uses[use.tzid] = (use.line, use.property, use.count)
                    order.append(use.tzid)
                }
                last = use.tzid
            }
        }
        var usedDefinitions: Set<String> = []
        var usedNames: [String] = []
        for tzid in order {
            let use = uses[tzid]!
            let times = use.count == 1 ? "" : " (used \(use.count) times)"
            switch ZoneKind.of(tzid, resolver: resolver) {
            case .defined:
                if let definition = resolver.definition(for: tzid) { usedDefinitions.insert(definition.tzid) }
            case .windows(let iana):
                add(.windowsZoneName, "TZID \"\(tzid)\" is a Windows zone name (\(iana)) with no VTIMEZONE\(times)",
                    line: use.line, property: use.property)
            case .displayName(let iana):
                add(.windowsZoneName, "TZID \"\(tzid)\" is an Outlook display name (read as \(iana)) with no VTIMEZONE\(times)",
                    line: use.line, property: use.property)
            case .fixedOffset(let identifier):
                add(.fixedOffsetZoneName, "TZID \"\(tzid)\" names a fixed offset with no VTIMEZONE: read as \(identifier) all year, without daylight saving time\(times)",
                    line: use.line, property: use.property)
            case .unknown:
                add(.unknownTimeZone, "TZID \"\(tzid)\" has no VTIMEZONE and is neither an IANA nor a Windows zone name\(times)",
                    line: use.line, property: use.property)
            case .utc, .iana: break
            }
            usedNames.append(ZoneKind.ianaName(tzid, resolver: resolver))
        }
        if let defaultZone {
            let value = defaultZone.value
            switch ZoneKind.of(value, resolver: resolver) {
            case .defined:
                if let definition = resolver.definition(for: value) { usedDefinitions.insert(definition.tzid) }
            case .unknown:
                add(.unknownTimeZone, "X-WR-TIMEZONE \"\(value)\" is neither an IANA nor a Windows zone name", line: defaultZone.line, property: "X-WR-TIMEZONE")
            default: break
            }
            let name = ZoneKind.ianaName(value, resolver: resolver)
            let distinct = Array(Set(usedNames)).sorted()
            if !distinct.isEmpty, !distinct.contains(name) {
                add(.defaultZoneMismatch, "X-WR-TIMEZONE is \(value) but the times use \(distinct.prefix(3).joined(separator: ", "))\(distinct.count > 3 ? ", …" : "")",
                    line: defaultZone.line, property: "X-WR-TIMEZONE")
            }
        }
        for (tzid, line) in zones where !tzid.isEmpty && !usedDefinitions.contains(tzid) {
            if firstDefinition[tzid] != line { continue }
            add(.unusedTimeZone, "VTIMEZONE \(tzid) is not used by any TZID", line: line, property: "TZID")
        }
    }
}
