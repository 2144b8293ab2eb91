/// The import's short way for blocks of only BEGIN and END lines (``EmptyBlockShape``): 300,000
/// lone `BEGIN:VEVENT` lines were 300,000 conversions through libical, 1.4 s of a month view
/// that shows none of them.
///
/// Such a block parses to what any other of its shape parses to, with its lines moved; only
/// its scan diagnostics (an unclosed component names its lines in the message) are its own,
/// and they come first, as ``ComponentConverter`` puts them. The first block of a shape is
/// parsed twice, at its place and ``EmptyBlockShape/probeDistance`` lines further down, and the
/// shape is only reused when the second is the first moved (``template(_:source:caches:)``):
/// a diagnostic whose message names a line, or a line this type does not move, would differ.
///
/// Blocks with property lines that repeat one after the other (the same text, the same lines at
/// the same distances: ``RepeatedBlockShape``) take a template the same way, from the third block
/// of their run on (``RepeatedBlockRun``): 300,000 copies of `BEGIN:VEVENT` and `UID:x` were
/// 300,000 conversions, a third of the month's time, for events that parse alike. An incidence's UID
/// is given to the scan diagnostics that name none, as the converter gives it.
///
/// In a view's import, a template whose component the assembler would leave out
/// (``CalendarAssembler/showsNothing(_:)``, ``CalendarAssembler/showsNothingInARange(_:)``)
/// keeps only its diagnostics: its blocks are counted here (``leftOut``), not copied and dropped.
struct EmptyBlockParses: Sendable {
    /// What a shape's first block parsed to, without its scan diagnostics, and where it began.
    struct Template: Sendable {
        var parsed: ParsedBlock
        var line: Int
        /// The kind of the component a view's import leaves out (then not in ``parsed``).
        var leftOut: Incidence.Kind?
        /// The incidence's UID, which the converter gives to the block's scan diagnostics that name none.
        var uid: String?
        /// The incidence parsed, kept out of ``parsed`` (whose component is then nil): each block
        /// copies it once (``instance(of:for:)``), where moving the wrapped one copied it three times.
        var incidence: Incidence?
    }

    /// Whether the import is a view's, which leaves out the components that show nothing.
    let forAView: Bool
    /// The templates made so far, and where each shape's is.
    private var templates: [Template] = []
    private var index = EmptyBlockIndex()
    private var repeated = RepeatedBlockRun()
    /// Whether blocks with property lines that repeat share a template too.
    let sharesRepeatedBlocks: Bool
    /// How many blocks of each kind a view's import left out through their templates (for ``ICalendar/id``).
    private(set) var leftOut: [Incidence.Kind: Int] = [:]

    /// - Parameter forAView: a view's import (``ImportOptions/window``), which leaves out what shows nothing.
    /// - Parameter sharesRepeatedBlocks: false parses every block with a property line whole
    ///   (the reference the tests compare with).
    init(forAView: Bool = false, sharesRepeatedBlocks: Bool = true) {
        self.forAView = forAView
        self.sharesRepeatedBlocks = sharesRepeatedBlocks
    }

    /// Each block's template in ``templates`` (-1: parsed whole), making the templates of the
    /// shapes not seen before; called before a batch is parsed in parallel, so that
    /// ``parse(_:template:source:caches:)`` only reads them.
    mutating func learn(_ blocks: [ComponentBlock], source: String?, caches: SimpleLineCache.Pool) -> [Int32] {
        var made = templates
        templates = []
        defer { templates = made }
        let forAView = self.forAView
        func make(_ block: borrowing ComponentBlock) -> Int? {
            guard var template = Self.template(block, source: source, caches: caches) else { return nil }
            if forAView, case .incidence(let incidence)? = template.parsed.component,
               CalendarAssembler.showsNothing(incidence) || CalendarAssembler.showsNothingInARange(incidence) {
                template.leftOut = incidence.kind
                template.parsed.component = nil
            }
            if case .incidence(let incidence)? = template.parsed.component {
                template.incidence = incidence
                template.parsed.component = nil
            }
            made.append(template)
            return made.count - 1
        }
        var indices = index.indices(of: blocks, make: make)
        if sharesRepeatedBlocks { repeated.indices(of: blocks, into: &indices, make: make) }
        for index in indices where index >= 0 {
            if let kind = made[Int(index)].leftOut { leftOut[kind, default: 0] += 1 }
        }
        return indices
    }

