/// The screen as last drawn, line by line, so that a new frame rewrites only the lines that
/// differ (no flicker, little output over a slow link).
///
/// Every line given must already fit the width (the layout cuts and pads with ``TerminalText``);
/// each written line is erased first and ends with an attribute reset, so nothing of an older,
/// longer line or of its colours stays behind.
struct Screen {
    /// The lines on the terminal now (empty: unknown, draw all).
    private var shown: [String] = []
    /// The size the shown lines were drawn for.
    private var size: (columns: Int, rows: Int) = (0, 0)

    /// Forgets what is shown: the next frame is drawn whole, on a cleared screen.
    mutating func invalidate() {
        shown = []
    }

    /// The bytes that turn the shown screen into `lines` (at most `rows` of them), and records them.
    /// - Returns: the escape sequences and text to write (empty when nothing changed) and how
    ///   many lines were rewritten.
    mutating func update(to lines: [String], columns: Int, rows: Int) -> (output: String, rewritten: Int) {
        var output = ""
        if shown.isEmpty || size.columns != columns || size.rows != rows {
            output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
            shown = Array(repeating: "", count: rows)
            size = (columns, rows)
        }
        var rewritten = 0
        for row in 0..<rows {
            let line = row < lines.count ? lines[row] : ""
            guard line != shown[row] else { continue }
            // Erased before it is written: erasing after a line as wide as the screen would take
            // its last cell (the cursor stays on it, waiting to wrap).
            output += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K" + line + "\u{1B}[0m"
            shown[row] = line
            rewritten += 1
        }
        return (output, rewritten)
    }
}
