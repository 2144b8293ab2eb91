import ICSKit

/// A message line for a terminal (an error, a warning, a usage error), written as a string
/// literal whose interpolated parts are made safe each on its own before they are put into the
/// line: `"Error: \(path): cannot read the file"`.
///
/// A path, a calendar's name or a value quoted in a message can end in U+009B (the 8-bit CSI) or
/// an unterminated `ESC ]`; made safe as part of the whole line, such a sequence would take the
/// message's own words after it (`: cannot read the file`) with it. Made safe on its own
/// (``TerminalText/safe(_:lineBreak:limit:)``), it takes at most the rest of that part. A part
/// longer than ``partLimit`` bytes is quoted by its first ``partKept`` characters and "…"
/// (``Swift/StringProtocol/messageExcerpt(limit:kept:)``, as messages quote calendar values): an
/// argument of a megabyte is not written back whole.
///
/// ```swift
/// let message: TerminalMessage = "Error: \(path): cannot read the file"
/// printError(message)
/// ```
struct TerminalMessage: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
    /// The most bytes of one interpolated part quoted whole: PATH_MAX, the longest path a
    /// file can be opened by.
    static let partLimit = 4096
    /// The characters kept of a longer part.
    static let partKept = 200

    /// The message, its parts made safe.
    let description: String

    /// Text that is icsview's own or already safe, used as it is.
    init(verbatim text: String) {
        description = text
    }

    init(stringLiteral value: String) {
        description = value
    }

    init(stringInterpolation: Interpolation) {
        description = stringInterpolation.text
    }

    /// One part made safe on its own and bounded, as an interpolated part is.
    static func part(_ value: some StringProtocol) -> String {
        TerminalText.safe(value.messageExcerpt(limit: partLimit, kept: partKept))
    }

    /// The parts of a message literal: the literal text as written, each interpolated value
    /// made safe on its own.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity)
        }

        mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A value's text (a path, a name, a number), made safe on its own.
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TerminalMessage.part(value.description)
        }

        /// An error: an ``ICSKit/ICSError`` as ``TerminalMessage/init(_:)-(ICSError)`` writes
        /// it, any other by its description, made safe on its own.
        mutating func appendInterpolation(_ error: any Error) {
            text += (error as? ICSError).map { TerminalMessage($0).description } ?? TerminalMessage.part(String(describing: error))
        }

        /// A message within a message: already safe.
        mutating func appendInterpolation(_ message: TerminalMessage) {
            text += message.description
        }
    }
}
