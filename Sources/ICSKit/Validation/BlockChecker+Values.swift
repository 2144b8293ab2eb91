extension BlockChecker {
    private static let floatingProperties: Set<Int> = [PropertyID.dtstart, PropertyID.dtend, PropertyID.due, PropertyID.recurrenceID,
                                                       PropertyID.exdate, PropertyID.rdate]

    /// The value as text for a message, shortened.
    private static func shown(_ b: Bytes) -> String {
        let text = String(decoding: b, as: UTF8.self)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// Checks the value of a known property against its type and the rules on its text.
    mutating func checkValue(_ id: Int, _ value: Bytes, parameters: LineParameters, line: ComponentBlock.Line) {
        let rule = PropertyTable.rules[id]
        let number = Int(line.number)
        let name = line.name
        switch id {
        case PropertyID.status:
            let text = String(decoding: value, as: UTF8.self).uppercased()
            if let component = stack.last?.name, let allowed = PropertyTable.statuses[component], !allowed.contains(text) {
                add(.statusNotAllowed, "STATUS:\(text) is not allowed in \(component) (\(allowed.sorted().joined(separator: ", ")))",
                    line: number, property: name)
            }
        case PropertyID.transp:
            let text = String(decoding: value, as: UTF8.self).uppercased()
            if text != "OPAQUE", text != "TRANSPARENT" {
                add(.valueParseError, "TRANSP:\(Self.shown(value)) is neither OPAQUE nor TRANSPARENT (RFC 5545 3.8.2.7)", line: number, property: name)
            }
        case PropertyID.action:
            if !stack.isEmpty { stack[stack.count - 1].action = String(decoding: value, as: UTF8.self).uppercased() }
        case PropertyID.version:
            let text = String(decoding: value, as: UTF8.self)
            if stack.last?.name == "VCALENDAR", text != "2.0" {
                add(.unsupportedVersion, "VERSION is \(text), not 2.0", line: number, property: name)
            }
        case PropertyID.method:
            if stack.last?.name == "VCALENDAR" { facts.method = String(decoding: value, as: UTF8.self).uppercased() }
        case PropertyID.xwrTimezone:
            if stack.last?.name == "VCALENDAR" { facts.defaultTimeZone = (String(decoding: value, as: UTF8.self), number) }
        case PropertyID.exdate:
            if stack.count == 1 { facts.exceptionLines.append(number, count: ContentLineSyntax.listCount(value)) }
        default: break
        }
        guard var type = rule.type else { return }
        if let written = parameters.valueType {
            guard let chosen = PropertyTable.ValueType(rawValue: written), rule.allows(chosen) else {
                let allowed = rule.allowed.map(\.rawValue).joined(separator: ", ")
                syntax(.valueTypeNotAllowed, "VALUE=\(written) is not allowed for \(name) (\(allowed))", line: number, property: name)
                return
            }
            type = chosen
        }
        if !rule.isList {
            checkOne(value, type: type, id: id, name: name, parameters: parameters, line: number)
            return
        }
        var start = 0
        for i in 0...value.count where i == value.count || value[i] == 0x2C {
            checkOne(Bytes(rebasing: value[start..<i]), type: type, id: id, name: name, parameters: parameters, line: number)
            start = i + 1
        }
    }

    private mutating func checkOne(_ b: Bytes, type: PropertyTable.ValueType, id: Int, name: String,
                                   parameters: LineParameters, line: Int) {
        let rule = PropertyTable.rules[id]
        switch type {
        case .date:
            if !ValueSyntax.isDate(b) {
                syntax(.invalidDate, "\(name) value \"\(Self.shown(b))\" is not a DATE (YYYYMMDD)", line: line, property: name)
            }
        case .dateTime:
            guard let isUTC = ValueSyntax.dateTime(b) else {
                if ValueSyntax.isDate(b), rule.allows(.date) {
                    syntax(.invalidDateTime, "\(name) value \"\(Self.shown(b))\" is a DATE without VALUE=DATE", line: line, property: name)
                } else {
                    syntax(.invalidDateTime, "\(name) value \"\(Self.shown(b))\" is not a DATE-TIME (YYYYMMDDTHHMMSS[Z])", line: line, property: name)
                }
                return
            }
            if isUTC, parameters.tzid != nil {
                add(.utcTimeWithTZID, "\(name) is in UTC (ends with Z) but has TZID=\(parameters.tzid!)", line: line, property: name)
            } else if rule.utcOnly, !isUTC {
                syntax(.invalidDateTime, "\(name) value \"\(Self.shown(b))\" must be in UTC (end with Z)", line: line, property: name)
            } else if !isUTC, parameters.tzid == nil, facts.floating == nil, stack.count == 1,
                      Self.floatingProperties.contains(id) {
                facts.floating = (line, name)
            }
        case .duration:
            guard let d = ValueSyntax.duration(b) else {
                syntax(.invalidDuration, "\(name) value \"\(Self.shown(b))\" is not a DURATION (e.g. PT1H, P1D)", line: line, property: name)
                return
            }
            if d.isNegative, name == "DURATION", let component = stack.last?.name, component == "VEVENT" || component == "VTODO" {
                add(.negativeDuration, "DURATION \(Self.shown(b)) is negative", line: line, property: name)
            }
        case .period:
            if !ValueSyntax.isPeriod(b) {
                syntax(.invalidPeriod, "\(name) value \"\(Self.shown(b))\" is not a PERIOD (start/end or start/duration)", line: line, property: name)
            }
        case .utcOffset:
            if !ValueSyntax.isUTCOffset(b) {
                syntax(.invalidUTCOffset, "\(name) value \"\(Self.shown(b))\" is not a UTC offset (+HHMM or -HHMM)", line: line, property: name)
            }
        case .integer:
            guard let n = ValueSyntax.integer(b) else {
                syntax(.invalidInteger, "\(name) value \"\(Self.shown(b))\" is not an integer", line: line, property: name)
                return
            }
            switch id {
            case PropertyID.percentComplete where !(0...100).contains(n):
                add(.percentOverHundred, "PERCENT-COMPLETE is \(n), outside 0–100", line: line, property: name)
            case PropertyID.priority where !(0...9).contains(n):
                add(.priorityOutOfRange, "PRIORITY is \(n), outside 0–9", line: line, property: name)
            case PropertyID.repeatCount, PropertyID.sequence:
                if n < 0 { syntax(.invalidInteger, "\(name) is \(n); it may not be negative", line: line, property: name) }
            default: break
            }
        case .calAddress:
            if !ValueSyntax.isCalendarAddress(b) {
                syntax(.invalidCalendarAddress, "\(name) value \"\(Self.shown(b))\" is not a calendar address (mailto:…)", line: line, property: name)
            }
        case .uri:
            if !ValueSyntax.isURI(b), name == "ATTACH", !b.isEmpty,
               b.allSatisfy({ ValueSyntax.isDigit($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }) {
                // iCloud names its alarm sound (ATTACH;VALUE=URI:Chord) in every export: a word, not a URI.
                add(.soundNameNotURI, "ATTACH value \"\(Self.shown(b))\" is a sound's name, not a URI", line: line, property: name)
            } else if !ValueSyntax.isURI(b) {
                syntax(.invalidURI, "\(name) value \"\(Self.shown(b))\" is not a URI", line: line, property: name)
            }
        case .recur:
            for problem in RuleTextChecker.problems(b) {
                linesWithSyntaxErrors.insert(line)
                add(problem.code, problem.message, line: line, property: name)
            }
        default: break
        }
    }
}
