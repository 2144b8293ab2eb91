/// Whether a downloaded body ends where its calendar does: a connection that closes early
/// without a `Content-Length`, or a `Content-Length` shorter than the body, leaves a fragment
/// that parses (leniently) into fewer events, and must not replace the last good copy.
///
/// Only `BEGIN:` and `END:` lines are looked at (names compared without case, trailing blanks
/// ignored, folded lines skipped): the body is cut short when a component is still open at the
/// end, the `VCALENDAR` included.
enum BodyCompleteness {
    /// `nil` when every component that begins also ends; else why the body looks cut short.
    ///
    /// Each name is interned once, and each name keeps the stack positions where it is open: an
    /// END finds the component it closes at once, even an END whose name was never begun (a body
    /// of millions of `BEGIN:A` lines and then millions of `END:B` lines costs one pass, not one
    /// scan of the stack per END).
    /// - Complexity: O(n) in the body.
    static func truncation(of body: [UInt8]) -> String? {
        var names: [String] = []
        var ids: [String: Int] = [:]
        var open: [(name: Int32, line: Int)] = []
        var positions: [[Int]] = []        // by name id: where it is open in `open`, innermost last
        var lineNumber = 0
        var start = 0
        let count = body.count
        while start < count {
            var end = start
            while end < count && body[end] != 0x0A { end += 1 }
            lineNumber += 1
            var lineStart = start
            if lineNumber == 1 && end - start >= 3 && body[0] == 0xEF && body[1] == 0xBB && body[2] == 0xBF { lineStart += 3 }
            if let (isBegin, name) = marker(body, lineStart, end) {
                if isBegin {
                    let id: Int
                    if let known = ids[name] { id = known } else {
                        id = names.count
                        ids[name] = id
                        names.append(name)
                        positions.append([])
                    }
                    positions[id].append(open.count)
                    open.append((Int32(id), lineNumber))
                } else if let id = ids[name], let index = positions[id].last {
                    // Every component opened inside it ends with it.
                    for closed in open[index...].reversed() { positions[Int(closed.name)].removeLast() }
                    open.removeSubrange(index...)
                }
            }
            start = end + 1
        }
        guard let innermost = open.last else { return nil }
        let name = names[Int(innermost.name)]
        if open.count == 1 {
            return "the body ends before the END of the \(name) begun on line \(innermost.line) (the download was cut short)"
        }
        return "the body ends inside the \(name) begun on line \(innermost.line) (the download was cut short)"
    }

    /// `BEGIN:NAME` / `END:NAME` (any case, trailing blanks and CR ignored) → (isBegin, upper-cased name).
    private static func marker(_ body: [UInt8], _ start: Int, _ end: Int) -> (Bool, String)? {
        func hasPrefix(_ word: [UInt8]) -> Bool {       // `word` in lower case
            guard end - start > word.count else { return false }
            for (i, byte) in word.enumerated() {
                let b = body[start + i]
                if (0x41...0x5A).contains(b) ? b | 0x20 != byte : b != byte { return false }
            }
            return true
        }
        let isBegin: Bool
        if hasPrefix(Array("begin:".utf8)) { isBegin = true } else if hasPrefix(Array("end:".utf8)) { isBegin = false } else { return nil }
        var nameEnd = end
        while nameEnd > start && (body[nameEnd - 1] == 0x0D || body[nameEnd - 1] == 0x20 || body[nameEnd - 1] == 0x09) { nameEnd -= 1 }
        let nameStart = start + (isBegin ? 6 : 4)
        guard nameEnd > nameStart else { return nil }
        return (isBegin, String(decoding: body[nameStart..<nameEnd], as: UTF8.self).uppercased())
    }
}
