import Foundation
import Testing
import TestSupport
@testable import ICSKit

private typealias S = ProjectionSupport

/// ``GridSample`` keeps what a grid can show of a stream of occurrences: a small case worked out
/// by hand from the display order's rules (``OccurrencePlacement/precedes(_:_:)``), and
/// projections of samples compared with projections of every occurrence (the path the sample
/// replaces) on dense generated calendars and on the recurrence and view fixtures.
@Suite struct GridSampleTests {
    static let utc = S.gregorian("UTC")

    static func sample(_ occurrences: [Occurrence], days: ClosedRange<CalendarDay>, calendar: Calendar = utc,
                       options: ProjectionOptions) -> GridSample {
        var sample = GridSample(visibleDays: days, calendar: calendar, includesCancelled: options.includesCancelled,
                                maxPerDay: options.maxOccurrencesPerDay)
        for occurrence in occurrences { sample.add(occurrence) }
        return sample
    }

    static func options(perDay: Int = 100, cancelled: Bool = false) -> ProjectionOptions {
        ProjectionOptions(now: Date(timeIntervalSince1970: TimeInterval(S.utc(2025, 6, 15, 12))), includesCancelled: cancelled,
                          maxOccurrencesPerDay: perDay)
    }

    /// On 10 June, in expansion order: a bar from the 9th at 20:00 to the 10th at 08:00 (m), an
    /// all-day event (a), then 09:00 (t9), two at 10:00 (t10a, t10b), 11:00 (t11), and a cancelled
    /// one at 08:30 (c). Display order on the 10th: m (first day the 9th), a (all-day), t9, t10a,
    /// t10b (same start and length: by UID), t11; c only when cancelled ones are shown.
    static let day10: [Occurrence] = [
        S.timed("m", S.utc(2025, 6, 9, 20), S.utc(2025, 6, 10, 8)),
        S.allDay("a", (2025, 6, 10), (2025, 6, 11)),
        S.timed("c", S.utc(2025, 6, 10, 8, 30), S.utc(2025, 6, 10, 9), status: .cancelled),
        S.timed("t9", S.utc(2025, 6, 10, 9), S.utc(2025, 6, 10, 9, 30)),
        S.timed("t10a", S.utc(2025, 6, 10, 10), S.utc(2025, 6, 10, 10, 30)),
        S.timed("t10b", S.utc(2025, 6, 10, 10), S.utc(2025, 6, 10, 10, 30)),
        S.timed("t11", S.utc(2025, 6, 10, 11), S.utc(2025, 6, 10, 11, 30)),
    ]

    static func uids(_ occurrences: [Occurrence]) -> [String] { occurrences.map { $0.incidence.uid ?? "" } }

    /// Two a day: m and a fill the 10th's two places before any timed one comes; every later one
    /// has two before it on the leading keys, so none is kept. The 9th counts m, the 10th six
    /// (c is cancelled), the 11th none.
    @Test func twoADayKeepTheBarAndTheAllDayEvent() {
        let days = S.day(2025, 6, 9)...S.day(2025, 6, 11)
        let sample = Self.sample(Self.day10, days: days, options: Self.options(perDay: 2))
        #expect(Self.uids(sample.occurrences) == ["m", "a"])
        #expect(sample.counts == [1, 6, 0])
    }

    /// Four a day: t9 and t10a take the 10th's last places; t10b ties t10a on first day, kind,
    /// start and length, so it is kept too (the UID decides later); t11 comes after four.
    @Test func fourADayKeepTheTieAtTheEdge() {
        let days = S.day(2025, 6, 9)...S.day(2025, 6, 11)
        let sample = Self.sample(Self.day10, days: days, options: Self.options(perDay: 4))
        #expect(Self.uids(sample.occurrences) == ["m", "a", "t9", "t10a", "t10b"])
        let projected = DayOccurrences(sample.occurrences, visibleDays: days, calendar: Self.utc, maxPerDay: 4)
        #expect(Self.uids(projected[S.day(2025, 6, 10)]) == ["m", "a", "t9", "t10a"])
    }

