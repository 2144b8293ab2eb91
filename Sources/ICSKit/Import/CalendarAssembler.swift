/// Puts parsed blocks together into one ``ICalendar``, in file order.
struct CalendarAssembler {
    private var calendar: ICalendar
    private var diagnostics: [Diagnostic] = []
    /// The events, in file order (with room reserved ahead by ``reserveEvents(_:)``).
    private var events: [Incidence] = []

    init(source: String?) {
        calendar = ICalendar(source: source)
    }

    /// Adds parsed blocks in order.
    mutating func add(_ blocks: consuming [ParsedBlock]) {
        // Each block is moved out (swapped with an empty one, which holds no reference), never
        // copied: a parsed event is ~750 bytes with a dozen references.
        for i in blocks.indices {
            var block = ParsedBlock(component: nil, diagnostics: [])
            swap(&block, &blocks[i])
            add(block)
        }
    }

    /// Makes room for about `count` events in all. An array grown by doubling holds its old and
    /// its new buffer at once, and with 100,000 events of ~750 bytes that moment was the import's
    /// peak resident memory (massif); room reserved and not written costs
    /// address space, not resident memory.
    mutating func reserveEvents(_ count: Int) {
        if count > events.capacity { events.reserveCapacity(count) }
    }

    /// The number of events added so far.
    var eventCount: Int { events.count }

    private mutating func add(_ block: consuming ParsedBlock) {
        if !block.diagnostics.isEmpty { diagnostics.append(contentsOf: block.diagnostics) }
        // Taken out, then consumed by the switch: each payload is moved into the calendar, not copied.
        let component = block.component.take()
        switch consume component {
        case .incidence(let incidence)?:
            switch incidence.kind {
            case .event: events.append(incidence)
            case .todo: calendar.todos.append(incidence)
            case .journal: calendar.journals.append(incidence)
            }
        case .timeZone(let zone)?: calendar.timeZones.append(zone)
        case .calendarProperties(let header)?: merge(header)
        case .other(let component)?: calendar.otherComponents.append(component)
        case nil: break
        }
    }

    /// Puts blocks parsed after the others (those a windowed import kept back, see ``SkippedBlocks``)
    /// where they stood in the file: each with the number of events before it there, in file order.
    mutating func insert(_ late: [(eventsBefore: Int, block: ParsedBlock)]) {
        // One merge pass (inserting each into the array would move every later event: quadratic).
        guard !late.isEmpty else { return }
        let earlier = events
        events = []
        var merged: [Incidence] = []
        merged.reserveCapacity(earlier.count + late.count)
        var next = 0
        for (eventsBefore, block) in late {
            if case .incidence(let incidence)? = block.component, incidence.kind == .event {
                diagnostics.append(contentsOf: block.diagnostics)
                let upTo = min(eventsBefore, earlier.count)
                if next < upTo { merged.append(contentsOf: earlier[next..<upTo]); next = upTo }
                merged.append(incidence)
            } else {
                add([block])
            }
        }
        merged.append(contentsOf: earlier[next...])
        events = merged
    }

    mutating func addScanDiagnostics(_ scan: [Diagnostic]) {
        diagnostics.append(contentsOf: scan)
    }

    /// A later VCALENDAR's properties fill only what an earlier one left unset.
    private mutating func merge(_ header: ICalendar) {
        calendar.name = calendar.name ?? header.name
        calendar.notes = calendar.notes ?? header.notes
        calendar.color = calendar.color ?? header.color
        calendar.defaultTimeZone = calendar.defaultTimeZone ?? header.defaultTimeZone
        calendar.method = calendar.method ?? header.method
        calendar.productID = calendar.productID ?? header.productID
        calendar.version = calendar.version ?? header.version
        calendar.calendarScale = calendar.calendarScale ?? header.calendarScale
        calendar.refreshInterval = calendar.refreshInterval ?? header.refreshInterval
        calendar.publishedTTL = calendar.publishedTTL ?? header.publishedTTL
        calendar.otherProperties.append(contentsOf: header.otherProperties)
    }

    /// The calendar, with its diagnostics in line order and at most `maxPerCode` of each code.
    mutating func finish(maxPerCode: Int) -> ICalendar {
        diagnostics.sort { ($0.line ?? 0, $0.code.rawValue) < ($1.line ?? 0, $1.code.rawValue) }
        // An empty RRULE in every event of a holiday feed: one warning for the file, not one per event.
        if let first = diagnostics.firstIndex(where: { $0.code == .emptyRecurrenceRule }) {
            let count = diagnostics.count { $0.code == .emptyRecurrenceRule }
            if count > 1 {
                var summary = diagnostics[first]
                summary.message = "\(count) components have an empty RRULE (the first on line \(summary.line ?? 0)): read as no rule"
                summary.uid = nil
                diagnostics.removeAll { $0.code == .emptyRecurrenceRule }
                diagnostics.insert(summary, at: min(first, diagnostics.count))
            }
        }
        var kept: [Diagnostic] = []
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics {
            let n = counts[diagnostic.code.rawValue, default: 0] + 1
            counts[diagnostic.code.rawValue] = n
            if n <= maxPerCode { kept.append(diagnostic) }
        }
        for (code, n) in counts.sorted(by: { $0.key < $1.key }) where n > maxPerCode {
            kept.append(Diagnostic(DiagnosticCode(rawValue: code), "\(n - maxPerCode) more \(code) diagnostics not shown",
                                   severity: .note, source: calendar.source))
        }
        calendar.diagnostics = kept
        calendar.events = events
        events = []
        return calendar
    }
}
