import Foundation

/// Turns events and todos of one calendar into series (and single occurrences) for one
/// expansion: resolves zones, converts EXDATE, RDATE and RECURRENCE-ID values into the
/// series' terms. ``SeriesSetup`` groups the incidences by UID and runs one builder per part.
///
/// Sendable notes: not Sendable (its zone caches are not); a builder is made, filled and
/// read on one thread at a time.
struct SeriesBuilder {
    let viewer: ZoneCache
    let rangeStart: Int, rangeEnd: Int
    let limit: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// The TZIDs this builder reported as unknown, with the index of their diagnostic.
    private(set) var unknownZones: [(tzid: String, index: Int)] = []
    /// The series with an instance in the range, and that first instance of each (found here,
    /// on the builder's thread); the others are dropped, with their limit diagnostics in order.
    private(set) var series: [Series] = []
    private(set) var firsts: [PendingInstance] = []
    private(set) var limitDiagnostics: [Diagnostic] = []
    private(set) var singles: [PendingOccurrence] = []
    /// With a sieve (``OccurrenceExpansion/collect(sieve:_:)``): where each series goes instead of
    /// ``series``, asked of the sieve whole as soon as it is built.
    var drain: SeriesDrain?
    /// Whether each incidence (by position) is built; nil: all (``OccurrenceExpansion/includes``).
    var includes: [Bool]?
    private var caches: [String: ZoneCache?] = [:]
    /// The last TZID ``wasLookedUp(_:)`` found in ``caches`` (entries are never removed).
    private var lastLookedUp: String?
    /// One UTC zone for every UTC series (its memo is only a cache: sharing it is safe).
    private let utc = ZoneCache(UTCZone())
    private let lookup: ZoneLookup
    private let calendar: ICalendar
    /// The calendar's identity, given to every occurrence.
    private let calendarID: CalendarID
    /// The position given to the last series; each incidence takes at most one.
    private var order: Int
    /// The line of the incidence being added, for the diagnostics about it.
    private var currentLine: Int?

    /// A builder for incidences of `calendar`, whose series take positions after `firstOrder`.
    init(viewer: ZoneCache, rangeStart: Int, rangeEnd: Int, limit: Int, calendar: ICalendar,
         lookup: @escaping ZoneLookup, firstOrder: Int, calendarID: CalendarID) {
        self.calendarID = calendarID
        self.viewer = viewer
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.limit = limit
        self.calendar = calendar
        self.lookup = lookup
        self.order = firstOrder
    }

    /// The zone for a TZID of the current calendar, cached; nil (and a diagnostic) when unknown.
    private mutating func zone(_ tzid: String, uid: String?) -> ZoneCache? {
        if let known = caches[tzid] { return known }
        let found = lookup(tzid).map(ZoneCache.init)
        if found == nil {
            unknownZones.append((tzid, diagnostics.count))
            diagnostics.append(Diagnostic(.unknownTimeZone, "unknown time zone \"\(tzid)\"; times read as floating",
                                          source: calendar.source, line: currentLine, uid: uid, property: "TZID"))
        }
        caches[tzid] = found
        return found
    }

    /// Adds incidences without UID (each its own series), then groups of incidences that share
    /// a UID (a master with its overrides, or overrides without a master), in the given order.
    /// Incidences are named by position (``SeriesSetup/group(_:)``: the calendar's events, then its
    /// todos) and read in place: a lone incidence is not copied on its way to its series.
    mutating func add(ungrouped: [Int], groups: UIDGroups, range: Range<Int>, calendarIndex index: Int) {
        let events = calendar.events, todos = calendar.todos
        events.withUnsafeBufferPointer { events in
            todos.withUnsafeBufferPointer { todos in
                for position in ungrouped where includes?[position] ?? true {
                    addLone(position < events.count ? events.baseAddress! + position
                            : todos.baseAddress! + (position - events.count), calendarIndex: index)
                }
                for group in range {
                    let members = groups[group]
                    let position = members[members.startIndex]
                    guard includes?[position] ?? true else { continue }
                    if members.count == 1 {
                        let lone = position < events.count ? events.baseAddress! + position
                            : todos.baseAddress! + (position - events.count)
                        if lone.pointee.recurrenceID == nil && mastersLeftOut(lone.pointee) == 0 {
                            addLone(lone, calendarIndex: index)
                            continue
                        }
                    }
                    add(group: members, events: events, todos: todos, calendarIndex: index)
                }
            }
        }
    }

