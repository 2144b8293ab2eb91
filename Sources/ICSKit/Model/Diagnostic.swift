/// Something wrong in the input that the import recovered from: data, never printed by the library.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// How serious it is (the code's default unless the finder chose another).
    public var severity: Severity
    /// A stable code (`ICS1003`); see ``DiagnosticCode``.
    public var code: DiagnosticCode
    /// A message for people.
    public var message: String
    /// Where it came from (a path, a URL, or `-`).
    public var source: String?
    /// The physical line (1-based) where the content line at fault starts.
    public var line: Int?
    /// The column (1-based), when known.
    public var column: Int?
    /// The UID of the component at fault, when known.
    public var uid: String?
    /// The property at fault, when known.
    public var property: String?

    /// A diagnostic with its code, message and, where known, where it was found.
    public init(_ code: DiagnosticCode, _ message: String, severity: Severity? = nil, source: String? = nil,
                line: Int? = nil, column: Int? = nil, uid: String? = nil, property: String? = nil) {
        self.code = code
        self.message = message
        self.severity = severity ?? code.defaultSeverity
        self.source = source
        self.line = line
        self.column = column
        self.uid = uid
        self.property = property
    }

    /// `source:line:column: severity: message [CODE]`, as compilers print it.
    public var description: String {
        var location = source ?? "<input>"
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(location): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}
