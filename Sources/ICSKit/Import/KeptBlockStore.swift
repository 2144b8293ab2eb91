/// The blocks a windowed import skipped, packed: all their texts in one byte array, their lines
/// as 16-byte records in another (every line's name is read again from its bytes when the block
/// is taken back: a BEGIN or END line's text is the scanner's canonical `BEGIN:NAME` / `END:NAME`,
/// ``BlockScanner``, so its name is the bytes after the colon).
/// Most skipped blocks are never parsed: this costs a fraction of a ``ComponentBlock`` each
/// (no array or string allocation per block).
///
/// - Complexity: ``append(_:)`` amortised O(size of the block); ``block(_:)`` O(size of the block).
struct KeptBlockStore {
    /// A line without its name (``ComponentBlock/Line``, whose `name` takes 16 bytes more).
    private struct PackedLine {
        var number: Int32
        var offset: Int32
        var length: Int32
        var kind: ComponentBlock.Line.Kind
    }

    /// Where one block's parts lie in the arrays.
    private struct Entry {
        var name: String
        var line: Int
        var text: Range<Int>
        var lines: Range<Int>
    }

    private var text: [UInt8] = []
    private var lines: [PackedLine] = []
    private var entries: [Entry] = []
    /// The scanner's diagnostics of the few blocks that have any, by entry.
    private var diagnostics: [Int: [Diagnostic]] = [:]

    /// The number of blocks stored.
    var count: Int { entries.count }

    /// Stores a block (one without unparsed lines: the filter skips no other); returns its number.
    @discardableResult
    mutating func append(_ block: ComponentBlock) -> Int {
        precondition(block.unparsed.isEmpty, "a skipped block has no unparsed lines")
        let textStart = text.count, linesStart = lines.count
        text.append(contentsOf: block.text)
        // Through the buffer: each line's fields are read in place (its name, a String, is not
        // copied: it is read again from the text).
        block.lines.withUnsafeBufferPointer { blockLines in
            for index in blockLines.indices {
                lines.append(PackedLine(number: blockLines[index].number, offset: blockLines[index].offset,
                                        length: blockLines[index].length, kind: blockLines[index].kind))
            }
        }
        entries.append(Entry(name: block.name, line: block.line, text: textStart..<text.count, lines: linesStart..<lines.count))
        if !block.diagnostics.isEmpty { diagnostics[entries.count - 1] = block.diagnostics }
        return entries.count - 1
    }

    /// The block stored as number `index`, as the scanner made it.
    func block(_ index: Int) -> ComponentBlock {
        let entry = entries[index]
        var block = ComponentBlock(name: entry.name, line: entry.line)
        block.text = Array(text[entry.text])
        block.diagnostics = diagnostics[index] ?? []
        block.lines.reserveCapacity(entry.lines.count)
        block.text.withUnsafeBufferPointer { bytes in
            for packed in lines[entry.lines] {
                let range = Int(packed.offset)..<Int(packed.offset + packed.length)
                var name: String?
                if packed.kind != .property {
                    // After `BEGIN:` or `END:`, upper-cased already.
                    let colon = packed.kind == .begin ? 6 : 4
                    name = ContentLineSyntax.upperASCII(UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + colon)..<range.upperBound]))
                }
                block.lines.append(ComponentBlock.Line(packed.kind, name: name, number: Int(packed.number), offset: Int(packed.offset),
                                                       bytes: UnsafeBufferPointer(rebasing: bytes[range])))
            }
        }
        return block
    }
}
