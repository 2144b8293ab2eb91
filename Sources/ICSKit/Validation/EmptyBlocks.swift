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
///
/// Blocks with property lines that repeat (the same text, the same lines at the same distances:
/// ``RepeatedBlockShape``) take a template the same way, from the third block of their shape
/// on (``RepeatedBlockIndex``), when the facts of their result move with their lines
/// (``BlockFacts/movesWithItsLines``): 300,000 copies of `BEGIN:VEVENT` and `UID:x` are checked
/// four times, not 300,000.
struct EmptyBlocks: Sendable {
    /// The result of a shape's first block, without its scan diagnostics.
    struct Template: Sendable {
        var result: BlockResult
        /// Where that block began.
        var line: Int
        /// How many of its findings came from the line pass.
        var linePass: Int
    }

    /// The parts of a ``Template`` that its blocks' findings are made from.
    private struct Handed: Sendable {
        var line: Int
        var linePass: Int
        var findings: [Finding]
        var uid: String?
        /// The findings' indices in the collector they are handed to (``FindingCollector/register(_:)``),
        /// from the first block handed over.
        var registered: [Int] = []
    }

    /// The templates made so far, and where each shape's is.
    private var templates: [Template] = []
    /// What ``add(_:template:file:to:)`` reads of each template, beside it: read for every block of
    /// the shape, where reading the template's parts in place still copied and destroyed the
    /// whole template (its result and facts) several times a block.
    private var handed: [Handed] = []
    private var index = EmptyBlockIndex()
    private var repeated = RepeatedBlockIndex()
    /// Whether blocks with property lines that repeat share a template too.
    let sharesRepeatedBlocks: Bool

    /// - Parameter sharesRepeatedBlocks: false checks every block with a property line whole
    ///   (the reference the tests compare with).
    init(sharesRepeatedBlocks: Bool = true) {
        self.sharesRepeatedBlocks = sharesRepeatedBlocks
    }

    /// ``BlockValidation/droppedSometimes`` as a list.
    private static let droppedSometimes = Array(BlockValidation.droppedSometimes)
    /// Whether a missing END is among them (it is not: a block closed without its END may take a template).
    private static let dropsMissingEnd = BlockValidation.droppedSometimes.contains(.missingEnd)

    /// Whether a block may take a template: it has a shape (``EmptyBlockShape``) and no scan
    /// diagnostic that the check keeps or drops by what else the block holds.
    static func mayUseTemplate(_ block: borrowing ComponentBlock) -> Bool {
        // By index (the generic `contains(where:)` copied each diagnostic), against a list: a
        // code is a short string, compared in a word or two, where the set hashed it.
        for i in block.noted.indices where droppedSometimes.contains(block.noted[i].code) { return false }
        return block.unclosedCount == 0 || !dropsMissingEnd
    }

    /// Each block's template in ``templates`` (-1: checked whole), making the templates of the
    /// shapes not seen before; called before a batch is checked in parallel, so that
    /// ``check(_:template:file:maxPerCode:)`` only reads them.
    mutating func learn(_ blocks: [ComponentBlock], file: String, maxPerCode: Int) -> [Int32] {
        var made = templates, madeHanded = handed
        templates = []
        handed = []
        defer {
            templates = made
            handed = madeHanded
        }
        func make(_ block: borrowing ComponentBlock) -> Int? {
            guard let template = Self.template(block, file: file, maxPerCode: maxPerCode) else { return nil }
            madeHanded.append(Handed(line: template.line, linePass: template.linePass, findings: template.result.findings,
                                     uid: template.result.facts.uid))
            made.append(template)
            return made.count - 1
        }
        var out = index.indices(of: blocks, make: make)
        if sharesRepeatedBlocks { repeated.indices(of: blocks, into: &out, make: make) }
        return out
    }

