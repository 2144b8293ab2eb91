/// One problem that ``Validator`` found: where it is, how bad, which rule, and how to fix it.
///
/// ```swift
/// let report = Validator().validate(path: "team.ics")
/// for finding in report.findings { print(finding) }   // team.ics:12:1: error: DTEND is before DTSTART [ICS2103]
/// ```
public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file (as given), `-` for standard input, or the source name given with bytes.
    public var file: String
    /// The physical line (1-based) where the content line at fault starts; for a whole
    /// component, its BEGIN line; `nil` only for a finding about the whole file.
    public var line: Int?
    /// The column (1-based): 1, the start of the content line.
    public var column: Int?
    /// How serious it is.
    public var severity: Diagnostic.Severity
    /// The stable code; its ``DiagnosticCode/title`` and ``DiagnosticCode/hint`` describe the rule.
    public var code: DiagnosticCode
    /// What is wrong here, for people.
    public var message: String
    /// How to fix it.
    public var hint: String
    /// The UID of the component at fault, when known.
    public var uid: String?
    /// The property at fault, when known.
    public var property: String?

    /// A finding with the code's default severity and hint unless given.
    public init(file: String, line: Int?, column: Int? = 1, code: DiagnosticCode, message: String,
                severity: Diagnostic.Severity? = nil, hint: String? = nil, uid: String? = nil, property: String? = nil) {
        self.file = file
        self.line = line
        self.column = line == nil ? nil : column
        self.severity = severity ?? code.defaultSeverity
        self.code = code
        self.message = message
        self.hint = hint ?? code.hint
        self.uid = uid
        self.property = property
    }

    /// A finding from an import ``Diagnostic``: its line, code and message, the code's hint.
    init(_ diagnostic: Diagnostic, file: String) {
        self.init(file: file, line: diagnostic.line, column: diagnostic.column ?? 1, code: diagnostic.code,
                  message: diagnostic.message, severity: diagnostic.severity, uid: diagnostic.uid, property: diagnostic.property)
    }

    /// `file:line:column: severity: message [CODE]`, as compilers print it.
    public var description: String {
        var location = file
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(location): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}
