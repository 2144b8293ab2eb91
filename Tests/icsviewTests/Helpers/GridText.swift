import Foundation

/// A month grid read back from the text the tool printed, for tests that assert where days,
/// bars and titles are (so that regenerating a golden cannot bless a misplaced one).
///
/// Columns are found by cells, as a terminal shows them: column `c` of a grid whose cells are
/// `w` wide takes the cells `1 + c(w+1)` … `c(w+1) + w` after the left border.
struct GridText {
    /// The width of one day cell.
    var cell: Int
    /// Each week row's lines (the day-number line first), without the week number column.
    var rows: [[String]]

    /// Reads the first grid of `text` (box drawing or `--ascii`), or nil when there is none.
    /// Escape sequences and left-to-right marks are removed first.
    init?(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { CellWidth.stripANSI(String($0)).replacingOccurrences(of: "\u{200E}", with: "") }
        guard let top = lines.firstIndex(where: { $0.contains("┌") || $0.contains("+-") }) else { return nil }
        let border = lines[top]
        let corner = border.firstIndex { $0 == "┌" || $0 == "+" }!
        let prefix = CellWidth.of(String(border[..<corner]))
        let afterCorner = border[border.index(after: corner)...]
        cell = afterCorner.prefix { $0 == "─" || $0 == "-" }.count
        var rows: [[String]] = []
        var current: [String] = []
        var headerDone = false
        for line in lines[(top + 1)...] {
            let body = GridText.slice(line, from: prefix, count: Int.max)
            if body.hasPrefix("├") || body.hasPrefix("└") || body.hasPrefix("+") {
                if headerDone, !current.isEmpty { rows.append(current) }
                current = []
                headerDone = true
                if body.hasPrefix("└") { break }
                continue
            }
            guard body.hasPrefix("│") || body.hasPrefix("|") else { break }
            if headerDone { current.append(body) }
        }
        if !current.isEmpty { rows.append(current) }
        guard !rows.isEmpty, cell > 0 else { return nil }
        self.rows = rows
    }

    /// The cells `from` … `from + count - 1` of `line` (a character is in it when it starts there).
    static func slice(_ line: String, from: Int, count: Int) -> String {
        var result = ""
        var offset = 0
        for character in line {
            if offset >= from && (count == Int.max || offset < from + count) { result.append(character) }
            offset += CellWidth.of(String(character))
        }
        return result
    }

    /// The text of column `column` in `line`.
    func text(_ line: String, column: Int) -> String {
        GridText.slice(line, from: 1 + column * (cell + 1), count: cell)
    }

    /// The column that holds cell `offset` of a line (a border belongs to the column after it).
    func column(atCell offset: Int) -> Int {
        max(0, (offset - 1) / (cell + 1))
    }

    /// Where the day numbered `day` is (row, column): the cell of a day-number line whose text,
    /// without today's brackets, is the number. `outside`: a neighbouring month's day (`·25`).
    func position(of day: Int, outside: Bool = false) -> (row: Int, column: Int)? {
        for (r, row) in rows.enumerated() {
            for c in 0..<7 {
                let trimmed = text(row[0], column: c).trimmingCharacters(in: .whitespaces)
                let isOutside = trimmed.hasPrefix("·") || trimmed.hasPrefix(".")
                guard isOutside == outside else { continue }
                let digits = trimmed.drop { !$0.isNumber }.prefix { $0.isNumber }
                if Int(digits) == day { return (r, c) }
            }
        }
        return nil
    }

    /// The day-number cell of `position`, trimmed ("28 ◆●2", "[12]", "·1").
    func dayCell(_ position: (row: Int, column: Int)) -> String {
        text(rows[position.row][0], column: position.column).trimmingCharacters(in: .whitespaces)
    }

    /// The texts under `position`'s day line (bars and titles) in its column, trimmed.
    func entries(at position: (row: Int, column: Int)) -> [String] {
        rows[position.row].dropFirst().map { text($0, column: position.column).trimmingCharacters(in: .whitespaces) }
    }

    /// The columns covered, in `row`, by the bar whose title begins with `title`: from the
    /// column of its opening mark to that of its closing one (`▏▶` or `]>`).
    func barColumns(_ title: String, row: Int) -> ClosedRange<Int>? {
        for line in rows[row].dropFirst() {
            guard let range = line.range(of: title) else { continue }
            let start = CellWidth.of(String(line[..<range.lowerBound])) - 1
            let rest = line[range.upperBound...]
            guard let closing = rest.firstIndex(where: { "▏▶]>".contains($0) }) else { continue }
            let end = CellWidth.of(String(line[..<closing]))
            return column(atCell: start)...column(atCell: end)
        }
        return nil
    }
}
