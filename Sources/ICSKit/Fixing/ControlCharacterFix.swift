/// Where `validate --fix` removes control characters: the content lines of the input that hold
/// one (``ValueControls``: C0 but HTAB, DEL, C1), each told as a change. The writer removes
/// them from every value it writes, so that a file with one is written again, without them.
enum ControlCharacterFix {
    /// The most lines told one by one; the rest are told in one change.
    static let maxLinesTold = 100

    /// The changes for the controls in `bytes`: one for each content line that holds one
    /// (`control character U+001B removed from SUMMARY`), the first ``maxLinesTold``, then one
    /// on the next line that counts the rest. Empty when there is none.
    /// - Complexity: O(n) in the input; a quick look at its bytes when it holds no control.
    static func changes(in bytes: [UInt8], limits: ScanLimits = ScanLimits()) -> [CalendarRepair.Change] {
        guard ValueControls.mayHoldControl(bytes) else { return [] }
        var reader = ContentLineReader(stream: ByteStream(bytes: bytes), maxContentLineBytes: limits.maxContentLineBytes)
        var changes: [CalendarRepair.Change] = []
        var more = 0
        var firstUntold: Int?
        while (try? reader.next()) == true {
            // A line over the limit is not imported, and so not written (the import says so).
            guard reader.length <= limits.maxContentLineBytes else { continue }
            let found: (name: String, controls: (distinct: [Unicode.Scalar], count: Int))? = reader.bytes.withUnsafeBufferPointer { line in
                let controls = ValueControls.controls(in: line, utf8: TextDecoding.isValidUTF8(line))
                return controls.count == 0 ? nil : (ContentLineSyntax.name(line), controls)
            }
            guard let found else { continue }
            guard changes.count < maxLinesTold else {
                if firstUntold == nil { firstUntold = reader.line }
                more += 1
                continue
            }
            changes.append(CalendarRepair.Change(line: reader.line, uid: nil, message: message(found.controls.distinct, count: found.controls.count, name: found.name)))
        }
        if let firstUntold {
            let message = "control characters removed from this line" + (more > 1 ? " and \(more - 1) more" : "")
            changes.append(CalendarRepair.Change(line: firstUntold, uid: nil, message: message))
        }
        return changes
    }

    /// `control character U+001B removed from SUMMARY`, `control characters U+001B, U+0007
    /// removed from SUMMARY`: the distinct ones (the first four), of `count` in all.
    static func message(_ distinct: [Unicode.Scalar], count: Int, name: String) -> String {
        let shown = distinct.prefix(4).map(\.codePointText)
        let word = count == 1 ? "control character" : "control characters"
        let named = name.messageExcerpt()
        return "\(word) \(shown.joined(separator: ", "))\(distinct.count > 4 ? ", …" : "") removed from \(named.isEmpty ? "a line" : named)"
    }
}
