/// What one block gave: the facts the calendar-wide checks need, its findings, and the
/// parts of its converted component those checks need whole.
///
/// One is kept per block until the calendar-wide checks, so the rare whole parts are boxed:
/// a block that keeps none costs its facts and a word, not the size of an ``Incidence``.
struct BlockResult: Sendable {
    var facts: BlockFacts
    var findings: [Finding]
    /// Per code, how many findings of the line pass its cap left out (counted, not kept).
    var omitted: [DiagnosticCode: Int] = [:]
    private var kept: Kept

    /// The whole part a block keeps, boxed (an indirect case is one pointer).
    private enum Kept: Sendable {
        case none
        indirect case timeZone(TimeZoneDefinition)
        indirect case incidence(Incidence)
    }

    init(facts: BlockFacts, findings: [Finding], timeZone: TimeZoneDefinition?, incidence: Incidence?) {
        self.facts = facts
        self.findings = findings
        kept = timeZone.map(Kept.timeZone) ?? incidence.map(Kept.incidence) ?? .none
    }

    /// A VTIMEZONE's definition.
    var timeZone: TimeZoneDefinition? {
        if case .timeZone(let zone) = kept { return zone }
        return nil
    }

    /// The same result for the same block `by` lines further down: the facts' line, the findings'
    /// lines and a VTIMEZONE's line moved (``EmptyBlocks`` checks that nothing else differs).
    mutating func moveLines(by delta: Int) {
        guard delta != 0 else { return }
        facts.line += delta
        if facts.uidLine != nil || facts.startLine != nil || facts.endLine != nil || facts.dueLine != nil || facts.rruleLine != nil
            || facts.recurrenceIDLine != nil {
            facts.uidLine = facts.uidLine.map { $0 + delta }
            facts.startLine = facts.startLine.map { $0 + delta }
            facts.endLine = facts.endLine.map { $0 + delta }
            facts.dueLine = facts.dueLine.map { $0 + delta }
            facts.rruleLine = facts.rruleLine.map { $0 + delta }
            facts.recurrenceIDLine = facts.recurrenceIDLine.map { $0 + delta }
        }
        for i in findings.indices {
            if let line = findings[i].line { findings[i].line = line + delta }
        }
        if case .timeZone(var zone) = kept, let line = zone.line {
            zone.line = line + delta
            kept = .timeZone(zone)
        }
    }

    /// This result for the same block on `line`, when its facts hold nothing but the block's name,
    /// line, kind and sequence and it keeps no incidence (a result ``EmptyBlocks`` shares): made
    /// from those alone, without findings, which is cheaper than copying the whole result.
    func plainMoved(to line: Int) -> BlockResult {
        var facts = BlockFacts(name: self.facts.name, line: line)
        facts.kind = self.facts.kind
        facts.sequence = self.facts.sequence
        var result = BlockResult(facts: facts, findings: [], timeZone: nil, incidence: nil)
        if case .timeZone(var zone) = kept {
            zone.line = zone.line.map { $0 + line - self.facts.line }
            result.kept = .timeZone(zone)
        }
        return result
    }

    /// An incidence whose start and end are compared through their zones in the calendar pass
    /// (``BlockFacts/needsZoneOrder``); other incidences are freed in the parallel pass.
    var incidence: Incidence? {
        if case .incidence(let incidence) = kept { return incidence }
        return nil
    }
}

/// Validates one scanned block: the line pass (``BlockChecker``), libical's conversion
/// (its X-LIC-ERRORs become findings with their lines, unless the line pass already
/// explained that line), and the component checks that need converted values.
enum BlockValidation {
    /// libical's reports that the line pass explains better when it found something on the same line.
    private static let libicalSyntax: Set<DiagnosticCode> = [.propertyParseError, .parameterParseError, .valueParseError,
                                                             .libicalError, .malformedLine, .invalidRecurrenceRule]
    /// Registered properties libical 3.0 does not know (RFC 7986, RFC 9073, RFC 9074): not "unknown" here.
    private static let registered: Set<String> = ["NAME", "REFRESH-INTERVAL", "SOURCE", "COLOR", "IMAGE", "CONFERENCE",
                                                  "ACKNOWLEDGED", "PROXIMITY", "LOCATION-TYPE", "PARTICIPANT-TYPE",
                                                  "CALENDAR-ADDRESS", "STRUCTURED-DATA", "STYLED-DESCRIPTION"]

