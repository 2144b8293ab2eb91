internal import CLibical

/// Converts one libical tree (a scanned block) into model values, at once, while its
/// owner keeps it alive. The tree is freed by its owner when the conversion returns.
struct ComponentConverter {
    let lines: PropertyLines
    private(set) var diagnostics: [Diagnostic] = []
    private var componentIndex = 0

    init(block: ComponentBlock, source: String?) {
        lines = PropertyLines(block: block, source: source)
        diagnostics = block.diagnostics
    }

    /// Parses a block with libical and converts it.
    /// - Complexity: O(n) in the block's size.
    static func parse(_ block: ComponentBlock, source: String?) -> ParsedBlock {
        var converter = ComponentConverter(block: block, source: source)
        let component: ParsedComponent? = block.text.withUnsafeBufferPointer { text in
            guard !text.isEmpty, let tree = LibicalTree(lines: text, offsets: block.lines.lazy.map { Int($0.offset) }) else { return nil }
            return withExtendedLifetime(tree) { converter.convert(tree.root, expected: block.name) }
        }
        if component == nil {
            converter.diagnostics.append(Diagnostic(.invalidComponent, "libical could not read \(block.name) begun on line \(block.line)",
                                                    source: source, line: block.line))
        }
        var result = ParsedBlock(component: component.map { keepUnparsed(block, in: $0) }, diagnostics: converter.diagnostics)
        for line in block.unparsed {
            let name = line.bytes.withUnsafeBufferPointer { ContentLineSyntax.name($0) }
            result.diagnostics.append(Diagnostic(.lineTooLong, "content line of \(line.bytes.count) bytes (\(name.prefix(40))) is too long to parse; kept as written",
                                                 severity: .warning, source: source, line: line.number, property: name))
        }
        RuleRepair.apply(to: &result, source: source)
        if case .incidence(let incidence)? = component, let uid = incidence.uid {
            for i in result.diagnostics.indices where result.diagnostics[i].uid == nil { result.diagnostics[i].uid = uid }
        }
        return result
    }

    /// Adds the lines that were too long for libical (``ComponentBlock/unparsed``) to the
    /// component as raw properties, in line order (those of a nested component go to the top-level one).
    private static func keepUnparsed(_ block: ComponentBlock, in component: ParsedComponent) -> ParsedComponent {
        let kept = block.unparsed.compactMap { line -> Property? in
            guard let parts = line.bytes.withUnsafeBufferPointer({ ContentLineSyntax.split($0) }) else { return nil }
            return Property(name: parts.name, parameters: parts.parameters, value: parts.value, line: line.number)
        }
        guard !kept.isEmpty else { return component }
        func merged(_ properties: [Property]) -> [Property] {
            (properties + kept).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        }
        switch component {
        case .incidence(var incidence):
            incidence.otherProperties = merged(incidence.otherProperties)
            return .incidence(incidence)
        case .timeZone(var zone):
            zone.otherProperties = merged(zone.otherProperties)
            return .timeZone(zone)
        case .calendarProperties(var calendar):
            calendar.otherProperties = merged(calendar.otherProperties)
            return .calendarProperties(calendar)
        case .other(var raw):
            raw.properties = merged(raw.properties)
            return .other(raw)
        }
    }

    // MARK: - Components

    private mutating func convert(_ root: OpaquePointer, expected: String) -> ParsedComponent? {
        let name = LibicalValues.string(icalcomponent_kind_to_string(icalcomponent_isa(root))) ?? expected
        switch expected {
        case "VCALENDAR": return .calendarProperties(calendarProperties(root))
        case "VEVENT": return .incidence(incidence(root, kind: .event))
        case "VTODO": return .incidence(incidence(root, kind: .todo))
        case "VJOURNAL": return .incidence(incidence(root, kind: .journal))
        case "VTIMEZONE": return .timeZone(timeZone(root))
        default: return .other(rawComponent(root, name: name == "X" ? expected : expected))
        }
    }

