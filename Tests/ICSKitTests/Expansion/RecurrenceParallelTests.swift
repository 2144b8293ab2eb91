import Foundation
import Testing
@testable import ICSKit

/// The expansion of a large calendar on two threads (setup in two parts, the second part's
/// series merged on a thread of their own) against the same expansion on one thread: the
/// same occurrences in the same order, and the same diagnostics. The one-thread path is the
/// reference (its semantics are checked by the hand-worked tests and fixtures).
@Suite("Recurrence: expansion on two threads")
struct RecurrenceParallelTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// About 4,000 incidences: series in three zones, UTC, floating and all-day, with EXDATEs,
    /// moved and THISANDFUTURE overrides, an unknown TZID in both halves, shared UIDs across
    /// series and singles, and series that hit the instance limit.
    static func calendar() -> ICalendar {
        var recurring: [Incidence] = []
        var singles: [Incidence] = []
        let zones: [String?] = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", nil, "Nowhere/Unknown"]
        let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=DAILY;INTERVAL=3;COUNT=40",
                     "FREQ=MONTHLY;BYDAY=2TU", "FREQ=WEEKLY;UNTIL=20250601T000000Z", "FREQ=YEARLY"]
        for i in 0..<1_500 {
            var e = Incidence(kind: .event)
            e.uid = "series-\(i % 1_400)"  // a few UIDs twice: the later one (by SEQUENCE) is the master
            e.sequence = i / 1_400
            let hour = 6 + i % 12
            let day = 1 + i % 27
            let text = String(format: "202501%02dT%02d%02d00", day, hour, (i % 4) * 15)
            switch i % 7 {
            case 5: e.start = .date(RecurrenceText.civil(text).date)
            case 6: e.start = .floating(RecurrenceText.civil(text))
            default:
                let zone = zones[i % zones.count]
                e.start = zone.map { RecurrenceText.time(text, tzid: $0) } ?? .utc(RecurrenceText.civil(text))
            }
            e.duration = ICSDuration(minutes: 30 + (i % 5) * 15)
            e.recurrenceRules = [RecurrenceText.rule(rules[i % rules.count])]
            if i % 11 == 0, let start = e.start { e.exceptionDates = [start] }
            recurring.append(e)
            if i % 13 == 0, let start = e.start, !start.isDate {
                // Moves the second instance of a daily series by an hour (for other rules it names no instance).
                var o = Incidence(kind: .event)
                o.uid = e.uid
                let rid = Self.shifted(start, seconds: 86_400)
                o.recurrenceID = rid
                o.start = Self.shifted(rid, seconds: 3_600)
                o.summary = "moved"
                o.appliesToFutureInstances = i % 26 == 0
                recurring.append(o)
            }
        }
        for i in 0..<2_500 {
            var e = Incidence(kind: .event)
            e.uid = i % 50 == 0 ? "series-\(i % 1_400)" : "single-\(i % 2_300)"
            let text = String(format: "2025%02d%02dT%02d0000", 1 + i % 12, 1 + i % 28, i % 24)
            e.start = i % 9 == 0 ? .date(RecurrenceText.civil(text).date) : RecurrenceText.time(text, tzid: zones[i % 3]!)
            singles.append(e)
        }
        // Interleaved, so that both halves of the setup (split by file position) hold series.
        var events: [Incidence] = []
        for i in 0..<max(recurring.count, singles.count) {
            if i < recurring.count { events.append(recurring[i]) }
            if i < singles.count { events.append(singles[i]) }
        }
        var calendar = ICalendar()
        calendar.events = events
        return calendar
    }

    static func shifted(_ value: TimeValue, seconds: Int) -> TimeValue {
        let civil = CivilDateTime(secondsSinceEpoch: value.civil.secondsSinceEpoch + seconds)
        switch value {
        case .zoned(_, let tzid): return .zoned(civil, tzid: tzid)
        case .utc: return .utc(civil)
        case .floating: return .floating(civil)
        case .date: return value
        }
    }

    @Test(arguments: [10_000, 60])
    func twoThreadsGiveWhatOneGives(limit: Int) {
        let calendar = Self.calendar()
        let from = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
        let to = Date(timeIntervalSince1970: 1_767_225_600)    // 2026-01-01T00:00:00Z
        var one = OccurrenceExpansion(calendars: [calendar], from: from, to: to, viewerTimeZone: Self.berlin,
                                      instanceLimit: limit)
        one.usesSecondThread = false
        let two = OccurrenceExpansion(calendars: [calendar], from: from, to: to, viewerTimeZone: Self.berlin,
                                      instanceLimit: limit)
        let expected = one.collect()
        let found = two.collect()
        #expect(expected.occurrences.count > 40_000)
        #expect(found.occurrences.count == expected.occurrences.count)
        #expect(found.occurrences == expected.occurrences)
        #expect(found.diagnostics == expected.diagnostics)
        #expect(expected.diagnostics.contains { $0.code == .unknownTimeZone })
        if limit < 100 { #expect(expected.diagnostics.contains { $0.code == .recurrenceLimit }) }
    }

    @Test func severalCalendarsComeInStartThenUIDThenCalendarOrder() {
        // Three calendars (six parts, six sorted runs to merge): the same occurrences on one thread
        // and on two, in the documented order (``OccurrenceExpansion``): start instant, then UID, then calendar.
        let calendar = Self.calendar()
        var renamed = calendar
        for i in renamed.events.indices where i % 4 == 0 { renamed.events[i].uid = renamed.events[i].uid.map { "b-" + $0 } }
        let calendars = [calendar, renamed, calendar]
        let from = Date(timeIntervalSince1970: 1_735_689_600)
        let to = Date(timeIntervalSince1970: 1_743_465_600)    // 2025-04-01T00:00:00Z
        var one = OccurrenceExpansion(calendars: calendars, from: from, to: to, viewerTimeZone: Self.berlin)
        one.usesSecondThread = false
        let expected = one.collect()
        let found = OccurrenceExpansion(calendars: calendars, from: from, to: to, viewerTimeZone: Self.berlin).collect()
        #expect(expected.occurrences.count > 30_000)
        #expect(found.occurrences == expected.occurrences)
        #expect(found.diagnostics == expected.diagnostics)
        let keys = found.occurrences.map { ($0.start.date(in: Self.berlin), $0.incidence.uid ?? "", $0.calendarIndex) }
        let misordered = zip(keys, keys.dropFirst()).filter { a, b in (b.0, b.1, b.2) < (a.0, a.1, a.2) }
        #expect(misordered.isEmpty)
        #expect(Set(found.occurrences.map(\.calendarIndex)) == [0, 1, 2])
    }

    @Test func uidsReadOnTwoThreadsGroupAsTheDictionaryDoes() {
        // The set-up reads and hashes the UIDs of a large calendar in two halves: the groups must be
        // those of the reference grouping (a dictionary from UID, ``UIDGroups/byDictionary(_:)``).
        let calendar = Self.calendar()
        let reference = UIDGroups.byDictionary(calendar.events.map(\.uid) + calendar.todos.map(\.uid))
        func lists(_ groups: UIDGroups) -> [[Int]] { (0..<groups.count).map { Array(groups[$0]) } }
        for parallel in [false, true] {
            let found = SeriesSetup.group(calendar, parallel: parallel)
            #expect(found.ungrouped == reference.ungrouped)
            #expect(lists(found.groups) == lists(reference.groups))
        }
        // Shared UIDs across the halves (series-N twice, singles sharing series UIDs) make groups of several.
        #expect(lists(reference.groups).contains { $0.count > 1 && $0.first! < 2_000 && $0.last! >= 2_000 })
    }

    @Test func leavingEarlyStopsTheSecondThread() {
        // Iterates a few occurrences and drops the iterator: the stream must not keep a thread
        // blocked (the test would hang at the end of the process otherwise) nor crash.
        let calendar = Self.calendar()
        let from = Date(timeIntervalSince1970: 1_735_689_600)
        let to = Date(timeIntervalSince1970: 1_767_225_600)
        for _ in 0..<20 {
            var iterator = OccurrenceExpansion(calendars: [calendar], from: from, to: to,
                                               viewerTimeZone: Self.berlin).makeIterator()
            var seen = 0
            while seen < 10_000, iterator.next() != nil { seen += 1 }
            #expect(seen == 10_000)
        }
    }
}
