/// ``PropertyTable/ComponentRule`` compiled to arrays indexed by property id, so that the
/// per-line work is an array read. A class, so that holding one costs one reference count.
final class CompiledComponentRule: Sendable {
    let name: String
    let rule: PropertyTable.ComponentRule
    /// By property id: may occur at most once.
    let once: [Bool]
    /// By property id: may not occur in this component.
    let forbidden: [Bool]
    /// Required properties: id and the code that reports their absence.
    let required: [(id: Int, name: String, code: DiagnosticCode)]

    init(name: String, rule: PropertyTable.ComponentRule) {
        self.name = name
        self.rule = rule
        var once = [Bool](repeating: false, count: PropertyTable.count)
        var forbidden = once
        for (id, spec) in PropertyTable.specs.enumerated() {
            once[id] = rule.once.contains(spec.name)
            forbidden[id] = rule.forbids(spec.name)
        }
        self.once = once
        self.forbidden = forbidden
        required = rule.required.map { (PropertyTable.known($0.name), $0.name, $0.code) }
    }

    /// The compiled rules by component name.
    static let all: [String: CompiledComponentRule] = PropertyTable.components.reduce(into: [:]) { out, entry in
        out[entry.key] = CompiledComponentRule(name: entry.key, rule: entry.value)
    }

    /// Components this validator knows by name (their placement is checked).
    static let knownComponents: Set<String> = Set(PropertyTable.components.keys)
        .union(["VAVAILABILITY", "AVAILABLE", "VLOCATION", "VRESOURCE", "PARTICIPANT"])
}

/// Ids of the properties the checks look up by name.
enum PropertyID {
    static let dtstart = PropertyTable.known("DTSTART")
    static let dtend = PropertyTable.known("DTEND")
    static let due = PropertyTable.known("DUE")
    static let duration = PropertyTable.known("DURATION")
    static let uid = PropertyTable.known("UID")
    static let rrule = PropertyTable.known("RRULE")
    static let recurrenceID = PropertyTable.known("RECURRENCE-ID")
    static let exdate = PropertyTable.known("EXDATE")
    static let rdate = PropertyTable.known("RDATE")
    static let repeatCount = PropertyTable.known("REPEAT")
    static let description = PropertyTable.known("DESCRIPTION")
    static let summary = PropertyTable.known("SUMMARY")
    static let attendee = PropertyTable.known("ATTENDEE")
    static let action = PropertyTable.known("ACTION")
    static let status = PropertyTable.known("STATUS")
    static let version = PropertyTable.known("VERSION")
    static let method = PropertyTable.known("METHOD")
    static let xwrTimezone = PropertyTable.known("X-WR-TIMEZONE")
    static let percentComplete = PropertyTable.known("PERCENT-COMPLETE")
    static let priority = PropertyTable.known("PRIORITY")
    static let sequence = PropertyTable.known("SEQUENCE")
    static let transp = PropertyTable.known("TRANSP")
}
