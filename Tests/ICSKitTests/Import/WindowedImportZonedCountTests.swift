import Foundation
import Testing
@testable import ICSKit

/// COUNT series on a zone's clock across years of DST changes (window June 2025 in UTC): each DST
/// gap drops the instance at its wall time, uncounted (RFC 5545 §3.3.10), so the COUNT-th instance
/// comes a day later per gap. The counts and instants below were worked out with Python's
/// `zoneinfo` (an independent reading of tzdata: daily wall times from DTSTART, those that do not
/// survive a round trip through UTC dropped) and by hand (the gap days are listed); the
/// occurrences of the windowed import are compared with those of a full import.
///
/// Each series ends with an instance on the window's first day, which a bound that ignored the
/// gaps would have skipped (five gaps: five days past the gap-free bound's three days of slack).
@Suite struct WindowedImportZonedCountTests {
    typealias C = WindowedImportCasesTests

    /// The first occurrence of `uid` in the window, as an instant.
    static func firstStart(_ body: [String], prefix: [String] = [], uid: String) throws -> Int? {
        let text = calendarText(body).replacingOccurrences(of: "VERSION:2.0", with: (["VERSION:2.0"] + prefix).joined(separator: "\r\n"))
        let windowed = try ICalendar(parsing: text, options: ImportOptions(window: C.june))
        let full = try ICalendar(parsing: text)
        let found = occurrences(windowed, C.june, C.utc)
        #expect(found == occurrences(full, C.june, C.utc))
        guard case .instant(let seconds, _, _)? = found.first(where: { $0.incidence.uid == uid })?.start else { return nil }
        return seconds
    }

    @Test func berlin() throws {
        // 02:30 daily from 2021-03-27; gaps 2021-03-28, 2022-03-27, 2023-03-26, 2024-03-31,
        // 2025-03-30. 1,528 days to 2025-06-01 inclusive, less 5: the 1,523rd instance is
        // 2025-06-01 02:30 CEST = 00:30Z (1,748,737,800).
        let series = C.event("berlin", ["DTSTART;TZID=Europe/Berlin:20210327T023000", "DTEND;TZID=Europe/Berlin:20210327T033000",
                                        "RRULE:FREQ=DAILY;COUNT=1523"])
        #expect(try Self.firstStart(series, uid: "berlin") == 1_748_737_800)
        // The bound with the gaps: 2021-03-27 02:30 + (c + 1 + 5) days + 1 day + 26 h ≤ 2025-06-01
        // (1,526 d 21.5 h later): c ≤ 1,518. The 1,519th instance (05-27) is parsed, not shown.
        func kept(_ count: Int) throws -> [String] {
            try C.compare(C.event("b\(count)", ["DTSTART;TZID=Europe/Berlin:20210327T023000",
                                                 "DTEND;TZID=Europe/Berlin:20210327T033000", "RRULE:FREQ=DAILY;COUNT=\(count)"])).kept
        }
        #expect(try kept(1518) == [])
        #expect(try kept(1519) == ["b1519"])
    }

