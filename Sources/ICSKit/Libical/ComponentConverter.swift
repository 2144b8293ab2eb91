internal import CLibical

/// Converts one scanned block into model values: its simple lines read in Swift
/// (``SimpleLineReader``), the rest parsed by libical into a tree that is converted at once,
/// while its owner keeps it alive, and freed when the conversion returns.
struct ComponentConverter {
    let block: ComponentBlock
    let source: String?
    private(set) var outline: BlockOutline
    let walk: LibicalPropertyWalk
    /// Walks ``outline`` in step with libical's components.
    var cursor = BlockOutline.Cursor()
    var diagnostics: [Diagnostic] = []

    init(block: ComponentBlock, source: String?, readsSimpleLines: Bool) {
        self.block = block
        self.source = source
        outline = BlockOutline(block: block, readsSimpleLines: readsSimpleLines)
        walk = LibicalPropertyWalk(block: block, input: outline.input, source: source)
        diagnostics = block.diagnostics
    }

    /// Parses a block and converts it.
    /// - Parameter readsSimpleLines: whether simple lines are read in Swift (the default) or
    ///   every line goes to libical (for tests that compare both).
    /// - Complexity: O(n) in the block's size.
    static func parse(_ block: ComponentBlock, source: String?, readsSimpleLines: Bool = true) -> ParsedBlock {
        var converter = ComponentConverter(block: block, source: source, readsSimpleLines: readsSimpleLines)
        var component: ParsedComponent?
        if !block.lines.isEmpty && !converter.outline.needsLibical {
            component = converter.convert(nil, expected: block.name)
        } else {
            let tree = converter.outline.input.text.isEmpty ? nil : LibicalTree(converter.outline.input)
            component = tree.flatMap { tree in withExtendedLifetime(tree) { converter.convert(tree.root, expected: block.name) } }
        }
        if component == nil {
            converter.diagnostics.append(Diagnostic(.invalidComponent, "libical could not read \(block.name) begun on line \(block.line)",
                                                    source: source, line: block.line))
        }
        // The component is moved along, never copied (an Incidence is some hundred bytes and a
        // copy retains each of its strings and arrays).
        if !block.unparsed.isEmpty, let parsed = component.take() { component = keepUnparsed(block, in: parsed) }
        var result = ParsedBlock(component: component.take(), diagnostics: converter.diagnostics)
        for line in block.unparsed {
            let name = line.bytes.withUnsafeBufferPointer { ContentLineSyntax.name($0) }
            result.diagnostics.append(Diagnostic(.lineTooLong, "content line of \(line.bytes.count) bytes (\(name.prefix(40))) is too long to parse; kept as written",
                                                 severity: .warning, source: source, line: line.number, property: name))
        }
        RuleRepair.apply(to: &result, source: source)
        if let uid = result.component?.incidenceUID {
            for i in result.diagnostics.indices where result.diagnostics[i].uid == nil { result.diagnostics[i].uid = uid }
        }
        return result
    }

    /// Adds the lines that were too long for libical (``ComponentBlock/unparsed``) to the
    /// component as raw properties, in line order (those of a nested component go to the top-level one).
    private static func keepUnparsed(_ block: ComponentBlock, in component: consuming ParsedComponent) -> ParsedComponent {
        let kept = block.unparsed.compactMap { line -> Property? in
            guard let parts = line.bytes.withUnsafeBufferPointer({ ContentLineSyntax.split($0) }) else { return nil }
            return Property(name: parts.name, parameters: parts.parameters, value: parts.value, line: line.number)
        }
        guard !kept.isEmpty else { return component }
        func merged(_ properties: [Property]) -> [Property] {
            (properties + kept).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        }
        switch consume component {
        case .incidence(var incidence):
            incidence.otherProperties = merged(incidence.otherProperties)
            return .incidence(incidence)
        case .timeZone(var zone):
            zone.otherProperties = merged(zone.otherProperties)
            return .timeZone(zone)
        case .calendarProperties(var calendar):
            calendar.otherProperties = merged(calendar.otherProperties)
            return .calendarProperties(calendar)
        case .other(var raw):
            raw.properties = merged(raw.properties)
            return .other(raw)
        }
    }

