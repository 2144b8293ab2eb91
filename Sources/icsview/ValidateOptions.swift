/// What `icsview validate` was asked to do; parsed by ``parse(_:)``, a pure function.
struct ValidateOptions: Equatable {
    enum Format: String, Equatable { case text, json, github, markdown }

    var inputs: [String] = []
    var format: Format = .text
    var strict = false
    var quiet = false
    var listCodes = false
    var showHelp = false

    static let valued: Set<String> = ["--format"]
    static let flags: Set<String> = ["--strict", "--quiet", "--list-codes", "--help", "-h"]

    /// Parses the arguments after `validate`. Accepts `--opt value`, `--opt=value` and `--`.
    static func parse(_ arguments: [String]) throws(UsageError) -> ValidateOptions {
        var options = ValidateOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                options.inputs.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                options.inputs.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if flags.contains(name) {
                if inlineValue != nil { throw UsageError(message: "'\(name)' takes no value") }
            } else if !valued.contains(name) {
                let all = valued.union(flags).sorted()
                let best = all.map { ($0, OptionParser.editDistance(name, $0)) }.min { $0.1 < $1.1 }
                let hint = best.map { $0.1 <= max(2, name.count / 3) ? ". Did you mean '\($0.0)'?" : "" } ?? ""
                throw UsageError(message: "unknown option '\(name)'" + hint)
            }
            switch name {
            case "--strict": options.strict = true
            case "--quiet": options.quiet = true
            case "--list-codes": options.listCodes = true
            case "-h", "--help": options.showHelp = true
            default:
                let text: String
                if let inlineValue {
                    text = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "missing value for '\(name)'") }
                    text = arguments[index]
                    index += 1
                }
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
