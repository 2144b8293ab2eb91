/// The spaces the configuration's lines, keys and values are trimmed of, and the line ends its
/// text is split at, read on the UTF-8 bytes.
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
    /// The length of the space that starts at `bytes[i]` (0 when none does).
    private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        switch bytes[i] {
        case 0x09, 0x20: return 1
        case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0xA0 ? 2 : 0
        case 0xE1: return i + 2 < bytes.count && bytes[i + 1] == 0x9A && bytes[i + 2] == 0x80 ? 3 : 0  // U+1680
        case 0xE2:
            guard i + 2 < bytes.count else { return 0 }
            let (b1, b2) = (bytes[i + 1], bytes[i + 2])
            // U+2000–U+200B, U+202F, U+205F
            return (b1 == 0x80 && (0x80...0x8B).contains(b2)) || (b1 == 0x80 && b2 == 0xAF) || (b1 == 0x81 && b2 == 0x9F) ? 3 : 0
        case 0xE3: return i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80 ? 3 : 0  // U+3000
        default: return 0
        }
    }

    /// Whether a space (``spaceLength(_:at:)``) ends just before `end`: its length, or 0.
    private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Int {
        let last = bytes[end - 1]
        if last == 0x09 || last == 0x20 { return 1 }
        if last == 0xA0, end >= 2, bytes[end - 2] == 0xC2 { return 2 }
        if end >= 3, last >= 0x80, spaceLength(bytes, at: end - 3) == 3 { return 3 }
        return 0
    }

    /// `text` without the spaces at its start and end, as `text.trimmingCharacters(in: .whitespaces)`
    /// gives it: scalar by scalar, so a space before a combining mark goes and the mark stays.
    /// - Complexity: O(n) in the bytes trimmed, plus the copy of what is kept.
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        if let kept = text.utf8.withContiguousStorageIfAvailable({ trimmed(bytes: $0) }) { return kept }
        var copy = String(text)
        return copy.withUTF8 { trimmed(bytes: $0) }
    }

    /// ``trimmed(_:)`` of valid UTF-8.
    private static func trimmed(bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0, end = bytes.count
        while start < end {
            let n = spaceLength(bytes, at: start)
            if n == 0 { break }
            start += n
        }
        while end > start {
            let n = spaceLength(bytes, endingAt: end)
            if n == 0 { break }
            end -= n
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The lines of `text`, as `text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)`
    /// gives them.
    /// - Complexity: O(n) in the bytes.
    static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var lineStart = utf8.startIndex
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            var separator = 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: separator = 1
            case 0x0D:
                let next = utf8.index(after: i)
                separator = next != utf8.endIndex && utf8[next] == 0x0A ? 2 : 1
            case 0xC2:
                let next = utf8.index(after: i)
                separator = next != utf8.endIndex && utf8[next] == 0x85 ? 2 : 0  // U+0085
            case 0xE2:
                let second = utf8.index(after: i)
                if second != utf8.endIndex, utf8[second] == 0x80 {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 { separator = 3 }  // U+2028, U+2029
                }
            default:
                break
            }
            if separator == 0 {
                i = utf8.index(after: i)
                continue
            }
            lines.append(text[lineStart..<i])
            i = utf8.index(i, offsetBy: separator)
            lineStart = i
        }
        lines.append(text[lineStart...])
        return lines
    }
}
