extension Unicode.Scalar {
    /// The scalar as Unicode names it in text: `U+` and at least four upper-case hex digits
    /// (`U+001B`, `U+009B`, `U+1F600`). The one form the messages about a character use
    /// (`validate`'s ICS1013, `validate --fix`'s changes).
    var codePointText: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