    /// The block's result: from the template at `template` (from ``learn(_:file:maxPerCode:)``),
    /// else checked whole.
    func check(_ block: ComponentBlock, template: Int32, file: String, maxPerCode: Int) -> BlockResult {
        guard template >= 0, Self.mayUseTemplate(block) else { return BlockValidation.check(block, file: file, maxPerCode: maxPerCode) }
        let template = templates[Int(template)]
        var result = template.result
        result.moveLines(by: block.line - template.line)
        if !block.diagnostics.isEmpty {
            let uid = template.result.facts.uid
            result.findings.insert(contentsOf: block.diagnostics.map { Finding(Self.named($0, uid: uid), file: file) }, at: template.linePass)
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
    /// the line pass's (a missing END's message made only when its finding is kept). Only for a
    /// block that may use its template (`template >= 0` and ``mayUseTemplate(_:)``).
    ///
    /// A template's findings are registered in `findings` (``FindingCollector/register(_:)``) when
    /// its first block is handed over, so one `EmptyBlocks` hands over to one collector.
    mutating func add(_ block: borrowing ComponentBlock, template: Int32, file: String, to findings: inout FindingCollector) {
        // Through a pointer: reading the parts as `handed[t].line` copied the whole entry each time.
        handed.withUnsafeMutableBufferPointer { all in
            guard let parts = all.baseAddress.map({ $0 + Int(template) }) else { return }
            if parts.pointee.registered.count != parts.pointee.findings.count {
                parts.pointee.registered = parts.pointee.findings.map { findings.register($0) }
            }
            let delta = block.line - parts.pointee.line
            let linePass = parts.pointee.linePass
            parts.pointee.registered.withUnsafeBufferPointer { registered in
                for i in 0..<linePass { findings.add(repeated: registered[i], movedBy: delta) }
                if block.hasDiagnostics { Self.addScanDiagnostics(of: block, uid: parts.pointee.uid, file: file, to: &findings) }
                for i in linePass..<registered.count { findings.add(repeated: registered[i], movedBy: delta) }
            }
        }
    }

    /// Adds the scan diagnostics of `block` (``ComponentBlock/diagnostics``) to `findings`, as
    /// the whole check reports them (``named(_:uid:)``), the missing ENDs' messages made only
    /// for the findings kept.
    private static func addScanDiagnostics(of block: borrowing ComponentBlock, uid: String?, file: String, to findings: inout FindingCollector) {
        block.forEachUnclosed { name, begun, closed in
            findings.add(.missingEnd, line: begun, file: file, uid: uid) { MissingEndMessage.text(name, begun: begun, closed: closed) }
        }
        block.noted.withUnsafeBufferPointer { diagnostics in
            for i in diagnostics.indices { findings.add(diagnostics[i], file: file, uid: uid) }
        }
    }

    /// A scan diagnostic of a block as the whole check reports it: with the incidence's UID when
    /// it names none (``ComponentConverter`` gives it).
    private static func named(_ diagnostic: Diagnostic, uid: String?) -> Diagnostic {
        guard let uid, diagnostic.uid == nil else { return diagnostic }
        var named = diagnostic
        named.uid = uid
        return named
    }

    /// The result of `block` without its scan diagnostics, when the same block further down gives
    /// that result moved and its facts hold nothing but its line, or nothing that does not move
    /// with it (``BlockFacts/movesWithItsLines``); nil otherwise.
    static func template(_ block: borrowing ComponentBlock, file: String, maxPerCode: Int) -> Template? {
        guard let (bare, moved) = EmptyBlockShape.probes(block) else { return nil }
        let delta = EmptyBlockShape.probeDistance
        let (first, linePass) = BlockValidation.checkSplit(bare, file: file, maxPerCode: maxPerCode)
        let (second, movedLinePass) = BlockValidation.checkSplit(moved, file: file, maxPerCode: maxPerCode)
        var expected = first
        expected.moveLines(by: delta)
        guard linePass == movedLinePass, first.omitted.isEmpty, second.omitted.isEmpty, first.incidence == nil, second.incidence == nil,
              expected.findings == second.findings, expected.timeZone == second.timeZone,
              first.facts.movesWithItsLines, second.facts.movesWithItsLines, expected.facts.isSame(as: second.facts) else { return nil }
        return Template(result: first, line: block.line, linePass: linePass)
    }
}
