/// What one scanned block became: a model value, plus what was wrong in it.
enum ParsedComponent: Sendable, Equatable {
    case incidence(Incidence)
    case timeZone(TimeZoneDefinition)
    /// The VCALENDAR's own properties, as a calendar with no components.
    case calendarProperties(ICalendar)
    case other(RawComponent)
}

extension ParsedComponent {
    /// The UID of an event, to-do or journal.
    var incidenceUID: String? {
        if case .incidence(let incidence) = self { return incidence.uid }
        return nil
    }

    /// Whether an event, to-do or journal kept an RRULE as written (one libical could not read).
    var keepsRawRecurrenceRule: Bool {
        if case .incidence(let incidence) = self { return incidence.otherProperties.contains { $0.name == "RRULE" } }
        return false
    }
}

struct ParsedBlock: Sendable, Equatable {
    var component: ParsedComponent?
    var diagnostics: [Diagnostic]
}
