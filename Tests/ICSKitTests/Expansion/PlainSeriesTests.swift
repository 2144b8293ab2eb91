import Foundation
import Testing
@testable import ICSKit

/// A sieved expansion (the text grids') asks its sieve about each recurring series whole as it
/// is built (``SeriesDrain``), and reads plain series by arithmetic (``PlainSeries``) instead of
/// building them. With a sieve that wants every occurrence, it must hand out exactly what the
/// general path (``OccurrenceExpansion/collect()``, the merge of built series) hands out: the same
/// occurrences in the same order, and the same diagnostics. Checked on generated calendars of
/// plain series and others mixed, in zones with gaps where they hurt (New York, London, Lord Howe's
/// half hour, Apia's skipped day), with times of day in the gaps, COUNT, UTC and floating UNTIL,
/// EXDATEs, day-long and zero-length instances, cancelled ones and a low instance limit.
@Suite("Expansion: drained and plain series against the merge")
struct PlainSeriesTests {
    /// A sieve that wants everything, and counts what it was asked.
    struct WantAll: InstanceSieve {
        var asked = 0
        mutating func wants(startSeconds: Int, endSeconds: Int, cancelled: Bool) -> Bool { asked += 1; return true }
        mutating func wants(_ occurrence: Occurrence) -> Bool { asked += 1; return true }
    }

    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    static let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Tokyo"]

    /// One VEVENT: mostly plain series (DAILY or WEEKLY, plain BYDAY, COUNT or UNTIL or neither,
    /// EXDATEs), some not (BYHOUR, an RDATE, an override, two rules, an ordinal BYDAY).
    static func event(_ index: Int, _ random: inout SplitMix64) -> String {
        let zone = zones[random.int(0...zones.count - 1)]
        let utcStart = random.chance(10)
        let year = random.int(2009...2025), month = random.int(1...12), day = random.int(1...28)
        // Hours in the gaps (02:xx) and around them often; Apia's skipped day is 30 December 2011.
        let hour = [0, 1, 2, 2, 3, 9, 12, 23][random.int(0...7)]
        let minute = [0, 15, 30, 45][random.int(0...3)]
        let stamp = String(format: "%04d%02d%02dT%02d%02d00", year, month, day, hour, minute)
        var lines = ["BEGIN:VEVENT", "UID:plain-\(index)@test", "DTSTAMP:20250101T000000Z"]
        lines.append(utcStart ? "DTSTART:\(stamp)Z" : "DTSTART;TZID=\(zone):\(stamp)")
        switch random.int(0...5) {
        case 0: lines.append("DURATION:P1D")
        case 1: lines.append("DURATION:PT0S")
        case 2: lines.append("DURATION:P2DT3H")
        default: lines.append("DURATION:PT\(random.int(1...8) * 15)M")
        }
        var parts: [String] = []
        if random.chance(40) {
            parts.append("FREQ=DAILY")
        } else {
            parts.append("FREQ=WEEKLY")
            if random.chance(75) {
                let days = weekdays.filter { _ in random.chance(35) }
                if !days.isEmpty { parts.append("BYDAY=" + days.joined(separator: ",")) }
            }
            if random.chance(25) { parts.append("WKST=" + weekdays[random.int(0...6)]) }
        }
        let interval = [1, 1, 1, 2, 3, 5][random.int(0...5)]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        switch random.int(0...9) {
        case 0...4: parts.append("COUNT=\(random.int(1...900))")
        case 5, 6:
            let until = String(format: "%04d%02d%02dT%02d%02d00", random.int(year...2027), random.int(1...12), random.int(1...28),
                               random.int(0...23), minute)
            parts.append("UNTIL=" + until + (random.chance(70) ? "Z" : ""))
        default: break
        }
        if random.chance(8) { parts.append("BYHOUR=\(hour),\(random.int(0...23))") }
        if random.chance(4) && parts[0] == "FREQ=WEEKLY" && !parts.contains(where: { $0.hasPrefix("BYDAY") }) { parts.append("BYDAY=1MO") }
        lines.append("RRULE:" + parts.joined(separator: ";"))
        if random.chance(4) { lines.append("RRULE:FREQ=MONTHLY;COUNT=5") }
        if random.chance(5) { lines.append(String(format: "RDATE;TZID=\(zone):%04d0615T100000", random.int(2024...2025))) }
        // EXDATEs on the series' own instances near the windows, and some that name nothing.
        for _ in 0 ..< (random.chance(40) ? random.int(1...4) : 0) {
            let exdate = String(format: "%04d%02d%02dT%02d%02d00", [2011, 2012, 2024, 2025][random.int(0...3)],
                                [1, 3, 6, 10, 11, 12][random.int(0...5)], random.int(1...30), hour, minute)
            lines.append(utcStart ? "EXDATE:\(exdate)Z" : "EXDATE;TZID=\(zone):\(exdate)")
        }
        if random.chance(10) { lines.append("STATUS:CANCELLED") }
        lines.append("SUMMARY:Series \(index)")
        lines.append("END:VEVENT")
        if random.chance(3) {
            let rid = utcStart ? "RECURRENCE-ID:\(stamp)Z" : "RECURRENCE-ID;TZID=\(zone):\(stamp)"
            lines += ["BEGIN:VEVENT", "UID:plain-\(index)@test", "DTSTAMP:20250101T000000Z", rid,
                      "DTSTART;TZID=\(zone):20250610T120000", "DURATION:PT1H", "SUMMARY:Moved \(index)", "END:VEVENT"]
        }
        return lines.joined(separator: "\r\n")
    }

