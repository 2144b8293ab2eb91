/// A failure that stops an import: nothing could be read.
public struct ICSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for `catch` to match.
    public enum Code: String, Sendable, Hashable {
        /// The file or stream could not be opened or read.
        case unreadable
        /// The input is not iCalendar (empty, HTML, JSON, binary, …).
        case notICalendar
    }

    public var code: Code
    /// A message for people.
    public var message: String
    /// The path, URL or `-`.
    public var source: String?
    /// The line at fault, when known.
    public var line: Int?

    public init(_ code: Code, _ message: String, source: String? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.source = source
        self.line = line
    }

    /// `source:line: message`.
    public var description: String {
        var prefix = source.map { "\($0)" } ?? ""
        if let line { prefix += ":\(line)" }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
