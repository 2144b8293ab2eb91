internal import CLibical

/// One property of a libical component, with the content line it came from.
struct PropertyItem {
    /// The `icalproperty *`, borrowed from the tree being converted.
    let pointer: OpaquePointer
    /// The name, upper-cased (the X- name for extension properties).
    let name: String
    /// Index into ``ComponentBlock/lines``, when the line is known.
    let lineIndex: Int?
}

/// Maps libical's properties back to the content lines they came from.
///
/// libical keeps file order, puts an X-LIC-ERROR where a line it could not read stood
/// (after the property, for a parameter error) and splits EXDATE, RDATE, CATEGORIES,
/// RESOURCES and FREEBUSY lists into one property per value. Walking both lists in step
/// gives every property and every error its physical line; lines libical dropped
/// (unknown IANA properties, unreadable values) come back as raw ``Property`` values, so
/// nothing is lost.
struct PropertyLines {
    let block: ComponentBlock
    let source: String?
    /// For each component of the block in pre-order, the indices of its property lines.
    let componentLines: [[Int]]
    /// The names of the block's components in pre-order, from their BEGIN lines.
    let componentNames: [String]
    /// The physical lines of the block's BEGIN lines in pre-order.
    let componentBeginLines: [Int]

    init(block: ComponentBlock, source: String?) {
        self.block = block
        self.source = source
        var perComponent: [[Int]] = []
        var names: [String] = []
        var beginLines: [Int] = []
        var stack: [Int] = []
        for (index, line) in block.lines.enumerated() {
            switch line.kind {
            case .begin:
                perComponent.append([])
                names.append(line.name)
                beginLines.append(Int(line.number))
                stack.append(perComponent.count - 1)
            case .end:
                if !stack.isEmpty { stack.removeLast() }
            case .property:
                if let top = stack.last { perComponent[top].append(index) } else {
                    if perComponent.isEmpty { perComponent.append([]) }
                    perComponent[0].append(index)
                }
            }
        }
        componentLines = perComponent
        componentNames = names
        componentBeginLines = beginLines
    }

    /// The physical line number of a content line.
    func number(_ lineIndex: Int?) -> Int? {
        lineIndex.map { Int(block.lines[$0].number) }
    }

    /// The content line's parts (name, parameters, raw value), split on its bytes.
    private func split(_ lineIndex: Int) -> (name: String, parameters: [Parameter], value: String)? {
        let line = block.lines[lineIndex]
        return block.text.withUnsafeBufferPointer { buffer in
            ContentLineSyntax.split(UnsafeBufferPointer(rebasing: buffer[Int(line.offset)..<(Int(line.offset) + Int(line.length))]))
        }
    }

    /// The content line as a raw property (name, parameters and value as written).
    func rawProperty(_ lineIndex: Int) -> Property? {
        guard let parts = split(lineIndex) else { return nil }
        return Property(name: parts.name, parameters: parts.parameters, value: parts.value, line: number(lineIndex))
    }

    /// The parameters of a content line, as written.
    func parameters(_ lineIndex: Int?) -> [Parameter] {
        guard let lineIndex, let parts = split(lineIndex) else { return [] }
        return parts.parameters
    }

    /// The raw value of a content line, as written.
    func rawValue(_ lineIndex: Int?) -> String? {
        guard let lineIndex else { return nil }
        return split(lineIndex)?.value
    }

