/// Walks command-line words for the option parsers: splits `--opt=value`, treats everything
/// after `--` and a lone `-` as inputs, and hands out option values.
struct ArgumentCursor {
    /// One word, classified.
    enum Word {
        /// A file, URL or `-`.
        case input(String)
        /// An option, with the value written after `=`, if any.
        case option(name: String, inline: String?)
    }

    private let arguments: [String]
    private var index = 0
    private var onlyInputs = false

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next word, or nil at the end.
    mutating func next() -> Word? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyInputs { return .input(argument) }
            if argument == "--" {
                onlyInputs = true
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else { return .input(argument) }
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                return .option(name: String(argument[..<eq]), inline: String(argument[argument.index(after: eq)...]))
            }
            return .option(name: argument, inline: nil)
        }
        return nil
    }

    /// The value of option `name`: the inline one, else the next word.
    mutating func value(for name: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard index < arguments.count else { throw UsageError(message: "missing value for '\(name)'") }
        index += 1
        return arguments[index - 1]
    }

    /// An optional value: the inline one, else the next word when it looks like one.
    mutating func optionalValue(inline: String?, matching looksRight: (String) -> Bool) -> String? {
        if let inline { return inline }
        if index < arguments.count, looksRight(arguments[index]) {
            index += 1
            return arguments[index - 1]
        }
        return nil
    }

    /// Throws when `name` is neither one of `flags` nor one of `valued`, or is a flag given a
    /// value (`--strict=yes`): what every subcommand's parser checks first.
    static func check(_ name: String, inlineValue: String?, flags: Set<String>, valued: Set<String>) throws(UsageError) {
        if flags.contains(name) {
            if inlineValue != nil { throw UsageError(message: "'\(name)' takes no value") }
        } else if !valued.contains(name) {
            throw unknownOption(name, known: valued.union(flags).sorted())
        }
    }

    /// `unknown option '--mnth'. Did you mean '--month'?` (the hint only for a near miss: at
    /// most 2 edits, or a third of the name, and fewer edits than the name has letters, so that
    /// `-m` or `-v` suggests no other one-letter option such as `-3`).
    static func unknownOption(_ name: String, known: [String]) -> UsageError {
        let letters = name.drop { $0 == "-" }.count
        let best = known.map { ($0, editDistance(name, $0)) }.min { $0.1 < $1.1 }
        let hint = best.map { $0.1 <= max(2, name.count / 3) && $0.1 < letters ? ". Did you mean '\($0.0)'?" : "" } ?? ""
        return UsageError(message: "unknown option '\(name)'\(TerminalMessage(verbatim: hint))")
    }

    /// Levenshtein distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
