import Foundation
import Testing
@testable import ICSKit

/// Projections of shapes that once made month and week views superlinear,
/// in small versions: thousands of overlapping multi-day occurrences, and a weekly series from
/// year 1 whose instances last years. What a grid cannot draw is counted, not listed: the
/// counts, the lanes of what is kept, and the "+N" of what is not are checked here against
/// counts made independently in the test (by walking every occurrence and day).
@Suite("Projections of hostile shapes")
struct HostileProjectionTests {
    typealias S = ProjectionSupport
    static let march = CalendarMonth(year: 2024, month: 3)
    static let calendar = S.gregorian()

    /// Four daily all-day series from 10, 11, 12 and 13 February 2024, each instance lasting
    /// ten days, up to 6 April (the last day of the March grid, which runs 25 Feb – 6 Apr).
    /// Every grid day is covered by ten instances of each series (those that began on it or on
    /// the nine days before, all after the series' first day): 40 in all.
    static func longDaily() -> [Occurrence] {
        var list: [Occurrence] = []
        for series in 0..<4 {
            var day = CivilDate(year: 2024, month: 2, day: 10 + series)
            while day <= CivilDate(year: 2024, month: 4, day: 6) {
                let end = day.adding(days: 10)
                list.append(S.allDay("long-\(series)", (day.year, day.month, day.day), (end.year, end.month, end.day)))
                day = day.adding(days: 1)
            }
        }
        return list
    }

    /// How many of `occurrences` cover the all-day `day` (start ≤ day < end), counted by brute force.
    static func covering(_ day: CalendarDay, _ occurrences: [Occurrence]) -> Int {
        let civil = CivilDate(year: day.year, month: day.month, day: day.day)
        return occurrences.filter { occurrence in
            guard case .date(let start) = occurrence.start, case .date(let end) = occurrence.end else { return false }
            return start <= civil && civil < end
        }.count
    }

    static func options(perDay: Int, lanes: Int) -> ProjectionOptions {
        ProjectionOptions(now: Date(timeIntervalSince1970: 0), maxOccurrencesPerDay: perDay, maxLanes: lanes)
    }

