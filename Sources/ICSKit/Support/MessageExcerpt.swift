extension StringProtocol {
    /// The text as a message quotes it: whole when it is at most `limit` bytes of UTF-8, else its
    /// first `kept` characters and "…", the mark that it was cut. A name or a value read from a
    /// file can be megabytes long, and a message that quoted it whole would be as long.
    ///
    /// ```swift
    /// "SUMMARY".messageExcerpt()                              // "SUMMARY"
    /// String(repeating: "X", count: 100).messageExcerpt()     // 40 × "X" + "…"
    /// ```
    /// - Parameters:
    ///   - limit: the most bytes quoted whole (60: a property name, a short value).
    ///   - kept: the characters kept of a longer text (40).
    /// - Returns: the text, or its first `kept` characters and "…".
    /// - Complexity: O(`limit` + `kept`) when the text is longer, else O(n).
    package func messageExcerpt(limit: Int = 60, kept: Int = 40) -> String {
        utf8.count > limit ? String(prefix(kept)) + "…" : String(self)
    }
}
