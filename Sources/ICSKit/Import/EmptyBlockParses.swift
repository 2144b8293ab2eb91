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
    }

    /// Whether the import is a view's, which leaves out the components that show nothing.
    let forAView: Bool
    /// The templates made so far, and where each shape's is.
    private var templates: [Template] = []
    private var index = EmptyBlockIndex()
    /// How many blocks of each kind a view's import left out through their templates (for ``ICalendar/id``).
    private(set) var leftOut: [Incidence.Kind: Int] = [:]

    /// - Parameter forAView: a view's import (``ImportOptions/window``), which leaves out what shows nothing.
    init(forAView: Bool = false) {
        self.forAView = forAView
    }

    /// Each block's template in ``templates`` (-1: parsed whole), making the templates of the
    /// shapes not seen before; called before a batch is parsed in parallel, so that
    /// ``parse(_:template:source:caches:)`` only reads them.
    mutating func learn(_ blocks: [ComponentBlock], source: String?, caches: SimpleLineCache.Pool) -> [Int32] {
        var made = templates
        templates = []
        defer { templates = made }
        let forAView = self.forAView
        let indices = index.indices(of: blocks) { block in
            guard var template = Self.template(block, source: source, caches: caches) else { return nil }
            if forAView, case .incidence(let incidence)? = template.parsed.component,
               CalendarAssembler.showsNothing(incidence) || CalendarAssembler.showsNothingInARange(incidence) {
                template.leftOut = incidence.kind
                template.parsed.component = nil
            }
            made.append(template)
            return made.count - 1
        }
        for index in indices where index >= 0 {
            if let kind = made[Int(index)].leftOut { leftOut[kind, default: 0] += 1 }
        }
        return indices
    }

    /// The block parsed: from the template at `template` (from ``learn(_:source:caches:)``), else by ``ComponentConverter``.
    func parse(_ block: ComponentBlock, template: Int32, source: String?, caches: SimpleLineCache.Pool) -> ParsedBlock {
        guard template >= 0 else { return ComponentConverter.parse(block, source: source, caches: caches) }
        let template = templates[Int(template)]
        var parsed = Self.moved(template.parsed, by: block.line - template.line)
        if !block.diagnostics.isEmpty { parsed.diagnostics.insert(contentsOf: block.diagnostics, at: 0) }
        return parsed
    }

    /// `block` parsed without its scan diagnostics, when the same block further down parses to
    /// that moved; nil otherwise (and for a component with a UID, which the converter gives to
    /// the diagnostics, the scan's among them).
    static func template(_ block: borrowing ComponentBlock, source: String?, caches: SimpleLineCache.Pool) -> Template? {
        guard let (bare, moved) = EmptyBlockShape.probes(block) else { return nil }
        let first = ComponentConverter.parse(bare, source: source, caches: caches)
        let second = ComponentConverter.parse(moved, source: source, caches: caches)
        if case .incidence(let incidence)? = first.component, incidence.uid != nil { return nil }
        guard Self.moved(first, by: EmptyBlockShape.probeDistance) == second else { return nil }
        return Template(parsed: first, line: block.line, leftOut: nil)
    }

    /// `parsed` with the lines it may hold moved by `delta`: its diagnostics', a component's BEGIN
    /// line and its alarms' lines.
    static func moved(_ parsed: ParsedBlock, by delta: Int) -> ParsedBlock {
        guard delta != 0 else { return parsed }
        var result = parsed
        for i in result.diagnostics.indices {
            if let line = result.diagnostics[i].line { result.diagnostics[i].line = line + delta }
        }
        switch parsed.component {
        case .incidence(var incidence)?:
            incidence.line = incidence.line.map { $0 + delta }
            for i in incidence.alarms.indices {
                incidence.alarms[i].line = incidence.alarms[i].line.map { $0 + delta }
                incidence.alarms[i].triggerLine = incidence.alarms[i].triggerLine.map { $0 + delta }
            }
            result.component = .incidence(incidence)
        case .timeZone(var zone)?:
            zone.line = zone.line.map { $0 + delta }
            result.component = .timeZone(zone)
        default:
            break
        }
        return result
    }
}
