import Foundation
import ICSKit

/// What `icsview export` was asked for.
struct ExportOptions {
    /// How the calendar is written.
    enum Format: String { case ics, jcal }
    /// How free/busy time is written with `--busy`.
    enum BusyForm: String { case freebusy, events }

    /// The views' options that export shares (inputs, range, `--calendar`, `--grep`, `--tz`, `--today`, URL options).
    var shared = Options()
    /// `--uid` values; empty: every UID.
    var uids: [String] = []
    /// `--busy`: free/busy time instead of the components.
    var busy: BusyForm?
    /// `--format`.
    var format: Format = .ics
    /// `-o FILE`; nil: standard output.
    var output: String?
    /// `-h`, `--help`.
    var showHelp = false

    static let valued: Set<String> = ["--from", "--to", "--calendar", "--grep", "--uid", "--busy-as", "--format", "-o", "--output",
                                      "--tz", "--today", "--cache-dir", "--timeout", "--max-size"]
    static let flags: Set<String> = ["--busy", "--offline", "--refresh", "--no-cache", "--help", "-h", "--quiet", "-q"]

    /// Parses the arguments after `export`. A pure function of the arguments (and `defaults`,
    /// the configuration's: its calendars when no input is named, its time zone).
    static func parse(_ arguments: [String], defaults: Options = Options()) throws(UsageError) -> ExportOptions {
        var result = ExportOptions()
        var inputs: [String] = []
        var shared: [String] = []
        var busyAs: BusyForm?
        var busy = false
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            guard case let .option(name, inlineValue) = word else {
                if case let .input(input) = word { inputs.append(input) }
                continue
            }
            try ArgumentCursor.check(name, inlineValue: inlineValue, flags: flags, valued: valued)
            switch name {
            case "-h", "--help": result.showHelp = true
            case "--busy": busy = true
            case "--offline", "--refresh", "--no-cache", "--quiet", "-q": shared.append(name)
            case "--uid": result.uids.append(try cursor.value(for: name, inline: inlineValue))
            case "-o", "--output": result.output = try cursor.value(for: name, inline: inlineValue)
            case "--format":
                let value = try cursor.value(for: name, inline: inlineValue)
                guard let format = Format(rawValue: value) else { throw UsageError(message: "'\(value)' is not a format of export (ics or jcal)") }
                result.format = format
            case "--busy-as":
                let value = try cursor.value(for: name, inline: inlineValue)
                guard let form = BusyForm(rawValue: value) else { throw UsageError(message: "'\(value)' is not a form of --busy-as (freebusy or events)") }
                busyAs = form
            default: shared += [name, try cursor.value(for: name, inline: inlineValue)]
            }
        }
        // The shared options through the views' parser, so that they mean the same there and here.
        var options = try OptionParser.parse(shared + ["--agenda", "--", "-"], defaults: defaults)
        options.inputs = inputs.isEmpty ? defaults.inputs : inputs
        result.shared = options
        if busy || busyAs != nil { result.busy = busyAs ?? .freebusy }
        if result.showHelp { return result }
        guard !result.shared.inputs.isEmpty else { throw UsageError(message: "missing expected argument '<file>'") }
        if let from = options.from, let to = options.to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
        if result.output == "" { throw UsageError(message: "-o needs a file name") }
        return result
    }
}
