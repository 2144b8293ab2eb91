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
    private var caches: [String: ZoneCache?] = [:]
    /// One UTC zone for every UTC series (its memo is only a cache: sharing it is safe).
    private let utc = ZoneCache(UTCZone())
    private let lookup: ZoneLookup
    private let calendar: ICalendar
    /// The position given to the last series; each incidence takes at most one.
    private var order: Int
    /// The line of the incidence being added, for the diagnostics about it.
    private var currentLine: Int?

    /// A builder for incidences of `calendar`, whose series take positions after `firstOrder`.
    init(viewer: ZoneCache, rangeStart: Int, rangeEnd: Int, limit: Int, calendar: ICalendar,
         lookup: @escaping ZoneLookup, firstOrder: Int) {
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
    mutating func add(ungrouped: [Incidence], groups: ArraySlice<[Incidence]>, calendarIndex index: Int) {
        for incidence in ungrouped { addSeries(incidence, overrides: [], calendarIndex: index) }
        for members in groups {
            if members.count == 1 && members[0].recurrenceID == nil {
                addSeries(members[0], overrides: [], calendarIndex: index)
                continue
            }
            let masters = members.filter { $0.recurrenceID == nil }
            let overrides = members.filter { $0.recurrenceID != nil }
            if let master = masters.max(by: { $0.sequence <= $1.sequence }) {
                addSeries(master, overrides: overrides, calendarIndex: index)
            } else {
                // No master: each override shows as a single event.
                for override in Self.latest(overrides, by: { $0.recurrenceID }) {
                    var single = override
                    single.recurrenceRules = []
                    single.recurrenceDates = []
                    addSeries(single, overrides: [], calendarIndex: index, recurrenceID: override.recurrenceID)
                }
            }
        }
    }

    /// One per key: highest SEQUENCE, then the last in the file.
    private static func latest(_ items: [Incidence], by key: (Incidence) -> TimeValue?) -> [Incidence] {
        var best: [TimeValue: Incidence] = [:]
        var order: [TimeValue] = []
        for item in items {
            guard let k = key(item) else { continue }
            if let current = best[k] {
                if item.sequence >= current.sequence { best[k] = item }
            } else {
                best[k] = item
                order.append(k)
            }
        }
        return order.map { best[$0]! }
    }

    /// The clock a start value puts its series on.
    private mutating func frame(for start: TimeValue, uid: String?) -> SeriesFrame {
        switch start {
        case .date: return SeriesFrame(clock: .date, viewer: viewer)
        case .utc: return SeriesFrame(clock: .zoned(utc, tzid: nil), viewer: viewer)
        case .zoned(_, let tzid):
            if let zone = zone(tzid, uid: uid) { return SeriesFrame(clock: .zoned(zone, tzid: tzid), viewer: viewer) }
            return SeriesFrame(clock: .floating, viewer: viewer)
        case .floating:
            if let name = calendar.defaultTimeZone, let zone = zone(name, uid: uid) {
                return SeriesFrame(clock: .zoned(zone, tzid: name), viewer: viewer)
            }
            return SeriesFrame(clock: .floating, viewer: viewer)
        }
    }

    /// The instant and displayed form of a value that ends an instance (DTEND, DUE, a PERIOD's end).
    /// An instant (UTC or another zone) on a zoned series is shown in the series' zone, as its start is.
    private mutating func absolute(_ value: TimeValue, frame: SeriesFrame, uid: String?) -> (key: Int, time: OccurrenceTime) {
        let own = self.frame(for: value, uid: uid)
        let wall = value.civil.secondsSinceEpoch
        let utc = own.instant(wall: wall)
        if case .zoned = own.clock, case .zoned(let zone, _) = frame.clock {
            return (utc, frame.startTime(wall: zone.zone.wallTime(atUTC: utc).secondsSinceEpoch, utc: utc))
        }
        return (own.isDate || { if case .floating = own.clock { return true }; return false }()
                ? viewer.resolve(wallSeconds: wall).utcSeconds : utc, own.startTime(wall: wall, utc: utc))
    }

    /// Where an RDATE value falls in the series' terms: its wall time, and the instant that orders it
    /// (the wall time itself for floating and all-day series).
    private mutating func place(_ value: TimeValue, frame: SeriesFrame, uid: String?) -> (wall: Int, utc: Int) {
        guard case .zoned(let zone, _) = frame.clock else {
            let w = CivilDateTime(date: value.date, hour: value.isDate ? 0 : value.civil.hour,
                                  minute: value.isDate ? 0 : value.civil.minute, second: value.isDate ? 0 : value.civil.second)
            return (w.secondsSinceEpoch, w.secondsSinceEpoch)
        }
        let utc: Int
        switch value {
        case .utc(let t): utc = t.secondsSinceEpoch
        case .zoned(let t, let tzid): utc = (self.zone(tzid, uid: uid) ?? zone).resolve(wallSeconds: t.secondsSinceEpoch).utcSeconds
        case .floating(let t): utc = zone.resolve(wallSeconds: t.secondsSinceEpoch).utcSeconds
        case .date(let d): utc = zone.resolve(wallSeconds: CivilDateTime(date: d).secondsSinceEpoch).utcSeconds
        }
        return (zone.zone.wallTime(atUTC: utc).secondsSinceEpoch, utc)
    }

    /// The wall time of a value in the series' terms (a UTC or other-zone value moved to the series' zone).
    private func wall(of value: TimeValue, frame: SeriesFrame, utc: Int) -> Int {
        if case .zoned(let zone, _) = frame.clock, !value.isDate { return zone.zone.wallTime(atUTC: utc).secondsSinceEpoch }
        return value.civil.secondsSinceEpoch
    }

    private mutating func length(of incidence: Incidence, start: TimeValue, frame: SeriesFrame) -> InstanceLength {
        let endValue = incidence.kind == .todo ? (incidence.start == nil ? nil : incidence.due) : incidence.end
        if let endValue {
            if start.isDate || endValue.isDate {
                return InstanceLength(days: endValue.date.daysSinceEpoch - start.date.daysSinceEpoch, seconds: 0)
            }
            let s = frame.instant(wall: start.civil.secondsSinceEpoch)
            let own = self.frame(for: endValue, uid: incidence.uid)
            let e = own.instant(wall: endValue.civil.secondsSinceEpoch)
            if case .floating = frame.clock { return InstanceLength(days: 0, seconds: endValue.civil.secondsSinceEpoch - start.civil.secondsSinceEpoch) }
            return InstanceLength(days: 0, seconds: max(0, e - s))
        }
        if let duration = incidence.duration { return InstanceLength(days: duration.nominalDays, seconds: duration.exactSeconds) }
        return start.isDate ? InstanceLength(days: 1, seconds: 0) : .zero
    }

    private mutating func addSeries(_ master: Incidence, overrides: [Incidence], calendarIndex: Int,
                                    recurrenceID: TimeValue? = nil) {
        guard let start = master.start ?? (master.kind == .todo ? master.due : nil) else { return }
        currentLine = master.line
        let frame = frame(for: start, uid: master.uid)
        let startWall = start.isDate ? CivilDateTime(date: start.date).secondsSinceEpoch : start.civil.secondsSinceEpoch
        let startUTC = frame.instant(wall: startWall)
        let startTrue: Int
        if case .zoned = frame.clock { startTrue = startUTC } else { startTrue = startWall }
        let length = length(of: master, start: start, frame: frame)
        order += 1
        if master.recurrenceRules.isEmpty && master.recurrenceDates.isEmpty && master.exceptionDates.isEmpty
            && overrides.isEmpty {
            // A single event (or an override's instance): no Series to build.
            if let instance = frame.singleInstance(wall: startWall, utc: startTrue, length: length,
                                                   rangeStart: rangeStart, rangeEnd: rangeEnd) {
                singles.append(PendingOccurrence(key: instance.key, order: order, occurrence: Occurrence(
                    incidence: master, calendarIndex: calendarIndex, start: instance.start, end: instance.end,
                    recurrenceID: recurrenceID, recurrenceIDTime: originalStart(of: recurrenceID, frame: frame))))
            }
            return
        }
        var sources: [InstanceSource] = []
        let zoneCache: ZoneCache? = { if case .zoned(let z, _) = frame.clock { return z }; return nil }()
        for rule in master.recurrenceRules {
            var until = UntilBound.none
            switch rule.until {
            case .utc(let t)? where zoneCache != nil: until = .instant(t.secondsSinceEpoch)
            case .date(let d)?: until = .wall(CivilDateTime(date: d, hour: start.isDate ? 0 : 23, minute: start.isDate ? 0 : 59,
                                                            second: start.isDate ? 0 : 59).secondsSinceEpoch)
            case let t?: until = .wall(t.civil.secondsSinceEpoch)
            case nil: break
            }
            if let source = InstanceSource(rule: rule, start: CivilDateTime(secondsSinceEpoch: startWall), isDate: start.isDate,
                                           until: until, zone: zoneCache) {
                sources.append(source)
            } else {
                diagnostics.append(Diagnostic(.unsupportedRecurrence, "cannot expand RRULE:\(rule)", source: calendar.source,
                                              line: master.line, uid: master.uid, property: "RRULE"))
            }
        }
        var extras: [ExtraInstance] = []
        if sources.isEmpty { extras.append(ExtraInstance(wall: startWall, utc: startTrue, end: nil)) }
        for rdate in master.recurrenceDates {
            let (w, utc) = place(rdate.start, frame: frame, uid: master.uid)
            var end: (key: Int, time: OccurrenceTime)?
            if case .period(_, let periodEnd) = rdate {
                switch periodEnd {
                case .time(let t):
                    end = absolute(t, frame: frame, uid: master.uid)
                case .duration(let span):
                    let trueUTC = frame.isDate ? w : frame.instant(wall: w)
                    end = frame.end(wall: w, utc: trueUTC, length: InstanceLength(days: span.nominalDays, seconds: span.exactSeconds))
                }
            }
            extras.append(ExtraInstance(wall: w, utc: utc, end: end))
        }
        var excluded = Set<Int>(), excludedDays = Set<Int>()
        for value in master.exceptionDates { add(value, frame: frame, to: &excluded, days: &excludedDays) }
        var overridden = Set<Int>(), overriddenDays = Set<Int>()
        var futures: [FutureChange] = []
        for override in Self.latest(overrides, by: { $0.recurrenceID }) {
            guard let rid = override.recurrenceID else { continue }
            add(rid, frame: frame, to: &overridden, days: &overriddenDays)
            addSeries(override, overrides: [], calendarIndex: calendarIndex, recurrenceID: rid, masterFrame: frame)
            if override.appliesToFutureInstances, let key = frame.matchKey(of: rid, lookup: { [self] in lookup($0).map(ZoneCache.init) }),
               let newStart = override.start {
                let ridWall = wall(of: rid, frame: frame, utc: key)
                let newUTC = frame.matchKey(of: newStart, lookup: { [self] in lookup($0).map(ZoneCache.init) }) ?? key
                let newWall = wall(of: newStart, frame: frame, utc: newUTC)
                futures.append(FutureChange(key: key, shift: newWall - ridWall, incidence: override,
                                            length: self.length(of: override, start: newStart, frame: frame)))
            }
        }
        let series = Series(master: master, calendarIndex: calendarIndex, order: order, frame: frame, length: length,
                            sources: sources, extras: extras, excluded: excluded, excludedDays: excludedDays,
                            overridden: overridden, overriddenDays: overriddenDays, futures: futures,
                            rangeStart: rangeStart, rangeEnd: rangeEnd, limit: limit, source: calendar.source,
                            startExists: zoneCache.map { $0.resolve(wallSeconds: startWall).exists } ?? true)
        if sources.isEmpty && extras.count == 1 && futures.isEmpty {
            if let instance = series.next() {
                var single = PendingOccurrence(key: instance.key, order: series.order,
                                               occurrence: series.occurrence(for: instance))
                single.occurrence.recurrenceID = recurrenceID
                single.occurrence.recurrenceIDTime = originalStart(of: recurrenceID, frame: frame)
                singles.append(single)
            }
        } else {
            if let first = series.next() {
                self.series.append(series)
                firsts.append(first)
            } else if let diagnostic = series.limitDiagnostic {
                limitDiagnostics.append(diagnostic)
            }
        }
    }

    /// The original start of an override, shown in its series' own form; none for a single event.
    private func originalStart(of recurrenceID: TimeValue?, frame: SeriesFrame) -> OccurrenceTime? {
        recurrenceID.flatMap { rid in
            frame.matchKey(of: rid, lookup: { [self] in lookup($0).map(ZoneCache.init) }).map { key in
                frame.startTime(wall: wall(of: rid, frame: frame, utc: key), utc: key)
            }
        }
    }

    /// Adds the instance an override makes of its master's series. Its recurrence id is shown in
    /// the master's form (the original start of the instance, as the series' other instances show
    /// theirs), whatever zone the override's RECURRENCE-ID or DTSTART was written in.
    private mutating func addSeries(_ override: Incidence, overrides: [Incidence], calendarIndex: Int,
                                    recurrenceID: TimeValue, masterFrame: SeriesFrame) {
        var instance = override
        instance.recurrenceRules = []
        instance.recurrenceDates = []
        instance.exceptionDates = []
        let before = singles.count
        addSeries(instance, overrides: [], calendarIndex: calendarIndex, recurrenceID: recurrenceID)
        guard singles.count > before else { return }
        singles[singles.count - 1].occurrence.incidence = override
        if let key = masterFrame.matchKey(of: recurrenceID, lookup: { [self] in lookup($0).map(ZoneCache.init) }) {
            singles[singles.count - 1].occurrence.recurrenceIDTime =
                masterFrame.startTime(wall: wall(of: recurrenceID, frame: masterFrame, utc: key), utc: key)
        }
    }

    private func add(_ value: TimeValue, frame: SeriesFrame, to keys: inout Set<Int>, days: inout Set<Int>) {
        if let key = frame.matchKey(of: value, lookup: { [self] in lookup($0).map(ZoneCache.init) }) {
            keys.insert(key)
        } else if let day = frame.dayKey(of: value) {
            days.insert(day)
        }
    }
}
