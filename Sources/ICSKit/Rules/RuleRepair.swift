/// RRULE values that RFC 5545 does not allow but real feeds write, read as their producers
/// meant them (the views and `validate` agree: the validator warns with the same codes):
///
/// - an empty `RRULE:` (holiday feeds of a popular generator have one in every event): no rule
///   (``DiagnosticCode/emptyRecurrenceRule``);
/// - a part repeated with the same value (`FREQ=DAILY;UNTIL=…;FREQ=DAILY`, written by a widely
///   used server library): read once (``DiagnosticCode/repeatedRulePart``); repeated with
///   different values, the rule stays unreadable;
/// - `COUNT=0` or a negative COUNT (Atlassian Confluence writes `COUNT=-1` beside UNTIL): no
///   COUNT; UNTIL still applies (``DiagnosticCode/countNotPositive``).
enum RuleRepair {
    /// What a rule's text becomes.
    enum Outcome: Equatable {
        /// Nothing to repair (libical reads it, or it is broken in another way).
        case asWritten
        /// No rule.
        case empty
        /// The text to read instead, and why.
        case repaired(String, [Note])
    }

    struct Note: Equatable {
        var code: DiagnosticCode
        var message: String
    }

    /// The parts of RFC 5545 3.3.10 and RFC 7529.
    static let partNames: Set<String> = ["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
                                         "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP"]

    /// Whether two values of one part are the same (parts are case-insensitive, RFC 5545 3.3.10).
    static func isSameValue(_ a: Substring, _ b: Substring) -> Bool {
        a.uppercased() == b.uppercased()
    }

    /// Whether a COUNT value is read as no COUNT.
    static func ignoresCount(_ value: Int) -> Bool { value <= 0 }

    /// The repair of an RRULE value as written.
    static func outcome(_ text: String) -> Outcome {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { return .empty }
        var kept: [(name: String, value: Substring)] = []
        var notes: [Note] = []
        for part in trimmed.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = part.firstIndex(of: "=") else { return .asWritten }
            let name = part[..<eq].uppercased()
            // An unknown part keeps the rule unreadable, repeated parts or not.
            guard Self.partNames.contains(name) else { return .asWritten }
            let value = part[part.index(after: eq)...]
            if name == "COUNT", let count = Int(value), ignoresCount(count) {
                notes.append(Note(code: .countNotPositive, message: "RRULE COUNT=\(value) is read as no COUNT"))
                continue
            }
            if let earlier = kept.first(where: { $0.name == name }) {
                guard isSameValue(earlier.value, value) else { return .asWritten }
                notes.append(Note(code: .repeatedRulePart, message: "RRULE has \(name)=\(value) twice; read once"))
                continue
            }
            kept.append((name, value))
        }
        if notes.isEmpty { return .asWritten }
        return .repaired(kept.map { "\($0.name)=\($0.value)" }.joined(separator: ";"), notes)
    }
}