    static func calendar(events: Int, seed: UInt64, defaultZone: String? = nil) throws -> ICalendar {
        var random = SplitMix64(state: seed)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//plain//EN"]
        if let defaultZone { lines.append("X-WR-TIMEZONE:\(defaultZone)") }
        for index in 0 ..< events { lines.append(event(index, &random)) }
        lines.append("END:VCALENDAR")
        return try ICalendar(parsing: lines.joined(separator: "\r\n") + "\r\n", source: "plain.ics")
    }

    /// The windows: six weeks around DST changes, Apia's skipped day, and a calm month.
    static let windows: [(Int, Int, Int, Int)] = [(2011, 12, 2012, 1), (2024, 3, 2024, 4), (2024, 10, 2024, 11), (2025, 5, 2025, 7)]

    static func date(_ year: Int, _ month: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(CivilDate(year: year, month: month, day: 1).daysSinceEpoch * 86_400))
    }

    /// The sieved expansion against the general path over each window, in `viewer`.
    static func compare(_ calendar: ICalendar, viewer: String, limit: Int, secondThread: Bool) {
        for (y1, m1, y2, m2) in windows {
            var expansion = OccurrenceExpansion(calendars: [calendar], from: date(y1, m1), to: date(y2, m2).addingTimeInterval(86_400 * 11),
                                                viewerTimeZone: TimeZone(identifier: viewer)!, instanceLimit: limit)
            expansion.usesSecondThread = secondThread
            let (all, diagnostics) = expansion.collect()
            var sieved: [Occurrence] = []
            let (sieves, found) = expansion.collect(sieve: WantAll()) { sieved.append($0) }
            // The first difference, not the whole lists, when they differ.
            let differs = zip(sieved, all).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(sieved.count == all.count, "\(y1)-\(m1) \(viewer) \(limit)")
            #expect(differs == nil, "\(y1)-\(m1) \(viewer) \(limit): at \(differs?.offset ?? -1), \(String(describing: differs?.element.0)) against \(String(describing: differs?.element.1))")
            #expect(found == diagnostics, "\(y1)-\(m1) \(viewer) \(limit)")
            #expect(sieves.reduce(0) { $0 + $1.asked } == all.count, "\(y1)-\(m1) \(viewer) \(limit)")
        }
    }

    /// How many of the calendar's events the plain reading takes (it must take most of them,
    /// or the comparison proves little).
    static func plainCount(_ calendar: ICalendar) -> Int {
        let resolver = ZoneResolver(calendar: calendar)
        let utc = ZoneCache(UTCZone())
        return calendar.events.filter { event in
            guard event.recurrenceID == nil, event.recurrenceDates.isEmpty, let start = event.start else { return false }
            let clock = SeriesClock.of(start: start, defaultTZID: calendar.defaultTimeZone, utcSeriesZone: calendar.defaultTimeZone,
                                       zone: { resolver.zone(for: $0).map(ZoneCache.init) }, utc: utc)
            return PlainSeries(rules: event.recurrenceRules, start: start, clock: clock) != nil
        }.count
    }

    @Test(arguments: [(1, "UTC"), (2, "America/New_York"), (3, "Pacific/Apia")] as [(UInt64, String)])
    func wantingEverythingGivesWhatTheMergeGives(seed: UInt64, viewer: String) throws {
        let calendar = try Self.calendar(events: 400, seed: seed)
        #expect(Self.plainCount(calendar) > 250)
        Self.compare(calendar, viewer: viewer, limit: 10_000, secondThread: false)
        // A limit that stops the long series: their diagnostics keep their places.
        Self.compare(calendar, viewer: viewer, limit: 9, secondThread: false)
    }

    /// On two threads (two parts of the set-up, each with its copy of the sieve), and with UTC
    /// starts read at X-WR-TIMEZONE's wall time.
    @Test func twoPartsAndTheCalendarZoneGiveTheSame() throws {
        let calendar = try Self.calendar(events: 2_600, seed: 7, defaultZone: "Europe/Berlin")
        #expect(Self.plainCount(calendar) > 1_500)
        Self.compare(calendar, viewer: "Europe/Berlin", limit: 10_000, secondThread: true)
        Self.compare(calendar, viewer: "UTC", limit: 12, secondThread: true)
    }
}
