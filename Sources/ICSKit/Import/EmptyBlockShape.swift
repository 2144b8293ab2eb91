/// What makes two blocks of only BEGIN and END lines (300,000 lone `BEGIN:VEVENT` lines are
/// 300,000 such blocks) give the same result when parsed or checked, apart from their lines:
/// the component's name, the block's text, and each line's kind, place in the text and
/// distance from the BEGIN line. A block with a property line, a line kept out of the parser
/// or more than ``maxLines`` lines has none.
struct EmptyBlockShape: Hashable, Sendable {
    var name: String
    var text: [UInt8]
    /// Per line: kind + 1, offset, length and distance from the BEGIN line, 20 bits each.
    var lines: SIMD8<UInt64>

    /// The most lines of a block with a shape (a BEGIN and an END, or a few nested empty components).
    static let maxLines = 8

    /// How far ``EmptyBlockParses`` and validation move a block to see that its result moves with it.
    static let probeDistance = 1_000_000

    init?(_ block: borrowing ComponentBlock) {
        guard !block.lines.isEmpty, block.lines.count <= Self.maxLines, block.unparsed.isEmpty else { return nil }
        var packed = SIMD8<UInt64>()
        for (i, line) in block.lines.enumerated() {
            let distance = Int(line.number) - block.line
            guard line.kind != .property, line.offset >= 0, line.offset < 1 << 20, line.length >= 0, line.length < 1 << 20,
                  distance >= 0, distance < 1 << 20 else { return nil }
            packed[i] = UInt64(line.kind.rawValue + 1) << 60 | UInt64(line.offset) << 40 | UInt64(line.length) << 20 | UInt64(distance)
        }
        name = block.name
        text = block.text
        lines = packed
    }

    /// The lines and the text's bytes in one go (the name is read from the text).
    func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
        text.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// `block` without its scan diagnostics, and the same `probeDistance` lines further down;
    /// nil when that would pass the largest line number.
    static func probes(_ block: borrowing ComponentBlock) -> (bare: ComponentBlock, moved: ComponentBlock)? {
        guard block.line < Int(Int32.max) - probeDistance - (1 << 21) else { return nil }
        var bare = copy block
        bare.diagnostics = []
        var moved = bare
        moved.line += probeDistance
        for i in moved.lines.indices { moved.lines[i].number += Int32(probeDistance) }
        return (bare, moved)
    }
}

/// Per shape seen, the index of its template in a list (or none, when its blocks are handled
/// whole), and for a batch, each block's template index: the look-up is made once per block,
/// and once per run of blocks of one shape.
struct EmptyBlockIndex: Sendable {
    private var byShape: [EmptyBlockShape: Int] = [:]

    init() {}

    /// For each block of `blocks`, the index `make` gave for its shape (nil: none), asking `make`
    /// once for each shape not seen before, with the first block of that shape.
    mutating func indices(of blocks: [ComponentBlock], make: (borrowing ComponentBlock) -> Int?) -> [Int32] {
        var out = [Int32](repeating: -1, count: blocks.count)
        var last: (shape: EmptyBlockShape, index: Int32)?
        // Through the buffer: `blocks[i]` copied each block (retaining its arrays) to read it.
        blocks.withUnsafeBufferPointer { blocks in
            for i in blocks.indices {
                guard let shape = EmptyBlockShape(blocks[i]) else { continue }
                if let last, last.shape == shape {
                    out[i] = last.index
                    continue
                }
                let index: Int
                if let known = byShape[shape] {
                    index = known
                } else {
                    index = make(blocks[i]) ?? -1
                    byShape[shape] = index
                }
                last = (shape, Int32(index))
                out[i] = Int32(index)
            }
        }
        return out
    }
}
