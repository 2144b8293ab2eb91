/// Puts parsed blocks together into one ``ICalendar``, in file order.
struct CalendarAssembler {
    private var calendar: ICalendar
    /// Capped per code as they come: 300,000 broken blocks keep a few hundred diagnostics.
    private var diagnostics: ImportDiagnostics
    /// The events, in file order (with room reserved ahead by ``reserveEvents(_:)``).
    private var events: [Incidence] = []

    /// Whether events that no view can show are left out (a windowed import's, for a view):
    /// see ``showsNothing(_:)``.
    private let leavesOutEventsThatShowNothing: Bool
    /// How many events, to-dos and journals were left out so (for the calendar's identity, ``ICalendar/id``).
    private(set) var eventsLeftOut = 0
    private(set) var todosLeftOut = 0
    private(set) var journalsLeftOut = 0

    /// Whether masters without a start that cannot win are left out (``StartlessMasters``).
    private let sortsStartlessMasters: Bool
    /// The masters without a start kept, held aside and left out (a view's import).
    private(set) var startless = StartlessMasters()
    /// The events and to-dos added so far (not those left out for showing nothing): an event's
    /// number here is its place as ``SkippedBlocks`` counts it.
    private var eventsAdded = 0
    private var todosAdded = 0
    /// Events parsed after the others (``insert(_:)``), with the number of events added before them.
    private var late: [(eventsBefore: Int, incidence: Incidence)] = []

    /// - Parameter maxPerCode: the most diagnostics of one code kept (``ScanLimits/maxDiagnosticsPerCode``).
    /// - Parameter forAView: leave out the events that no view can show (``showsNothing(_:)``).
    /// - Parameter leavesOutLosingMasters: in a view's import, also leave out the masters without
    ///   a start that cannot win (``StartlessMasters``, ``ImportOptions/leavesOutLosingMasters``).
    init(source: String?, maxPerCode: Int = ScanLimits.standard.maxDiagnosticsPerCode, forAView: Bool = false,
         leavesOutLosingMasters: Bool = true) {
        calendar = ICalendar(source: source)
        diagnostics = ImportDiagnostics(maxPerCode: maxPerCode)
        leavesOutEventsThatShowNothing = forAView
        sortsStartlessMasters = forAView && leavesOutLosingMasters
    }

    /// Whether an event can never give an occurrence, nor change another component's: it has no
    /// DTSTART (the expansion starts nothing without one), no RECURRENCE-ID and no UID (so it is
    /// no master or override of anything). 300,000 lone `BEGIN:VEVENT` lines are 300,000 such
    /// events of about 750 bytes each: a view kept them all (515 MB) to show nothing.
    static func showsNothing(_ incidence: borrowing Incidence) -> Bool {
        incidence.kind == .event && incidence.start == nil && incidence.recurrenceID == nil && incidence.uid == nil
    }

    /// The same for a to-do or a journal in a view of a range (``ImportOptions/window``): a to-do
    /// with neither DTSTART nor DUE has no instance (the expansion starts one at DTSTART, else at
    /// DUE), and journals are not expanded; without a RECURRENCE-ID and a UID it is no part of a
    /// series. The to-do list (`--todos`), which lists undated to-dos, and the summary, which
    /// counts them, import the whole file and keep them. 300,000 lone `BEGIN:VTODO` lines were
    /// 300,000 to-dos, 293 MB, in a month that shows none.
    static func showsNothingInARange(_ incidence: borrowing Incidence) -> Bool {
        incidence.kind != .event && incidence.start == nil && incidence.due == nil && incidence.recurrenceID == nil && incidence.uid == nil
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
        if !block.diagnostics.isEmpty { diagnostics.add(contentsOf: block.diagnostics) }
        // An incidence is moved out by a pattern of its own and handed on: bound in a `switch` over
        // every case, then tested and appended, it was copied (a dozen references retained, then
        // released), a third of the assembly thread's work.
        if case .incidence? = block.component, case .incidence(let incidence)? = block.component.take() {
            add(incidence)
            return
        }
        // Taken out, then consumed by the switch: each payload is moved into the calendar, not copied.
        let component = block.component.take()
        switch consume component {
        case .incidence?: break
        case .timeZone(let zone)?: calendar.timeZones.append(zone)
        case .calendarProperties(let header)?: merge(header)
        case .other(let component)?: calendar.otherComponents.append(component)
        case nil: break
        }
    }

    /// Adds an event, to-do or journal (or leaves it out); each branch ends where the incidence
    /// is appended, its last use, so that it is moved there.
    private mutating func add(_ incidence: consuming Incidence) {
        switch incidence.kind {
        case .event:
            // Its diagnostics are kept (added above): the views' note counts them as before.
            if leavesOutEventsThatShowNothing && Self.showsNothing(incidence) {
                eventsLeftOut += 1
                return
            }
            eventsAdded += 1
            if sortsStartlessMasters && StartlessMasters.isStartlessMaster(incidence) {
                if let kept = startless.sort(incidence, logical: eventsAdded - 1, appended: events.count) { events.append(kept) }
                return
            }
            events.append(incidence)
        case .todo:
            if leavesOutEventsThatShowNothing && Self.showsNothingInARange(incidence) {
                todosLeftOut += 1
                return
            }
            todosAdded += 1
            if sortsStartlessMasters && StartlessMasters.isStartlessMaster(incidence) {
                if let kept = startless.sort(incidence, logical: todosAdded - 1, appended: calendar.todos.count) { calendar.todos.append(kept) }
                return
            }
            calendar.todos.append(incidence)
        case .journal:
            if leavesOutEventsThatShowNothing && Self.showsNothingInARange(incidence) {
                journalsLeftOut += 1
                return
            }
            calendar.journals.append(incidence)
        }
    }