    /// The codes of scan and libical diagnostics that ``check(_:file:maxPerCode:)`` drops or keeps
    /// depending on the rest of the block; a block whose scan gave one of them is always checked whole
    /// (``EmptyBlocks``).
    static let droppedSometimes: Set<DiagnosticCode> = libicalSyntax.union([.parameterParseError, .emptyRecurrenceRule, .repeatedRulePart,
                                                                           .countNotPositive, .unknownProperty])

    /// - Complexity: O(n) in the block's size, plus a bounded walk of each RRULE.
    static func check(_ block: ComponentBlock, file: String, maxPerCode: Int = ScanLimits.standard.maxDiagnosticsPerCode) -> BlockResult {
        checkSplit(block, file: file, maxPerCode: maxPerCode).result
    }

    /// ``check(_:file:maxPerCode:)``, and how many of the result's findings came from the line pass:
    /// the scan's diagnostics of the block come right after them.
    static func checkSplit(_ block: ComponentBlock, file: String, maxPerCode: Int) -> (result: BlockResult, linePass: Int) {
        var checker = BlockChecker(block: block, file: file, maxPerCode: maxPerCode)
        checker.run()
        let parsed = ComponentConverter.parse(block, source: file)
        var (findings, omitted) = checker.findings.handOver()
        let linePass = findings.count
        // libical's parameter errors can land on the line before the one at fault; the line pass
        // has its own report of every parameter problem it finds.
        let parameterProblem = findings.contains { [.malformedParameter, .invalidParameterValue, .valueTypeNotAllowed].contains($0.code) }
        for diagnostic in parsed.diagnostics {
            if libicalSyntax.contains(diagnostic.code), let line = diagnostic.line, checker.linesWithSyntaxErrors.contains(line) { continue }
            if diagnostic.code == .parameterParseError, parameterProblem { continue }
            // The line pass reports the RRULEs that the conversion repairs (``RuleRepair``).
            if [.emptyRecurrenceRule, .repeatedRulePart, .countNotPositive].contains(diagnostic.code) { continue }
            if diagnostic.code == .unknownProperty, let name = diagnostic.property,
               PropertyTable.id(name) != nil || registered.contains(name) { continue }
            findings.append(Finding(diagnostic, file: file))
        }
        var facts = checker.facts
        var timeZone: TimeZoneDefinition?
        var kept: Incidence?
        switch parsed.component {
        case .timeZone(let zone)?:
            timeZone = zone
        case .incidence(let incidence)?:
            facts.kind = incidence.kind
            facts.uid = incidence.uid
            facts.uidHash = incidence.uid?.hashValue
            facts.recurrenceID = incidence.recurrenceID
            facts.sequence = incidence.sequence
            facts.hasExceptions = !incidence.exceptionDates.isEmpty
            if let start = incidence.start, let end = incidence.kind == .todo ? incidence.due : incidence.end,
               !start.isDate, !end.isDate, !TimeOrder.sameForm(start, end) {
                facts.needsZoneOrder = true
            }
            if incidence.uid != nil { facts.series = BlockFacts.SeriesFacts(incidence) }
            var meaning = IncidenceChecker(incidence: incidence, facts: facts, file: file, resolve: nil)
            meaning.checkOrder()
            meaning.checkRules()
            findings.append(contentsOf: meaning.findings)
            findings.append(contentsOf: AlarmChecker.check(incidence, file: file))
            if let uid = incidence.uid {
                for i in findings.indices where findings[i].uid == nil { findings[i].uid = uid }
            }
            if facts.needsZoneOrder { kept = incidence }
        default:
            break
        }
        var result = BlockResult(facts: facts, findings: findings, timeZone: timeZone, incidence: kept)
        result.omitted = omitted
        return (result, linePass)
    }
}