    /// The block parsed: from the template at `template` (from ``learn(_:source:caches:)``), else by ``ComponentConverter``.
    func parse(_ block: ComponentBlock, template: Int32, source: String?, caches: SimpleLineCache.Pool) -> ParsedBlock {
        guard template >= 0 else { return ComponentConverter.parse(block, source: source, caches: caches) }
        // Through the buffer: `templates[i]` copied the whole template, its parse among it.
        return templates.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return ComponentConverter.parse(block, source: source, caches: caches) }
            return Self.instance(of: base + Int(template), for: block)
        }
    }

    /// `template`'s parse moved to `block`'s lines, with the block's scan diagnostics first (the
    /// incidence's UID given to those that name none, as ``ComponentConverter`` does).
    private static func instance(of template: UnsafePointer<Template>, for block: borrowing ComponentBlock) -> ParsedBlock {
        let delta = block.line - template.pointee.line
        var diagnostics: [Diagnostic] = []
        if block.hasDiagnostics {
            diagnostics = block.diagnostics
            if let uid = template.pointee.uid {
                for i in diagnostics.indices where diagnostics[i].uid == nil { diagnostics[i].uid = uid }
            }
        }
        guard var incidence = template.pointee.incidence else {
            var parsed = moved(template.pointee.parsed, by: delta)
            if !diagnostics.isEmpty { parsed.diagnostics.insert(contentsOf: diagnostics, at: 0) }
            return parsed
        }
        diagnostics.append(contentsOf: template.pointee.parsed.diagnostics)
        moveLines(of: &diagnostics[(diagnostics.count - template.pointee.parsed.diagnostics.count)...], by: delta)
        moveLines(of: &incidence, by: delta)
        return ParsedBlock(component: .incidence(incidence), diagnostics: diagnostics)
    }

    /// `block` parsed without its scan diagnostics, when the same block further down parses to
    /// that moved; nil otherwise. With the incidence's UID, which the converter gives to the
    /// diagnostics that name none, the scan's among them (``parse(_:template:source:caches:)``).
    static func template(_ block: borrowing ComponentBlock, source: String?, caches: SimpleLineCache.Pool) -> Template? {
        guard let (bare, moved) = EmptyBlockShape.probes(block) else { return nil }
        let first = ComponentConverter.parse(bare, source: source, caches: caches)
        let second = ComponentConverter.parse(moved, source: source, caches: caches)
        guard Self.moved(first, by: EmptyBlockShape.probeDistance) == second else { return nil }
        var uid: String?
        if case .incidence(let incidence)? = first.component { uid = incidence.uid }
        return Template(parsed: first, line: block.line, leftOut: nil, uid: uid)
    }

    /// `parsed` with the lines it may hold moved by `delta`: its diagnostics', a component's BEGIN
    /// line and its alarms' lines.
    static func moved(_ parsed: ParsedBlock, by delta: Int) -> ParsedBlock {
        guard delta != 0 else { return parsed }
        var result = parsed
        moveLines(of: &result.diagnostics[...], by: delta)
        switch parsed.component {
        case .incidence(var incidence)?:
            moveLines(of: &incidence, by: delta)
            result.component = .incidence(incidence)
        case .timeZone(var zone)?:
            zone.line = zone.line.map { $0 + delta }
            result.component = .timeZone(zone)
        default:
            break
        }
        return result
    }

    /// Moves the diagnostics' lines by `delta`.
    private static func moveLines(of diagnostics: inout ArraySlice<Diagnostic>, by delta: Int) {
        guard delta != 0 else { return }
        for i in diagnostics.indices {
            if let line = diagnostics[i].line { diagnostics[i].line = line + delta }
        }
    }

    /// Moves an incidence's BEGIN line and its alarms' lines by `delta`.
    private static func moveLines(of incidence: inout Incidence, by delta: Int) {
        guard delta != 0 else { return }
        incidence.line = incidence.line.map { $0 + delta }
        for i in incidence.alarms.indices {
            incidence.alarms[i].line = incidence.alarms[i].line.map { $0 + delta }
            incidence.alarms[i].triggerLine = incidence.alarms[i].triggerLine.map { $0 + delta }
        }
    }
}
