/// Validation's short way for blocks that hold no property line, only BEGIN and END lines: a
/// file of 300,000 lone `BEGIN:VEVENT` lines is 300,000 such blocks, and checking each whole
/// (the line pass, libical's conversion, the incidence checks) cost 10 µs a block, 3 s in all.
///
/// Such a block gives the same result as any other of its shape (the same text, the same lines
/// at the same distances from its BEGIN), with its lines moved; only its scan diagnostics
/// (an unclosed component names its lines in the message) are its own, and they come right
/// after the line pass's findings, as ``BlockValidation/check(_:file:maxPerCode:)`` puts them.
/// The first block of a shape is checked whole twice, at its place and a million lines
/// further down, and the shape is only reused when the second result is the first moved
/// (``template(_:file:maxPerCode:)``): a finding whose message named a line would differ.
struct EmptyBlocks: Sendable {
    /// The result of a shape's first block, without its scan diagnostics.
    struct Template: Sendable {
        var result: BlockResult
        /// Where that block began.
        var line: Int
        /// How many of its findings came from the line pass.
        var linePass: Int
    }

    /// Per shape seen: its template, or nil when its blocks are checked whole.
    private var templates: [EmptyBlockShape: Template?] = [:]

    init() {}

    /// The shape of a block of only BEGIN and END lines (``EmptyBlockShape``), nil for any other
    /// block and for one with a scan diagnostic that the check keeps or drops by what else the block holds.
    static func shape(of block: ComponentBlock) -> EmptyBlockShape? {
        for diagnostic in block.diagnostics where BlockValidation.droppedSometimes.contains(diagnostic.code) { return nil }
        return EmptyBlockShape(block)
    }

    /// Makes the templates of the shapes in `blocks` not seen before; called before a batch is
    /// checked in parallel, so that ``check(_:file:maxPerCode:)`` only reads them.
    mutating func learn(_ blocks: [ComponentBlock], file: String, maxPerCode: Int) {
        for block in blocks {
            guard let shape = Self.shape(of: block), templates[shape] == nil else { continue }
            templates[shape] = .some(Self.template(block, file: file, maxPerCode: maxPerCode))
        }
    }

    /// The block's result: from its shape's template when there is one, else checked whole.
    func check(_ block: ComponentBlock, file: String, maxPerCode: Int) -> BlockResult {
        guard let shape = Self.shape(of: block), let known = templates[shape], let template = known else {
            return BlockValidation.check(block, file: file, maxPerCode: maxPerCode)
        }
        var result = template.result
        result.moveLines(by: block.line - template.line)
        if !block.diagnostics.isEmpty {
            result.findings.insert(contentsOf: block.diagnostics.map { Finding($0, file: file) }, at: template.linePass)
        }
        return result
    }

    /// The result of `block` without its scan diagnostics, when the same block further down gives
    /// that result moved and its facts hold nothing but its line; nil otherwise.
    static func template(_ block: ComponentBlock, file: String, maxPerCode: Int) -> Template? {
        guard let (bare, moved) = EmptyBlockShape.probes(block) else { return nil }
        let delta = EmptyBlockShape.probeDistance
        let (first, linePass) = BlockValidation.checkSplit(bare, file: file, maxPerCode: maxPerCode)
        let (second, movedLinePass) = BlockValidation.checkSplit(moved, file: file, maxPerCode: maxPerCode)
        var expected = first
        expected.moveLines(by: delta)
        guard linePass == movedLinePass, first.omitted.isEmpty, first.incidence == nil, isPlain(first.facts),
              expected.findings == second.findings, expected.timeZone == second.timeZone, second.facts.line == expected.facts.line,
              second.facts.kind == first.facts.kind, second.facts.sequence == first.facts.sequence, isPlain(second.facts) else { return nil }
        return Template(result: first, line: block.line, linePass: linePass)
    }

    /// Whether the facts hold nothing that names a line or a value, only the block's name, line and kind.
    private static func isPlain(_ facts: BlockFacts) -> Bool {
        facts.uidLine == nil && facts.startLine == nil && facts.endLine == nil && facts.dueLine == nil && facts.rruleLine == nil
            && facts.recurrenceIDLine == nil && facts.exceptionLines.first == nil && facts.method == nil && facts.defaultTimeZone == nil
            && facts.zoneUses.isEmpty && facts.uid == nil && facts.uidHash == nil && facts.recurrenceID == nil && !facts.hasExceptions
            && facts.series == nil && !facts.needsZoneOrder && facts.floating == nil
    }
}
