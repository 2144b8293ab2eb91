/// The components of one block in pre-order, read from its BEGIN and END lines: for each its
/// name, BEGIN line, the lines libical got for its properties and those read in Swift.
///
/// libical's tree has the same shape (the scanner hands it only BEGIN/END lines that it
/// classified and balanced), so a ``Cursor`` over the outline walks along with
/// `icalcomponent_get_first/next_component`.
struct BlockOutline {
    struct Component {
        /// The name from the BEGIN line, upper-cased.
        var name: String
        /// The name's ``KnownNames/id(_:)``.
        var nameID: UInt8
        /// The physical line of the BEGIN.
        var beginLine: Int
        /// Indices into ``LibicalInput/lines`` of the property lines libical got, in order.
        var libicalLines: [Int] = []
        /// The property lines read in Swift (``SimpleLineReader``), in order.
        var simpleLines: [SimpleLine] = []
        /// How deep it nests (0 for the top-level component).
        var depth = 0
        /// The index just past this component's descendants.
        var subtreeEnd = 0
        /// Its property lines of X- and unknown names (``BlockOutline/isUnknownOrExtension(nameID:name:)``),
        /// and of those the ones past ``BlockOutline/maxUnknownProperties``, left out.
        var unknownLines = 0
        var unknownLinesLeftOut = 0
    }

    /// The most property lines of X- and unknown names (mostly kept as written in the model)
    /// one component keeps; later ones are neither parsed nor kept, with a warning ICS1008
    /// (``ComponentConverter``). 810,000 `X-A:` lines in one event (60 MB) were 810,000
    /// libical properties and as many raw properties: 740 MB and 2 s to validate or show it.
    static let maxUnknownProperties = 10_000

    /// Whether a property line counts towards ``maxUnknownProperties``: an X- name (known ones
    /// too, such as X-ALT-DESC) or a name not in ``KnownNames``.
    static func isUnknownOrExtension(nameID: UInt8, name: borrowing String) -> Bool {
        nameID == 0 || name.hasPrefix("X-")
    }

    /// A property line read in Swift, with where it stands.
    struct SimpleLine {
        /// Index into ``ComponentBlock/lines``.
        var blockLine: Int
        var property: SimpleProperty
    }

    private(set) var components: [Component] = []
    /// The lines for libical: every BEGIN and END, and the properties not read in Swift; empty
    /// when libical is not needed (``needsLibical``), which most blocks are not.
    private(set) var input = LibicalInput(capacity: 0)
    /// Whether libical must see the block: it has lines only libical reads, or components other
    /// than the top-level one and its alarms or observances (which nest nothing).
    private(set) var needsLibical = false

