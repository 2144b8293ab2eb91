import ICSKit

/// `validate --format sarif`: the run as a SARIF 2.1.0 log (OASIS), the format of GitHub code
/// scanning and other static-analysis viewers.
///
/// One run whose tool lists a rule for every check `validate` raises (and any other code that a
/// finding carries): the code as `id`, its title as the short description, its hint as `help`,
/// its default severity as the default level. Each finding is a result pointing at its rule by
/// `ruleId` and `ruleIndex`, located by file (a relative URI reference, as code scanning wants it
/// relative to the repository), line and column. A file that could not be read is a tool
/// execution notification, and the invocation is then not successful.
enum SARIFReport {
    /// The schema's address, which SARIF consumers read to know the version.
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The whole log, one line of JSON and a line break.
    /// - Complexity: O(n) in the findings, plus the registered codes.
    static func document(_ report: ValidationReport) -> String {
        var codes = DiagnosticCode.all.filter(Validator.raises)
        for code in report.findings.map(\.code) where !codes.contains(code) { codes.append(code) }
        let index = Dictionary(codes.enumerated().map { ($1.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let driver = JSON.object([
            ("name", .string("icsview")),
            ("fullName", .string(Help.version)),
            ("version", .string(Help.semanticVersion)),
            ("rules", .array(codes.map(rule))),
        ])
        let results = report.findings.map { finding in
            JSON.object([
                ("ruleId", .string(finding.code.rawValue)),
                ("ruleIndex", .int(index[finding.code.rawValue] ?? 0)),
                ("level", .string(level(finding.severity))),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([location(file: finding.file, line: finding.line, column: finding.column)])),
            ])
        }
        let notifications = report.failures.map { failure in
            JSON.object([
                ("level", .string("error")),
                ("message", .object([("text", .string("\(failure.file): \(failure.message)"))])),
                ("locations", .array([location(file: failure.file, line: nil, column: nil)])),
            ])
        }
        let invocation = JSON.object([
            ("executionSuccessful", .bool(report.failures.isEmpty)),
            ("toolExecutionNotifications", .array(notifications)),
        ])
        let run = JSON.object([
            ("tool", .object([("driver", driver)])),
            ("invocations", .array([invocation])),
            ("results", .array(results)),
        ])
        return JSON.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).text + "\n"
    }

    /// A rule: the code, its title, its hint as help, its default level.
    static func rule(_ code: DiagnosticCode) -> JSON {
        let title = code.title.isEmpty ? code.rawValue : code.title
        let hint = code.hint.isEmpty ? title : code.hint
        return .object([
            ("id", .string(code.rawValue)),
            ("shortDescription", .object([("text", .string(title))])),
            ("help", .object([("text", .string(hint))])),
            ("defaultConfiguration", .object([("level", .string(level(code.defaultSeverity)))])),
        ])
    }

    /// SARIF's level for a severity: `error`, `warning`, `note`.
    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func location(file: String, line: Int?, column: Int?) -> JSON {
        var physical: [(String, JSON)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
        if let line {
            var region: [(String, JSON)] = [("startLine", .int(line))]
            if let column { region.append(("startColumn", .int(column))) }
            physical.append(("region", .object(region)))
        }
        return .object([("physicalLocation", .object(physical))])
    }

    /// The file as a URI reference: a URL as it is; an absolute path as a `file://` URI; a
    /// relative path (without a leading `./`) percent-encoded where a URI needs it, so that it
    /// stays relative to the directory `validate` ran in (the repository's root in CI).
    static func uri(_ file: String) -> String {
        if file.contains("://") { return file }
        var path = file
        while path.hasPrefix("./") { path.removeFirst(2) }
        let encoded = percentEncoded(path)
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// `path` with every byte outside RFC 3986's unreserved characters and `/` percent-encoded.
    private static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