    // MARK: - Components

    /// Converts the block's top-level component: libical's root, or nil when libical was not needed.
    private mutating func convert(_ root: OpaquePointer?, expected: String) -> ParsedComponent? {
        switch expected {
        case "VCALENDAR": return .calendarProperties(calendarProperties(root))
        case "VEVENT": return .incidence(incidence(root, kind: .event))
        case "VTODO": return .incidence(incidence(root, kind: .todo))
        case "VJOURNAL": return .incidence(incidence(root, kind: .journal))
        case "VTIMEZONE": return .timeZone(timeZone(root))
        default: return .other(rawComponent(root, name: expected))
        }
    }

    /// Enters the next component of the outline (the one libical's `component` stands for) and
    /// returns its properties in line order (libical's, merged with the lines read in Swift) and
    /// the lines libical dropped.
    mutating func properties(of component: OpaquePointer?) -> (index: Int?, items: [PropertyItem], dropped: [Property]) {
        guard let index = cursor.enter(outline) else { return (nil, [], []) }
        var libical: [PropertyItem] = [], dropped: [Property] = []
        if let component {
            let result = walk.items(of: component, lines: outline.components[index].libicalLines)
            diagnostics.append(contentsOf: result.diagnostics)
            libical = result.items
            dropped = result.dropped
        }
        // Moved out, not copied: each component's properties are taken once.
        let simple = outline.takeSimpleLines(of: index)
        guard !simple.isEmpty else { return (index, libical, dropped) }
        // Both lists are in line order: merge them (libical's items without a line stay after the one before).
        var items: [PropertyItem] = []
        items.reserveCapacity(libical.count + simple.count)
        var next = 0
        for item in libical {
            if let line = item.inputLine {
                let blockLine = outline.input.lines[line].blockLine
                while next < simple.count && simple[next].blockLine < blockLine {
                    items.append(simpleItem(simple[next]))
                    next += 1
                }
            }
            items.append(item)
        }
        while next < simple.count {
            items.append(simpleItem(simple[next]))
            next += 1
        }
        return (index, items, dropped)
    }

    private func simpleItem(_ line: BlockOutline.SimpleLine) -> PropertyItem {
        let blockLine = block.lines[line.blockLine]
        return PropertyItem.simple(blockLine.name, nameID: blockLine.nameID, line.property, blockLine: line.blockLine)
    }

    /// Skips a child component that is not kept: its subtree is not converted, but what libical
    /// reported in it is still said.
    mutating func skip(_ component: OpaquePointer) {
        guard let index = cursor.enter(outline) else { return }
        diagnostics.append(contentsOf: walk.items(of: component, lines: outline.components[index].libicalLines).diagnostics)
        for child in children(of: component) { skip(child) }
        cursor.leave(index, of: outline)
    }

