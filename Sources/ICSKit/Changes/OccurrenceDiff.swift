import Foundation

/// What changed between two imports of a calendar over an interval, occurrence by occurrence:
/// the occurrences added, removed, moved (another start or end) and changed (the same times,
/// other content), each keyed by its ``Occurrence/ID`` — what an app that stores occurrences
/// (the next 90 days, by ``Occurrence/ID/stringValue``) updates, and exactly the days it redraws.
///
/// How calendar edits show (RFC 5545 3.8.4.4, 3.8.5):
/// - an instance of a series moved by an override keeps its identity (its RECURRENCE-ID): **moved**;
/// - a single event whose DTSTART changed: **moved**;
/// - a new EXDATE: **removed**; an instance overridden with STATUS:CANCELLED stays, **changed**
///   (`STATUS`), as the expansion keeps cancelled occurrences;
/// - a changed RRULE: the instances it no longer makes are **removed**, the new ones **added**
///   (an instance's identity is its original start);
/// - a new SUMMARY on a series master: every occurrence in the interval **changed**.
///
/// The new import is read as the same calendar as the old one (its occurrences take the old
/// one's ``ICalendar/id``), so that keys stored from the old copy match.
///
/// ```swift
/// let diff = OccurrenceDiff(old: stored, new: fetched, from: today, to: in90Days, viewerTimeZone: .current)
/// for occurrence in diff.added { rows.insert(occurrence.id.stringValue, occurrence) }
/// for occurrence in diff.removed { rows.delete(occurrence.id.stringValue) }
/// for change in diff.moved + diff.changed { rows.update(change.id.stringValue, change.new) }
/// ```
public struct OccurrenceDiff: Sendable {
    /// One occurrence in both imports that differs.
    public struct Change: Sendable, Hashable {
        /// Its identity (the same in both).
        public var id: Occurrence.ID
        /// As the old import has it.
        public var old: Occurrence
        /// As the new import has it.
        public var new: Occurrence
        /// What differs: `DTSTART` and `DTEND` for a moved occurrence's times, then the
        /// properties of its event that differ (``CalendarDiff/Field``), without those that only
        /// shape a series (RRULE, RDATE, EXDATE, RANGE, SEQUENCE) or carry its times.
        public var fields: [CalendarDiff.Field]

        /// Whether its start or end moved.
        public var isMove: Bool { fields.contains(.start) || fields.contains(.end) }
    }

    /// In the new import's interval only, by start.
    public var added: [Occurrence]
    /// In the old import's interval only, by start.
    public var removed: [Occurrence]
    /// In both, with another start or end (perhaps other changes too), by old start.
    public var moved: [Change]
    /// In both, at the same times, with other content, by start.
    public var changed: [Change]
    /// In both, the same.
    public var unchangedCount: Int

    /// Whether no occurrence was added, removed, moved or changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && moved.isEmpty && changed.isEmpty }

    /// What the two expansions reported: with an `instanceLimit`, each series that stopped at it
    /// (``DiagnosticCode/recurrenceLimit``, ICS3002), and a TZID no zone was found for. Empty
    /// when nothing was reported. A series that stopped is compared only up to the last start
    /// both imports reached (see ``init(old:new:from:to:viewerTimeZone:instanceLimit:)``).
    public var diagnostics: [Diagnostic] = []