    /// Adds an incidence without overrides as its own series, read in place in the calendar's
    /// buffers: it is copied only into what ``addSeries(_:overrides:calendarIndex:recurrenceID:asInstance:)``
    /// keeps (a copy retains its ~35 fields: most lone events of a long-lived calendar lie outside
    /// the range, and ``skipIfOutsideRange(_:asInstance:)`` drops them first, cheaply).
    private mutating func addLone(_ incidence: UnsafePointer<Incidence>, calendarIndex: Int) {
        if skipIfOutsideRange(incidence, asInstance: false) { return }
        addSeries(incidence.pointee, overrides: [], calendarIndex: calendarIndex)
    }

    /// Adds the incidences of one UID: a master with its overrides, or overrides without a master.
    /// The members are positions (``SeriesSetup/group(_:)``), read in place in `events` and `todos`:
    /// only the overrides that the master keeps are copied, once, on their way to its series.
    private mutating func add(group members: ArraySlice<Int>, events: UnsafeBufferPointer<Incidence>,
                              todos: UnsafeBufferPointer<Incidence>, calendarIndex index: Int) {
        // The member at a position, borrowed (the buffers outlive this call).
        func at(_ position: Int) -> UnsafePointer<Incidence> {
            position < events.count ? events.baseAddress! + position : todos.baseAddress! + (position - events.count)
        }
        let masters = members.filter { at($0).pointee.recurrenceID == nil }
        let overrides = members.filter { at($0).pointee.recurrenceID != nil }
        if let chosen = CalDAVLeftovers.master(of: masters, sequence: { at($0).pointee.sequence }) {
            let masterPointer = at(masters[chosen])
            let master = masterPointer.pointee
            let count = masters.count + mastersLeftOut(master)
            if count > 1 {
                diagnostics.append(Diagnostic(.duplicateUID,
                    "UID \(master.uid ?? "") has \(count) components without RECURRENCE-ID: shown is the one\(master.line.map { " on line \($0)" } ?? "") (SEQUENCE \(master.sequence)), \(count - 1) dropped",
                    severity: .warning, source: calendar.source, line: master.line, uid: master.uid, property: "UID"))
            }
            let kept = overrides.filter { !isStale(at($0).pointee, master: masterPointer.pointee) }
            if kept.isEmpty, skipIfOutsideRange(masterPointer, asInstance: false) { return }
            addSeries(master, overrides: kept.map { at($0).pointee }, calendarIndex: index)
        } else {
            // No master: each override shows as a single event.
            for override in Self.latest(overrides.map { at($0).pointee }, by: { $0.recurrenceID }) {
                var single = override
                single.recurrenceRules = []
                single.recurrenceDates = []
                if withUnsafePointer(to: single, { skipIfOutsideRange($0, asInstance: false) }) { continue }
                addSeries(single, overrides: [], calendarIndex: index, recurrenceID: override.recurrenceID)
            }
        }
    }

    /// How many masters of `incidence`'s UID and kind a windowed import left out, having no start
    /// and no chance to win (``ImportOptions/leavesOutLosingMasters``): they count among its masters.
    private func mastersLeftOut(_ incidence: borrowing Incidence) -> Int {
        guard let counts = calendar.startlessMastersLeftOut, let uid = incidence.uid else { return 0 }
        return counts[CalDAVLeftovers.seriesKey(uid: uid, kind: incidence.kind)] ?? 0
    }

