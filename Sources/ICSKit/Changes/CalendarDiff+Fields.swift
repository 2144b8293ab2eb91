/// Which properties differ between two versions of an event, by iCalendar name.
enum IncidenceFields {
    /// A property of ``Incidence`` and how to tell two values of it apart.
    private struct Field {
        let name: CalendarDiff.Field
        let differs: @Sendable (Incidence, Incidence) -> Bool
    }

    private static func field<V: Equatable & SendableMetatype>(_ name: CalendarDiff.Field, _ value: @escaping @Sendable (Incidence) -> V) -> Field {
        Field(name: name) { value($0) != value($1) }
    }

    /// In the order they are reported. DTSTAMP and LAST-MODIFIED are left out on purpose:
    /// servers rewrite them on every export. Line numbers never count.
    private static let fields: [Field] = [
        field(.start) { $0.start },
        field(.end) { $0.end },
        field(.duration) { $0.duration },
        field(.due) { $0.due },
        field(.summary) { $0.summary },
        field(.location) { $0.location },
        field(.notes) { $0.notes },
        field(.status) { $0.status },
        field(.recurrenceRules) { $0.recurrenceRules },
        field(.recurrenceDates) { $0.recurrenceDates },
        field(.exceptionDates) { $0.exceptionDates },
        field(.range) { $0.appliesToFutureInstances },
        field(.sequence) { $0.sequence },
        field(.organizer) { $0.organizer },
        field(.attendees) { $0.attendees },
        field(.categories) { $0.categories },
        field(.classification) { $0.classification },
        field(.transparency) { $0.transparency },
        field(.priority) { $0.priority },
        field(.color) { $0.color },
        field(.geo) { $0.geo },
        field(.url) { $0.url },
        field(.completed) { $0.completed },
        field(.percentComplete) { $0.percentComplete },
        field(.created) { $0.created },
        field(.alarms) { $0.alarms.map(withoutLine) },
        field(.kind) { $0.kind },
    ]

    /// The names of the properties that differ, typed fields first, then other properties by name.
    /// - Complexity: O(p log p) in the number of properties.
    static func differences(_ old: Incidence, _ new: Incidence) -> [CalendarDiff.Field] {
        var names = fields.filter { $0.differs(old, new) }.map(\.name)
        let before = grouped(old.otherProperties), after = grouped(new.otherProperties)
        for name in Set(before.keys).union(after.keys).sorted() where before[name] != after[name] {
            names.append(CalendarDiff.Field(rawValue: name))
        }
        if old.otherComponents.map(withoutLines) != new.otherComponents.map(withoutLines) { names.append(.otherComponents) }
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
