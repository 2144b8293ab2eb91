/// The spaces the configuration's lines, keys and values are trimmed of, and the line ends its
/// text is split at, read scalar by scalar.
///
/// The spaces are what Foundation's `CharacterSet.whitespaces` holds on Linux (the tab, and
/// Unicode's space separators with U+200B, the zero width space), found by asking it about every
/// scalar; the line ends are the characters whose `Character.isNewline` is true (LF, VT, FF, CR,
/// CR LF, U+0085, U+2028, U+2029: each a grapheme of its own, so a split there is a split
/// between characters). Trimming with Foundation made an `NSString` of each line, key and value,
/// and splitting on `Character.isNewline` broke the whole text into graphemes: with 10,000
/// `[calendar]` sections those were a third of a month view's time.
///
/// ```swift
/// ConfigSpaces.trimmed("\t url = x ") // "url = x"
/// ConfigSpaces.lines(of: "a\r\nb\u{2028}c") // ["a", "b", "c"]
/// ```
enum ConfigSpaces {
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    private static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `text` without the spaces at its start and end, as `text.trimmingCharacters(in: .whitespaces)`
    /// gives it: scalar by scalar, so a space before a combining mark goes and the mark stays.
    /// - Complexity: O(n) in the scalars trimmed, plus the copy of what is kept.
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// The lines of `text`, as `text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)`
    /// gives them (CR LF is one line end).
    /// - Complexity: O(n) in the scalars.
    static func lines(of text: String) -> [Substring] {
        let scalars = text.unicodeScalars
        var lines: [Substring] = []
        var start = scalars.startIndex, i = start
        while i != scalars.endIndex {
            let scalar = scalars[i]
            guard isLineEnd(scalar) else {
                i = scalars.index(after: i)
                continue
            }
            lines.append(text[start..<i])
            i = scalars.index(after: i)
            if scalar == "\r", i != scalars.endIndex, scalars[i] == "\n" { i = scalars.index(after: i) }
            start = i
        }
        lines.append(text[start...])
        return lines
    }
}