    /// Whether `override` is a CalDAV leftover to drop (``CalDAVLeftovers``).
    private mutating func isStale(_ override: Incidence, master: Incidence) -> Bool {
        guard let rid = override.recurrenceID, override.sequence < master.sequence,
              let start = EventSpan.start(of: master) else { return false }
        let clock = frame(for: start, uid: master.uid, recurring: !master.recurrenceRules.isEmpty).clock
        return CalDAVLeftovers.isStale(recurrenceID: rid, sequence: override.sequence, masterSequence: master.sequence,
                                       start: start, rules: master.recurrenceRules, dates: master.recurrenceDates.map(\.start),
                                       exceptions: master.exceptionDates, clock: clock,
                                       lookup: { [lookup] in lookup($0).map(ZoneCache.init) })
    }

    /// Whether DTEND lies before DTSTART, by the order `validate` checks too (``TimeOrder``): as dates
    /// when both are dates, as wall times when they have one form (a floating end beside a zoned
    /// start included), else as instants.
    private func endsBeforeStart(kind: Incidence.Kind, start: TimeValue?, end: TimeValue?) -> Bool {
        guard kind == .event, let start, let end else { return false }
        if start.isDate || end.isDate { return start.isDate && end.isDate && end.date < start.date }
        return TimeOrder.compare(end, start, resolve: lookup) == -1
    }

    /// One per key: highest SEQUENCE, then the last in the file.
    private static func latest(_ items: [Incidence], by key: (Incidence) -> TimeValue?) -> [Incidence] {
        latestIndices(items, by: key).map { items[$0] }
    }

    /// The positions in `items` of ``latest(_:by:)``'s choices, in the order of their keys' first
    /// appearance (no incidence copied).
    private static func latestIndices(_ items: [Incidence], by key: (Incidence) -> TimeValue?) -> [Int] {
        // Most series have no override: no dictionary to make.
        if items.isEmpty { return [] }
        return ComponentPrecedence.winners(in: items.indices, key: { key(items[$0]) }, sequence: { items[$0].sequence })
    }

    /// The clock a start value puts its series on (``SeriesClock/of(start:defaultTZID:zone:utc:)``).
    /// - Parameter recurring: whether the series has an RRULE: a UTC one is read in X-WR-TIMEZONE
    ///   unless the calendar was imported for strict RFC 5545 reading.
    private mutating func frame(for start: TimeValue, uid: String?, recurring: Bool = false) -> SeriesFrame {
        let utcSeriesZone = recurring && calendar.readsUTCSeriesInCalendarZone != false ? calendar.defaultTimeZone : nil
        let clock = SeriesClock.of(start: start, defaultTZID: calendar.defaultTimeZone, utcSeriesZone: utcSeriesZone,
                                   zone: { zone($0, uid: uid) }, utc: utc)
        return SeriesFrame(clock: clock, viewer: viewer)
    }

    /// The clock of a value that ends an instance of a series on `series` (DTEND, DUE, a PERIOD's
    /// end): a floating value on a zoned series is read in the series' zone (``SeriesClock/of(value:series:defaultTZID:zone:utc:)``).
    private mutating func frame(for value: TimeValue, series: SeriesFrame, uid: String?) -> SeriesFrame {
        let clock = SeriesClock.of(value: value, series: series.clock, defaultTZID: calendar.defaultTimeZone,
                                   zone: { zone($0, uid: uid) }, utc: utc)
        return SeriesFrame(clock: clock, viewer: viewer)
    }

    /// The clock of a value that ends an instance, as ``frame(for:series:uid:)`` finds it, without
    /// making a frame (which copies the zone's names for the occurrences): for an instant alone.
    private mutating func clock(for value: TimeValue, series: SeriesFrame, uid: String?) -> SeriesClock {
        SeriesClock.of(value: value, series: series.clock, defaultTZID: calendar.defaultTimeZone,
                       zone: { zone($0, uid: uid) }, utc: utc)
    }

