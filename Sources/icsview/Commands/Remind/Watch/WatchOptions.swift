import Foundation
import ICSKit

/// What `icsview remind --watch` was asked to do; parsed by ``parse(_:defaults:)``, a pure function.
struct WatchOptions {
    /// Inputs, `--tz`, `--format`, `--calendar`, `--grep` and the feed options, as the views read them.
    var base = Options()
    /// `--exec CMD`: run through `/bin/sh -c` for each alarm.
    var command: String?
    /// `--exec-timeout SECONDS` (default 60).
    var execTimeout: Double = 60
    /// `--refresh-interval SECONDS`: instead of each feed's own and the configuration's.
    var refreshInterval: Double?
    /// `--catch-up DURATION` in seconds (default 0: none).
    var catchUp = 0
    /// `--state-file PATH`: instead of one under `$XDG_STATE_HOME/icsview`.
    var stateFile: String?
    /// `--no-notify`: a line on standard output even where notify-send could be used.
    var noNotify = false

    static let valued: Set<String> = ["--exec", "--exec-timeout", "--refresh-interval", "--catch-up", "--state-file", "--tz", "--format",
                                      "--cache-dir", "--timeout", "--max-size", "--grep", "--calendar"]
    static let flags: Set<String> = ["--watch", "--no-notify", "--offline", "--refresh", "--no-cache", "-q", "--quiet", "--verbose", "--help", "-h"]

    /// Parses the arguments after `remind` (with `--watch` among them).
    /// - Parameter defaults: the configuration's defaults: its time zone unless `--tz`, its
    ///   calendars when no input is named.
    static func parse(_ arguments: [String], defaults: Options = Options()) throws(UsageError) -> WatchOptions {
        var options = WatchOptions()
        var shared: [String] = []
        var inputs: [String] = []
        var help = false
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            guard case let .option(name, inline) = word else {
                if case let .input(input) = word { inputs.append(input) }
                continue
            }
            try ArgumentCursor.check(name, inlineValue: inline, flags: flags, valued: valued)
            switch name {
            case "-h", "--help": help = true
            case "--watch": break
            case "--no-notify": options.noNotify = true
            case "--exec":
                let command = try cursor.value(for: name, inline: inline)
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError(message: "--exec needs a command") }
                options.command = command
            case "--exec-timeout":
                options.execTimeout = try seconds(try cursor.value(for: name, inline: inline), for: name)
            case "--refresh-interval":
                options.refreshInterval = try seconds(try cursor.value(for: name, inline: inline), for: name)
            case "--catch-up":
                let text = try cursor.value(for: name, inline: inline)
                guard let span = duration(text) else {
                    throw UsageError(message: "'\(text)' given to --catch-up is not a length such as 90s, 15m, 2h or 1d")
                }
                options.catchUp = span
            case "--state-file": options.stateFile = try cursor.value(for: name, inline: inline)
            case "--offline", "--refresh", "--no-cache", "-q", "--quiet", "--verbose": shared.append(name)
            default: shared += [name, try cursor.value(for: name, inline: inline)]
            }
        }
        var base = defaults
        base.view = .summary
        let parsed = try OptionParser.parse(shared + ["--", "-"], defaults: base)
        options.base = parsed
        options.base.inputs = inputs.isEmpty ? defaults.inputs : inputs
        options.base.showHelp = help
        if !help && options.base.inputs.isEmpty { throw UsageError(message: "missing expected argument '<file>'") }
        if options.base.inputs.contains("-") { throw UsageError(message: "--watch cannot read standard input (it reads its sources again)") }
        return options
    }

    /// A positive number of seconds (`30`, `2.5`).
    static func seconds(_ text: String, for name: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0, value <= 365 * 86_400 else {
            throw UsageError(message: "'\(text)' given to \(name) is not a number of seconds")
        }
        return value
    }

    /// `0`, `90s`, `15m`, `2h`, `1d`, `1w` in seconds (RemindOptions.span, with seconds).
    static func duration(_ text: String) -> Int? {
        if text == "0" { return 0 }
        if text.hasSuffix("s"), let count = Int(text.dropLast()), count >= 0, count <= 100 * 86_400 { return count }
        return RemindOptions.span(text)
    }
}