    /// Expands both imports over `start..<end` and compares their occurrences.
    /// - Parameters:
    ///   - old: the earlier import.
    ///   - new: the later one (read as the same calendar as `old`).
    ///   - viewerTimeZone: the zone floating and all-day times are read in.
    ///   - instanceLimit: the most occurrences of one series each import gives, as a view
    ///     collects them (``OccurrenceExpansion/collect()``); nil (the default): every one. Both
    ///     lists are held at once, so a frequent series over a long range (every minute for a
    ///     year: 525,600 on each side) costs memory in proportion. Past the limit a series is
    ///     compared up to the earlier of the last starts the two imports reached, so that the
    ///     instances one import had no room for are not called added or removed; each stop is in
    ///     ``diagnostics``.
    /// - Complexity: the two expansions, then O(n log n) in the occurrences.
    public init(old: ICalendar, new: ICalendar, from start: Date, to end: Date, viewerTimeZone: TimeZone,
                instanceLimit: Int? = nil) {
        var renamed = new
        renamed.source = old.source
        var named = old
        if old.source == nil {
            // Without a source the identity is a fingerprint of the content: give both the old one's.
            renamed.source = "-occurrence-diff"
            named.source = "-occurrence-diff"
        }
        func expand(_ calendar: ICalendar) -> (occurrences: [Occurrence], diagnostics: [Diagnostic]) {
            let expansion = OccurrenceExpansion(calendars: [calendar], from: start, to: end, viewerTimeZone: viewerTimeZone,
                                                instanceLimit: instanceLimit ?? 10_000)
            if instanceLimit != nil { return expansion.collect() }
            var iterator = expansion.makeIterator()
            var all: [Occurrence] = []
            while let next = iterator.next() { all.append(next) }
            return (all, iterator.diagnostics)
        }
        let before = expand(named), after = expand(renamed)
        // Each diagnostic names the copy it came from (the new one was expanded under the old one's name).
        func attributed(_ diagnostics: [Diagnostic], from expanded: ICalendar, as original: ICalendar) -> [Diagnostic] {
            diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                if diagnostic.source == expanded.source { diagnostic.source = original.source }
                return diagnostic
            }
        }
        var seen = Set<Diagnostic>()
        let stopped = (attributed(before.diagnostics, from: named, as: old) + attributed(after.diagnostics, from: renamed, as: new))
            .filter { seen.insert($0).inserted }
        let horizons = Self.horizons(stopped, before.occurrences, after.occurrences, zone: viewerTimeZone)
        func reached(_ occurrence: Occurrence) -> Bool {
            guard let horizon = horizons[occurrence.incidence.uid ?? ""] else { return true }
            return occurrence.start.date(in: viewerTimeZone) <= horizon
        }
        self.init(old: horizons.isEmpty ? before.occurrences : before.occurrences.filter(reached),
                  new: horizons.isEmpty ? after.occurrences : after.occurrences.filter(reached), zone: viewerTimeZone)
        diagnostics = stopped
    }

    /// For each UID whose series stopped at the instance limit in either import, the earlier of
    /// the last starts the two imports reached for it (the latest start of one that did not stop).
    private static func horizons(_ diagnostics: [Diagnostic], _ old: [Occurrence], _ new: [Occurrence], zone: TimeZone) -> [String: Date] {
        let uids = Set(diagnostics.filter { $0.code == .recurrenceLimit }.map { $0.uid ?? "" })
        guard !uids.isEmpty else { return [:] }
        func lastStarts(_ list: [Occurrence]) -> [String: Date] {
            var out: [String: Date] = [:]
            for occurrence in list {
                let uid = occurrence.incidence.uid ?? ""
                guard uids.contains(uid) else { continue }
                let start = occurrence.start.date(in: zone)
                if let known = out[uid], known >= start { continue }
                out[uid] = start
            }
            return out
        }
        let a = lastStarts(old), b = lastStarts(new)
        var out: [String: Date] = [:]
        for uid in uids {
            switch (a[uid], b[uid]) {
            case let (x?, y?): out[uid] = min(x, y)
            case let (x?, nil): out[uid] = x
            case let (nil, y?): out[uid] = y
            case (nil, nil): break
            }
        }
        return out
    }

    /// Compares two lists of occurrences (of the same calendars) by identity.
    /// - Parameter zone: the zone all-day and floating times are compared in.
    /// - Complexity: O(n log n), and one comparison of each pair of incidences (a series shares one).
    public init(old: [Occurrence], new: [Occurrence], zone: TimeZone) {
        // Positions, not copies (an ``Occurrence`` is a large value): the first of each identity.
        func index(_ list: [Occurrence]) -> [Occurrence.ID: Int] {
            var out: [Occurrence.ID: Int] = [:]
            out.reserveCapacity(list.count)
            for (position, occurrence) in list.enumerated() where out[occurrence.id] == nil { out[occurrence.id] = position }
            return out
        }
        let before = index(old), after = index(new)
        // By start, then by identity, each key worked out once: ``Occurrence/ID/stringValue``
        // escapes and joins the identity's parts, and made for every comparison it was a third
        // of the diff of two calendars of 100,000 events (many sharing a start).
        struct Keyed<T> {
            let item: T
            let date: Date
            let id: String
        }
        func ordered<T>(_ items: some Sequence<T>, by occurrence: (T) -> Occurrence) -> [T] {
            var keyed: [Keyed<T>] = []
            for item in items {
                let o = occurrence(item)
                keyed.append(Keyed(item: item, date: o.start.date(in: zone), id: o.id.stringValue))
            }
            keyed.sort { (a: Keyed<T>, b: Keyed<T>) -> Bool in a.date != b.date ? a.date < b.date : a.id < b.id }
            return keyed.map { $0.item }
        }
        added = ordered(after.filter { before[$0.key] == nil }.values) { new[$0] }.map { new[$0] }
        removed = ordered(before.filter { after[$0.key] == nil }.values) { old[$0] }.map { old[$0] }
        var moved: [Change] = [], changed: [Change] = []
        var same = 0
        // Each pair of incidences is compared once: the instances of a series share theirs
        // (``SharedIncidence``, never written), and a series of 10,000 alarms compared field by
        // field for each of its occurrences took 5 ms an occurrence.
        struct Pair: Hashable {
            let old: ObjectIdentifier, new: ObjectIdentifier
        }
        var compared: [Pair: [CalendarDiff.Field]] = [:]
        for (id, nowAt) in after {
            guard let wasAt = before[id] else { continue }
            let was = old[wasAt], now = new[nowAt]
            var fields: [CalendarDiff.Field] = []
            if was.start.date(in: zone) != now.start.date(in: zone) || was.start.isAllDayDate != now.start.isAllDayDate { fields.append(.start) }
            if was.end.date(in: zone) != now.end.date(in: zone) || was.end.isAllDayDate != now.end.isAllDayDate { fields.append(.end) }
            let pair = Pair(old: ObjectIdentifier(was.shared), new: ObjectIdentifier(now.shared))
            if let known = compared[pair] {
                fields += known
            } else {
                let differences = IncidenceFields.differences(was.incidence, now.incidence).filter { !OccurrenceDiff.seriesFields.contains($0) }
                compared[pair] = differences
                fields += differences
            }
            if fields.isEmpty {
                same += 1
            } else {
                let change = Change(id: id, old: was, new: now, fields: fields)
                if change.isMove { moved.append(change) } else { changed.append(change) }
            }
        }
        self.moved = ordered(moved) { $0.old }
        self.changed = ordered(changed) { $0.new }
        unchangedCount = same
    }

    /// The fields that shape a series or carry an occurrence's times: not a change of one occurrence.
    static let seriesFields: Set<CalendarDiff.Field> = [.start, .end, .duration, .due, .recurrenceRules, .recurrenceDates,
                                                         .exceptionDates, .range, .sequence]
}

extension OccurrenceTime {
    /// Whether it is a DATE (all day).
    var isAllDayDate: Bool {
        if case .date = self { return true }
        return false
    }
}