    /// Takes the next component index (pre-order), its items and dropped lines.
    private mutating func properties(of component: OpaquePointer) -> (items: [PropertyItem], dropped: [Property]) {
        let index = componentIndex
        componentIndex += 1
        let result = lines.items(of: component, componentIndex: index)
        diagnostics.append(contentsOf: result.diagnostics)
        return (result.items, result.dropped)
    }

    /// The children of a component, in order (`icalcomponent_get_first/next_component`).
    private func children(of component: OpaquePointer) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let c = child {
            out.append(c)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return out
    }

    private func childName(_ component: OpaquePointer) -> String {
        if icalcomponent_isa(component) == ICAL_X_COMPONENT {
            // libical 3.0 has no getter for an X- component's name: take it from its BEGIN line
            // (the child about to be converted is the next component in pre-order).
            return lines.componentNames.indices.contains(componentIndex) ? lines.componentNames[componentIndex] : "X-"
        }
        return LibicalValues.string(icalcomponent_kind_to_string(icalcomponent_isa(component))) ?? "X-"
    }

    /// A property kept as written: from its line when known, else from libical's text.
    private func raw(_ item: PropertyItem) -> Property {
        if let index = item.lineIndex, let property = lines.rawProperty(index), property.name == item.name { return property }
        return Property(name: item.name, value: LibicalValues.valueText(of: item.pointer) ?? "", line: lines.number(item.lineIndex))
    }

    private mutating func integer(_ item: PropertyItem, into other: inout [Property]) -> Int? {
        let text = String((lines.rawValue(item.lineIndex) ?? LibicalValues.valueText(of: item.pointer) ?? "").trimmingSpaces)
        if let value = Int(text) { return value }
        diagnostics.append(Diagnostic(.valueParseError, "\(item.name) value \"\(text)\" is not an integer",
                                      source: lines.source, line: lines.number(item.lineIndex), property: item.name))
        other.append(raw(item))
        return nil
    }

    /// A DATE or DATE-TIME value that names a real day and time; libical accepts
    /// `20240631T250000` as it is, so an impossible one is reported and kept as written.
    private mutating func time(_ item: PropertyItem, into other: inout [Property]) -> TimeValue? {
        guard let value = LibicalValues.time(of: item.pointer) else { return nil }
        let t = value.civil
        if t.date.isValid && (0...23).contains(t.hour) && (0...59).contains(t.minute) && (0...60).contains(t.second) {
            return value
        }
        let text = lines.rawValue(item.lineIndex) ?? value.description
        diagnostics.append(Diagnostic(.valueParseError, "\(item.name) value \"\(text)\" is not a real date and time; kept as written",
                                      source: lines.source, line: lines.number(item.lineIndex), property: item.name))
        other.append(raw(item))
        return nil
    }

    private func calendarUser(_ item: PropertyItem) -> CalendarUser {
        CalendarUser(address: LibicalValues.valueText(of: item.pointer) ?? lines.rawValue(item.lineIndex) ?? "",
                     parameters: lines.parameters(item.lineIndex))
    }

