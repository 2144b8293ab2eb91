import Foundation
import Testing
@testable import ICSKit

/// ``SingleEventBound``: the cheap test that drops single events outside the range before any
/// set-up. Instants worked out by hand: 2025-01-01T00:00:00Z is 1,735,689,600 s since 1970,
/// one day is 86,400 s, the margin is three days (259,200 s).
@Suite("Recurrence: the bound of single events")
struct SingleEventBoundTests {
    /// 2025-01-01T00:00Z ..< 2025-01-02T00:00Z.
    static let rangeStart = 1_735_689_600, rangeEnd = 1_735_776_000

    func outside(_ start: String, end: String? = nil, duration: ICSDuration? = nil, tzid: String? = nil) -> Bool {
        SingleEventBound.liesOutside(start: RecurrenceText.time(start, tzid: tzid),
                                     end: end.map { RecurrenceText.time($0, tzid: tzid) }, duration: duration,
                                     rangeStart: Self.rangeStart, rangeEnd: Self.rangeEnd)
    }

    @Test func startsLaterThanTheMarginAfterTheRange() {
        // Wall 2025-01-05T09:00 = 1,736,067,600; minus the margin 1,735,808,400 ≥ the range end.
        #expect(outside("20250105T090000"))
        // Wall 2025-01-04T00:00 = 1,735,948,800; minus the margin 1,735,689,600 < the range end: not proven.
        #expect(!outside("20250104T000000", tzid: "Pacific/Kiritimati"))
    }

    @Test func endsEarlierThanTheMarginBeforeTheRange() {
        // Ends at wall 2024-12-28T00:00 = 1,735,344,000; plus the margin 1,735,603,200 ≤ the range start.
        #expect(outside("20241227T090000", end: "20241228T000000", tzid: "Europe/Berlin"))
        // Ends at 2024-12-29T01:00 = 1,735,434,000 + 259,200 = 1,735,693,200 > the range start: not proven.
        #expect(!outside("20241227T090000", end: "20241229T010000"))
    }

    @Test func spansAndSwappedEndsAreNeverOutside() {
        #expect(!outside("20241220T090000", end: "20250110T090000"))
        // DTEND before DTSTART (the expansion swaps them): the bound takes both ends.
        #expect(!outside("20250110T090000", end: "20241220T090000"))
    }

    @Test func dateWithoutEndLastsOneDay() {
        // 2024-12-27: midnight 1,735,257,600, end 1,735,344,000, + margin 1,735,603,200 ≤ the range start.
        #expect(outside("20241227"))
        // 2024-12-28: end 1,735,430,400 + 259,200 = 1,735,689,600, exactly the range start: outside.
        #expect(outside("20241228"))
        // 2024-12-29: end 1,735,516,800 + 259,200 = 1,735,776,000 > the range start.
        #expect(!outside("20241229"))
    }

    @Test func durationGivesTheEnd() {
        // 2024-12-01T00:00 = 1,733,011,200; P30D ends 1,735,603,200, + margin > the range start.
        #expect(!outside("20241201T000000", duration: ICSDuration(days: 30)))
        // P20D ends 1,734,739,200, + margin 1,734,998,400 ≤ the range start.
        #expect(outside("20241201T000000", duration: ICSDuration(days: 20)))
        // A negative duration ends before the start: the start (+ margin 1,733,270,400) bounds it.
        #expect(outside("20241201T000000", duration: ICSDuration(isNegative: true, hours: 1)))
    }

    /// Every single event of a grid around both ends of the range, in zones with the largest
    /// offsets (+14, −12) and in UTC and floating, is in the result exactly when its instants
    /// overlap the range: the overlap is checked here on the instants that a wide expansion gives
    /// (where the bound drops none of them), independently of the bound.
    @Test(arguments: ["Pacific/Kiritimati", "Etc/GMT+12", "UTC-Z", "floating", "date"])
    func expansionKeepsExactlyTheOverlapping(zone: String) throws {
        var events: [Incidence] = []
        let base = RecurrenceText.civil("20241226T000000").secondsSinceEpoch
        for hour in stride(from: 0, through: 12 * 24, by: 7) {
            for length in [0, 3_600, 30 * 3_600] {
                var e = Incidence(kind: .event)
                e.uid = "\(zone)-\(hour)-\(length)"
                let wall = CivilDateTime(secondsSinceEpoch: base + hour * 3_600)
                let endWall = CivilDateTime(secondsSinceEpoch: base + hour * 3_600 + length)
                switch zone {
                case "UTC-Z": e.start = .utc(wall); e.end = .utc(endWall)
                case "floating": e.start = .floating(wall); e.end = .floating(endWall)
                case "date":
                    e.start = .date(wall.date)
                    if length > 0 { e.end = .date(CivilDate(daysSinceEpoch: wall.date.daysSinceEpoch + length / 3_600)) }
                default: e.start = .zoned(wall, tzid: zone); e.end = .zoned(endWall, tzid: zone)
                }
                events.append(e)
            }
        }
        var calendar = ICalendar()
        calendar.events = events
        let viewer = TimeZone(identifier: "Asia/Tokyo")!
        let start = Date(timeIntervalSince1970: TimeInterval(Self.rangeStart))
        let end = Date(timeIntervalSince1970: TimeInterval(Self.rangeEnd))
        let narrow = OccurrenceExpansion(calendars: [calendar], from: start, to: end, viewerTimeZone: viewer).collect()
        let wide = OccurrenceExpansion(calendars: [calendar], from: start.addingTimeInterval(-100 * 86_400),
                                       to: end.addingTimeInterval(100 * 86_400), viewerTimeZone: viewer).collect()
        #expect(wide.occurrences.count == events.count)
        let expected = wide.occurrences.filter { o in
            let s = o.start.date(in: viewer), e = o.end.date(in: viewer)
            return s == e ? (s >= start && s < end) : (s < end && e > start)
        }
        #expect(!expected.isEmpty && expected.count < events.count)
        #expect(narrow.occurrences == expected)
        #expect(narrow.diagnostics.isEmpty)
    }

    /// An unknown TZID is reported once, naming the first event that uses it, even when that
    /// event and every later one lie outside the range (the bound waits for the first look-up).
    @Test func unknownZoneStillReportedForTheFirstEvent() throws {
        var events: [Incidence] = []
        for (i, year) in [2019, 2020, 2021].enumerated() {
            var e = Incidence(kind: .event)
            e.uid = "mars-\(i)"
            e.line = 10 * (i + 1)
            e.start = .zoned(RecurrenceText.civil("\(year)0601T090000"), tzid: "Mars/Olympus_Mons")
            events.append(e)
        }
        var calendar = ICalendar()
        calendar.events = events
        let result = OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: TimeInterval(Self.rangeStart)),
                                         to: Date(timeIntervalSince1970: TimeInterval(Self.rangeEnd)),
                                         viewerTimeZone: TimeZone(identifier: "UTC")!).collect()
        #expect(result.occurrences.isEmpty)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == .unknownTimeZone)
        #expect(diagnostic.uid == "mars-0")
        #expect(diagnostic.line == 10)
    }
}