    @Test("days past the cap list the first occurrences in display order and count the rest")
    func dayListsAreCapped() {
        let occurrences = Self.longDaily()
        let capped = MonthProjection(month: Self.march, occurrences: occurrences, calendar: Self.calendar,
                                     options: Self.options(perDay: 7, lanes: 5))
        let full = DayOccurrences(occurrences, visibleDays: S.day(2024, 2, 25)...S.day(2024, 4, 6), calendar: Self.calendar)
        #expect(capped.rows.count == 6)
        for item in capped.rows.joined() {
            #expect(Self.covering(item.day, occurrences) == 40, "\(item.day)")
            #expect(item.state.occurrenceCount == 40, "\(item.day)")
            #expect(item.occurrences.count == 7 && item.hiddenCount == 33, "\(item.day)")
            #expect(item.occurrences == Array(full[item.day].prefix(7)), "\(item.day)")
            #expect(item.occurrenceIndices.map { occurrences[$0] } == item.occurrences, "\(item.day)")
            // The default dot still tells the whole count.
            #expect(item.decoration == .default(color: DayDecoration.color(of: item.occurrences[0], calendars: []),
                                                size: .large, count: 40))
        }
        #expect(full.count(on: S.day(2024, 3, 15)) == 40 && full.count(on: S.day(2024, 4, 7)) == 0)
    }

    @Test("an agenda's day skips what earlier days listed, building only the rest")
    func daysSkipWhatWasListed() {
        // The 40 ten-day instances covering each day: on 15 March, those that began on 6–15 March
        // (ten per series); skipping those listed on 14 March (begun on 5–14 March) leaves the
        // four that begin on the 15th, one per series.
        let occurrences = Self.longDaily()
        let full = DayOccurrences(occurrences, visibleDays: S.day(2024, 2, 25)...S.day(2024, 4, 6), calendar: Self.calendar)
        let listed = Set(full.placements(on: S.day(2024, 3, 14)).map(\.index))
        let rest = full.placements(on: S.day(2024, 3, 15), skipping: listed)
        #expect(listed.count == 40)
        #expect(rest.count == 4)
        #expect(rest.allSatisfy { $0.days.lowerBound == S.day(2024, 3, 15) })
        #expect(rest == full.placements(on: S.day(2024, 3, 15)).filter { !listed.contains($0.index) })
        #expect(full.placements(on: S.day(2024, 3, 15), skipping: []) == full.placements(on: S.day(2024, 3, 15)))
    }

    @Test("lanes past the cap are counted: kept lanes never collide and match the uncapped layout")
    func lanesAreCapped() {
        let occurrences = Self.longDaily()
        let capped = MonthProjection(month: Self.march, occurrences: occurrences, calendar: Self.calendar,
                                     options: Self.options(perDay: 7, lanes: 5)).dayRanges
        let uncapped = MonthProjection(month: Self.march, occurrences: occurrences, calendar: Self.calendar,
                                       options: Self.options(perDay: 1_000, lanes: 1_000)).dayRanges
        // First fit in order of first column needs as many lanes as the deepest cell: 40.
        #expect(capped.laneCounts == Array(repeating: 40, count: 6))
        #expect(uncapped.laneCounts == capped.laneCounts)
        #expect(capped.segments.allSatisfy { $0.lane < 5 })
        #expect(capped.segments == uncapped.segments.filter { $0.lane < 5 })
        for row in 0..<6 {
            let segments = capped.segments(inRow: row)
            for lane in 0..<5 {
                let inLane = segments.filter { $0.lane == lane }
                for (i, a) in inLane.enumerated() {
                    for b in inLane[(i + 1)...] { #expect(!a.columns.overlaps(b.columns), "row \(row) lane \(lane)") }
                }
            }
            for column in 0..<7 {
                let kept = segments.filter { $0.columns.contains(column) }.count
                let shown = uncapped.segments.filter { $0.row == row && $0.columns.contains(column) }.count
                #expect(shown == 40)
                #expect(capped.hiddenCounts[row][column] == 40 - kept, "row \(row) column \(column)")
                #expect(capped.count(inRow: row, column: column, fromLane: 0) == 40)
                // A renderer drawing two lanes shows "+N" for lanes 2 and later, kept or counted.
                #expect(capped.count(inRow: row, column: column, fromLane: 2)
                        == uncapped.segments.filter { $0.row == row && $0.lane >= 2 && $0.columns.contains(column) }.count)
            }
        }
    }

    @Test("a week of many overlapping ranges names every occurrence it shows")
    func weekIndicesAreComplete() {
        let occurrences = Self.longDaily()
        let week = WeekProjection(containing: S.day(2024, 3, 13), occurrences: occurrences, calendar: Self.calendar,
                                  options: Self.options(perDay: 3, lanes: 2))
        // The week of Sunday 10 March: instances that began 1–16 March, or from 10 days before.
        let expected = occurrences.indices.filter { index in
            (0..<7).contains { Self.covering(S.day(2024, 3, 10 + $0), [occurrences[index]]) == 1 }
        }
        #expect(week.occurrenceIndices == expected)
        #expect(week.days.allSatisfy { $0.occurrences.count == 3 && $0.state.occurrenceCount == 40 })
        #expect(week.dayRanges.laneCounts == [40])
        #expect(week.dayRanges.hiddenCounts[0] == Array(repeating: 38, count: 7))
    }

    /// A weekly series from 0001-01-01 00:00 UTC whose instances last `years` years
    /// (DTEND at 1 January of year 1 + `years`).
    static func fromYearOne(years: Int) -> ICalendar {
        var event = Incidence(kind: .event)
        event.uid = "year1"
        event.summary = "weekly since year 1"
        event.start = .utc(CivilDateTime(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0))
        event.end = .utc(CivilDateTime(year: 1 + years, month: 1, day: 1, hour: 0, minute: 0, second: 0))
        event.recurrenceRules = [RecurrenceRule(frequency: .weekly)]
        event.line = 4
        var calendar = ICalendar(source: "year1.ics")
        calendar.events = [event]
        return calendar
    }

    static func june2024(_ calendar: ICalendar) -> ([Occurrence], [Diagnostic]) {
        OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 6, 1))),
                            to: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 7, 1))),
                            viewerTimeZone: TimeZone(identifier: "UTC")!).collect()
    }

    @Test("a weekly series from year 1 lasting ten years: every instance that overlaps June 2024")
    func yearOneTenYears() {
        let (occurrences, diagnostics) = Self.june2024(Self.fromYearOne(years: 10))
        #expect(diagnostics.isEmpty)
        // Years 1–10 hold two leap years (4 and 8): each instance lasts 3,652 days. It overlaps
        // June 2024 when it starts before 1 July and after 1 June minus 3,652 days.
        let first = CivilDate(year: 1, month: 1, day: 1).daysSinceEpoch
        let lower = CivilDate(year: 2024, month: 6, day: 1).daysSinceEpoch - 3_652
        let upper = CivilDate(year: 2024, month: 7, day: 1).daysSinceEpoch
        let expected = stride(from: first, to: upper, by: 7).filter { $0 > lower }
        #expect(occurrences.count == expected.count)
        #expect(occurrences.map { if case .instant(let s, _, _) = $0.start { return s / 86_400 } else { return 0 } } == expected)
        let june = MonthProjection(month: CalendarMonth(year: 2024, month: 6), occurrences: occurrences, calendar: Self.calendar,
                                   options: Self.options(perDay: 10, lanes: 4))
        for item in june.rows.joined() {
            let day = CivilDate(year: item.day.year, month: item.day.month, day: item.day.day).daysSinceEpoch
            let count = expected.filter { $0 <= day && day < $0 + 3_652 }.count
            #expect(item.state.occurrenceCount == count, "\(item.day)")
            #expect(item.occurrences.count == 10 && item.hiddenCount == count - 10)
        }
        #expect(june.dayRanges.segments.allSatisfy { $0.lane < 4 })
        #expect(june.dayRanges.laneCounts.allSatisfy { $0 >= 521 })
    }

    @Test("a weekly series from year 1 lasting 3,000 years stops at the instance limit, and says where")
    func yearOneThreeThousandYears() throws {
        let (occurrences, diagnostics) = Self.june2024(Self.fromYearOne(years: 3_000))
        // Every instance since year 1 overlaps June 2024; the expansion keeps the first 10,000.
        #expect(occurrences.count == 10_000)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1 && diagnostic.code == .recurrenceLimit)
        #expect(diagnostic.description.hasPrefix("year1.ics:4: "))
    }
}

/// An incidence hashes a small key, so that sets and dictionaries of occurrences stay cheap
/// whatever the size of the event; equality still compares every value.
@Suite("Incidence hashing")
struct IncidenceHashingTests {
    @Test("incidences that differ only outside the key are still different members of a set")
    func keyIsSmallButEqualityIsWhole() {
        var a = Incidence(kind: .event)
        a.uid = "same"
        a.summary = "one"
        var b = a
        b.summary = "two"
        b.notes = String(repeating: "x", count: 100_000)
        #expect(a != b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b, a]).count == 2)
        var c = a
        c.uid = "other"
        #expect(a != c && Set([a, c]).count == 2)
    }
}
