/// What makes two blocks with property lines give the same parse and the same check result
/// apart from their lines: the component's name, the block's text, and each line's kind, place in
/// the text and distance from the BEGIN line. 300,000 copies of `BEGIN:VEVENT` and `UID:x` are
/// 300,000 blocks of one shape. Kept by reference to the block's text and lines (no copy is made
/// to look a block up). Validation (``EmptyBlocks``) keeps a ``RepeatedBlockIndex``, the import
/// (``EmptyBlockParses``) a ``RepeatedBlockRun``.
struct RepeatedBlockShape: Hashable, Sendable {
    let name: String
    let text: [UInt8]
    let lines: [ComponentBlock.Line]
    /// The block's BEGIN line, from which the lines' distances count.
    let line: Int

    /// The longest text and the most lines of a block that is looked up: a repeated block is
    /// small (a copied event, an event of a UID and nothing else); a long one is checked whole.
    static let maxText = 2_048
    static let maxLines = 32

    /// The shape of a block that has a property line and no line kept out of the parser; nil otherwise.
    init?(_ block: borrowing ComponentBlock) {
        guard block.text.count <= Self.maxText, block.lines.count <= Self.maxLines, block.unparsed.isEmpty,
              block.lines.contains(where: { $0.kind == .property }) else { return nil }
        name = block.name
        text = block.text
        lines = block.lines
        line = block.line
    }

    static func == (a: RepeatedBlockShape, b: RepeatedBlockShape) -> Bool {
        guard a.name == b.name, a.lines.count == b.lines.count, a.text == b.text else { return false }
        for i in a.lines.indices {
            let x = a.lines[i], y = b.lines[i]
            guard x.kind == y.kind, x.offset == y.offset, x.length == y.length,
                  Int(x.number) - a.line == Int(y.number) - b.line else { return false }
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        text.withUnsafeBytes { hasher.combine(bytes: $0) }
        for line in lines {
            hasher.combine(Int(line.number) - self.line)
            hasher.combine(line.offset)
        }
    }
}

/// Per shape of block with property lines, whether its blocks share a template: a shape is
/// looked at again only when it comes a third time (that block makes the template: two parses or checks),
/// so a file of distinct events costs a look-up each and no extra check, and one of events
/// copied once costs no more than before. At most ``maxShapes`` shapes are remembered; later
/// new shapes are checked whole.
struct RepeatedBlockIndex: Sendable {
    /// A template's index, ``none``, or minus one more than the blocks of the shape seen so far.
    private var byShape: [RepeatedBlockShape: Int32] = [:]
    static let none: Int32 = -1
    static let seenOnce: Int32 = -2
    static let seenTwice: Int32 = -3
    static let maxShapes = 4_096

    init() {}

    /// For each block of `blocks` whose index in `out` is still -1 and that has a shape, the index
    /// `make` gave for its shape (nil: none), asking `make` with the third block of each shape.
    mutating func indices(of blocks: [ComponentBlock], into out: inout [Int32], make: (borrowing ComponentBlock) -> Int?) {
        var last: (shape: RepeatedBlockShape, index: Int32)?
        for i in blocks.indices where out[i] < 0 {
            guard let shape = RepeatedBlockShape(blocks[i]) else { continue }
            if let last, last.index >= 0, last.shape == shape {
                out[i] = last.index
                continue
            }
            let index: Int32
            switch byShape[shape] {
            case nil:
                if byShape.count < Self.maxShapes { byShape[shape] = Self.seenOnce }
                continue
            case Self.seenOnce?:
                byShape[shape] = Self.seenTwice
                continue
            case Self.seenTwice?:
                index = make(blocks[i]).map(Int32.init) ?? Self.none
                byShape[shape] = index
            case let known?:
                index = known
            }
            last = (shape, index)
            if index >= 0 { out[i] = index }
        }
    }
}

/// The import's way of sharing repeated blocks: per component name, only the shape of the
/// block of that name before is remembered, so only a run of blocks of one shape shares a
/// template, from its third block on (``RepeatedBlockIndex`` remembers 4,096 shapes, each keeping
/// its block's text and lines: a month of 100,000 distinct events held 18 MB more). A run is
/// counted among the blocks of its name: calendars written one after the other (`cat` of
/// single-event files) repeat their VCALENDAR properties with an event between each two, and
/// 100,000 such headers were 100,000 parses through libical, two thirds of the import. At most
/// ``maxNames`` names keep a run and ``maxTemplates`` runs make a template; later runs are parsed
/// whole, so that a file of short runs of new shapes does not keep a parse per run.
struct RepeatedBlockRun: Sendable {
    /// A name's last block looked at: its shape, how many blocks of the name in a row had it,
    /// and its template.
    private struct Run: Sendable {
        var shape: RepeatedBlockShape
        var count: Int
        var index: Int32
    }
    private var runs: [(name: String, run: Run?)] = []
    private var templatesMade = 0
    static let maxTemplates = 64
    static let maxNames = 4

    init() {}

    /// For each block of `blocks` whose index in `out` is still -1 and that has a shape, the index
    /// `make` gave for its run (nil: none), asking `make` with the third block of each run.
    mutating func indices(of blocks: [ComponentBlock], into out: inout [Int32], make: (borrowing ComponentBlock) -> Int?) {
        for i in blocks.indices where out[i] < 0 {
            let name = blocks[i].name
            var slot = runs.firstIndex { $0.name == name }
            if slot == nil, runs.count < Self.maxNames {
                runs.append((name, nil))
                slot = runs.count - 1
            }
            guard let slot else { continue }
            guard let shape = RepeatedBlockShape(blocks[i]) else {
                runs[slot].run = nil
                continue
            }
            guard var run = runs[slot].run, run.shape == shape else {
                runs[slot].run = Run(shape: shape, count: 1, index: RepeatedBlockIndex.none)
                continue
            }
            run.count += 1
            if run.count == 3, templatesMade < Self.maxTemplates {
                templatesMade += 1
                run.index = make(blocks[i]).map(Int32.init) ?? RepeatedBlockIndex.none
            }
            if run.index >= 0 { out[i] = run.index }
            runs[slot].run = run
        }
    }
}
