/// The line-level pass over one scanned block: structure (placement of components,
/// required and once-only properties), content-line syntax and value types; it also
/// gathers the ``BlockFacts`` that the calendar-wide checks need.
///
/// - Complexity: O(n) in the block's bytes; one dictionary look-up per content line.
struct BlockChecker {
    struct Frame {
        var name: String
        var rule: CompiledComponentRule?
        var line: Int
        /// Where this frame's counts start in ``BlockChecker/counts`` and ``BlockChecker/firstLines``.
        var base: Int
        var observances = 0
        var action: String?
        var isTop: Bool
    }

    let block: ComponentBlock
    let file: String
    /// The findings, capped per code as they come (``FindingCollector``) with the file's cap.
    private(set) var findings: FindingCollector
    var facts: BlockFacts
    var stack: [Frame] = []
    /// Per open component, by property id: how many times it occurred and its first line
    /// (one flat buffer for the whole stack, so that a component costs no allocation).
    var counts: [UInt16] = []
    var firstLines: [Int32] = []
    /// Lines that have a syntax finding of this checker (libical's report on them is dropped).
    var linesWithSyntaxErrors: Set<Int> = []
    /// The line last put into ``linesWithSyntaxErrors``.
    private var lastSyntaxLine: Int?

    /// - Parameter maxPerCode: the file's cap of findings per code (0: none).
    init(block: ComponentBlock, file: String, maxPerCode: Int = ScanLimits.standard.maxDiagnosticsPerCode) {
        self.block = block
        self.file = file
        findings = FindingCollector(maxPerCode: maxPerCode)
        facts = BlockFacts(name: block.name, line: block.line)
    }

    /// Runs every line check of the block.
    mutating func run() {
        // Lines too long for libical (``ComponentBlock/unparsed``) are checked in their place.
        var unparsed = block.unparsed.makeIterator()
        var nextUnparsed = unparsed.next()
        block.text.withUnsafeBufferPointer { text in
            for line in block.lines {
                while let long = nextUnparsed, long.number < Int(line.number) {
                    checkUnparsed(long)
                    nextUnparsed = unparsed.next()
                }
                let bytes = UnsafeBufferPointer(rebasing: text[Int(line.offset)..<(Int(line.offset) + Int(line.length))])
                switch line.kind {
                case .begin: begin(line)
                case .end: end()
                case .property: property(line, bytes: bytes)
                }
            }
        }
        while let long = nextUnparsed {
            checkUnparsed(long)
            nextUnparsed = unparsed.next()
        }
        while !stack.isEmpty { end() }
    }

    /// Checks a property line kept out of libical as the other lines are checked.
    private mutating func checkUnparsed(_ long: ComponentBlock.UnparsedLine) {
        long.bytes.withUnsafeBufferPointer { bytes in
            property(ComponentBlock.Line(.property, number: long.number, offset: 0, bytes: bytes), bytes: bytes)
        }
    }

    /// Adds a finding; its message is made only when the finding is kept
    /// (``FindingCollector/add(_:line:file:severity:property:message:)``).
    mutating func add(_ code: DiagnosticCode, _ message: @autoclosure () -> String, line: Int?, property: String? = nil,
                      severity: Diagnostic.Severity? = nil) {
        findings.add(code, line: line, file: file, severity: severity, property: property, message: message)
    }

    /// Records a syntax finding, so that libical's report on the same line can be dropped.
    mutating func syntax(_ code: DiagnosticCode, _ message: @autoclosure () -> String, line: Int, property: String?) {
        // A line of a million faulty values is one insertion.
        if line != lastSyntaxLine {
            linesWithSyntaxErrors.insert(line)
            lastSyntaxLine = line
        }
        add(code, message(), line: line, property: property)
    }

    // MARK: - Components

    private mutating func begin(_ line: ComponentBlock.Line) {
        let name = line.name
        let number = Int(line.number)
        let rule = CompiledComponentRule.all[name]
        let known = rule != nil || CompiledComponentRule.knownComponents.contains(name)
        if !known, !ContentLineSyntax.isIANAToken(name) {
            add(.invalidComponent, "component name \"\(name)\" is malformed (letters, digits and '-' only)", line: number)
        }
        if let parent = stack.last {
            if let parentRule = parent.rule, !parentRule.rule.children.contains(name), known {
                add(.componentNotAllowed, "\(name) may not be inside \(parent.name)", line: number)
            }
            if name == "STANDARD" || name == "DAYLIGHT" { stack[stack.count - 1].observances += 1 }
        } else if name != "VCALENDAR", !PropertyTable.topLevel.contains(name), known {
            add(.componentNotAllowed, "\(name) may not be at the top level of a calendar", line: number)
        }
        let n = PropertyTable.count
        let base = stack.count * n
        if counts.count < base + n {
            counts.append(contentsOf: repeatElement(0, count: base + n - counts.count))
            firstLines.append(contentsOf: repeatElement(0, count: base + n - firstLines.count))
        } else {
            for i in base..<(base + n) { counts[i] = 0 }
        }
        stack.append(Frame(name: name, rule: rule, line: number, base: base, isTop: stack.isEmpty))
    }

