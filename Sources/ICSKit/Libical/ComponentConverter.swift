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

    init(block: ComponentBlock, source: String?, readsSimpleLines: Bool, caches: SimpleLineCache.Pool) {
        self.block = block
        self.source = source
        outline = BlockOutline(block: block, readsSimpleLines: readsSimpleLines, caches: caches)
        walk = LibicalPropertyWalk(block: block, input: outline.input, source: source)
        diagnostics = block.diagnostics
        for component in outline.components where component.unknownLinesLeftOut > 0 {
            let count = component.unknownLines + component.unknownLinesLeftOut
            diagnostics.append(Diagnostic(.componentTooLarge,
                                          "\(component.name) has \(count) properties of X- or unknown names; the first \(BlockOutline.maxUnknownProperties) are kept",
                                          severity: .warning, source: source, line: component.beginLine))
        }
    }

    /// Parses a block and converts it.
    /// - Parameter readsSimpleLines: whether simple lines are read in Swift (the default) or
    ///   every line goes to libical (for tests that compare both).
    /// - Parameter caches: the pool of ``SimpleLineCache``s the block's reading borrows from: an
    ///   import passes its own; others share ``SimpleLineCache/shared``.
    /// - Complexity: O(n) in the block's size.
    static func parse(_ block: ComponentBlock, source: String?, readsSimpleLines: Bool = true,
                      caches: SimpleLineCache.Pool = SimpleLineCache.shared) -> ParsedBlock {
        var converter = ComponentConverter(block: block, source: source, readsSimpleLines: readsSimpleLines, caches: caches)
        let usesLibical = block.lines.isEmpty || converter.outline.needsLibical
        let tree = usesLibical && !converter.outline.input.text.isEmpty ? LibicalTree(converter.outline.input) : nil
        guard !usesLibical || tree != nil else {
            converter.diagnostics.append(Diagnostic(.invalidComponent, "libical could not read \(block.name) begun on line \(block.line)",
                                                    source: source, line: block.line))
            converter.noteUnparsed()
            return ParsedBlock(component: nil, diagnostics: converter.diagnostics)
        }
        return withExtendedLifetime(tree) { converter.converted(tree?.root, expected: block.name) }
    }

    // MARK: - Components

    /// Converts the block's top-level component (libical's root, or nil when libical was not
    /// needed) and finishes it: the lines too long for libical kept (``keepUnparsed(into:)``), an
    /// incidence's RRULEs repaired (``RuleRepair/apply(to:diagnostics:source:)``) and its UID given
    /// to the diagnostics that name none. Each value is finished where it was built and wrapped
    /// once: never taken back out of a ``ParsedComponent`` (a copy of an Incidence retains each of
    /// its strings and arrays, and Swift 6.3's `switch consume` on the enum still copied it).
    private mutating func converted(_ root: OpaquePointer?, expected: String) -> ParsedBlock {
        let kind: Incidence.Kind
        switch expected {
        case "VEVENT": kind = .event
        case "VTODO": kind = .todo
        case "VJOURNAL": kind = .journal
        case "VCALENDAR":
            var calendar = calendarProperties(root)
            noteUnparsed()
            keepUnparsed(into: &calendar.otherProperties)
            return ParsedBlock(component: .calendarProperties(calendar), diagnostics: diagnostics)
        case "VTIMEZONE":
            var zone = timeZone(root)
            noteUnparsed()
            keepUnparsed(into: &zone.otherProperties)
            return ParsedBlock(component: .timeZone(zone), diagnostics: diagnostics)
        default:
            var raw = rawComponent(root, name: expected)
            noteUnparsed()
            keepUnparsed(into: &raw.properties)
            return ParsedBlock(component: .other(raw), diagnostics: diagnostics)
        }
        var incidence = incidence(root, kind: kind)
        noteUnparsed()
        keepUnparsed(into: &incidence.otherProperties)
        RuleRepair.apply(to: &incidence, diagnostics: &diagnostics, source: source)
        if let uid = incidence.uid {
            for i in diagnostics.indices where diagnostics[i].uid == nil { diagnostics[i].uid = uid }
        }
        return ParsedBlock(component: .incidence(incidence), diagnostics: diagnostics)
    }

    /// Says, for each line too long for libical (``ComponentBlock/unparsed``), that it is kept as
    /// written, and when it has more parameters than are kept (``ContentLineSyntax/maxKeptParameters``).
    private mutating func noteUnparsed() {
        for line in block.unparsed {
            let (name, count) = line.bytes.withUnsafeBufferPointer { bytes in
                (ContentLineSyntax.name(bytes), ContentLineSyntax.valueStart(bytes).map { ContentLineSyntax.parameterCount(bytes, colon: $0) } ?? 0)
            }
            diagnostics.append(Diagnostic(.lineTooLong, "content line of \(line.bytes.count) bytes (\(name.prefix(40))) is too long to parse; kept as written",
                                          severity: .warning, source: source, line: line.number, property: name))
            if count > ContentLineSyntax.maxKeptParameters {
                diagnostics.append(Diagnostic(.lineTooLong, "content line (\(name.prefix(40))) has \(count) parameters; the first \(ContentLineSyntax.maxKeptParameters) are kept",
                                              severity: .warning, source: source, line: line.number, property: name))
            }
        }
    }

    /// Adds the lines that were too long for libical (``ComponentBlock/unparsed``) to a
    /// component's raw properties, in line order (those of a nested component go to the top-level one).
    private func keepUnparsed(into properties: inout [Property]) {
        guard !block.unparsed.isEmpty else { return }
        let kept = block.unparsed.compactMap { line -> Property? in
            guard let parts = line.bytes.withUnsafeBufferPointer({ ContentLineSyntax.split($0, maxParameters: ContentLineSyntax.maxKeptParameters) })
            else { return nil }
            return Property(name: parts.name, parameters: parts.parameters, value: parts.value, line: line.number)
        }
        guard !kept.isEmpty else { return }
        properties = (properties + kept).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// Enters the next component of the outline (the one libical's `component` stands for) and
    /// returns its properties in line order (libical's, merged with the lines read in Swift) and
    /// the lines libical dropped.
    /// - Parameter lastFirst: the items in the reverse of that order, for a caller that moves
    ///   them out one by one with `popLast()` (in line order, and no copy of any): made so here,
    ///   rather than reversed after, which moved every item once more.
    mutating func properties(of component: OpaquePointer?, lastFirst: Bool = false) -> (index: Int?, items: [PropertyItem], dropped: [Property]) {
        guard let index = cursor.enter(outline) else { return (nil, [], []) }
        var libical: [PropertyItem] = [], dropped: [Property] = []
        if let component {
            let result = walk.items(of: component, lines: outline.components[index].libicalLines)
            diagnostics.append(contentsOf: result.diagnostics)
            libical = result.items
            dropped = result.dropped
        }
        // Moved out, not copied: each component's properties are taken once, and each value is
        // moved on into its item (``simpleItem(taking:)``).
        var simple = outline.takeSimpleLines(of: index)
        guard !simple.isEmpty else {
            if lastFirst { libical.reverse() }
            return (index, libical, dropped)
        }
        // Both lists are in line order: merge them (libical's items without a line stay after the one before).
        var items: [PropertyItem] = []
        items.reserveCapacity(libical.count + simple.count)
        if lastFirst {
            mergeLastFirst(libical: &libical, simple: &simple, into: &items)
            return (index, items, dropped)
        }
        var next = 0
        for item in libical {
            if let line = item.inputLine {
                let blockLine = outline.input.lines[line].blockLine
                while next < simple.count && simple[next].blockLine < blockLine {
                    items.append(simpleItem(taking: &simple[next]))
                    next += 1
                }
            }
            items.append(item)
        }
        while next < simple.count {
            items.append(simpleItem(taking: &simple[next]))
            next += 1
        }
        return (index, items, dropped)
    }

    /// The merge of ``properties(of:lastFirst:)`` in reverse: the same items as the merge in line
    /// order, last first. That merge puts before libical's item `k` the simple lines from
    /// `cuts[k - 1]` to `cuts[k]` (those before the item's line, not yet placed; none for an item
    /// without a line), and the rest after its last item; here those runs are walked from the end.
    /// The items are moved out of both lists.
    private func mergeLastFirst(libical: inout [PropertyItem], simple: inout [BlockOutline.SimpleLine], into items: inout [PropertyItem]) {
        var cuts: [Int] = []
        if !libical.isEmpty {
            cuts.reserveCapacity(libical.count)
            var next = 0
            for item in libical {
                if let line = item.inputLine {
                    let blockLine = outline.input.lines[line].blockLine
                    while next < simple.count && simple[next].blockLine < blockLine { next += 1 }
                }
                cuts.append(next)
            }
        }
        var end = simple.count
        while true {
            let from = cuts.last ?? 0
            var i = end
            while i > from {
                i -= 1
                items.append(simpleItem(taking: &simple[i]))
            }
            end = from
            guard let item = libical.popLast() else { break }
            cuts.removeLast()
            items.append(item)
        }
    }

    /// The item of a line read in Swift, its value moved out of `line` (left holding an empty one,
    /// which owns no reference): no retain for the item, no release when the lines are freed.
    private func simpleItem(taking line: inout BlockOutline.SimpleLine) -> PropertyItem {
        var property = SimpleProperty(value: .integer(0), parameters: [])
        swap(&property, &line.property)
        let blockLine = block.lines[line.blockLine]
        return PropertyItem.simple(blockLine.name, nameID: blockLine.nameID, property, blockLine: line.blockLine)
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

    /// Whether `item` is the first libical property of its line: libical splits a line of several
    /// values (`FREEBUSY:a/b,c/d`) into a property per value, and a property kept as written is
    /// the whole line, once.
    func isFirstOfItsLine(_ item: PropertyItem, after previous: inout Int?) -> Bool {
        guard item.simple == nil, let line = item.inputLine else { return true }
        defer { previous = line }
        return line != previous
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

    /// A DURATION value (`icalvalue_get_duration`); nil, with a diagnostic, for one whose
    /// numbers libical cannot hold (``hasOverlongNumber(_:into:)``).
    @inline(never)
    mutating func duration(_ item: PropertyItem, into other: inout [Property]) -> ICSDuration? {
        if let simple = item.simple { return simple.duration }
        if hasOverlongNumber(item, into: &other) { return nil }
        return item.pointer.flatMap(LibicalValues.durationValue)
    }

    /// Whether a DURATION or TRIGGER value, as written, holds a run of more than nine digits;
    /// if so it is reported and kept as written. libical 3 (`icaldurationtype_from_string`) reads
    /// each number into a C `int` with no check, so 20 digits come back as whatever the overflow
    /// left (a duration of some months, or negative); nine digits (31 years of seconds) is the
    /// most the Swift reader takes too (``SimpleLineReader/canonicalDuration(_:)``).
    mutating func hasOverlongNumber(_ item: PropertyItem, into other: inout [Property]) -> Bool {
        guard let text = rawValue(item) else { return false }
        var run = 0, longest = 0
        for byte in text.utf8 {
            run = byte >= 0x30 && byte <= 0x39 ? run + 1 : 0
            longest = max(longest, run)
        }
        guard longest > 9 else { return false }
        diagnostics.append(Diagnostic(.valueParseError, "\(item.name) value \"\(text.prefix(60))\" has a number of \(longest) digits (at most 9); ignored",
                                      source: source, line: number(item), property: item.name))
        other.append(raw(item))
        return true
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

    /// A GEO value: a latitude and a longitude, two FLOATs split by `;` (RFC 5545 3.8.1.6).
    /// libical reads a missing or unreadable part as 0 (`GEO:1;` as 1;0: a place nobody gave), so
    /// the text is looked at first: unless it is two numbers, it is reported and kept as written.
    @inline(never)
    mutating func geo(_ item: PropertyItem, into other: inout [Property]) -> Geo? {
        let text = rawValue(item) ?? ""
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ Double(String($0).trimmingSpaces) != nil }),
           let geo = item.pointer.flatMap(LibicalValues.geo) {
            return geo
        }
        let message = "GEO value \"\(text.prefix(64))\" is not a latitude and a longitude (two numbers split by ';'; kept as written)"
        diagnostics.append(Diagnostic(.valueParseError, message, source: source, line: number(item), property: item.name))
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
