/// A text looked for in other texts, by their UTF-8 bytes, in time linear in both lengths
/// (Knuth–Morris–Pratt: the table of how far each partial match falls back is made once).
///
/// `--grep` and `search` compared the folded text with `String.contains`, which tries the text
/// at every start: a text of 10,001 bytes (`aaa…ab`) looked for in a description of 200,000
/// `a` did not end in 20 s. UTF-8 is self-synchronising, so a match of the bytes is a match of
/// the Unicode scalars, which is what `String.contains` matched on folded text (`👨` is found in
/// the one grapheme cluster `👨‍👩‍👧`).
///
/// ```swift
/// let search = TextSearch("cafe")
/// search.occurs(in: "the cafe")   // true
/// ```
struct TextSearch: Sendable {
    private let needle: [UInt8]
    /// For each prefix length `k + 1` of the needle, the length of its longest proper border.
    private let fallback: [Int]

    init(_ text: String) {
        needle = Array(text.utf8)
        var table = [Int](repeating: 0, count: needle.count)
        var border = 0
        for i in needle.indices.dropFirst() {
            while border > 0 && needle[i] != needle[border] { border = table[border - 1] }
            if needle[i] == needle[border] { border += 1 }
            table[i] = border
        }
        fallback = table
    }

    /// Whether the text holds the needle (always, for an empty needle).
    /// - Complexity: O(n) in the text's UTF-8 bytes.
    func occurs(in text: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            return needle.withUnsafeBufferPointer { pattern in
                fallback.withUnsafeBufferPointer { table in
                    var matched = 0
                    for byte in bytes {
                        while matched > 0 && byte != pattern[matched] { matched = table[matched - 1] }
                        if byte == pattern[matched] {
                            matched += 1
                            if matched == pattern.count { return true }
                        }
                    }
                    return false
                }
            }
        }
    }
}