    /// The instant of a wall time on `clock`, as ``SeriesFrame/instant(wall:)`` reads it: in the
    /// clock's zone, or `viewer`'s for floating and all-day times.
    ///
    /// Static, given the viewer: a non-mutating method called from a mutating one (``length(of:start:end:frame:)``)
    /// made the compiler copy the whole builder for the call (a retain and release of each of its fields).
    private static func instant(wall: Int, on clock: SeriesClock, viewer: ZoneCache) -> Int {
        if case .zoned(let zone, _) = clock { return zone.resolve(wallSeconds: wall).utcSeconds }
        return viewer.resolve(wallSeconds: wall).utcSeconds
    }

    /// What an EXDATE or RECURRENCE-ID value names on a series of `frame` (``InstanceKey``).
    private mutating func match(_ value: TimeValue, frame: SeriesFrame, uid: String?) -> InstanceMatch {
        InstanceKey.match(value, clock: frame.clock, lookup: { zone($0, uid: uid) })
    }

    /// The instant a value names on a zoned series, else nil.
    private mutating func instantKey(_ value: TimeValue, frame: SeriesFrame, uid: String?) -> Int? {
        if case .key(let key) = match(value, frame: frame, uid: uid) { return key }
        return nil
    }

    /// The instant and displayed form of a value that ends an instance (DTEND, DUE, a PERIOD's end).
    /// An instant (UTC or another zone) on a zoned series is shown in the series' zone, as its start is.
    private mutating func absolute(_ value: TimeValue, frame: SeriesFrame, uid: String?) -> (key: Int, time: OccurrenceTime) {
        let own = self.frame(for: value, series: frame, uid: uid)
        let wall = value.civil.secondsSinceEpoch
        let utc = own.instant(wall: wall)
        if case .zoned = own.clock, case .zoned(let zone, _) = frame.clock {
            return (utc, frame.startTime(wall: zone.zone.wallTime(atUTC: utc).secondsSinceEpoch, utc: utc))
        }
        return (own.isDate || { if case .floating = own.clock { return true }; return false }()
                ? viewer.resolve(wallSeconds: wall).utcSeconds : utc, own.startTime(wall: wall, utc: utc))
    }

    /// - Parameter end: the event's end as read (DTEND, or DTSTART when the two were swapped).
    private mutating func length(of incidence: Incidence, start: TimeValue, end: TimeValue?, frame: SeriesFrame) -> InstanceLength {
        let endValue = incidence.kind == .todo ? (incidence.start == nil ? nil : incidence.due) : end
        if let endValue {
            if start.isDate || endValue.isDate {
                return InstanceLength(days: endValue.date.daysSinceEpoch - start.date.daysSinceEpoch, seconds: 0)
            }
            let s = frame.instant(wall: SeriesClock.wall(of: start, on: frame.clock))
            let e = Self.instant(wall: endValue.civil.secondsSinceEpoch, on: clock(for: endValue, series: frame, uid: incidence.uid),
                                 viewer: viewer)
            if case .floating = frame.clock { return InstanceLength(days: 0, seconds: endValue.civil.secondsSinceEpoch - start.civil.secondsSinceEpoch) }
            return InstanceLength(days: 0, seconds: max(0, e - s))
        }
        // A negative DURATION (RFC 5545 3.8.2.5 allows none on an event or a to-do; validate says
        // ICS2116) is read as no DURATION: taken as it is, a series' instances ended before they began.
        if let duration = incidence.duration, !duration.isNegative {
            return InstanceLength(days: duration.nominalDays, seconds: duration.exactSeconds)
        }
        return start.isDate ? InstanceLength(days: 1, seconds: 0) : .zero
    }