    /// Walks the properties of `component` (the `componentIndex`-th in pre-order).
    /// - Returns: the properties with their lines, the lines libical dropped (as raw
    ///   properties), and the diagnostics for libical's X-LIC-ERRORs.
    func items(of component: OpaquePointer, componentIndex: Int) -> (items: [PropertyItem], dropped: [Property], diagnostics: [Diagnostic]) {
        let lines = componentIndex < componentLines.count ? componentLines[componentIndex] : []
        var items: [PropertyItem] = []
        var droppedLines: [Int] = []
        var diagnostics: [Diagnostic] = []
        var position = 0
        var lastMatched: Int?
        var remainingValues = 0
        var absent: Set<String> = []

        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let p = property {
            defer { property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY) }
            if icalproperty_isa(p) == ICAL_XLICERROR_PROPERTY {
                let type = LibicalValues.errorType(of: p)
                var message = LibicalValues.text(of: p) ?? "libical could not read a line"
                if let range = message.range(of: ". Removing entire property:") {
                    // The line is kept as a raw property, not removed: say so.
                    let head = String(message[..<range.lowerBound])
                    let rest = String(message[range.upperBound...]).trimmingSpaces
                    message = rest.isEmpty ? head : head + ": \"" + rest + "\" (kept as written)"
                }
                var lineIndex: Int?
                if type.hasPrefix("PARAMETER"), let lastMatched {
                    lineIndex = lines[lastMatched]
                } else if position < lines.count {
                    lineIndex = lines[position]
                    droppedLines.append(lines[position])
                    position += 1
                    remainingValues = 0
                }
                if !(type == "VALUE-PARSE-ERROR" && isEmptyText(lineIndex)) {
                    diagnostics.append(diagnostic(type: type, message: message, lineIndex: lineIndex))
                }
                continue
            }
            let kind = icalproperty_isa(p)
            let name: String
            if kind == ICAL_X_PROPERTY {
                name = (LibicalValues.string(icalproperty_get_x_name(p)) ?? "X-").uppercased()
            } else {
                name = PropertyLines.kindNames[Int(kind.rawValue)] ?? LibicalValues.string(icalproperty_get_property_name(p)) ?? ""
            }
            if let last = lastMatched, remainingValues > 0, block.lines[lines[last]].name == name {
                remainingValues -= 1
                // A later value of a split X- property: its line, kept whole, already holds it.
                if !name.hasPrefix("X-") { items.append(PropertyItem(pointer: p, name: name, lineIndex: lines[last])) }
                continue
            }
            // A name not found from `position` on is not found later either (`position` only
            // grows): remembered, so that many such properties cost one scan, not one each.
            var j = lines.count
            if !absent.contains(name) {
                j = position
                while j < lines.count && block.lines[lines[j]].name != name { j += 1 }
                if j == lines.count { absent.insert(name) }
            }
            if j < lines.count {
                droppedLines.append(contentsOf: lines[position..<j])
                lastMatched = j
                remainingValues = Int(block.lines[lines[j]].valueCount) - 1
                position = j + 1
                items.append(PropertyItem(pointer: p, name: name, lineIndex: lines[j]))
            } else {
                items.append(PropertyItem(pointer: p, name: name, lineIndex: nil))
            }
        }
        droppedLines.append(contentsOf: lines[min(position, lines.count)...])
        let dropped = droppedLines.compactMap { rawProperty($0) }
        return (items, dropped, diagnostics)
    }

    /// Whether the line has an empty value of a TEXT property (an X- property, or one whose
    /// default type is TEXT): RFC 5545 3.3.11 allows empty text, but libical 3.0 rejects it
    /// ("No value for LOCATION property"). The line is still kept as a raw property.
    private func isEmptyText(_ lineIndex: Int?) -> Bool {
        guard let lineIndex, rawValue(lineIndex)?.isEmpty == true else { return false }
        let name = block.lines[lineIndex].name
        if name.hasPrefix("X-") { return true }
        return icalproperty_kind_to_value_kind(icalproperty_string_to_kind(name)) == ICAL_TEXT_VALUE
    }

    private func diagnostic(type: String, message: String, lineIndex: Int?) -> Diagnostic {
        let code: DiagnosticCode
        switch type {
        case "PARAMETER-NAME-PARSE-ERROR", "PARAMETER-VALUE-PARSE-ERROR": code = .parameterParseError
        case "VALUE-PARSE-ERROR": code = .valueParseError
        case "PROPERTY-PARSE-ERROR": code = .propertyParseError
        case "COMPONENT-PARSE-ERROR": code = .malformedLine
        default: code = .libicalError
        }
        let property = lineIndex.map { block.lines[$0].name }
        if code == .propertyParseError, let property, PropertyLines.isIANAToken(property) {
            // RFC 5545 allows unregistered IANA names (iana-prop); libical 3.0 rejects them.
            return Diagnostic(.unknownProperty, "unknown property \(property); kept as written",
                              source: source, line: number(lineIndex), property: property)
        }
        return Diagnostic(code, message, source: source, line: number(lineIndex), property: property)
    }

    /// The name of every property kind libical knows (`icalproperty_kind_to_string`), looked up
    /// once: `icalproperty_get_property_name` allocates on every call.
    static let kindNames: [Int: String] = {
        var names: [Int: String] = [:]
        for raw in 0...Int(ICAL_NO_PROPERTY.rawValue) {
            let kind = icalproperty_kind(rawValue: UInt32(raw))
            if kind == ICAL_X_PROPERTY || kind == ICAL_ANY_PROPERTY || kind == ICAL_NO_PROPERTY { continue }
            if let name = LibicalValues.string(icalproperty_kind_to_string(kind)), !name.isEmpty { names[raw] = name }
        }
        return names
    }()

    /// Whether a name is an iana-token (RFC 5545 3.1: letters, digits and `-`).
    static func isIANAToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}
