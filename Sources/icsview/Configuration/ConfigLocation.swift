import Foundation

/// Where the configuration file is, and reading it.
///
/// In order: `--config FILE`; `$ICSVIEW_CONFIG`; `$XDG_CONFIG_HOME/icsview/config`;
/// `~/.config/icsview/config`. The first two must exist; the others are optional (none
/// found: the built-in defaults, as without a configuration).
enum ConfigLocation {
    /// The largest configuration file read (a calendar list is a few kilobytes).
    static let maximumSize = 1 << 20

    /// The file to read, and whether it must exist (named by `--config` or `ICSVIEW_CONFIG`).
    static func path(explicit: String?, environment: [String: String]) -> (path: String, required: Bool)? {
        if let explicit { return (explicit, true) }
        if let path = environment["ICSVIEW_CONFIG"], !path.isEmpty { return (path, true) }
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty { return (base + "/icsview/config", false) }
        if let home = environment["HOME"], !home.isEmpty { return (home + "/.config/icsview/config", false) }
        return nil
    }

    /// Reads and parses the configuration.
    /// - Returns: nil when there is none (an optional file that does not exist).
    /// - Throws: every error found, each with its line.
    static func load(explicit: String?, environment: [String: String]) throws(ConfigErrors) -> Configuration? {
        guard let (path, required) = path(explicit: explicit, environment: environment) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if !required { return nil }
            throw ConfigErrors([ConfigError(path: path, line: nil, message: "cannot open: no such file")])
        }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw ConfigErrors([ConfigError(path: path, line: nil, message: isDirectory.boolValue ? "is a directory" : "cannot open")])
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maximumSize + 1)) ?? Data()
        guard data.count <= maximumSize else {
            throw ConfigErrors([ConfigError(path: path, line: nil, message: "is larger than 1 MB; is it a configuration file?")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigErrors([ConfigError(path: path, line: nil, message: "is not UTF-8 text")])
        }
        let (configuration, errors) = ConfigParser.parse(text, path: path, home: environment["HOME"])
        if !errors.isEmpty { throw ConfigErrors(errors) }
        return configuration
    }

    /// Takes `--config FILE` (or `--config=FILE`) out of the arguments, before `--`.
    /// - Throws: a ``UsageError`` when `--config` has no value.
    static func extract(_ arguments: [String]) throws(UsageError) -> (path: String?, rest: [String]) {
        var path: String?
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                rest += arguments[(index - 1)...]
                break
            }
            if argument.hasPrefix("--config=") {
                path = String(argument.dropFirst("--config=".count))
            } else if argument == "--config" {
                guard index < arguments.count else { throw UsageError(message: "missing value for '--config'") }
                path = arguments[index]
                index += 1
            } else {
                rest.append(argument)
            }
        }
        if path?.isEmpty == true { throw UsageError(message: "'--config' needs a file name") }
        return (path, rest)
    }
}

/// The errors of a configuration file, in line order.
struct ConfigErrors: Error, Equatable {
    var errors: [ConfigError]
    init(_ errors: [ConfigError]) { self.errors = errors }

    /// One line per error, as `config check` and every command print them.
    var text: TerminalMessage { TerminalMessage(verbatim: errors.map { "\($0)\n" }.joined()) }
}
