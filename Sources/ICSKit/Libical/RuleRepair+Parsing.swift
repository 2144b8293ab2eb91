import Foundation

extension RuleRepair {
    /// Reads, in a converted block, the RRULEs libical kept as written that ``outcome(_:)``
    /// repairs: an empty one is dropped, a repaired one becomes a rule; libical's error on that
    /// line (in `diagnostics`, the block's) gives way to the repair's warnings.
    static func apply(to incidence: inout Incidence, diagnostics: inout [Diagnostic], source: String?) {
        guard incidence.otherProperties.contains(where: { $0.name == "RRULE" }) else { return }
        var kept: [Property] = []
        var repairedLines: Set<Int> = []
        var notes: [Diagnostic] = []
        for property in incidence.otherProperties {
            guard property.name == "RRULE" else { kept.append(property); continue }
            switch outcome(property.value) {
            case .asWritten:
                kept.append(property)
            case .empty:
                if let line = property.line { repairedLines.insert(line) }
                notes.append(Diagnostic(.emptyRecurrenceRule, "empty RRULE: read as no rule", severity: .warning,
                                        source: source, line: property.line, uid: incidence.uid, property: "RRULE"))
            case .repaired(let text, let found):
                guard let rule = LibicalValues.recurrenceRule(text: text) else { kept.append(property); continue }
                incidence.recurrenceRules.append(rule)
                if let line = property.line { repairedLines.insert(line) }
                for note in found {
                    notes.append(Diagnostic(note.code, note.message, severity: .warning, source: source, line: property.line,
                                            uid: incidence.uid, property: "RRULE"))
                }
            }
        }
        guard !notes.isEmpty else { return }
        incidence.otherProperties = kept
        diagnostics.removeAll { diagnostic in
            diagnostic.line.map(repairedLines.contains) == true && [.valueParseError, .invalidRecurrenceRule].contains(diagnostic.code)
        }
        diagnostics += notes
    }
}