    /// - Parameter written: borrowed (a lone one in place in the calendar's buffer): it is copied
    ///   once, into the box its occurrences share (``SharedIncidence``), and only when an
    ///   occurrence or a series is made; a series read by arithmetic whose instances the sieve
    ///   all counts (``SeriesDrain``) copies nothing.
    /// - Parameter asInstance: read `written` as one instance (an override of a master's series):
    ///   its own RRULE, RDATE and EXDATE play no part, and its occurrence shows it as written.
    private mutating func addSeries(_ written: borrowing Incidence, overrides: [Incidence], calendarIndex: Int,
                                    recurrenceID: TimeValue? = nil, asInstance: Bool = false) {
        // The times as the producer meant them (``EventSpan``: a DATE start read as midnight, an end
        // before the start swapped with it); occurrences show the component as written. Only the
        // start and end differ from `written`: they are read into locals, the incidence is not copied.
        // The callers have skipped, before copying them, those that ``skipIfOutsideRange(_:asInstance:)`` proves outside.
        var readStart = EventSpan.start(of: written), readEnd = written.end
        if endsBeforeStart(kind: written.kind, start: readStart, end: readEnd) { swap(&readStart, &readEnd) }
        guard let start = readStart ?? (written.kind == .todo ? written.due : nil) else { return }
        currentLine = written.line
        let frame = frame(for: start, uid: written.uid, recurring: !asInstance && !written.recurrenceRules.isEmpty)
        let startWall = SeriesClock.wall(of: start, on: frame.clock)
        let startUTC = frame.instant(wall: startWall)
        let startTrue: Int
        if case .zoned = frame.clock { startTrue = startUTC } else { startTrue = startWall }
        let length = length(of: written, start: start, end: readEnd, frame: frame)
        order += 1
        if (asInstance || (written.recurrenceRules.isEmpty && written.recurrenceDates.isEmpty && written.exceptionDates.isEmpty))
            && overrides.isEmpty {
            // A single event (or an override's instance): no Series to build.
            if let instance = frame.singleInstance(wall: startWall, utc: startTrue, length: length,
                                                   rangeStart: rangeStart, rangeEnd: rangeEnd) {
                singles.append(PendingOccurrence(key: instance.key, order: order, occurrence: Occurrence(
                    shared: SharedIncidence(copy written), calendarID: calendarID, calendarIndex: calendarIndex, start: instance.start, end: instance.end,
                    recurrenceID: recurrenceID, recurrenceIDTime: originalStart(of: recurrenceID, frame: frame))))
            }
            return
        }
        if overrides.isEmpty, !asInstance, isOutsideRange(series: written, start: start, startKey: startTrue, frame: frame, length: length) {
            return
        }
        // A sieved expansion reads a plain series by arithmetic (``PlainSeries``), with no Series built.
        if drain != nil, overrides.isEmpty, !asInstance, written.recurrenceDates.isEmpty,
           let plain = PlainSeries(rules: written.recurrenceRules, start: start, clock: frame.clock),
           let window = plain.window(rangeStart: rangeStart, rangeEnd: rangeEnd, length: length, limit: limit) {
            let excluded = exclusions(of: written, frame: frame, reading: UTCReading(start: start, clock: frame.clock))
            // Taken out and put back (moved, not copied): called through `drain!` with the builder's
            // fields as arguments, the whole builder was copied for the call.
            var taken = drain.take().unsafelyUnwrapped
            taken.drain(plain, window: window, master: written, frame: frame, length: length, excluded: excluded,
                        calendarIndex: calendarIndex, calendarID: calendarID, order: order, rangeStart: rangeStart, rangeEnd: rangeEnd)
            drain = consume taken
            return
        }
        let sources = ruleSources(of: written, start: start, frame: frame)
        var extras = extraInstances(of: written, frame: frame, startWall: startWall, startTrue: startTrue, hasRules: !sources.isEmpty)
        // In place, here, where the list has no other owner (the series would sort a copy).
        extras.sort()
        // A UTC series read at X-WR-TIMEZONE's wall time: its UTC values also name instances by their UTC reading.
        let reading = asInstance ? nil : UTCReading(start: start, clock: frame.clock)
        let excluded = exclusions(of: written, frame: frame, reading: reading)
        let (overridden, futures) = addOverrides(overrides, of: written, calendarIndex: calendarIndex, frame: frame, reading: reading)
        let series = Series(shared: SharedIncidence(copy written), calendarIndex: calendarIndex, calendarID: calendarID, order: order, frame: frame, length: length,
                            // Moved in, not copied: the series skips and advances its sources in
                            // place, which would copy them (and their rules) if this builder still held them.
                            sources: consume sources, extras: consume extras, excluded: excluded,
                            overridden: overridden, futures: futures,
                            rangeStart: rangeStart, rangeEnd: rangeEnd, limit: limit, source: calendar.source,
                            startExists: frame.clock.zone.map { $0.resolve(wallSeconds: startWall).exists } ?? true)
        keep(series, recurrenceID: recurrenceID, frame: frame)
    }