    /// - Parameter readsSimpleLines: whether simple lines are read in Swift (``SimpleLineReader``):
    ///   those of a VEVENT, VTODO or VJOURNAL block's top-level component and of its VALARMs, and
    ///   those of a VTIMEZONE and of its STANDARD and DAYLIGHT observances.
    /// - Parameter caches: where the cache of simple lines is taken from for the block and given
    ///   back to (an import's own pool, so that its blocks share one another's readings).
    /// - Complexity: O(n) in the block's size; the C strings for libical are copied only when
    ///   ``needsLibical``.
    init(block: ComponentBlock, readsSimpleLines: Bool, caches: SimpleLineCache.Pool = SimpleLineCache.shared) {
        let blockNameID = KnownNames.id(of: block.name)
        let ids = BlockOutline.ids
        let readsIncidence = readsSimpleLines && (blockNameID == ids.event || blockNameID == ids.todo || blockNameID == ids.journal)
        let readsZone = readsSimpleLines && blockNameID == ids.timeZone
        let swiftReads = readsIncidence || readsZone
        /// The children whose simple lines are read in Swift: alarms, or a zone's observances.
        func readsChild(_ id: UInt8) -> Bool {
            readsIncidence ? id == ids.alarm : id == ids.standard || id == ids.daylight
        }
        let cache = swiftReads ? caches.take() : nil
        defer { if let cache { caches.giveBack(cache) } }
        var stack: [Int] = []
        // The property lines libical gets (index into block.lines, component), in order: turned
        // into libical's input only once the whole block is known to need it.
        var libicalProperties: [(blockLine: Int, component: Int)] = []
        // The last line read in Swift (appended, or joined to the line before it), and where the
        // stretch of lines of one name that the last run of dates began in ends
        // (``join(_:blockLine:of:to:stretchEnd:)``).
        var lastSimple = -1, stretchEnd = 0
        // The lines are read in place through the array (`block.lines[index].field`): bound to a
        // local, each line (with its name) was copied and released again.
        for index in block.lines.indices {
            switch block.lines[index].kind {
            case .begin:
                components.append(Component(name: block.lines[index].name, nameID: block.lines[index].nameID,
                                            beginLine: Int(block.lines[index].number), depth: stack.count))
                stack.append(components.count - 1)
            case .end:
                if let top = stack.popLast() { components[top].subtreeEnd = components.count }
            case .property:
                if components.isEmpty { components.append(Component(name: block.name, nameID: blockNameID, beginLine: block.line)) }
                let top = stack.last ?? 0
                // The top-level component has most of the lines: room for its own at once (not for
                // its alarms' or observances': 100,000 alarms of six lines reserved 600,000, 29 MB).
                if top == 0 && components[0].simpleLines.capacity == 0 && swiftReads {
                    components[0].simpleLines.reserveCapacity(Self.topLevelProperties(of: block))
                }
                let context: SimpleLineReader.Context? = !swiftReads ? nil : top == 0 ? (readsZone ? .zone : .incidence)
                    : stack.count == 2 && readsChild(components[top].nameID) ? (readsZone ? .observance : .alarm) : nil
                let offset = Int(block.lines[index].offset), length = Int(block.lines[index].length)
                if let context, let cache,
                   let property = block.text.withUnsafeBufferPointer({ text in
                       cache.read(nameID: block.lines[index].nameID, UnsafeBufferPointer(rebasing: text[offset..<(offset + length)]),
                                  in: context)
                   }) {
                    if lastSimple != index - 1 || !join(property, blockLine: index, of: block, to: top, stretchEnd: &stretchEnd) {
                        components[top].simpleLines.append(SimpleLine(blockLine: index, property: property))
                    }
                    lastSimple = index
                } else {
                    let unknown = Self.isUnknownOrExtension(nameID: block.lines[index].nameID, name: block.lines[index].name)
                    if unknown, components[top].unknownLines >= Self.maxUnknownProperties {
                        components[top].unknownLinesLeftOut += 1
                    } else {
                        if unknown { components[top].unknownLines += 1 }
                        libicalProperties.append((index, top))
                    }
                }
            }
        }
        for index in stack { components[index].subtreeEnd = components.count }
        if components.isEmpty { components.append(Component(name: block.name, nameID: blockNameID, beginLine: block.line)) }
        needsLibical = !swiftReads || !libicalProperties.isEmpty || components.indices.contains { index in
            let c = components[index]
            let isLeafChild = readsChild(c.nameID) && c.subtreeEnd == index + 1 && c.depth == 1
            return index != 0 && !isLeafChild
        }
        if needsLibical { buildInput(block, libicalProperties) }
    }

    /// How many simple lines the block's top-level component holds itself, not counting those
    /// of the components nested in it, and counting a run of RDATE or EXDATE lines as one
    /// (``joinsRuns(_:)``): an upper bound on its ``Component/simpleLines`` when no run is broken
    /// by a line libical reads.
    /// - Complexity: O(n) in the block's lines.
    static func topLevelProperties(of block: ComponentBlock) -> Int {
        var depth = 0, count = 0
        for index in block.lines.indices {
            switch block.lines[index].kind {
            case .begin: depth += 1
            case .end: depth -= 1
            case .property:
                guard depth <= 1 else { continue }
                let nameID = block.lines[index].nameID
                let continuesRun = index > 0 && joinsRuns(nameID) && block.lines[index - 1].kind == .property
                    && block.lines[index - 1].nameID == nameID
                if !continuesRun { count += 1 }
            }
        }
        return count
    }

    // MARK: - Runs of dates

    /// Whether lines of this name, next to each other, are kept as one simple line: RDATE and
    /// EXDATE, whose values the conversion only appends, in line order, to one list
    /// (``Incidence/recurrenceDates``, ``Incidence/exceptionDates``). A million RDATE lines
    /// were a million simple lines and a million conversion items (about 130 bytes a line).
    static func joinsRuns(_ nameID: UInt8) -> Bool {
        nameID == ids.rdate || nameID == ids.exdate
    }

