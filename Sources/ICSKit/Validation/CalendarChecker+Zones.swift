extension CalendarChecker {
    /// What a TZID names, for the zone checks.
    enum ZoneKind {
        case defined, utc, iana(String), windows(String), unknown
    }

    static func kind(of tzid: String, definitions: [TimeZoneDefinition]) -> ZoneKind {
        let name = TZIDNormalizer.normalize(tzid)
        if definitions.contains(where: { $0.tzid == tzid || TZIDNormalizer.normalize($0.tzid) == name }) { return .defined }
        if ZoneResolver.utcNames.contains(name.lowercased()) { return .utc }
        if let known = SystemZoneNames.canonical(name) { return .iana(known) }
        if let iana = WindowsZoneNames.iana(for: TZIDNormalizer.clean(tzid)) { return .windows(SystemZoneNames.currentName(iana)) }
        return .unknown
    }

    /// The IANA name a TZID stands for, when there is one (for comparing with X-WR-TIMEZONE).
    static func ianaName(_ tzid: String, definitions: [TimeZoneDefinition]) -> String {
        switch kind(of: tzid, definitions: definitions) {
        case .iana(let name), .windows(let name): return SystemZoneNames.currentName(name)
        case .utc: return "UTC"
        default:
            if let zone = ZoneResolver(timeZones: definitions).zone(for: tzid), let id = zone.identifier {
                return SystemZoneNames.currentName(id)
            }
            return TZIDNormalizer.normalize(tzid)
        }
    }

    /// VTIMEZONEs defined twice or never used; TZIDs that name no zone or a Windows zone;
    /// X-WR-TIMEZONE against the zones used.
    mutating func checkZones(_ results: [BlockResult], zones: [(definition: TimeZoneDefinition, line: Int)],
                             defaultZone: (value: String, line: Int)?) {
        let definitions = zones.map(\.definition)
        var firstDefinition: [String: Int] = [:]
        for (definition, line) in zones where !definition.tzid.isEmpty {
            if let first = firstDefinition[definition.tzid] {
                add(.duplicateTimeZone, "VTIMEZONE \(definition.tzid) is defined again (first on line \(first))", line: line, property: "TZID")
            } else {
                firstDefinition[definition.tzid] = line
            }
        }
        var uses: [String: (line: Int, property: String, count: Int)] = [:]
        var order: [String] = []
        // Neighbouring blocks mostly use the same zone: the last TZID seen is checked first.
        var last: String?
        for index in results.indices {
            for use in results[index].facts.zoneUses {
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
            switch Self.kind(of: tzid, definitions: definitions) {
            case .defined:
                let name = TZIDNormalizer.normalize(tzid)
                if let definition = definitions.first(where: { $0.tzid == tzid || TZIDNormalizer.normalize($0.tzid) == name }) {
                    usedDefinitions.insert(definition.tzid)
                }
            case .windows(let iana):
                add(.windowsZoneName, "TZID \"\(tzid)\" is a Windows zone name (\(iana)) with no VTIMEZONE\(times)",
                    line: use.line, property: use.property)
            case .unknown:
                add(.unknownTimeZone, "TZID \"\(tzid)\" has no VTIMEZONE and is neither an IANA nor a Windows zone name\(times)",
                    line: use.line, property: use.property)
            case .utc, .iana: break
            }
            usedNames.append(Self.ianaName(tzid, definitions: definitions))
        }
        if let defaultZone {
            let value = defaultZone.value
            switch Self.kind(of: value, definitions: definitions) {
            case .defined:
                usedDefinitions.insert(definitions.first { $0.tzid == value || TZIDNormalizer.normalize($0.tzid) == TZIDNormalizer.normalize(value) }!.tzid)
            case .unknown:
                add(.unknownTimeZone, "X-WR-TIMEZONE \"\(value)\" is neither an IANA nor a Windows zone name", line: defaultZone.line, property: "X-WR-TIMEZONE")
            default: break
            }
            let name = Self.ianaName(value, definitions: definitions)
            let distinct = Array(Set(usedNames)).sorted()
            if !distinct.isEmpty, !distinct.contains(name) {
                add(.defaultZoneMismatch, "X-WR-TIMEZONE is \(value) but the times use \(distinct.prefix(3).joined(separator: ", "))\(distinct.count > 3 ? ", …" : "")",
                    line: defaultZone.line, property: "X-WR-TIMEZONE")
            }
        }
        for (definition, line) in zones where !definition.tzid.isEmpty && !usedDefinitions.contains(definition.tzid) {
            if firstDefinition[definition.tzid] != line { continue }
            add(.unusedTimeZone, "VTIMEZONE \(definition.tzid) is not used by any TZID", line: line, property: "TZID")
        }
    }
}
