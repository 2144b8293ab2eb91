/// A usage error, and the one way icsview reports one, as swift-argument-parser does: `Error: …`,
/// the usage line, then where to read more, on stderr; the exit status is 64 (EX_USAGE).
struct UsageError: Error, Equatable {
    /// What is wrong, in a sentence without the `Error: ` prefix: the arguments it quotes were
    /// made safe each on its own (``TerminalMessage``).
    var message: String

    /// A usage error whose message quotes arguments (`'\(text)' is not a month`).
    init(message: TerminalMessage) {
        self.message = message.description
    }

    /// The exit status of a usage error.
    static let status: Int32 = 64

    /// Prints `Error: message`, `usage` and `  See 'icsview [command] --help' for more
    /// information.` on stderr, and returns 64.
    @discardableResult
    static func report(_ message: String, usage: String = Help.usage, command: String? = nil) -> Int32 {
        let helpCommand = command.map { "icsview \($0) --help" } ?? "icsview --help"
        printError(TerminalMessage(verbatim: "Error: \(message)\n\(usage)\n  See '\(helpCommand)' for more information.\n"))
        return status
    }
}