    /// The children of a component, in order (`icalcomponent_get_first/next_component`).
    func children(of component: OpaquePointer?) -> [OpaquePointer] {
        guard let component else { return [] }
        var out: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let c = child {
            out.append(c)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return out
    }

    /// The name of the child about to be entered, from its BEGIN line (libical 3.0 has no getter
    /// for an X- component's name; the outline has every name as written).
    func childName(_ component: OpaquePointer) -> String {
        if icalcomponent_isa(component) == ICAL_X_COMPONENT {
            return cursor.peek(outline).map { outline.components[$0].name } ?? "X-"
        }
        return LibicalValues.string(icalcomponent_kind_to_string(icalcomponent_isa(component))) ?? "X-"
    }

    /// The BEGIN line of the child about to be entered.
    func childLine() -> Int? {
        cursor.peek(outline).map { outline.components[$0].beginLine }
    }

    // MARK: - One property
    // (Helpers not inlined: Swift 6.3.1's optimizer crashed on them inlined into the callers.)

    /// The physical line of an item, when known.
    @inline(never)
    func number(_ item: PropertyItem) -> Int? {
        item.simple != nil ? Int(block.lines[item.blockLine].number) : walk.number(item.inputLine)
    }

    /// The parameters of an item as written (split once for the lines read in Swift).
    @inline(never)
    func parameters(_ item: PropertyItem) -> [Parameter] {
        if let simple = item.simple { return simple.parameters }
        return walk.parameters(item.inputLine)
    }

    /// The value as written.
    @inline(never)
    func rawValue(_ item: PropertyItem) -> String? {
        if item.simple != nil { return blockProperty(item.blockLine)?.value }
        return walk.rawValue(item.inputLine)
    }

    private func blockProperty(_ blockLine: Int) -> Property? {
        let line = block.lines[blockLine]
        return block.text.withUnsafeBufferPointer { text in
            ContentLineSyntax.split(UnsafeBufferPointer(rebasing: text[Int(line.offset)..<(Int(line.offset) + Int(line.length))]))
        }.map { Property(name: $0.name, parameters: $0.parameters, value: $0.value, line: Int(line.number)) }
    }

    /// A property kept as written: from its line when known, else from libical's text.
    @inline(never)
    func raw(_ item: PropertyItem) -> Property {
        if item.simple != nil {
            return blockProperty(item.blockLine) ?? Property(name: item.name, value: "", line: Int(block.lines[item.blockLine].number))
        }
        if let line = item.inputLine, let property = walk.rawProperty(line), property.name == item.name { return property }
        return Property(name: item.name, value: item.pointer.flatMap(LibicalValues.valueText) ?? "", line: walk.number(item.inputLine))
    }

    /// A TEXT value, unescaped (`icalvalue_get_text`).
    @inline(never)
    func text(_ item: PropertyItem) -> String? {
        if let simple = item.simple { return simple.text }
        return item.pointer.flatMap(LibicalValues.text)
    }

    /// An enumerated value, upper-cased (`icalproperty_get_value_as_string`).
    @inline(never)
    func token(_ item: PropertyItem) -> String? {
        if let simple = item.simple { return simple.token }
        return item.pointer.flatMap(LibicalValues.valueText)?.uppercased()
    }

    /// A DURATION value (`icalvalue_get_duration`).
    @inline(never)
    func duration(_ item: PropertyItem) -> ICSDuration? {
        if let simple = item.simple { return simple.duration }
        return item.pointer.flatMap(LibicalValues.durationValue)
    }

    @inline(never)
    mutating func integer(_ item: PropertyItem, into other: inout [Property]) -> Int? {
        if let simple = item.simple, let value = simple.integer { return value }
        let text = String((rawValue(item) ?? item.pointer.flatMap(LibicalValues.valueText) ?? "").trimmingSpaces)
        if let value = Int(text) { return value }
        diagnostics.append(Diagnostic(.valueParseError, "\(item.name) value \"\(text)\" is not an integer",
                                      source: source, line: number(item), property: item.name))
        other.append(raw(item))
        return nil
    }

    /// A DATE or DATE-TIME value that names a real day and time; libical accepts
    /// `20240631T250000` as it is, so an impossible one is reported and kept as written.
    @inline(never)
    mutating func time(_ item: PropertyItem, into other: inout [Property]) -> TimeValue? {
        if let simple = item.simple { return simple.time }
        guard let p = item.pointer, let value = LibicalValues.time(of: p) else { return nil }
        let t = value.civil
        if t.date.isValid && (0...23).contains(t.hour) && (0...59).contains(t.minute) && (0...60).contains(t.second) {
            return value
        }
        let text = rawValue(item) ?? value.description
        diagnostics.append(Diagnostic(.valueParseError, "\(item.name) value \"\(text)\" is not a real date and time; kept as written",
                                      source: source, line: number(item), property: item.name))
        other.append(raw(item))
        return nil
    }

    @inline(never)
    func calendarUser(_ item: PropertyItem) -> CalendarUser {
        if let simple = item.simple { return simple.user ?? CalendarUser(address: rawValue(item) ?? "", parameters: simple.parameters) }
        return CalendarUser(address: item.pointer.flatMap(LibicalValues.valueText) ?? walk.rawValue(item.inputLine) ?? "",
                            parameters: walk.parameters(item.inputLine))
    }
}
