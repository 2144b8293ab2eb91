/// A usage error, and the one way icsview reports one, as swift-argument-parser does: `Error: …`,
/// the usage line, then where to read more, on stderr; the exit status is 64 (EX_USAGE).
struct UsageError: Error, Equatable {
    /// What is wrong, in a sentence without the `Error: ` prefix.
    var message: String

    /// The exit status of a usage error.
    static let status: Int32 = 64

    /// Prints `Error: message`, `usage` and `  See 'icsview [command] --help' for more
    /// information.` on stderr, and returns 64.
    @discardableResult
    static func report(_ message: String, usage: String = Help.usage, command: String? = nil) -> Int32 {
        let helpCommand = command.map { "icsview \($0) --help" } ?? "icsview --help"
        printError("Error: \(message)\n\(usage)\n  See '\(helpCommand)' for more information.\n")
        return status
    }
}
