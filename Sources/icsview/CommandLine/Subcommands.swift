/// The one list of icsview's subcommands, in the order `--help` shows them.
///
/// Adding a subcommand: a folder `Commands/<Name>/` with its command, options and renderer, and
/// one line here. `CommandModelTests` checks that every subcommand appears in `--help`, in the
/// manual page's SYNOPSIS and in every completion script, and has a `--help` of its own.
enum Subcommands {
    static let all: [Subcommand] = [
        BrowseCommand.subcommand,
        ConfigCommand.subcommand,
        DiffCommand.subcommand,
        ExportCommand.subcommand,
        SearchCommand.subcommand,
        RemindCommand.subcommand,
        SyncCommand.subcommand,
        ValidateCommand.subcommand,
    ]

    /// The subcommand called `name`, if there is one.
    static func named(_ name: String?) -> Subcommand? {
        guard let name else { return nil }
        return all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The words that cannot name a configured calendar, because they select a subcommand.
    static var names: Set<String> { Set(all.map(\.name)) }
}
