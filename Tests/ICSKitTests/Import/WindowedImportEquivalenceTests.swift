import Foundation
import Testing
import TestSupport
@testable import ICSKit

/// For every fixture (every `.ics` under `Fixtures/`) and every range tried, a
/// windowed import expanded over that range gives exactly the occurrences of a full import
/// expanded over it. The full import is the independent reference: it never skips a block.
@Suite struct WindowedImportEquivalenceTests {
    /// Every `.ics` file under `Fixtures/`, as paths relative to it.
    static let fixtures: [String] = {
        let root = Fixtures.root.appendingPathComponent("Fixtures")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".ics") { found.append(path) }
        }
        return found.sorted()
    }()

    /// Zones on both edges of the offsets in use (-11 and +14) and UTC, for floating and all-day times.
    static let zones = ["UTC", "Pacific/Pago_Pago", "Pacific/Kiritimati"].map { TimeZone(identifier: $0)! }

    @Test func findsTheFixtures() {
        #expect(Self.fixtures.count > 100)
        #expect(Self.fixtures.contains("recurrence/caldav-leftovers.ics"))
        #expect(Self.fixtures.contains("import/google-team.ics"))
    }

    /// The cap of instances per series in these comparisons: above what any daily or coarser
    /// series has in the longest range (a year), and a fifth of the views' 10,000, so that each
    /// range of the six minutely and secondly series (`Fixtures/bounds`, one in
    /// `Fixtures/recurrence`) costs 2,000 instances; both imports are capped alike.
    static let limit = 2_000

    @Test(arguments: SanitizerRun.sample(fixtures))
    func windowedImportShowsWhatAFullImportShows(fixture: String) throws {
        let path = Fixtures.root.appendingPathComponent("Fixtures").appendingPathComponent(fixture).path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard let full = try? ICalendar(bytes: bytes, source: fixture) else { return }  // not iCalendar: nothing to view
        let zone = Self.zones[fixture.utf8.reduce(0) { $0 + Int($1) } % Self.zones.count]  // a fixed choice per fixture
        for range in Self.ranges(around: full) {
            let windowed = try ICalendar(bytes: bytes, source: fixture, options: ImportOptions(window: range))
            for zone in Set([zone, Self.zones[0]]) {
                let expected = occurrences(full, range, zone, limit: Self.limit)
                let found = occurrences(windowed, range, zone, limit: Self.limit)
                #expect(found == expected, "\(fixture) over \(range) in \(zone.identifier): \(found.count) occurrences, \(expected.count) expected")
            }
        }
    }

    /// Fixed ranges (far past and future, years, the months of 2023–2025, a day) and ranges around
    /// the data: the month before its first occurrence, the month of it, the month after the last,
    /// the year of the first, a range cut through each long occurrence, one ending where an
    /// occurrence starts and one starting where it ends (of the first forty, at most four of a series).
    static func ranges(around calendar: ICalendar) -> [DateInterval] {
        var ranges = [
            interval(1900, 1, 1, days: 31), interval(2300, 1, 1, days: 366),
            interval(2024, 1, 1, days: 366), interval(2025, 1, 1, days: 365), interval(2024, 6, 12, days: 1),
        ]
        for month in stride(from: 1, through: 36, by: 5) {
            ranges.append(interval(2023 + (month - 1) / 12, (month - 1) % 12 + 1, 1, days: 31))
        }
        let found = OccurrenceExpansion(calendars: [calendar], from: date(1970, 1, 1), to: date(2100, 1, 1),
                                        viewerTimeZone: zones[0], instanceLimit: 20).collect().occurrences
        let zone = zones[0]
        if let first = found.first?.start.date(in: zone), let last = found.last?.start.date(in: zone) {
            let day = 86_400.0
            ranges.append(DateInterval(start: first - 31 * day, duration: 31 * day - 1))
            ranges.append(DateInterval(start: first, duration: 31 * day))
            ranges.append(DateInterval(start: last + day, duration: 31 * day))
            ranges.append(DateInterval(start: first - 100 * day, duration: 366 * day))
        }
        // At most four instances of one series: a minutely or secondly series' first forty give
        // forty nearly equal ranges, each a capped expansion of ten thousand instances.
        var seen = Set<Date>()
        var perSeries: [String: Int] = [:]
        for occurrence in found.prefix(40) {
            let start = occurrence.start.date(in: zone), end = occurrence.end.date(in: zone)
            let series = occurrence.incidence.uid ?? ""
            guard perSeries[series, default: 0] < 4, seen.insert(start).inserted else { continue }
            perSeries[series, default: 0] += 1
            if end.timeIntervalSince(start) > 3600 {
                let middle = start + end.timeIntervalSince(start) / 2
                ranges.append(DateInterval(start: middle, duration: 3600))
            }
            ranges.append(DateInterval(start: start - 86_400, end: start))
            ranges.append(DateInterval(start: end, duration: 86_400))
        }
        return ranges
    }

    static func date(_ y: Int, _ m: Int, _ d: Int) -> Date {
        Date(timeIntervalSince1970: Double(CivilDate(year: y, month: m, day: d).daysSinceEpoch * 86_400))
    }

    static func interval(_ y: Int, _ m: Int, _ d: Int, days: Int) -> DateInterval {
        DateInterval(start: date(y, m, d), duration: Double(days * 86_400))
    }
}

/// The occurrences a view of `range` in `zone` shows (the capped expansion that grids use), with
/// at most `limit` instances of a series (the views' cap by default).
func occurrences(_ calendar: ICalendar, _ range: DateInterval, _ zone: TimeZone, limit: Int = 10_000) -> [Occurrence] {
    OccurrenceExpansion(calendars: [calendar], from: range.start, to: range.end, viewerTimeZone: zone,
                        instanceLimit: limit).collect().occurrences
}