    @Test func weeklyOnEveryWeekdayInBerlin() throws {
        // 02:30 on all seven weekdays from Wednesday 2025-01-01: the gap of Sunday 2025-03-30 drops
        // one. 152 days to 2025-06-01 inclusive, less 1: COUNT 151 ends 2025-06-01 02:30 CEST = 00:30Z.
        let lines = ["DTSTART;TZID=Europe/Berlin:20250101T023000", "DTEND;TZID=Europe/Berlin:20250101T033000"]
        let series = C.event("week", lines + ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;COUNT=151"])
        #expect(try Self.firstStart(series, uid: "week") == 1_748_737_800)
        // The bound: ⌈(c − 1)/7⌉ + 2 weeks, one week more for the gap, + 1 day + 26 h ≤ 150 d 21.5 h
        // (from DTSTART to the window): ⌈(c − 1)/7⌉ ≤ 18, c ≤ 127 (the 127th instance is 8 May).
        func kept(_ count: Int) throws -> [String] {
            try C.compare(C.event("w\(count)", lines + ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;COUNT=\(count)"])).kept
        }
        #expect(try kept(127) == [])
        #expect(try kept(128) == ["w128"])
    }

    @Test func newYork() throws {
        // 02:30 daily from 2021-03-13; gaps 2021-03-14, 2022-03-13, 2023-03-12, 2024-03-10,
        // 2025-03-09. 1,542 days to 2025-06-01, less 5: COUNT 1,537 ends 2025-06-01 02:30 EDT = 06:30Z.
        let series = C.event("ny", ["DTSTART;TZID=America/New_York:20210313T023000", "RRULE:FREQ=DAILY;COUNT=1537"])
        #expect(try Self.firstStart(series, uid: "ny") == 1_748_759_400)
    }

    @Test func lordHoweHalfHourShift() throws {
        // 02:15 daily from 2020-10-03; Lord Howe moves from +10:30 to +11 at 02:00 on the first
        // Sunday of October, a 30-minute gap: 2020-10-04, 2021-10-03, 2022-10-02, 2023-10-01,
        // 2024-10-06. COUNT 1,699 ends 2025-06-02 02:15 +10:30 = 2025-06-01T15:45Z.
        let series = C.event("lh", ["DTSTART;TZID=Australia/Lord_Howe:20201003T021500", "RRULE:FREQ=DAILY;COUNT=1699"])
        #expect(try Self.firstStart(series, uid: "lh") == 1_748_792_700)
    }

    @Test func utcSeriesOnXWRTimezone() throws {
        // 01:30Z is 02:30 CET: on Berlin's clock (X-WR-TIMEZONE) it drops the same five instances
        // as `berlin`, and the 1,523rd is 2025-06-01T00:30Z.
        let series = C.event("utc", ["DTSTART:20210327T013000Z", "DTEND:20210327T023000Z", "RRULE:FREQ=DAILY;COUNT=1523"])
        #expect(try Self.firstStart(series, prefix: ["X-WR-TIMEZONE:Europe/Berlin"], uid: "utc") == 1_748_737_800)
        // In UTC nothing is dropped: the 1,523rd is 2025-05-27T01:30Z, and the series is skipped.
        #expect(try C.compare(series).kept == [])
    }

    @Test func aZoneOfTheFileWithGaps() throws {
        // A VTIMEZONE under a name tzdata does not know, with Berlin's rules since 1970: the gaps
        // are its own (the same five), found through the file's definition.
        let zone = ["BEGIN:VTIMEZONE", "TZID:Custom Central", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
                    "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                    "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE"]
        let series = C.event("custom", ["DTSTART;TZID=Custom Central:20210327T023000", "RRULE:FREQ=DAILY;COUNT=1523"])
        #expect(try Self.firstStart(zone + series, uid: "custom") == 1_748_737_800)
    }

    @Test func gapsCounted() {
        // Transitions to a larger offset in [2021-03-27 02:30 − 26 h, 2025-06-01T00:00Z].
        let start = 1_616_812_200  // 2021-03-27T02:30:00 as if UTC
        let check = { (tzid: String?) in
            WindowFilter.GapCheck(tzid: tzid, latestStart: start, period: 86_400, earliest: start, length: 86_400)
        }
        let june = 1_748_736_000
        var gaps = ZoneGaps(zones: [], calendarZone: nil)
        #expect(gaps.count(check("Europe/Berlin"), before: june) == 5)
        #expect(gaps.count(check("America/New_York"), before: june) == 4)  // 2022-03-13 … 2025-03-09 (2021-03-14 is before the start)
        #expect(gaps.count(check("Asia/Tokyo"), before: june) == 0)
        #expect(gaps.count(check("UTC"), before: june) == 0)
        #expect(gaps.count(check(nil), before: june) == 0)  // UTC or floating without X-WR-TIMEZONE
        #expect(gaps.count(check("Mars/Olympus_Mons"), before: june) == nil)  // unknown: parsed
        var onBerlin = ZoneGaps(zones: [], calendarZone: "Europe/Berlin")
        #expect(onBerlin.count(check(nil), before: june) == 5)
        // A series that starts more than 200 years before the window is not searched.
        let old = WindowFilter.GapCheck(tzid: "Europe/Berlin", latestStart: 0, period: 86_400, earliest: -7_000_000_000, length: 0)
        #expect(gaps.count(old, before: june) == nil)
    }

    /// One ``ZoneGaps`` asked about many starts in a shuffled order (so that its list of a zone's
    /// gaps is reused, and widened when a start comes before it) answers each as Foundation's
    /// `TimeZone` counts it (an independent reading of tzdata): the changes to a larger offset from
    /// the start (less the margin) to the window.
    @Test func gapListsAnswerAsTzdataCountsInAnyOrder() throws {
        let june = 1_748_736_000
        func expected(_ tzid: String, from: Int) throws -> Int {
            let zone = try #require(TimeZone(identifier: tzid))
            var count = 0
            var at = Date(timeIntervalSince1970: TimeInterval(from - 1))
            while let next = zone.nextDaylightSavingTimeTransition(after: at), next.timeIntervalSince1970 <= TimeInterval(june) {
                if zone.secondsFromGMT(for: next) > zone.secondsFromGMT(for: next.addingTimeInterval(-1)) { count += 1 }
                at = next
            }
            return count
        }
        var generator = SplitMix64(state: 2025)
        var gaps = ZoneGaps(zones: [], calendarZone: nil)
        for _ in 0..<120 {
            let tzid = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Sao_Paulo"][Int(generator.next() % 4)]
            // Starts from 1985 to 2025, in no order.
            let start = 473_385_600 + Int(generator.next() % UInt64(june - 473_385_600))
            let check = WindowFilter.GapCheck(tzid: tzid, latestStart: start, period: 86_400, earliest: start, length: 3_600)
            let counted = gaps.count(check, before: june)
            let tzdata = try expected(tzid, from: start - WindowFilter.margin)
            #expect(counted == tzdata, "\(tzid) from \(start)")
        }
    }
}
