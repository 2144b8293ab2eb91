import Synchronization
import ICSKit

/// Where the problems met while reading and drawing go: on stderr, one summary line per
/// input by default (`34 problems in holidays.ics; run 'icsview validate holidays.ics' for
/// details`, or what was cut when `validate` could not show it: ``summary()``), every
/// diagnostic with `--verbose`, nothing with `--quiet`.
///
/// Errors that make an input unreadable are not diagnostics: they are printed by the caller,
/// always. One instance for the process (``shared``): the views report from several places.
final class DiagnosticOutput: Sendable {
    /// How much to say.
    enum Verbosity: Equatable, Sendable {
        /// No warnings at all (`-q`, `--quiet`).
        case quiet
        /// One line per input with problems (the default).
        case summary
        /// Every diagnostic, `FILE:LINE: severity: message [CODE]` (`--verbose`).
        case verbose
    }

    private struct State {
        var verbosity: Verbosity = .summary
        /// The words typed for each source, in the order loaded.
        var words: [(source: String, word: String)] = []
        /// Each source's diagnostics seen so far (a diagnostic met twice counts once).
        var seen: [String: Set<Diagnostic>] = [:]
        var order: [String] = []
        /// Warnings kept for the caller instead of printed (``capturingWarnings(_:)``).
        var captured: [String]?
    }

    private let state = Mutex(State())

    static let shared = DiagnosticOutput()

    var verbosity: Verbosity {
        get { state.withLock { $0.verbosity } }
        set { state.withLock { $0.verbosity = newValue } }
    }

    /// Forgets every source and diagnostic and goes back to the default verbosity: each
    /// ``run(arguments:environment:)`` starts with this, so that runs in one process (the
    /// in-process fuzz target) do not report one another's problems.
    func reset() {
        state.withLock { $0 = State() }
    }

    /// Remembers that `source` was typed as `word` (a configured name, a path, a URL).
    func register(source: String, word: String) {
        state.withLock { $0.words.append((source, word)) }
    }

    /// Reports diagnostics: printed now when verbose, counted for ``finish()`` otherwise.
    func report(_ diagnostics: [Diagnostic]) {
        let lines: [TerminalMessage] = state.withLock { state in
            var lines: [TerminalMessage] = []
            for diagnostic in diagnostics {
                let source = diagnostic.source ?? "<input>"
                if state.seen[source] == nil { state.order.append(source) }
                guard state.seen[source, default: []].insert(diagnostic).inserted else { continue }
                if state.verbosity == .verbose { lines.append("\(TerminalMessage(diagnostic))\n") }
            }
            return lines
        }
        for line in lines { printError(line) }
    }

    /// A warning that is not about the data (a stale feed, a cache that cannot be written):
    /// printed unless quiet.
    func warning(_ message: TerminalMessage) {
        let text = message.description
        let printed: Bool = state.withLock { state in
            if state.captured != nil {
                state.captured?.append(text)
                return false
            }
            return state.verbosity != .quiet
        }
        if printed { printError("warning: \(message)\n") }
    }

    /// Runs `body` with its warnings kept rather than printed, whatever the verbosity, and
    /// returns them with its result: the full-screen browser shows them in its status bar, where
    /// a line on standard error would be drawn over.
    func capturingWarnings<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (value: T, warnings: [String]) {
        let outer = state.withLock { state in
            defer { state.captured = [] }
            return state.captured
        }
        defer { state.withLock { $0.captured = outer } }
        let value = try body()
        let warnings = state.withLock { $0.captured ?? [] }
        return (value, warnings)
    }

    /// The summary lines, one per input with problems (errors and warnings; notes are not
    /// counted), in input order; empty unless the verbosity is ``Verbosity/summary``.
    ///
    /// Only what `validate` reports is sent there. The rest is about this command's work or the
    /// source, not the file's text (``validateCannotShow(_:)``: ICS3002, a series cut at a view's
    /// cap; ICS4001 and ICS4002, a source's item skipped or its sync failed), and `validate`
    /// would show none of it: one such problem is printed as `--verbose` prints it, several are
    /// counted by kind with a pointer to `--verbose`.
    func summary() -> [TerminalMessage] {
        state.withLock { state in
            guard state.verbosity == .summary else { return [] }
            return state.order.compactMap { source -> TerminalMessage? in
                let problems = state.seen[source, default: []].filter { $0.severity != .note }
                guard !problems.isEmpty else { return nil }
                let word = state.words.first { $0.source == source }?.word ?? source
                let name: TerminalMessage = word == source ? "\(source)" : "\(word) (\(source))"
                let others = problems.filter { Self.validateCannotShow($0.code) }
                let checked = problems.count - others.count
                var line: TerminalMessage = checked == 0 ? "" : "\(checked) problem\(checked == 1 ? "" : "s") in \(name); run 'icsview validate \(word)' for details"
                if others.count == 1, checked == 0, let only = others.first {
                    line = TerminalMessage(only)
                } else if !others.isEmpty {
                    let counted = TerminalMessage(verbatim: Self.counted(others))
                    line = checked == 0 ? "in \(name): \(counted) (--verbose lists them)" : "\(line); and \(counted) (--verbose lists them)"
                }
                return line
            }
        }
    }

    /// Whether a problem is the command's or the source's, not the file's: `validate` does not
    /// report it, nor the same fault under another code (as it does libical's import-only codes).
    static func validateCannotShow(_ code: DiagnosticCode) -> Bool {
        code == .recurrenceLimit || DiagnosticCode.sourceCodes.contains(code)
    }

    /// `2 × recurrence stopped at the instance limit [ICS3002]`: problems counted by code, in code order.
    private static func counted(_ problems: some Sequence<Diagnostic>) -> String {
        var counts: [DiagnosticCode: Int] = [:]
        for problem in problems { counts[problem.code, default: 0] += 1 }
        return counts.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.value) × \($0.key.title) [\($0.key.rawValue)]" }.joined(separator: ", ")
    }

    /// Whether a diagnostic of severity error was reported: something in an input could not be
    /// read as written (`--strict` exits 1 then).
    var sawErrors: Bool {
        state.withLock { state in state.seen.values.contains { $0.contains { $0.severity == .error } } }
    }

    /// Prints ``summary()`` on stderr.
    func finish() {
        for line in summary() { printError("\(line)\n") }
    }
}