    /// Puts blocks parsed after the others (those a windowed import kept back, see ``SkippedBlocks``)
    /// where they stood in the file: each with the number of events before it there, in file order.
    /// The events are put in place by ``finish()``, with the masters held aside (``StartlessMasters``).
    mutating func insert(_ late: [(eventsBefore: Int, block: ParsedBlock)]) {
        for (eventsBefore, block) in late {
            if case .incidence(let incidence)? = block.component, incidence.kind == .event {
                diagnostics.add(contentsOf: block.diagnostics)
                self.late.append((eventsBefore, incidence))
            } else {
                add([block])
            }
        }
    }

    /// Puts `insertions` into `placed`, each before the element of `placed` at its index (in the
    /// order given, which keeps those indices ascending; an index past the end, or before the
    /// previous one, is taken as that bound). Every element is moved, none copied: the insertions
    /// go to the end, are taken out of it, and the runs of `placed` between them move back to
    /// their places, from the last, each by one move of its memory. Copying a parsed event
    /// retains a dozen references and freeing the old list releases them, which for 33,000 events
    /// was the longest step a view's import took on one thread after the scan; inserting each
    /// with `insert(_:at:)` would move every later element each time (quadratic).
    static func insert(_ insertions: consuming [(at: Int, incidence: Incidence)], into placed: inout [Incidence]) {
        let count = insertions.count, placedCount = placed.count
        guard count > 0 else { return }
        var places: [Int] = []
        places.reserveCapacity(count)
        for index in insertions.indices { places.append(min(max(insertions[index].at, places.last ?? 0), placedCount)) }
        placed.reserveCapacity(placedCount + count)
        insertions.reverse()
        while let (_, incidence) = insertions.popLast() { placed.append(incidence) }
        placed.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let taken = UnsafeMutablePointer<Incidence>.allocate(capacity: count)
            defer { taken.deallocate() }
            // The tail's slots are left uninitialized; each step fills the highest ones left.
            taken.moveInitialize(from: base + placedCount, count: count)
            var runEnd = placedCount
            for index in stride(from: count - 1, through: 0, by: -1) {
                let at = places[index]
                (base + at + index + 1).moveInitialize(from: base + at, count: runEnd - at)
                (base + at + index).moveInitialize(from: taken + index, count: 1)
                runEnd = at
            }
        }
    }

    /// The late events (``insert(_:)``) and the held masters (``StartlessMasters``) put in their
    /// places among the events appended in place: a late event after the events added before it,
    /// and before a held master added at that same place. All are moved, not copied.
    private mutating func placeLateAndHeld() {
        var heldEvents = startless.takeHeld(.event)
        let heldTodos = startless.takeHeld(.todo)
        if !heldTodos.isEmpty {
            Self.insert(heldTodos.map { ($0.physicalBefore, $0.incidence) }, into: &calendar.todos)
        }
        guard !late.isEmpty || !heldEvents.isEmpty else { return }
        var insertions: [(at: Int, incidence: Incidence)] = []
        insertions.reserveCapacity(late.count + heldEvents.count)
        var lateEvents = late
        late = []
        // Reversed, to be taken from the end (a move).
        lateEvents.reverse()
        heldEvents.reverse()
        while !lateEvents.isEmpty || !heldEvents.isEmpty {
            let takesLate = heldEvents.isEmpty
                || (!lateEvents.isEmpty && lateEvents[lateEvents.count - 1].eventsBefore <= heldEvents[heldEvents.count - 1].logical)
            if takesLate {
                let item = lateEvents.removeLast()
                insertions.append((startless.eventsInPlace(before: item.eventsBefore), item.incidence))
            } else {
                let item = heldEvents.removeLast()
                insertions.append((item.physicalBefore, item.incidence))
            }
        }
        Self.insert(insertions, into: &events)
    }

    /// Adds the diagnostics that belong to no block, and how many of each code the scanner left out.
    mutating func addScanDiagnostics(_ scan: [Diagnostic], omitted: [DiagnosticCode: Int] = [:]) {
        diagnostics.add(contentsOf: scan)
        for (code, count) in omitted { diagnostics.addOmitted(code, count: count) }
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

    /// The calendar, with its diagnostics in line order and at most `maxPerCode` of each code
    /// (the cap the diagnostics were kept with, ``init(source:maxPerCode:)``).
    mutating func finish() -> ICalendar {
        placeLateAndHeld()
        if !startless.droppedCounts.isEmpty { calendar.startlessMastersLeftOut = startless.droppedCounts }
        calendar.diagnostics = diagnostics.result(source: calendar.source)
        calendar.events = events
        events = []
        return calendar
    }
}