    private mutating func incidence(_ component: OpaquePointer, kind: Incidence.Kind) -> Incidence {
        var result = Incidence(kind: kind)
        result.line = lines.block.line
        let (items, dropped) = properties(of: component)
        result.otherProperties = dropped
        for item in items {
            let p = item.pointer
            switch item.name {
            case "UID": result.uid = LibicalValues.text(of: p)
            case "SUMMARY": result.summary = LibicalValues.text(of: p)
            case "DESCRIPTION": result.notes = LibicalValues.text(of: p)
            case "LOCATION": result.location = LibicalValues.text(of: p)
            case "URL": result.url = LibicalValues.valueText(of: p)
            case "STATUS": result.status = LibicalValues.valueText(of: p).map(EventStatus.init(rawValue:))
            case "TRANSP": result.transparency = LibicalValues.valueText(of: p).map(Transparency.init(rawValue:))
            case "CLASS": result.classification = LibicalValues.valueText(of: p).map(Classification.init(rawValue:))
            case "COLOR": result.color = LibicalValues.text(of: p)
            case "GEO": result.geo = LibicalValues.geo(of: p)
            case "CATEGORIES": if let text = LibicalValues.text(of: p) { result.categories.append(text) }
            case "ORGANIZER": result.organizer = calendarUser(item)
            case "ATTENDEE": result.attendees.append(calendarUser(item))
            case "DTSTART": result.start = time(item, into: &result.otherProperties)
            case "DTEND": result.end = time(item, into: &result.otherProperties)
            case "DUE": result.due = time(item, into: &result.otherProperties)
            case "COMPLETED": result.completed = time(item, into: &result.otherProperties)
            case "DTSTAMP": result.timestamp = time(item, into: &result.otherProperties)
            case "CREATED": result.created = time(item, into: &result.otherProperties)
            case "LAST-MODIFIED": result.lastModified = time(item, into: &result.otherProperties)
            case "DURATION": result.duration = LibicalValues.durationValue(of: p)
            case "RRULE":
                if let rule = LibicalValues.recurrenceRule(of: p) { result.recurrenceRules.append(rule) } else { result.otherProperties.append(raw(item)) }
            case "RDATE": if let date = LibicalValues.recurrenceDate(of: p) { result.recurrenceDates.append(date) }
            case "EXDATE": if let date = time(item, into: &result.otherProperties) { result.exceptionDates.append(date) }
            case "RECURRENCE-ID":
                result.recurrenceID = time(item, into: &result.otherProperties)
                result.appliesToFutureInstances = lines.parameters(item.lineIndex)[parameter: "RANGE"]?.uppercased() == "THISANDFUTURE"
            case "SEQUENCE": result.sequence = integer(item, into: &result.otherProperties) ?? 0
            case "PRIORITY": result.priority = integer(item, into: &result.otherProperties)
            case "PERCENT-COMPLETE": result.percentComplete = integer(item, into: &result.otherProperties)
            default: result.otherProperties.append(raw(item))
            }
        }
        result.otherProperties.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        for child in children(of: component) {
            let name = childName(child)
            if name == "VALARM" {
                result.alarms.append(alarm(child))
            } else {
                result.otherComponents.append(rawComponent(child, name: name))
            }
        }
        return result
    }

    private mutating func alarm(_ component: OpaquePointer) -> Alarm {
        var result = Alarm()
        result.line = lines.componentBeginLines.indices.contains(componentIndex) ? lines.componentBeginLines[componentIndex] : nil
        let (items, dropped) = properties(of: component)
        result.otherProperties = dropped
        for item in items {
            let p = item.pointer
            switch item.name {
            case "ACTION": result.action = LibicalValues.valueText(of: p).map(AlarmAction.init(rawValue:))
            case "TRIGGER":
                let toEnd = lines.parameters(item.lineIndex)[parameter: "RELATED"]?.uppercased() == "END"
                result.trigger = LibicalValues.trigger(of: p, relatedToEnd: toEnd)
                result.triggerLine = lines.number(item.lineIndex)
            case "DESCRIPTION": result.notes = LibicalValues.text(of: p)
            case "SUMMARY": result.summary = LibicalValues.text(of: p)
            case "DURATION": result.duration = LibicalValues.durationValue(of: p)
            case "REPEAT": result.repeatCount = integer(item, into: &result.otherProperties)
            case "ATTENDEE": result.attendees.append(calendarUser(item))
            default: result.otherProperties.append(raw(item))
            }
        }
        for child in children(of: component) { _ = rawComponent(child, name: childName(child)) }
        return result
    }