    /// The compiled RRULEs of `written` from `start`; a rule that cannot be expanded, or whose
    /// UNTIL precedes the start, is said in a diagnostic.
    private mutating func ruleSources(of written: Incidence, start: TimeValue, frame: SeriesFrame) -> [InstanceSource] {
        var sources: [InstanceSource] = []
        sources.reserveCapacity(written.recurrenceRules.count)
        for rule in written.recurrenceRules {
            if InstanceSource.untilPrecedesStart(of: rule, start: start, clock: frame.clock) {
                diagnostics.append(Diagnostic(.untilBeforeStart,
                    "RRULE UNTIL \(rule.until.map { "\($0)" } ?? "") is before DTSTART \(start): the rule has no instance, DTSTART included (a series split by \"this and following\")",
                    severity: .warning, source: calendar.source, line: written.line, uid: written.uid, property: "RRULE"))
            }
            if let source = InstanceSource(rule: rule, start: start, clock: frame.clock) {
                sources.append(source)
            } else {
                diagnostics.append(Diagnostic(.unsupportedRecurrence, "cannot expand RRULE:\(rule)", source: calendar.source,
                                              line: written.line, uid: written.uid, property: "RRULE"))
            }
        }
        return sources
    }

    /// The instances no rule makes: DTSTART itself when there is no rule, and each RDATE (a
    /// PERIOD with its own end), in the order written (not yet sorted), in a list of their size.
    private mutating func extraInstances(of written: Incidence, frame: SeriesFrame, startWall: Int, startTrue: Int,
                                         hasRules: Bool) -> ExtraInstances {
        var extras = ExtraInstances(capacity: written.recurrenceDates.count + (hasRules ? 0 : 1))
        if !hasRules { extras.append(wall: startWall, utc: startTrue, end: nil) }
        let uid = written.uid
        for rdate in written.recurrenceDates {
            let (w, utc) = InstanceKey.place(rdate.start, clock: frame.clock, lookup: { zone($0, uid: uid) })
            var end: (key: Int, time: OccurrenceTime)?
            if case .period(_, let periodEnd) = rdate {
                switch periodEnd {
                case .time(let t):
                    end = absolute(t, frame: frame, uid: uid)
                case .duration(let span):
                    let trueUTC = frame.isDate ? w : frame.instant(wall: w)
                    end = frame.end(wall: w, utc: trueUTC, length: InstanceLength(days: span.nominalDays, seconds: span.exactSeconds))
                }
            }
            extras.append(wall: w, utc: utc, end: end)
        }
        return extras
    }

    /// The instances EXDATE removes, by their key (and by their UTC reading too, under `reading`).
    private mutating func exclusions(of written: Incidence, frame: SeriesFrame, reading: UTCReading?) -> InstanceMatchSet {
        var excluded = InstanceMatchSet()
        excluded.reserveCapacity(keys: written.exceptionDates.count)
        for value in written.exceptionDates {
            excluded.insert(match(value, frame: frame, uid: written.uid))
            if let reading, let zone = frame.clock.zone, let other = reading.alternate(value, zone: zone) { excluded.insert(.key(other)) }
        }
        excluded.seal()
        return excluded
    }

