import ICSKit

/// The reports ICSKit hands back, as message lines: where (a path or a URL, made safe on its
/// own) and what (the message, which may quote a value read from the file as it was written,
/// made safe keeping its words: ``TerminalText/safeLine(_:)``).
extension TerminalMessage {
    /// `source:line:column: severity: message [CODE]`, as ``ICSKit/Diagnostic``'s description.
    init(_ diagnostic: Diagnostic) {
        self.init(verbatim: Self.report(diagnostic.source ?? "<input>", line: diagnostic.line, column: diagnostic.column,
                                        severity: diagnostic.severity.rawValue, message: diagnostic.message, code: diagnostic.code.rawValue))
    }

    /// `file:line:column: severity: message [CODE]`, as ``ICSKit/Finding``'s description.
    init(_ finding: Finding) {
        self.init(verbatim: Self.report(finding.file, line: finding.line, column: finding.column,
                                        severity: finding.severity.rawValue, message: finding.message, code: finding.code.rawValue))
    }

    /// The one form of a diagnostic's and a finding's line, each part made safe on its own.
    private static func report(_ file: String, line: Int?, column: Int?, severity: String, message: String, code: String) -> String {
        located(file, line: line, column: column) + ": \(severity): " + said(message) + " [\(code)]"
    }

    /// `source:line: message`, as ``ICSKit/ICSError``'s description.
    init(_ error: ICSError) {
        var prefix = error.source.map { Self.part($0) } ?? ""
        if let line = error.line { prefix += ":\(line)" }
        self.init(verbatim: prefix.isEmpty ? Self.said(error.message) : prefix + ": " + Self.said(error.message))
    }

    /// A line ICSKit or another part of icsview wrote (a report, a reason), made safe keeping
    /// its words: it may quote text from a file as written.
    init(said message: String) {
        self.init(verbatim: Self.said(message))
    }

    /// A path or URL and the line and column in it.
    private static func located(_ source: String, line: Int?, column: Int?) -> String {
        var location = part(source)
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return location
    }

    /// A message ICSKit wrote, bounded as a part is, every word of it kept.
    static func said(_ message: String) -> String {
        TerminalText.safeLine(message.messageExcerpt(limit: partLimit, kept: partKept))
    }
}
