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

    /// The templates made so far, and where each shape's is.
    private var templates: [Template] = []
    private var index = EmptyBlockIndex()

    init() {}

    /// ``BlockValidation/droppedSometimes`` as a list.
    private static let droppedSometimes = Array(BlockValidation.droppedSometimes)

    /// Whether a block may take a template: it has a shape (``EmptyBlockShape``) and no scan
    /// diagnostic that the check keeps or drops by what else the block holds.
    static func mayUseTemplate(_ block: borrowing ComponentBlock) -> Bool {
        // By index (the generic `contains(where:)` copied each diagnostic), against a list: a
        // code is a short string, compared in a word or two, where the set hashed it.
        for i in block.diagnostics.indices where droppedSometimes.contains(block.diagnostics[i].code) { return false }
        return true
    }

    /// Each block's template in ``templates`` (-1: checked whole), making the templates of the
    /// shapes not seen before; called before a batch is checked in parallel, so that
    /// ``check(_:template:file:maxPerCode:)`` only reads them.
    mutating func learn(_ blocks: [ComponentBlock], file: String, maxPerCode: Int) -> [Int32] {
        var made = templates
        templates = []
        defer { templates = made }
        return index.indices(of: blocks) { block in
            guard let template = Self.template(block, file: file, maxPerCode: maxPerCode) else { return nil }
            made.append(template)
            return made.count - 1
        }
    }

    /// The block's result: from the template at `template` (from ``learn(_:file:maxPerCode:)``),
    /// else checked whole.
    func check(_ block: ComponentBlock, template: Int32, file: String, maxPerCode: Int) -> BlockResult {
        guard template >= 0, Self.mayUseTemplate(block) else { return BlockValidation.check(block, file: file, maxPerCode: maxPerCode) }
        let template = templates[Int(template)]
        var result = template.result
        result.moveLines(by: block.line - template.line)
        if !block.diagnostics.isEmpty {
            result.findings.insert(contentsOf: block.diagnostics.map { Finding($0, file: file) }, at: template.linePass)
        }
        return result
    }

    /// How many templates there are; the ones at `0..<count` are read by ``shared(_:)``.
    var count: Int { templates.count }

    /// What the calendar-wide checks keep of the blocks of template `index`: its result without
    /// findings (they went to the file's collector, ``add(_:template:file:to:)``), made for the
    /// block on its facts' line (``BlockResults`` moves it to each block's).
    func shared(_ index: Int) -> BlockResult {
        var result = templates[index].result
        result.findings = []
        return result
    }

    /// Adds to `findings` what ``check(_:template:file:maxPerCode:)`` finds in `block`, in the same
    /// order, without making that result: the template's findings moved to the block's lines
    /// (copied only when the collector keeps them) and the block's own scan diagnostics after
    /// the line pass's. Only for a block that may use its template (`template >= 0` and
    /// ``mayUseTemplate(_:)``).
    func add(_ block: borrowing ComponentBlock, template: Int32, file: String, to findings: inout FindingCollector) {
        let template = templates[Int(template)]
        let delta = block.line - template.line
        let own = template.result.findings
        for i in 0..<template.linePass { findings.add(own[i], movedBy: delta) }
        for i in block.diagnostics.indices { findings.add(block.diagnostics[i], file: file) }
        for i in template.linePass..<own.count { findings.add(own[i], movedBy: delta) }
    }

    /// The result of `block` without its scan diagnostics, when the same block further down gives
    /// that result moved and its facts hold nothing but its line; nil otherwise.
    static func template(_ block: borrowing ComponentBlock, file: String, maxPerCode: Int) -> Template? {
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
