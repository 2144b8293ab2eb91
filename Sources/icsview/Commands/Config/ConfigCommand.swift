import ICSKit

/// `icsview config check`: what the configuration file says and where it is, or its errors.
enum ConfigCommand {
    static let synopsis = "check|names"
    static let usage = "USAGE: icsview config \(synopsis)"

    static let help = """
    OVERVIEW: Check the configuration file: print what was read and from where, or the errors by line.

    \(usage)

    check: what the file says (each default and calendar, with its line) and where it is.
    names: the configured calendars' names, one a line (the shell completions offer them).

    The file is --config <file>, else $ICSVIEW_CONFIG, else $XDG_CONFIG_HOME/icsview/config,
    else ~/.config/icsview/config. Its format is described in the README ("Configuration").

    EXIT STATUS:
      0 the file is good (or there is none), 64 it has errors (or usage error).

    """

    /// `icsview config` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "config", synopsis: synopsis, arguments: "check|names",
                                       summary: ["Print what the configuration file says and where it is, or its errors by line."],
                                       help: help, loadsConfiguration: false,
                                       run: { arguments, context in run(arguments, explicitPath: context.configPath, environment: context.environment) })

    /// Runs `config …` with the arguments after `config`; returns the exit status.
    static func run(_ arguments: [String], explicitPath: String?, environment: [String: String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help, terminator: "")
            return 0
        }
        if arguments == ["names"] {
            // For the shell completions: the configured names, one a line (errors on stderr, exit 64).
            do {
                let names = try ConfigLocation.load(explicit: explicitPath, environment: environment)?.calendars.map(\.key) ?? []
                print(names.map { $0 + "\n" }.joined(), terminator: "")
                return 0
            } catch {
                printError(error.text)
                return 64
            }
        }
        guard arguments == ["check"] else {
            let message: TerminalMessage = arguments.isEmpty ? "missing subcommand 'check' or 'names'"
                : "unknown argument '\(["check", "names"].contains(arguments[0]) ? arguments[1] : arguments[0])'"
            return subcommand.usageError(message)
        }
        do {
            guard let configuration = try ConfigLocation.load(explicit: explicitPath, environment: environment) else {
                let place = ConfigLocation.path(explicit: nil, environment: environment)?.path ?? "~/.config/icsview/config"
                print("No configuration file (\(place) does not exist): the built-in defaults apply.")
                return 0
            }
            print(report(configuration), terminator: "")
            return 0
        } catch {
            printError(error.text)
            return 64
        }
    }

    /// What `config check` prints for a good file.
    ///
    /// ```
    /// Configuration: /home/ann/.config/icsview/config
    /// Defaults:
    ///   timezone = Europe/Berlin (line 2)
    ///   view = month (line 3)
    /// Calendars:
    ///   work: webcal://example.com/work.ics, name "Work", color #3366cc (line 5)
    ///   team: caldav https://dav.example.com/, user ann, password from a command (hidden) (line 9)
    /// ```
    static func report(_ configuration: Configuration) -> String {
        var out = "Configuration: \(configuration.path)\n"
        out += "Defaults:" + (configuration.settings.isEmpty ? " none (the built-in ones apply)\n" : "\n")
        for setting in configuration.settings {
            out += "  \(setting.key) = \(setting.value) (line \(setting.line))\n"
        }
        out += "Calendars:" + (configuration.calendars.isEmpty ? " none\n" : "\n")
        for entry in configuration.calendars {
            // A URL's password is masked here as in every other message; a password command and
            // a header's value are not shown at all (either may hold a secret).
            var parts = [FeedSource.mask(entry.source)]
            switch entry.kind {
            case .feed: break
            case .caldav: parts[0] = "caldav " + parts[0]
            case .vdir: parts[0] = "vdir " + parts[0]
            }
            if let name = entry.displayName { parts.append("name \"\(name)\"") }
            if let color = entry.color { parts.append("color \(color)") }
            if let user = entry.username { parts.append("user \(user)") }
            if let auth = entry.auth { parts.append("auth \(auth.rawValue)") }
            if entry.passwordCommand != nil { parts.append("password from a command (hidden)") }
            for header in entry.headers { parts.append("header \(HeaderLine.name(header)) (value hidden)") }
            out += "  \(entry.key): \(parts.joined(separator: ", ")) (line \(entry.line))\n"
        }
        return out
    }

    /// Whether the command only asks for help, the version, the man page or a completion
    /// script: those work even when the configuration file is broken.
    static func asksOnlyForHelp(_ arguments: [String]) -> Bool {
        let words = arguments.prefix { $0 != "--" }
        return words.contains { ["-h", "--help", "--version", "--generate-man-page"].contains($0)
            || $0.hasPrefix("--generate-completion-script") }
    }
}