    /// Adds each override (the latest of each RECURRENCE-ID) as an instance of its own.
    /// - Returns: the instances they replace, and the changes that RANGE=THISANDFUTURE carries
    ///   to the later instances.
    private mutating func addOverrides(_ overrides: [Incidence], of written: Incidence, calendarIndex: Int, frame: SeriesFrame,
                                       reading: UTCReading?) -> (InstanceMatchSet, [FutureChange]) {
        var overridden = InstanceMatchSet()
        var futures: [FutureChange] = []
        let zoneCache = frame.clock.zone
        for chosen in Self.latestIndices(overrides, by: { $0.recurrenceID }) {
            let override = overrides[chosen]
            guard let rid = override.recurrenceID else { continue }
            overridden.insert(match(rid, frame: frame, uid: written.uid))
            if let reading, let zone = zoneCache, let other = reading.alternate(rid, zone: zone) { overridden.insert(.key(other)) }
            addSeries(override, overrides: [], calendarIndex: calendarIndex, recurrenceID: rid, masterFrame: frame, reading: reading)
            if override.appliesToFutureInstances, var key = instantKey(rid, frame: frame, uid: written.uid),
               let newStart = override.start {
                if let reading, let zone = zoneCache { key = reading.named(rid, instant: key, zone: zone) }
                let ridWall = InstanceKey.wall(of: rid, clock: frame.clock, utc: key)
                let newUTC = instantKey(newStart, frame: frame, uid: written.uid) ?? key
                let newWall = InstanceKey.wall(of: newStart, clock: frame.clock, utc: newUTC)
                futures.append(FutureChange(key: key, shift: newWall - ridWall, incidence: SharedIncidence(ThisAndFuture.carried(from: override, onto: written)),
                                            length: self.length(of: override, start: newStart, end: override.end, frame: frame)))
            }
        }
        overridden.seal()
        return (overridden, futures)
    }

    /// Keeps a built series: as a single occurrence when it has one instance and nothing that
    /// moves it, else in the merge, or drained into the sieve (when it has any instance in the range).
    private mutating func keep(_ series: Series, recurrenceID: TimeValue?, frame: SeriesFrame) {
        if series.ruleCount == 0 && series.extras.count == 1 && series.futures.isEmpty {
            if let instance = series.next() {
                var single = PendingOccurrence(key: instance.key, order: series.order,
                                               occurrence: series.occurrence(for: instance))
                single.occurrence.recurrenceID = recurrenceID
                single.occurrence.recurrenceIDTime = originalStart(of: recurrenceID, frame: frame)
                singles.append(single)
            }
        } else {
            if let first = series.next() {
                if drain != nil {
                    drain!.drain(series, first: first)
                    return
                }
                self.series.append(series)
                firsts.append(first)
            } else if let diagnostic = series.limitDiagnostic {
                limitDiagnostics.append(diagnostic)
            }
        }
    }

    /// Skips `incidence` when it is a single event (no RRULE, RDATE or EXDATE) that
    /// ``SingleEventBound`` proves to lie outside the range, so that it needs no zone, frame or
    /// length at all: it takes the position it would have taken (the ranks of the others stay the
    /// same), and the caller adds nothing.
    /// - Returns: whether it was skipped.
    /// Read through a pointer, field by field: the incidence is not copied.
    ///
    /// Only when every TZID it names was looked up before (known or not): a TZID seen here first
    /// takes the exact path, so that its unknown-zone diagnostic (if any) names the same event,
    /// in the same order, as when every event is built.
    private mutating func skipIfOutsideRange(_ incidence: UnsafePointer<Incidence>, asInstance: Bool) -> Bool {
        guard incidence.pointee.kind == .event, let start = incidence.pointee.start,
              asInstance || (incidence.pointee.recurrenceRules.isEmpty && incidence.pointee.recurrenceDates.isEmpty
                             && incidence.pointee.exceptionDates.isEmpty) else { return false }
        let end = incidence.pointee.end, duration = incidence.pointee.duration
        if let tzid = start.tzid, !wasLookedUp(tzid) { return false }
        if let tzid = end?.tzid, !wasLookedUp(tzid) { return false }
        // X-WR-TIMEZONE is looked up for a floating time (a DATE start read from midnight is one).
        func isFloating(_ value: TimeValue?) -> Bool { if case .floating? = value { return true }; return false }
        if let tzid = calendar.defaultTimeZone, !wasLookedUp(tzid),
           isFloating(start) || isFloating(end) || (start.isDate && end == nil && duration != nil) { return false }
        guard SingleEventBound.liesOutside(start: start, end: end, duration: duration,
                                           rangeStart: rangeStart, rangeEnd: rangeEnd) else { return false }
        order += 1
        return true
    }