    /// With cancelled ones shown, c (08:30) is counted, and takes the 10th's third place.
    @Test func cancelledOnesCountWhenShown() {
        let days = S.day(2025, 6, 9)...S.day(2025, 6, 11)
        let sample = Self.sample(Self.day10, days: days, options: Self.options(perDay: 3, cancelled: true))
        #expect(Self.uids(sample.occurrences) == ["m", "a", "c"])
        #expect(sample.counts == [1, 7, 0])
    }

    /// A bar is kept even when every day it covers is full; what lies outside the days is dropped.
    @Test func barsAreAlwaysKeptAndOutsideIsDropped() {
        let days = S.day(2025, 6, 10)...S.day(2025, 6, 10)
        let late = S.timed("late", S.utc(2025, 6, 10, 23), S.utc(2025, 6, 11, 1))
        let outside = S.timed("outside", S.utc(2025, 6, 12, 9), S.utc(2025, 6, 12, 10))
        let sample = Self.sample(Self.day10 + [late, outside], days: days, options: Self.options(perDay: 1))
        #expect(Self.uids(sample.occurrences) == ["m", "late"])
        #expect(sample.counts == [7])
    }

    // MARK: Against the projection of every occurrence

    /// Every day's state, list, hidden count, decoration and dots, and every bar, lane and hidden
    /// bar count of `sampled` equal those of `full`; the sampled items' positions name their
    /// occurrences in the sample.
    static func expectSame(_ sampled: MonthProjection, _ full: MonthProjection, sample: GridSample, _ label: String) {
        #expect(sampled.rows.count == full.rows.count, "\(label)")
        for (a, b) in zip(sampled.rows.joined(), full.rows.joined()) {
            #expect(a.state == b.state, "\(label) \(a.day)")
            #expect(a.occurrences == b.occurrences, "\(label) \(a.day)")
            #expect(a.hiddenCount == b.hiddenCount && a.decoration == b.decoration && a.calendarDots == b.calendarDots,
                    "\(label) \(a.day)")
            #expect(a.occurrenceIndices.map { sample.occurrences[$0] } == a.occurrences, "\(label) \(a.day)")
        }
        let bars = { (layout: DayRangeLayout) in
            layout.segments.map { "\($0.occurrence.incidence.uid ?? "")|\($0.occurrence.start)|\($0.row)|\($0.columns)|\($0.lane)|\($0.continuesBefore)|\($0.continuesAfter)" }
        }
        #expect(bars(sampled.dayRanges) == bars(full.dayRanges), "\(label)")
        #expect(sampled.dayRanges.laneCounts == full.dayRanges.laneCounts, "\(label)")
        #expect(sampled.dayRanges.hiddenCounts == full.dayRanges.hiddenCounts, "\(label)")
    }

    /// Expands `calendar` over the grids of `months` in `zone`, then projects each month from
    /// every occurrence and from a sample of them; returns how many occurrences and how many kept.
    @discardableResult
    static func compare(_ calendar: ICalendar, months: [CalendarMonth], zone: String, perDay: Int, cancelled: Bool = false,
                        label: String) -> (all: Int, kept: Int) {
        let grid = S.gregorian(zone, firstWeekday: 2)
        let grids = months.map { MonthGrid(month: $0, calendar: grid) }
        let days = grids[0].firstDay...grids[grids.count - 1].lastDay
        let (occurrences, _) = OccurrenceExpansion(calendars: [calendar], from: days.lowerBound.startDate(in: grid),
                                                   to: days.upperBound.adding(days: 1, in: grid).startDate(in: grid),
                                                   viewerTimeZone: grid.timeZone).collect()
        let options = Self.options(perDay: perDay, cancelled: cancelled)
        let sample = Self.sample(occurrences, days: days, calendar: grid, options: options)
        for month in months {
            let full = MonthProjection(month: month, occurrences: occurrences, calendar: grid, options: options)
            let sampled = MonthProjection(month: month, sample: sample, calendar: grid, options: options)
            expectSame(sampled, full, sample: sample, "\(label) \(month) \(zone) \(perDay)")
        }
        return (occurrences.count, sample.occurrences.count)
    }

    static let june = CalendarMonth(year: 2025, month: 6)

    /// Dense calendars (tens of occurrences a day, many sharing a start): the same grids at
    /// every cap, in several zones and over several months, while far fewer are kept.
    @Test(arguments: SanitizerRun.sample([(1, 3), (2, 20), (3, 100)] as [(UInt64, Int)]))
    func denseCalendarsProjectTheSame(seed: UInt64, perDay: Int) throws {
        let calendar = try ICalendar(parsing: DenseCalendar.text(events: 400, seed: seed), source: "dense.ics")
        let months = [CalendarMonth(year: 2025, month: 5), Self.june, CalendarMonth(year: 2025, month: 7)]
        for zone in ["UTC", "America/New_York", "Asia/Kolkata"] {
            let counted = Self.compare(calendar, months: months, zone: zone, perDay: perDay, label: "seed \(seed)")
            #expect(counted.all > 5_000)
            if perDay <= 20 { #expect(counted.kept * 2 < counted.all, "\(counted)") }
        }
        Self.compare(calendar, months: [Self.june], zone: "Europe/Berlin", perDay: perDay, cancelled: true, label: "cancelled")
    }

    /// Filling a sample through the expansion's sieve (only the kept occurrences made, zoned ones
    /// judged by their instants) counts the same and reports the same diagnostics, in the same
    /// order, as adding every occurrence ``OccurrenceExpansion/collect()`` gives, and projects
    /// the same grid as every occurrence: with one thread and with two (2,500 series), at the
    /// default cap of instances per series and at one that stops most of them. The sieve is asked
    /// about each series whole as the set-up builds it (``SeriesDrain``), not in start order, and
    /// with two threads each has its own copy: each keeps what its share may list, so the sample
    /// keeps what adding every occurrence keeps and maybe more, in the same order.
    /// Under ASan, the two threads only (`SanitizerRun`).
    @Test(arguments: SanitizerRun.sample([true, false], stride: 2))
    func collectingThroughTheSieveKeepsTheSame(secondThread: Bool) throws {
        let calendar = try ICalendar(parsing: DenseCalendar.text(events: 2_500, seed: 11), source: "dense.ics")
        let grid = S.gregorian("America/New_York", firstWeekday: 2)
        let month = MonthGrid(month: Self.june, calendar: grid)
        let days = month.firstDay...month.lastDay
        for limit in [10_000, 7] {
            var expansion = OccurrenceExpansion(calendars: [calendar], from: days.lowerBound.startDate(in: grid),
                                                to: days.upperBound.adding(days: 1, in: grid).startDate(in: grid),
                                                viewerTimeZone: grid.timeZone, instanceLimit: limit)
            expansion.usesSecondThread = secondThread
            let (all, diagnostics) = expansion.collect()
            #expect(all.count > (limit == 7 ? 10_000 : 20_000))
            #expect(limit == 10_000 ? diagnostics.isEmpty : diagnostics.count > 1_000)
            for (perDay, cancelled) in [(3, false), (100, true)] {
                let options = Self.options(perDay: perDay, cancelled: cancelled)
                let added = Self.sample(all, days: days, calendar: grid, options: options)
                var sieved = GridSample(visibleDays: days, calendar: grid, includesCancelled: cancelled, maxPerDay: perDay)
                let found = sieved.collect(expansion)
                #expect(Self.isSubsequence(added.occurrences, of: sieved.occurrences), "\(limit) \(perDay)")
                #expect(Self.isSubsequence(sieved.occurrences, of: all), "\(limit) \(perDay)")
                #expect(sieved.counts == added.counts, "\(limit) \(perDay)")
                #expect(found == diagnostics, "\(limit) \(perDay)")
                #expect(sieved.occurrences.count * 2 < all.count || perDay == 100)
                let full = MonthProjection(month: Self.june, occurrences: all, calendar: grid, options: options)
                let sampled = MonthProjection(month: Self.june, sample: sieved, calendar: grid, options: options)
                Self.expectSame(sampled, full, sample: sieved, "sieve \(secondThread) \(limit) \(perDay)")
            }
        }
    }

    /// The same through many calendars: the 2,500 events split into 50 calendars of 50 (each set
    /// up apart, on one thread). The sieve's copy goes on from calendar to calendar, so that the
    /// sample keeps about what one calendar of them all keeps; a fresh copy for each calendar
    /// kept each one's first three a day (about 50 times as many).
    @Test func collectingManyCalendarsThroughTheSieveKeepsTheSame() throws {
        let whole = try ICalendar(parsing: DenseCalendar.text(events: 2_500, seed: 11), source: "dense.ics")
        let calendars = (0..<50).map { index -> ICalendar in
            var part = whole
            part.events = Array(whole.events[index * 50 ..< (index + 1) * 50])
            part.source = "dense-\(index).ics"
            return part
        }
        let grid = S.gregorian("America/New_York", firstWeekday: 2)
        let month = MonthGrid(month: Self.june, calendar: grid)
        let days = month.firstDay...month.lastDay
        let expansion = OccurrenceExpansion(calendars: calendars, from: days.lowerBound.startDate(in: grid),
                                            to: days.upperBound.adding(days: 1, in: grid).startDate(in: grid), viewerTimeZone: grid.timeZone)
        let (all, diagnostics) = expansion.collect()
        let options = Self.options(perDay: 3)
        let added = Self.sample(all, days: days, calendar: grid, options: options)
        var sieved = GridSample(visibleDays: days, calendar: grid, includesCancelled: false, maxPerDay: 3)
        let found = sieved.collect(expansion)
        #expect(Self.isSubsequence(added.occurrences, of: sieved.occurrences))
        #expect(Self.isSubsequence(sieved.occurrences, of: all))
        #expect(sieved.counts == added.counts)
        #expect(found == diagnostics)
        #expect(sieved.occurrences.count <= 2 * added.occurrences.count, "\(sieved.occurrences.count) kept, \(added.occurrences.count) needed")
        let full = MonthProjection(month: Self.june, occurrences: all, calendar: grid, options: options)
        let sampled = MonthProjection(month: Self.june, sample: sieved, calendar: grid, options: options)
        Self.expectSame(sampled, full, sample: sieved, "50 calendars")
    }

    /// Whether `part` is `whole` with some elements left out, in the same order.
    static func isSubsequence(_ part: [Occurrence], of whole: [Occurrence]) -> Bool {
        var rest = whole[...]
        for item in part {
            guard let found = rest.firstIndex(of: item) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    /// The recurrence and view fixtures, each over the months of its first occurrences, with a
    /// cap of one and two a day (where lists are cut) and the default.
    @Test func fixturesProjectTheSame() throws {
        let root = RepositoryRoot.url.appendingPathComponent("Fixtures")
        var files: [URL] = []
        for folder in ["recurrence", "views"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            files += names.filter { $0.hasSuffix(".ics") }.sorted().map { root.appendingPathComponent(folder).appendingPathComponent($0) }
        }
        #expect(files.count > 20)
        for file in files {
            guard let calendar = try? ICalendar(contentsOfFile: file.path) else { continue }
            let first = calendar.events.compactMap { $0.start?.date }.min() ?? CivilDate(year: 2025, month: 6, day: 1)
            let month = CalendarMonth(year: min(max(first.year, 2), 9_998), month: first.month)
            let months = [month, month.adding(months: 1, in: Self.utc)]
            for perDay in [1, 2, 100] {
                Self.compare(calendar, months: months, zone: "America/New_York", perDay: perDay, label: file.lastPathComponent)
            }
        }
    }
}
