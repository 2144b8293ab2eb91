/// The spaces the configuration's lines, keys and values are trimmed of: what Foundation's
/// `CharacterSet.whitespaces` holds on Linux (the tab, and Unicode's space separators with
/// U+200B, the zero width space), found by asking it about every scalar.
///
/// Trimming with Foundation made an `NSString` of each line and of each key and value: with
/// 10,000 `[calendar]` sections that was a third of a month view's time. This reads the scalars
/// of the Swift string.
///
/// ```swift
/// ConfigSpaces.trimmed("\t url = x ") // "url = x"
/// ```
enum ConfigSpaces {
    /// Whether `scalar` is trimmed.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `text` without the spaces (``isSpace(_:)``) at its start and end, as
    /// `text.trimmingCharacters(in: .whitespaces)` gives it: scalar by scalar, so a space before a
    /// combining mark goes and the mark stays.
    /// - Complexity: O(n) in the scalars trimmed, plus the copy of what is kept.
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        guard let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return String(text) }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