    private mutating func end() {
        guard let frame = stack.popLast() else { return }
        guard let rule = frame.rule else { return }
        let counts = self.counts, firstLines = self.firstLines
        func has(_ id: Int) -> Bool { counts[frame.base + id] > 0 }
        func line(_ id: Int) -> Int? { has(id) ? Int(firstLines[frame.base + id]) : nil }
        for required in rule.required where !has(required.id) {
            // DTSTART of a VEVENT is checked with the calendar's METHOD; libical's own check misses these without one.
            let what = frame.name == "VCALENDAR" ? "the calendar" : frame.name
            add(required.code, "\(what) has no \(required.name)", line: frame.line)
        }
        switch frame.name {
        case "VEVENT", "VTODO":
            let endID = frame.name == "VEVENT" ? PropertyID.dtend : PropertyID.due
            if has(endID), has(PropertyID.duration) {
                let endName = frame.name == "VEVENT" ? "DTEND" : "DUE"
                add(.endAndDuration, "\(frame.name) has both \(endName) and DURATION", line: max(line(endID)!, line(PropertyID.duration)!),
                    property: "DURATION")
            }
            if frame.name == "VTODO", has(PropertyID.duration), !has(PropertyID.dtstart) {
                add(.missingRequiredProperty, "VTODO has DURATION but no DTSTART", line: line(PropertyID.duration), property: "DURATION")
            }
        case "VALARM":
            let action = frame.action ?? ""
            if action == "DISPLAY", !has(PropertyID.description) {
                add(.displayAlarmWithoutDescription, "DISPLAY alarm has no DESCRIPTION", line: frame.line)
            }
            if action == "EMAIL" {
                if !has(PropertyID.attendee) { add(.emailAlarmWithoutAttendee, "EMAIL alarm has no ATTENDEE", line: frame.line) }
                for (id, name) in [(PropertyID.summary, "SUMMARY"), (PropertyID.description, "DESCRIPTION")] where !has(id) {
                    add(.missingRequiredProperty, "EMAIL alarm has no \(name)", line: frame.line)
                }
            }
            if has(PropertyID.repeatCount) != has(PropertyID.duration) {
                let present = has(PropertyID.duration) ? "DURATION" : "REPEAT"
                add(.alarmRepeatWithoutDuration, "VALARM has \(present) without \(present == "DURATION" ? "REPEAT" : "DURATION")",
                    line: line(has(PropertyID.duration) ? PropertyID.duration : PropertyID.repeatCount), property: present)
            }
        case "VTIMEZONE":
            if frame.observances == 0 {
                add(.timeZoneWithoutObservance, "VTIMEZONE has no STANDARD or DAYLIGHT", line: frame.line)
            }
        default: break
        }
        if frame.isTop {
            facts.uidLine = line(PropertyID.uid)
            facts.startLine = line(PropertyID.dtstart)
            facts.endLine = line(PropertyID.dtend)
            facts.dueLine = line(PropertyID.due)
            facts.rruleLine = line(PropertyID.rrule)
            facts.recurrenceIDLine = line(PropertyID.recurrenceID)
        }
    }

    /// Counts a property in its component; reports it when repeated or out of place.
    mutating func count(_ id: Int, name: String, line: Int) {
        let top = stack.count - 1
        guard top >= 0, let rule = stack[top].rule else { return }
        let slot = stack[top].base + id
        counts[slot] &+= 1
        if counts[slot] == 1 { firstLines[slot] = Int32(clamping: line) }
        // Copied out: the messages are made inside ``add(_:_:line:property:severity:)``, while the findings change.
        let component = stack[top].name, firstLine = firstLines[slot]
        if counts[slot] == 2, rule.once[id] {
            add(.repeatedProperty, "\(name) occurs more than once in \(component) (first on line \(firstLine))",
                line: line, property: name)
        }
        if counts[slot] == 1, rule.forbidden[id] {
            add(.propertyNotAllowed, "\(name) is not allowed in \(component)", line: line, property: name)
        }
    }
}
