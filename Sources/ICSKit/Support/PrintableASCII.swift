extension String {
    /// The string's printable ASCII (0x20–0x7E) only, at most `limit` bytes of it, without spaces at
    /// either end: for text a server or a parser sent that an error message quotes, so that no
    /// control character, escape sequence or bidi override of theirs reaches a terminal or a log.
    func printableASCII(limit: Int) -> String {
        let kept = utf8.lazy.filter { (0x20...0x7E).contains($0) }.prefix(limit)
        return String(String(decoding: kept, as: UTF8.self).trimmingSpaces)
    }
}