    private mutating func timeZone(_ component: OpaquePointer) -> TimeZoneDefinition {
        var result = TimeZoneDefinition(tzid: "", line: lines.block.line)
        let (items, dropped) = properties(of: component)
        result.otherProperties = dropped
        for item in items {
            switch item.name {
            case "TZID": result.tzid = LibicalValues.text(of: item.pointer) ?? ""
            case "TZURL": result.url = LibicalValues.valueText(of: item.pointer)
            case "LAST-MODIFIED": result.lastModified = LibicalValues.time(of: item.pointer)
            default: result.otherProperties.append(raw(item))
            }
        }
        for child in children(of: component) {
            let name = childName(child)
            guard name == "STANDARD" || name == "DAYLIGHT" else {
                _ = rawComponent(child, name: name)
                continue
            }
            var observance = TimeZoneDefinition.Observance(kind: name == "DAYLIGHT" ? .daylight : .standard,
                                                           start: CivilDateTime(year: 1970, month: 1, day: 1),
                                                           offsetFrom: 0, offsetTo: 0)
            let (childItems, _) = properties(of: child)
            for item in childItems {
                let p = item.pointer
                switch item.name {
                case "DTSTART": if let t = LibicalValues.time(of: p) { observance.start = t.civil }
                case "TZOFFSETFROM": observance.offsetFrom = LibicalValues.utcOffset(of: p) ?? 0
                case "TZOFFSETTO": observance.offsetTo = LibicalValues.utcOffset(of: p) ?? 0
                case "RRULE": observance.recurrenceRule = LibicalValues.recurrenceRule(of: p)
                case "RDATE": if let d = LibicalValues.recurrenceDate(of: p) { observance.recurrenceDates.append(d.start.civil) }
                case "TZNAME": if let n = LibicalValues.text(of: p) { observance.names.append(n) }
                default: break
                }
            }
            result.observances.append(observance)
        }
        return result
    }

    private mutating func calendarProperties(_ component: OpaquePointer) -> ICalendar {
        var result = ICalendar(source: lines.source)
        let (items, dropped) = properties(of: component)
        var other = dropped
        var fallbackName: String?, fallbackDescription: String?, fallbackColor: String?
        // The fallback spellings, kept as other properties when the RFC 7986 ones win.
        var fallbacks: [PropertyItem] = []
        for item in items {
            let p = item.pointer
            switch item.name {
            case "NAME": result.name = LibicalValues.text(of: p)
            case "X-WR-CALNAME": fallbackName = LibicalValues.text(of: p); fallbacks.append(item)
            case "DESCRIPTION": result.notes = LibicalValues.text(of: p)
            case "X-WR-CALDESC": fallbackDescription = LibicalValues.text(of: p); fallbacks.append(item)
            case "COLOR": result.color = LibicalValues.text(of: p)
            case "X-APPLE-CALENDAR-COLOR": fallbackColor = LibicalValues.text(of: p); fallbacks.append(item)
            case "X-WR-TIMEZONE": result.defaultTimeZone = LibicalValues.text(of: p)
            case "METHOD": result.method = LibicalValues.valueText(of: p)?.uppercased()
            case "PRODID": result.productID = LibicalValues.text(of: p)
            case "VERSION": result.version = LibicalValues.valueText(of: p)
            case "CALSCALE": result.calendarScale = LibicalValues.valueText(of: p)?.uppercased()
            default: other.append(raw(item))
            }
        }
        // Properties libical 3.0 does not know (REFRESH-INTERVAL, X-PUBLISHED-TTL) arrive raw.
        for property in other {
            switch property.name {
            case "REFRESH-INTERVAL": result.refreshInterval = DurationText.parse(property.value)
            case "X-PUBLISHED-TTL": result.publishedTTL = DurationText.parse(property.value)
            case "NAME" where result.name == nil: result.name = property.value
            default: break
            }
        }
        for item in fallbacks {
            let shadowed: Bool
            switch item.name {
            case "X-WR-CALNAME": shadowed = result.name != nil
            case "X-WR-CALDESC": shadowed = result.notes != nil
            default: shadowed = result.color != nil
            }
            if shadowed { other.append(raw(item)) }
        }
        result.name = result.name ?? fallbackName
        result.notes = result.notes ?? fallbackDescription
        result.color = result.color ?? fallbackColor
        result.otherProperties = other.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return result
    }

    private mutating func rawComponent(_ component: OpaquePointer, name: String) -> RawComponent {
        var result = RawComponent(name: name)
        let (items, dropped) = properties(of: component)
        result.properties = (items.map { raw($0) } + dropped).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        for child in children(of: component) { result.components.append(rawComponent(child, name: childName(child))) }
        return result
    }
}
