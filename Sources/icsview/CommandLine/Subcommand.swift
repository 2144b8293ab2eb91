/// One subcommand of icsview (`validate`, `diff`, …): its name, the texts that help, the manual
/// page and the completions show, and the function that runs it.
///
/// A new subcommand is a folder `Commands/<Name>/` whose command declares
/// `static let subcommand = Subcommand(…)`, and one line in ``Subcommands/all``: dispatch, the
/// `SUBCOMMANDS:` section of `--help`, the manual page's SYNOPSIS, the completions and the
/// names a configured calendar may not take all read that list.
struct Subcommand: Sendable {
    /// The word that selects it (`validate`).
    let name: String
    /// Other words that select it (`-i` for `browse`).
    let aliases: [String]
    /// What follows `icsview <name>` in its usage line (`[<options>] <file> ...`).
    let synopsis: String
    /// Its arguments as its row under `SUBCOMMANDS:` names them (`<file>...`).
    let arguments: String
    /// The lines of its row under `SUBCOMMANDS:` in `icsview --help`.
    let summary: [String]
    /// The text of `icsview <name> --help`.
    let help: String
    /// False for the commands that load the configuration themselves (`config`): the others
    /// are handed it, and a broken configuration stops them with its errors (exit 64).
    let loadsConfiguration: Bool
    /// Runs it with the arguments after its name; returns the exit status.
    let run: @Sendable (_ arguments: [String], _ context: CommandContext) -> Int32

    init(name: String, aliases: [String] = [], synopsis: String, arguments: String, summary: [String], help: String, loadsConfiguration: Bool = true,
         run: @escaping @Sendable (_ arguments: [String], _ context: CommandContext) -> Int32) {
        self.name = name
        self.aliases = aliases
        self.synopsis = synopsis
        self.arguments = arguments
        self.summary = summary
        self.help = help
        self.loadsConfiguration = loadsConfiguration
        self.run = run
    }

    /// The option names its help lists (`--next`, `-q`, …), in order: what the completions
    /// offer after its name. Read off the rows of ``help`` that start with `  -`, the names
    /// before the description (`  --from <day>, --to <day>` gives `--from` and `--to`).
    var optionNames: [String] {
        var names: [String] = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            let column = line.dropFirst(2).components(separatedBy: "  ")[0]
            for part in column.components(separatedBy: ", ") {
                let name = String(part.split(separator: " ").first ?? "")
                if name.hasPrefix("-") && !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// `USAGE: icsview <name> <synopsis>`, the line usage errors and help print.
    var usage: String { "USAGE: icsview \(name) \(synopsis)" }

    /// Reports a usage error of this subcommand (``UsageError/report(_:usage:command:)``): exit 64.
    func usageError(_ message: TerminalMessage) -> Int32 {
        UsageError.report(message.description, usage: usage, command: name)
    }

    /// Reports a usage error already made (its message safe): exit 64.
    func usageError(_ error: UsageError) -> Int32 {
        UsageError.report(error.message, usage: usage, command: name)
    }
}

/// What the entry point hands every subcommand.
struct CommandContext {
    /// The configuration file's contents, or nil when there is none (or the command loads it itself).
    let configuration: Configuration?
    /// The file named by `--config`, if any.
    let configPath: String?
    /// The process's environment.
    let environment: [String: String]
}
