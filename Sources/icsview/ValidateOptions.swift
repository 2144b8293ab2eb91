/// What `icsview validate` was asked to do; parsed by ``parse(_:)``, a pure function.
struct ValidateOptions: Equatable {
    enum Format: String, Equatable { case text, json, github, markdown }

    var inputs: [String] = []
    var format: Format = .text
    var strict = false
    var quiet = false
    var listCodes = false
    var showHelp = false
    /// `--timeout` and `--max-size`, for URLs.
    var timeout: Double?
    var maxSizeMB: Int?

    static let valued: Set<String> = ["--format", "--timeout", "--max-size"]
    static let flags: Set<String> = ["--strict", "--quiet", "--list-codes", "--help", "-h"]

    /// Parses the arguments after `validate`. Accepts `--opt value`, `--opt=value` and `--`.
    static func parse(_ arguments: [String]) throws(UsageError) -> ValidateOptions {
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
            case "--quiet": options.quiet = true
            case "--list-codes": options.listCodes = true
            case "-h", "--help": options.showHelp = true
            case "--timeout": options.timeout = try FetchArguments.timeout(try cursor.value(for: name, inline: inlineValue))
            case "--max-size": options.maxSizeMB = try FetchArguments.maxSizeMB(try cursor.value(for: name, inline: inlineValue))
            default:
                let text = try cursor.value(for: name, inline: inlineValue)
                guard let format = Format(rawValue: text) else {
                    throw UsageError(message: "'\(text)' is not a format (text, json or github)")
                }
                options.format = format
            }
        }
        if options.format == .markdown && !options.listCodes {
            throw UsageError(message: "--format markdown is only for --list-codes")
        }
        if !options.showHelp && !options.listCodes && options.inputs.isEmpty {
            throw UsageError(message: "missing expected argument '<file>'")
        }
        return options
    }
}
