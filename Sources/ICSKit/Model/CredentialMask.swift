/// Masks the passwords that URLs carry (`scheme://user:password@host`) in any text, before it is
/// shown, logged or stored: the one function behind ``FeedSource/mask(_:)`` and every error
/// message that may quote a URL.
enum CredentialMask {
    /// `text` with the password of every `scheme://user:password@` replaced by `***`.
    /// - Complexity: O(n) in the text.
    static func mask(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let marker = rest.range(of: "://") {
            out += rest[..<marker.upperBound]
            rest = rest[marker.upperBound...]
            let authorityEnd = rest.firstIndex { "/?# \n\"'<>".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                out += authority[...colon] + "***" + authority[at...]
            } else {
                out += authority
            }
            rest = rest[authorityEnd...]
        }
        return out + rest
    }
}
