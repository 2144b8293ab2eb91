import ICSKit

/// What `icsview validate` was asked to do; parsed by ``parse(_:)``, a pure function.
struct ValidateOptions: Equatable {
    enum Format: String, Equatable {
        case text, json, github, markdown, junit, sarif, gitlab

        /// Whether the format is one document for the whole run (JUnit XML, SARIF, Code
        /// Quality), which a summary line on standard output would break.
        var isDocument: Bool { self == .junit || self == .sarif || self == .gitlab }
    }

    var inputs: [String] = []
    var format: Format = .text
    var strict = false
    var quiet = false
    var listCodes = false
    var showHelp = false
    /// `--timeout` and `--max-size`, for URLs.
    var timeout: Double?
    var maxSizeMB: Int?
    /// `--ignore CODE` (repeatable): findings with these codes are not reported.
    var ignored: Set<DiagnosticCode> = []
    /// `--warn CODE` (repeatable): findings with these codes are warnings, not errors.
    var demoted: Set<DiagnosticCode> = []

    static let valued: Set<String> = ["--format", "--timeout", "--max-size", "--ignore", "--warn"]
    static let flags: Set<String> = ["--strict", "--quiet", "-q", "--list-codes", "--help", "-h"]

    /// Parses the arguments after `validate`. Accepts `--opt value`, `--opt=value` and `--`.
    /// - Parameter defaultInputs: what is checked when no input is named (the configured calendars).
    static func parse(_ arguments: [String], defaultInputs: [String] = []) throws(UsageError) -> ValidateOptions {
        var options = ValidateOptions()
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            guard case let .option(name, inlineValue) = word else {
                if case let .input(input) = word { options.inputs.append(input) }
                continue
            }
            try ArgumentCursor.check(name, inlineValue: inlineValue, flags: flags, valued: valued)
            switch name {
            case "--strict": options.strict = true
            case "--quiet", "-q": options.quiet = true
            case "--ignore", "--warn":
                let code = try checkCode(try cursor.value(for: name, inline: inlineValue), option: name)
                if name == "--ignore" { options.ignored.insert(code) } else { options.demoted.insert(code) }
            case "--list-codes": options.listCodes = true
            case "-h", "--help": options.showHelp = true
            case "--timeout": options.timeout = try FetchArguments.timeout(try cursor.value(for: name, inline: inlineValue))
            case "--max-size": options.maxSizeMB = try FetchArguments.maxSizeMB(try cursor.value(for: name, inline: inlineValue))
            default:
                let text = try cursor.value(for: name, inline: inlineValue)
                guard let format = Format(rawValue: text) else {
                    throw UsageError(message: "'\(text)' is not a format (text, json, github, junit, sarif or gitlab)")
                }
                options.format = format
            }
        }
        if options.format == .markdown && !options.listCodes {
            throw UsageError(message: "--format markdown is only for --list-codes")
        }
        if options.format.isDocument && options.listCodes {
            throw UsageError(message: "--list-codes prints text, json or markdown, not \(options.format.rawValue)")
        }
        if let both = options.ignored.intersection(options.demoted).map(\.rawValue).sorted().first {
            throw UsageError(message: "\(both) is given to both --ignore and --warn")
        }
        if options.inputs.isEmpty { options.inputs = defaultInputs }
        if !options.showHelp && !options.listCodes && options.inputs.isEmpty {
            throw UsageError(message: "missing expected argument '<file>'")
        }
        return options
    }

    /// The check code `text` names (`ICS2209`, any case).
    /// - Throws: a ``UsageError`` for a code no check has.
    static func checkCode(_ text: String, option: String) throws(UsageError) -> DiagnosticCode {
        let upper = text.uppercased()
        guard let code = DiagnosticCode.all.first(where: { $0.rawValue == upper }) else {
            throw UsageError(message: "'\(text)' given to \(option) is not a check code (see 'icsview validate --list-codes')")
        }
        return code
    }

    /// The report as the team accepts it: `--ignore`d findings dropped, `--warn` errors made warnings.
    func accepted(_ report: ValidationReport) -> ValidationReport {
        guard !ignored.isEmpty || !demoted.isEmpty else { return report }
        var report = report
        report.findings = report.findings.compactMap { finding in
            if ignored.contains(finding.code) { return nil }
            var finding = finding
            if demoted.contains(finding.code) && finding.severity == .error { finding.severity = .warning }
            return finding
        }
        return report
    }
}
