import Foundation
import FuzzDriver
import icsviewCore

/// What `icsview-fuzz` does with one input: icsview's own commands, run in-process through
/// ``icsviewCore/run(arguments:environment:)`` as a user would type them, over the input
/// written to a file: every view in text, JSON, HTML and SVG, `remind`, `search`, `diff` of the
/// input's two halves (also per occurrence), `validate` (and `--fix`), `export`, the input read
/// as the configuration file, the input's first line as the date arguments, and the halves as
/// the items of a configured vdir calendar (its views, `sync` and `search`).
///
/// Each input runs a sixth of them (``groups``); the replay of files (the plain build's
/// `icsview-fuzz FILE...`, used by the tests and by `scripts/fuzz-coverage.sh`) runs all.
///
/// Any crash, sanitizer report, leak or hang here is a bug: bad input must end in a message and
/// an exit status. Output goes to the process's stdout and stderr, which `scripts/fuzz.sh`
/// discards (`-close_fd_mask=3`; libFuzzer keeps its own report on a copy of stderr).
enum CommandRuns {
    /// A directory of this process's own for the input's files, and the home the commands see
    /// (so that nothing reads or writes the user's configuration, cache or state).
    static let directory: String = {
        let path = NSTemporaryDirectory() + "icsview-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path + "/home", withIntermediateDirectories: true)
        // Removed when the process exits (a replay of files, or libFuzzer's run to its end):
        // each run left one behind in the temporary directory.
        atexit { try? FileManager.default.removeItem(atPath: CommandRuns.directory) }
        return path
    }()

    /// The environment every command runs with: a zone with DST, a fixed terminal size, no
    /// configuration file unless `--config` names one.
    static let environment: [String: String] = [
        "HOME": directory + "/home",
        "XDG_CONFIG_HOME": directory + "/home/config",
        "XDG_CACHE_HOME": directory + "/home/cache",
        "XDG_STATE_HOME": directory + "/home/state",
        "TZ": "America/New_York",
        "COLUMNS": "100",
        "LINES": "40",
        "LANG": "C.UTF-8",
    ]

    /// How many groups the command lines are dealt into: the fuzzer runs one group an input
    /// (chosen by the input's hash, so an input always runs the same group), which keeps it at
    /// several inputs a second under ASan; a replay (``FuzzHelp``) runs them all.
    static let groups = 6

    /// Runs the command lines of `bytes`'s group, or all of them when `all`.
    static func run(_ bytes: [UInt8], all: Bool = false) {
        let input = directory + "/input.ics", old = directory + "/old.ics", new = directory + "/new.ics"
        let config = directory + "/config", fixed = directory + "/fixed.ics"
        let halves = FuzzWords.halves(bytes)
        write(bytes, to: input)
        write(halves.0, to: old)
        write(halves.1, to: new)
        write(bytes, to: config)
        // A vdir calendar (one `.ics` per item, as vdirsyncer keeps them): the halves are its
        // two items, the input's first line its display name; the configuration names it `v`.
        let vdir = directory + "/vdir", vdirConfig = directory + "/vdir-config"
        try? FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        write(halves.0, to: vdir + "/a.ics")
        write(halves.1, to: vdir + "/b.ics")
        write(Array(FuzzWords.firstLine(bytes).utf8), to: vdir + "/displayname")
        write(Array("[calendar v]\nvdir = \(vdir)\n".utf8), to: vdirConfig)

        // The day the views are drawn around: the input's first DTSTART, else a fixed day.
        let day = FuzzWords.firstStartDay(bytes) ?? "2024-06-15"
        // The next day: the agenda, `search` and `remind` list every instance in their range
        // (output-bound by design), so a minutely series is 2,880 lines there, not a month's 44,640.
        let later = FuzzWords.day(day, plus: 1) ?? "2024-06-16"
        var common = ["--today", day]
        if let zone = FuzzWords.firstTZID(bytes) { common += ["--tz", zone] }
        let word = FuzzWords.searchWord(bytes)
        let dateWord = FuzzWords.firstLine(bytes)

        var runs: [[String]] = []
        // The views, each in every format it has.
        runs.append([input])
        runs.append(["--summary", "--format", "json", input])
        for format in ["text", "json", "html", "svg"] {
            runs.append(common + ["--month", "--format", format, input])
            runs.append(common + ["--week", "--format", format, input])
        }
        for format in ["text", "json", "html"] {
            runs.append(common + ["--year", "--format", format, input])
            runs.append(common + ["-3", "--format", format, input])
        }
        runs.append(common + ["--agenda", "--days", "2", input])
        runs.append(common + ["--agenda", "--days", "2", "--format", "json", "--show-cancelled", input])
        runs.append(common + ["--todos", input])
        runs.append(common + ["--todos", "--format", "json", input])
        runs.append(common + ["--month", "--months", "2", "--select", day, "--week-numbers", "--time-format", "12",
                              "--first-weekday", "sun", "--color", "always", "--ascii", "--verbose", input])
        runs.append(common + ["--month", "--no-agenda", "--grep", word, "--strict", input])
        // The subcommands.
        runs.append(["remind", "--from", day, "--to", later, input])
        runs.append(["remind", "--from", day, "--to", later, "--format", "json", input])
        runs.append(["search", "--from", day, "--to", later, word, input])
        runs.append(["search", "--from", day, "--to", later, "--format", "json", word, input])
        runs.append(["diff", old, new])
        runs.append(["diff", "--format", "json", new, old])
        runs.append(["diff", "--occurrences", "--from", day, "--to", later, old, new])
        runs.append(["diff", "--occurrences", "--from", day, "--to", later, "--format", "json", new, old])
        runs.append(["validate", input])
        runs.append(["validate", "--format", "json", input])
        runs.append(["validate", "--format", "sarif", "--strict", input])
        runs.append(["validate", "--fix", "-o", fixed, input])
        runs.append(["export", "--from", day, "--to", later, input])
        runs.append(["export", "--format", "jcal", input])
        runs.append(["export", "--busy", input, old])
        // The input as the configuration file.
        runs.append(["--config", config, "config", "check"])
        runs.append(["--config", config, "--today", day, "--month", input])
        // The input's first line as the dates typed.
        runs.append(["--today", "2024-06-15", "--month", dateWord, input])
        runs.append(["--today", dateWord, "--week", input])
        runs.append(["--today", "2024-06-15", "--agenda", "--from", dateWord, "--to", dateWord, input])
        runs.append(["--today", "2024-06-15", "-3", "--month", dateWord, input])
        runs.append(["remind", "--from", dateWord, "--next", dateWord, input])
        // The halves as a configured vdir calendar (read from its directory, then synced).
        runs.append(["--config", vdirConfig, "--today", day, "--month", "v"])
        runs.append(["--config", vdirConfig, "--today", day, "--agenda", "--days", "2", "--format", "json", "v"])
        runs.append(["--config", vdirConfig, "sync", "v"])
        runs.append(["--config", vdirConfig, "sync", "--format", "json"])
        runs.append(["--config", vdirConfig, "search", "--from", day, "--to", later, word])
        runs.append(["--config", vdirConfig, "validate", "v"])

        // FNV-1a of the input picks its group.
        let hash = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let group = Int(hash % UInt64(groups))
        for (index, arguments) in runs.enumerated() where all || index % groups == group {
            _ = icsviewCore.run(arguments: arguments, environment: environment)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) {
        FuzzFiles.write(bytes, to: path)
    }
}