    /// Whether `tzid` was looked up before (known or not): the last TZID found so is compared
    /// first (most events of a calendar name one or two), before hashing it into ``caches``.
    private mutating func wasLookedUp(_ tzid: String) -> Bool {
        if let last = lastLookedUp, last == tzid { return true }
        guard caches.index(forKey: tzid) != nil else { return false }
        lastLookedUp = tzid
        return true
    }

    /// Whether `master`, a series of RRULEs alone (no RDATE; no override, which the caller checks),
    /// is one that ``SeriesBound`` proves to lie outside the range: it is then dropped before its
    /// rules, EXDATEs and shared incidence are built, as the series would be at its first instance.
    ///
    /// Only when nothing more would be reported about it: every rule is one the native engine
    /// expands (none refused), and every TZID its EXDATEs name was looked up before.
    private func isOutsideRange(series master: Incidence, start: TimeValue, startKey: Int, frame: SeriesFrame,
                                length: InstanceLength) -> Bool {
        guard master.kind == .event, master.recurrenceDates.isEmpty, !master.recurrenceRules.isEmpty,
              master.exceptionDates.allSatisfy({ $0.tzid.map { caches.index(forKey: $0) != nil } ?? true }) else { return false }
        // The rules read in place, through their buffer: `contains(where:)`, `allSatisfy` and
        // `map` each copied every rule (a retain and release of each of its arrays).
        return master.recurrenceRules.withUnsafeBufferPointer { rules in
            var bounded = true
            for i in rules.indices {
                // Built, to be reported (``InstanceSource/untilPrecedesStart(of:start:clock:)``).
                if InstanceSource.needsLibical(rules[i]) || InstanceSource.untilPrecedesStart(of: rules[i], start: start, clock: frame.clock) {
                    return false
                }
                if rules[i].count != nil || rules[i].until == nil { bounded = false }
            }
            var untils: [UntilBound] = []
            if bounded {
                untils.reserveCapacity(rules.count)
                for i in rules.indices { untils.append(InstanceSource.untilBound(of: rules[i], start: start, clock: frame.clock)) }
            }
            return SeriesBound.liesOutside(startKey: startKey, untils: untils, length: length, rangeStart: rangeStart, rangeEnd: rangeEnd)
        }
    }

    /// The original start of an override, shown in its series' own form; none for a single event.
    private mutating func originalStart(of recurrenceID: TimeValue?, frame: SeriesFrame) -> OccurrenceTime? {
        guard let rid = recurrenceID, let key = instantKey(rid, frame: frame, uid: nil) else { return nil }
        return frame.startTime(wall: InstanceKey.wall(of: rid, clock: frame.clock, utc: key), utc: key)
    }

    /// Adds the instance an override makes of its master's series. Its recurrence id is shown in
    /// the master's form (the original start of the instance, as the series' other instances show
    /// theirs), whatever zone the override's RECURRENCE-ID or DTSTART was written in.
    /// - Parameter reading: the master's ``UTCReading``, when it has one.
    private mutating func addSeries(_ override: Incidence, overrides: [Incidence], calendarIndex: Int,
                                    recurrenceID: TimeValue, masterFrame: SeriesFrame, reading: UTCReading?) {
        let before = singles.count
        if withUnsafePointer(to: override, { skipIfOutsideRange($0, asInstance: true) }) { return }
        addSeries(override, overrides: [], calendarIndex: calendarIndex, recurrenceID: recurrenceID, asInstance: true)
        guard singles.count > before else { return }
        if var key = instantKey(recurrenceID, frame: masterFrame, uid: override.uid) {
            if let reading, let zone = masterFrame.zone { key = reading.named(recurrenceID, instant: key, zone: zone) }
            singles[singles.count - 1].occurrence.recurrenceIDTime =
                masterFrame.startTime(wall: InstanceKey.wall(of: recurrenceID, clock: masterFrame.clock, utc: key), utc: key)
        }
    }
}
