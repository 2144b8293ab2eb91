import ICSKit

/// Prints findings as a compiler does (text), as GitHub workflow commands, or as JSON lines;
/// and the table of codes.
enum ValidateRenderer {
    /// One finding per entry; text findings take two lines (the hint indented below). The
    /// formats that are one document (``ValidateOptions/Format/isDocument``) are written by
    /// ``document(_:format:strict:seconds:)`` instead.
    static func lines(_ findings: [Finding], format: ValidateOptions.Format) -> [String] {
        findings.map { finding in
            switch format {
            // Messages quote feed text: made safe for the terminal, one line each.
            case .text, .markdown, .junit, .sarif, .gitlab: return TerminalMessage(finding).description + "\n    hint: " + TerminalText.safe(finding.hint)
            case .github: return github(finding)
            case .json: return json(finding)
            }
        }
    }

    /// The whole report in a format that is one document: JUnit XML, SARIF or Code Quality.
    static func document(_ report: ValidationReport, format: ValidateOptions.Format, strict: Bool, seconds: Double) -> String? {
        switch format {
        case .junit: JUnitReport.document(report, strict: strict, seconds: seconds)
        case .sarif: SARIFReport.document(report)
        case .gitlab: CodeQualityReport.document(report)
        case .text, .json, .github, .markdown: nil
        }
    }

    /// `::error file=cal.ics,line=12,col=1,title=ICS2103::DTEND is before DTSTART`.
    static func github(_ finding: Finding) -> String {
        let command: String
        switch finding.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        // The file and the message each made safe on its own: a name ending in U+009B would take
        // the line, the column and the message with it.
        var properties = ["file=\(escapeProperty(TerminalMessage.part(finding.file)))"]
        if let line = finding.line { properties.append("line=\(line)") }
        if let column = finding.column { properties.append("col=\(column)") }
        properties.append("title=\(finding.code.rawValue)")
        return TerminalText.safeLine("::\(command) \(properties.joined(separator: ","))::\(escapeData(TerminalMessage.said(finding.message)))")
    }

    /// GitHub's escaping of a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// GitHub's escaping of a command's property value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    /// One JSON object: file, line, column, severity, code, message, hint, uid, property.
    static func json(_ finding: Finding) -> String {
        JSON.object([
            ("file", .string(finding.file)),
            ("line", finding.line.map(JSON.int) ?? .null),
            ("column", finding.column.map(JSON.int) ?? .null),
            ("severity", .string(finding.severity.rawValue)),
            ("code", .string(finding.code.rawValue)),
            ("message", .string(finding.message)),
            ("hint", .string(finding.hint)),
            ("uid", .optional(finding.uid)),
            ("property", .optional(finding.property)),
        ]).text
    }

    /// `3 errors, 1 warning in 2 files` (notes named only when there are some).
    static func summary(_ report: ValidationReport) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts = [plural(report.count(.error), "error"), plural(report.count(.warning), "warning")]
        let notes = report.count(.note)
        if notes > 0 { parts.append(plural(notes, "note")) }
        var text = parts.joined(separator: ", ") + " in " + plural(report.files.count, "file")
        if !report.failures.isEmpty { text += "; " + plural(report.failures.count, "file") + " could not be read" }
        return text
    }

    /// The table of every code, generated from ``DiagnosticCode/all``.
    static func codes(format: ValidateOptions.Format) -> String {
        let all = DiagnosticCode.all
        switch format {
        case .markdown:
            func cell(_ text: String) -> String { text.replacingAll("|", "\\|") }
            var out = "| Code | Severity | Check | How to fix |\n|---|---|---|---|\n"
            for code in all {
                out += "| \(code.rawValue) | \(code.defaultSeverity.rawValue) | \(cell(code.title))\(notRaised(code)) | \(cell(code.hint)) |\n"
            }
            return out
        case .json:
            return all.map { code in
                JSON.object([("code", .string(code.rawValue)), ("severity", .string(code.defaultSeverity.rawValue)),
                             ("title", .string(code.title)), ("hint", .string(code.hint)),
                             ("validate", .bool(Validator.raises(code)))]).text + "\n"
            }.joined()
        case .text, .github, .junit, .sarif, .gitlab:
            return all.map { code in
                let severity = code.defaultSeverity.rawValue
                return "\(code.rawValue)  \(severity)\(String(repeating: " ", count: 8 - severity.count))\(code.title)\(notRaised(code))\n"
            }.joined()
        }
    }

    /// For a code the validator does not raise, what raises it and what the validator reports instead.
    private static func notRaised(_ code: DiagnosticCode) -> String {
        Validator.whyNotRaised(code).map { " (\($0))" } ?? ""
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (without Foundation).
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
