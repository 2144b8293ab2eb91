/// Blocks of lines set side by side (months of `-3`, `--months N` and `--year`; the grid and
/// the agenda beside it): each block padded to its width, `gap` spaces between blocks, and
/// the lines of the shorter blocks filled with spaces, trailing spaces trimmed.
enum SideBySide {
    /// The lines of `blocks`, block `i` padded to `widths[i]` cells (escape sequences take none).
    static func join(_ blocks: [[String]], widths: [Int], gap: Int = 2) -> [String] {
        let height = blocks.map(\.count).max() ?? 0
        return (0..<height).map { index in
            var line = ""
            for (position, block) in blocks.enumerated() {
                let text = index < block.count ? block[index] : ""
                if position > 0 { line += String(repeating: " ", count: gap) }
                line += text
                if position < blocks.count - 1 {
                    line += String(repeating: " ", count: max(0, widths[position] - TerminalText.width(TerminalText.stripANSI(text))))
                }
            }
            return line.trimmingTrailingSpaces()
        }
    }

    /// `blocks` of `width` cells, `perRow` side by side a row, the rows apart by an empty line.
    static func rows(_ blocks: [[String]], perRow: Int, width: Int, gap: Int = 2) -> [String] {
        var lines: [String] = []
        for start in stride(from: 0, to: blocks.count, by: max(1, perRow)) {
            if start > 0 { lines.append("") }
            let row = Array(blocks[start..<min(blocks.count, start + max(1, perRow))])
            lines += join(row, widths: Array(repeating: width, count: row.count), gap: gap)
        }
        return lines
    }

    /// How many blocks of `width` cells fit in `total` cells with `gap` between them, at most `limit`
    /// and at least one.
    static func fitting(_ width: Int, in total: Int, gap: Int = 2, limit: Int) -> Int {
        max(1, min(limit, (total + gap) / (width + gap)))
    }
}