    /// Joins `property`, read in Swift from the line `index` of `block`, to the last simple line of
    /// component `top`, when the line just before it was read in Swift too (the caller's check: it
    /// is then in that last simple line, and no line libical reads stands between them), has the
    /// same name, and both are DATE or DATE-TIME lists without parameters (the only RDATE and
    /// EXDATE lines read in Swift): its values are appended to that line's. The joined line
    /// keeps the first line's place, which the merge with libical's lines reads (nothing can
    /// stand between the lines of a run). The list's room is reserved for the rest of
    /// the stretch of lines of that name (`stretchEnd`, counted once per stretch), at least doubled.
    /// A run of RDATE lines becomes a list of ``RecurrenceDate``s (``SimpleProperty/Value/dates(_:)``),
    /// the model's own, which the conversion moves in as it is.
    /// - Returns: whether it was joined (else the caller appends it as a line of its own).
    /// - Complexity: amortized O(k) for a line of k values.
    private mutating func join(_ property: SimpleProperty, blockLine index: Int, of block: ComponentBlock, to top: Int,
                               stretchEnd: inout Int) -> Bool {
        let nameID = block.lines[index].nameID
        guard Self.joinsRuns(nameID), property.parameters.isEmpty, case .times(let added) = property.value,
              let last = components[top].simpleLines.indices.last, block.lines[index - 1].nameID == nameID,
              components[top].simpleLines[last].property.parameters.isEmpty else { return false }
        /// The room for the rest of the stretch, when `list` has too little for the values added.
        func reserve<Element>(_ list: inout [Element]) {
            guard list.capacity < list.count + added.count else { return }
            if stretchEnd <= index {
                stretchEnd = index
                while stretchEnd < block.lines.count && block.lines[stretchEnd].kind == .property
                        && block.lines[stretchEnd].nameID == nameID { stretchEnd += 1 }
            }
            list.reserveCapacity(max(list.count + added.count * (stretchEnd - index), 2 * list.count))
        }
        // Each time, the line's reference is dropped before the list is appended to, so that it
        // is appended to in place (the first line's list may be shared with the cache: copied
        // once, into the reserved room).
        if case .dates(var dates) = components[top].simpleLines[last].property.value {
            components[top].simpleLines[last].property.value = .integer(0)
            reserve(&dates)
            dates.append(contentsOf: added.lazy.map { .time($0) })
            components[top].simpleLines[last].property.value = .dates(dates)
            return true
        }
        guard case .times(var times) = components[top].simpleLines[last].property.value else { return false }
        components[top].simpleLines[last].property.value = .integer(0)
        if nameID == Self.ids.rdate {
            var dates: [RecurrenceDate] = times.map { .time($0) }
            reserve(&dates)
            dates.append(contentsOf: added.lazy.map { .time($0) })
            components[top].simpleLines[last].property.value = .dates(dates)
        } else {
            reserve(&times)
            times.append(contentsOf: added)
            components[top].simpleLines[last].property.value = .times(times)
        }
        return true
    }

    /// Fills ``input``: every BEGIN and END line and the given property lines, in block order,
    /// and each component's ``Component/libicalLines``.
    private mutating func buildInput(_ block: ComponentBlock, _ properties: [(blockLine: Int, component: Int)]) {
        input = LibicalInput(capacity: block.text.count + block.lines.count)
        var next = 0
        for index in block.lines.indices {
            switch block.lines[index].kind {
            case .begin, .end:
                input.append(index, of: block)
            case .property:
                guard next < properties.count, properties[next].blockLine == index else { continue }
                components[properties[next].component].libicalLines.append(contentsOf: input.append(index, of: block))
                next += 1
            }
        }
    }

    /// The ``KnownNames/id(_:)`` of the component names the outline tells apart.
    private static let ids = (event: KnownNames.id(of: "VEVENT"), todo: KnownNames.id(of: "VTODO"),
                              journal: KnownNames.id(of: "VJOURNAL"), timeZone: KnownNames.id(of: "VTIMEZONE"),
                              alarm: KnownNames.id(of: "VALARM"), standard: KnownNames.id(of: "STANDARD"),
                              daylight: KnownNames.id(of: "DAYLIGHT"), rdate: KnownNames.id(of: "RDATE"),
                              exdate: KnownNames.id(of: "EXDATE"))

    /// Moves out the simple lines of a component (``Component/simpleLines`` is empty after): the
    /// converter takes each component's properties once, so its values are not copied (nor
    /// retained and released once more).
    mutating func takeSimpleLines(of index: Int) -> [SimpleLine] {
        var lines: [SimpleLine] = []
        swap(&lines, &components[index].simpleLines)
        return lines
    }

    /// The components nested directly in `index` (entered after it, before its subtree ends).
    func isInside(_ child: Int, of index: Int) -> Bool {
        child > index && child < components[index].subtreeEnd
    }

    /// Walks the outline in step with libical's components (pre-order).
    struct Cursor {
        private(set) var position = 0

        /// Takes the next component: its index in ``BlockOutline/components``, or nil past the end.
        mutating func enter(_ outline: BlockOutline) -> Int? {
            guard position < outline.components.count else { return nil }
            defer { position += 1 }
            return position
        }

        /// Moves past the descendants of `component` (entered before), which were not walked.
        mutating func leave(_ component: Int, of outline: BlockOutline) {
            position = max(position, outline.components[component].subtreeEnd)
        }

        /// The component the next ``enter(_:)`` takes, without taking it.
        func peek(_ outline: BlockOutline) -> Int? {
            position < outline.components.count ? position : nil
        }
    }
}
