/// What one scanned block became: a model value, plus what was wrong in it.
enum ParsedComponent: Sendable, Equatable {
    case incidence(Incidence)
    case timeZone(TimeZoneDefinition)
    /// The VCALENDAR's own properties, as a calendar with no components.
    case calendarProperties(ICalendar)
    case other(RawComponent)
}

struct ParsedBlock: Sendable, Equatable {
    var component: ParsedComponent?
    var diagnostics: [Diagnostic]
}
