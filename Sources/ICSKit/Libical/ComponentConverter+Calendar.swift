internal import CLibical

extension ComponentConverter {
    /// A VTIMEZONE: libical's component, or nil when every line was read in Swift (its TZID and
    /// observances of simple lines; ``BlockOutline/needsLibical``).
    mutating func timeZone(_ component: OpaquePointer?) -> TimeZoneDefinition {
        var result = TimeZoneDefinition(tzid: "", line: block.line)
        var lastRawLine: Int?
        let (root, items, dropped) = properties(of: component)
        var other = dropped
        for item in items {
            switch item.name {
            case "TZID": result.tzid = text(item) ?? ""
            case "TZURL": result.url = item.pointer.flatMap(LibicalValues.valueText)
            case "LAST-MODIFIED": result.lastModified = item.pointer.flatMap(LibicalValues.time)
            default: if isFirstOfItsLine(item, after: &lastRawLine) { other.append(raw(item)) }
            }
        }
        result.otherProperties = other
        var observances: [TimeZoneDefinition.Observance] = []
        if component == nil, let root {
            // No tree: the only children are observances read in Swift.
            while let next = cursor.peek(outline), outline.isInside(next, of: root) {
                observances.append(observance(nil, daylight: outline.components[next].name == "DAYLIGHT"))
            }
        }
        for child in children(of: component) {
            let name = childName(child)
            guard name == "STANDARD" || name == "DAYLIGHT" else {
                // Not an observance: skipped (its libical errors still said).
                skip(child)
                continue
            }
            observances.append(observance(child, daylight: name == "DAYLIGHT"))
        }
        result.observances = observances
        return result
    }

    /// A STANDARD or DAYLIGHT observance: libical's component, or nil when read in Swift.
    private mutating func observance(_ child: OpaquePointer?, daylight: Bool) -> TimeZoneDefinition.Observance {
        var observance = TimeZoneDefinition.Observance(kind: daylight ? .daylight : .standard,
                                                       start: CivilDateTime(year: 1970, month: 1, day: 1),
                                                       offsetFrom: 0, offsetTo: 0)
        let (index, childItems, _) = properties(of: child)
        for item in childItems {
            if let simple = item.simple {
                switch item.name {
                case "DTSTART": if let t = simple.time { observance.start = t.civil }
                case "TZOFFSETFROM": observance.offsetFrom = simple.integer ?? 0
                case "TZOFFSETTO": observance.offsetTo = simple.integer ?? 0
                case "RDATE":
                    if let dates = simple.dates {
                        observance.recurrenceDates.append(contentsOf: dates.map(\.start.civil))
                    } else {
                        observance.recurrenceDates.append(contentsOf: (simple.times ?? []).map(\.civil))
                    }
                case "TZNAME": if let n = simple.text { observance.names.append(n) }
                default: break
                }
                continue
            }
            guard let p = item.pointer else { continue }
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
        // An observance keeps no components: whatever nests in it is skipped.
        for grandchild in children(of: child) { skip(grandchild) }
        if let index { cursor.leave(index, of: outline) }
        return observance
    }

    mutating func calendarProperties(_ component: OpaquePointer?) -> ICalendar {
        var result = ICalendar(source: source)
        let (_, items, dropped) = properties(of: component)
        var other = dropped
        var fallbackName: String?, fallbackDescription: String?, fallbackColor: String?
        // The fallback spellings, kept as other properties when the RFC 7986 ones win.
        var fallbacks: [(name: String, property: Property)] = []
        var lastRawLine: Int?
        for item in items {
            switch item.name {
            case "NAME": result.name = text(item)
            case "X-WR-CALNAME": fallbackName = text(item); fallbacks.append((item.name, raw(item)))
            case "DESCRIPTION": result.notes = text(item)
            case "X-WR-CALDESC": fallbackDescription = text(item); fallbacks.append((item.name, raw(item)))
            case "COLOR": result.color = text(item)
            case "X-APPLE-CALENDAR-COLOR": fallbackColor = text(item); fallbacks.append((item.name, raw(item)))
            case "X-WR-TIMEZONE": result.defaultTimeZone = text(item)
            case "METHOD": result.method = token(item)
            case "PRODID": result.productID = text(item)
            case "VERSION": result.version = item.pointer.flatMap(LibicalValues.valueText)
            case "CALSCALE": result.calendarScale = token(item)
            default: if isFirstOfItsLine(item, after: &lastRawLine) { other.append(raw(item)) }
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
        for fallback in fallbacks {
            let shadowed: Bool
            switch fallback.name {
            case "X-WR-CALNAME": shadowed = result.name != nil
            case "X-WR-CALDESC": shadowed = result.notes != nil
            default: shadowed = result.color != nil
            }
            if shadowed { other.append(fallback.property) }
        }
        result.name = result.name ?? fallbackName
        result.notes = result.notes ?? fallbackDescription
        result.color = result.color ?? fallbackColor
        result.otherProperties = other.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return result
    }
}
