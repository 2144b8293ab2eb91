/// What ``Validator`` found in one or more files.
public struct ValidationReport: Sendable, Hashable {
    /// A file that could not be validated at all: it cannot be opened or read.
    public struct Failure: Sendable, Hashable, Error {
        /// The file (path, URL or `-`) that could not be checked.
        public var file: String
        /// The reason, e.g. `cannot open: No such file or directory`.
        public var message: String
        /// Whether the file could not be read at all (true for every failure today; a directory
        /// without `.ics` files is one too).
        public var isUnreadable: Bool

        /// A failure to read or fetch `file`, with the reason.
        public init(file: String, message: String, isUnreadable: Bool = true) {
            self.file = file
            self.message = message
            self.isUnreadable = isUnreadable
        }
    }

    /// Every finding, file by file in the order given, each file's in line order.
    public var findings: [Finding]
    /// The files validated (read and checked), in order.
    public var files: [String]
    /// The files that could not be validated.
    public var failures: [Failure]

    /// A report with its findings, the files checked and the failures.
    public init(findings: [Finding] = [], files: [String] = [], failures: [Failure] = []) {
        self.findings = findings
        self.files = files
        self.failures = failures
    }

    /// How many findings have `severity`.
    /// - Complexity: O(n) in the findings.
    public func count(_ severity: Diagnostic.Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// Whether any finding is an error, or (when `strict`) a warning.
    /// - Complexity: O(n) in the findings.
    public func fails(strict: Bool = false) -> Bool {
        findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// Appends another report's files, findings and failures.
    public mutating func append(_ other: ValidationReport) {
        findings.append(contentsOf: other.findings)
        files.append(contentsOf: other.files)
        failures.append(contentsOf: other.failures)
    }
}
