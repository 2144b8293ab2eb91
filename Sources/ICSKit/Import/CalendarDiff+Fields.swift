/// Which properties differ between two versions of an event, by iCalendar name.
enum IncidenceFields {
    /// A property of ``Incidence`` and how to tell two values of it apart.
    private struct Field {
        let name: String
        let differs: @Sendable (Incidence, Incidence) -> Bool
    }

    private static func field<V: Equatable & SendableMetatype>(_ name: String, _ value: @escaping @Sendable (Incidence) -> V) -> Field {
        Field(name: name) { value($0) != value($1) }
    }

    /// In the order they are reported. DTSTAMP and LAST-MODIFIED are left out on purpose:
    /// servers rewrite them on every export. Line numbers never count.
    private static let fields: [Field] = [
        field("DTSTART") { $0.start },
        field("DTEND") { $0.end },
        field("DURATION") { $0.duration },
        field("DUE") { $0.due },
        field("SUMMARY") { $0.summary },
        field("LOCATION") { $0.location },
        field("DESCRIPTION") { $0.description },
        field("STATUS") { $0.status },
        field("RRULE") { $0.recurrenceRules },
        field("RDATE") { $0.recurrenceDates },
        field("EXDATE") { $0.exceptionDates },
        field("RANGE") { $0.appliesToFutureInstances },
        field("SEQUENCE") { $0.sequence },
        field("ORGANIZER") { $0.organizer },
        field("ATTENDEE") { $0.attendees },
        field("CATEGORIES") { $0.categories },
        field("CLASS") { $0.classification },
        field("TRANSP") { $0.transparency },
        field("PRIORITY") { $0.priority },
        field("COLOR") { $0.color },
        field("GEO") { $0.geo },
        field("URL") { $0.url },
        field("COMPLETED") { $0.completed },
        field("PERCENT-COMPLETE") { $0.percentComplete },
        field("CREATED") { $0.created },
        field("VALARM") { $0.alarms.map(withoutLine) },
        field("COMPONENT") { $0.kind },
    ]

    /// The names of the properties that differ, typed fields first, then other properties by name.
    /// - Complexity: O(p log p) in the number of properties.
    static func differences(_ old: Incidence, _ new: Incidence) -> [String] {
        var names = fields.filter { $0.differs(old, new) }.map(\.name)
        let before = grouped(old.otherProperties), after = grouped(new.otherProperties)
        for name in Set(before.keys).union(after.keys).sorted() where before[name] != after[name] {
            names.append(name)
        }
        if old.otherComponents.map(withoutLines) != new.otherComponents.map(withoutLines) { names.append("COMPONENTS") }
        return names
    }

    /// Other properties by name, without their line numbers; DTSTAMP and LAST-MODIFIED left out.
    private static func grouped(_ properties: [Property]) -> [String: [Property]] {
        var out: [String: [Property]] = [:]
        for var property in properties where property.name != "DTSTAMP" && property.name != "LAST-MODIFIED" {
            property.line = nil
            out[property.name, default: []].append(property)
        }
        return out
    }

    private static func withoutLine(_ alarm: Alarm) -> Alarm {
        var alarm = alarm
        alarm.line = nil
        alarm.triggerLine = nil
        alarm.otherProperties = alarm.otherProperties.map { var p = $0; p.line = nil; return p }
        return alarm
    }

    private static func withoutLines(_ component: RawComponent) -> RawComponent {
        var component = component
        component.line = nil
        component.properties = component.properties.map { var p = $0; p.line = nil; return p }
        component.components = component.components.map(withoutLines)
        return component
    }
}
