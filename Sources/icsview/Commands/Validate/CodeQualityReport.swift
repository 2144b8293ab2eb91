import ICSKit

/// `validate --format gitlab`: the findings as a GitLab Code Quality report (a JSON array in
/// the Code Climate issue format), which merge requests show as new and fixed findings.
///
/// Each finding is an object with `description` (the message and code), `check_name` (the
/// code), `fingerprint`, `severity` (`major` for an error, `minor` for a warning, `info` for a
/// note), `location.path` and `location.lines.begin` (1 for a finding about the whole file).
/// The fingerprint is what GitLab compares between the base and the merge request: it hashes
/// the path, the code, the message and how many identical findings came before in the file,
/// but not the line, so that a finding does not show as fixed and new when lines above it move.
enum CodeQualityReport {
    /// The whole report: one finding per line inside `[` and `]`, ending with a line break.
    /// - Complexity: O(n) in the findings.
    static func document(_ report: ValidationReport) -> String {
        var seen: [String: Int] = [:]
        let entries = report.findings.map { finding in
            let identity = "\(finding.file)\u{0}\(finding.code.rawValue)\u{0}\(finding.message)"
            let repeatIndex = seen[identity, default: 0]
            seen[identity] = repeatIndex + 1
            return entry(finding, fingerprint: fingerprint(identity + "\u{0}\(repeatIndex)")).text
        }
        if entries.isEmpty { return "[]\n" }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    /// One finding as a Code Quality issue.
    static func entry(_ finding: Finding, fingerprint: String) -> JSON {
        .object([
            ("description", .string("\(finding.message) [\(finding.code.rawValue)]")),
            ("check_name", .string(finding.code.rawValue)),
            ("fingerprint", .string(fingerprint)),
            ("severity", .string(severity(finding.severity))),
            ("location", .object([
                ("path", .string(path(finding.file))),
                ("lines", .object([("begin", .int(finding.line ?? 1))])),
            ])),
        ])
    }

    /// Code Quality's severity (`info`, `minor`, `major`, `critical`, `blocker`) for ours.
    static func severity(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }

    /// The path as GitLab matches it against the repository: without a leading `./`.
    static func path(_ file: String) -> String {
        var path = file
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// 32 hex digits: two 64-bit FNV-1a hashes, of the text and of the text with a prefix
    /// (stable across runs and machines, unlike Swift's seeded `Hasher`).
    static func fingerprint(_ identity: String) -> String {
        let bytes = Array(identity.utf8)
        var second = FNV1a()
        second.add([0x01])
        second.add(bytes)
        return FNV1a.hex(FNV1a.hash(bytes)) + FNV1a.hex(second.value)
    }
}
