/// Feed text on its way to the browser's screen: the one place the browser cleans it, so that a
/// title or a description cannot move the cursor, clear the screen or change the terminal.
///
/// Until the project's shared safe-text function is in, it removes C0 and C1 controls (ESC with
/// them: what follows an ESC can no longer form a sequence), DEL and the bidirectional controls,
/// and turns line breaks and tabs into spaces.
enum BrowseText {
    /// `text` with controls removed and line breaks as spaces.
    static func safe(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
