import ICSKit

/// What `icsview remind` was asked to do; parsed by ``parse(_:)``, a pure function.
struct RemindOptions {
    /// The options shared with the views: inputs, `--tz`, `--format`, `--today` and the feed options.
    var base = Options()
    /// `--next 7d`: the length of the range, in seconds.
    var next: Int?
    /// `--include-acknowledged`.
    var includesAcknowledged = false

    static let valued: Set<String> = ["--from", "--to", "--next", "--tz", "--format", "--today", "--cache-dir", "--timeout", "--max-size",
                                      "--grep", "--calendar"]
    static let flags: Set<String> = ["--include-acknowledged", "--details", "--no-pager", "--offline", "--refresh", "--no-cache", "-q", "--quiet", "--verbose", "--help", "-h"]

    /// Parses the arguments after `remind`. Accepts `--opt value`, `--opt=value` and `--`.
    /// - Parameter defaults: the configuration's defaults (``Configuration/defaults``): its time
    ///   zone unless `--tz`, its calendars when no input is named.
    static func parse(_ arguments: [String], defaults: Options = Options()) throws(UsageError) -> RemindOptions {
        var options = RemindOptions()
        var shared: [String] = []
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            guard case let .option(name, inlineValue) = word else {
                if case let .input(input) = word { options.base.inputs.append(input) }
                continue
            }
            try ArgumentCursor.check(name, inlineValue: inlineValue, flags: flags, valued: valued)
            switch name {
            case "-h", "--help": options.base.showHelp = true
            case "--include-acknowledged": options.includesAcknowledged = true
            case "--next":
                let text = try cursor.value(for: name, inline: inlineValue)
                guard let seconds = span(text) else {
                    throw UsageError(message: "'\(text)' given to --next is not a length such as 30m, 12h, 7d or 2w")
                }
                options.next = seconds
            case "--offline", "--refresh", "--no-cache", "-q", "--quiet", "--verbose", "--details", "--no-pager": shared.append(name)
            default: shared += [name, try cursor.value(for: name, inline: inlineValue)]
            }
        }
        // The shared options through the views' parser, so that they mean the same there and here.
        var base = defaults
        base.view = .summary
        let parsed = try OptionParser.parse(shared + ["--", "-"], defaults: base, checksScope: false)
        let inputs = options.base.inputs.isEmpty ? defaults.inputs : options.base.inputs, help = options.base.showHelp
        options.base = parsed
        options.base.inputs = inputs
        options.base.showHelp = help
        if options.next != nil && options.base.to != nil { throw UsageError(message: "--next and --to cannot be used together") }
        if !help && inputs.isEmpty { throw UsageError(message: "missing expected argument '<file>'") }
        return options
    }

    /// `30m`, `12h`, `7d`, `2w` (a positive whole number and a unit), in seconds.
    static func span(_ text: String) -> Int? {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0, count <= 100_000 else { return nil }
        switch unit {
        case "m": return count * 60
        case "h": return count * 3600
        case "d": return count * 86_400
        case "w": return count * 7 * 86_400
        default: return nil
        }
    }
}
