import Foundation
import Testing
@testable import ICSKit

/// Expansion semantics (DESIGN.md "Semantics"); every expected value worked out by hand
/// from RFC 5545 and the zone offsets of America/New_York (EST −5, EDT −4; 2024 DST from
/// 10 March 02:00 to 3 November 02:00).
@Suite("Recurrence: expansion of events")
struct RecurrenceExpansionTests {
    static let ny = TimeZone(identifier: "America/New_York")!
    static let utc = TimeZone(identifier: "UTC")!

    func event(_ uid: String, _ start: TimeValue, end: TimeValue? = nil, rule: String? = nil,
               configure: (inout Incidence) -> Void = { _ in }) -> Incidence {
        var e = Incidence(kind: .event)
        e.uid = uid
        e.start = start
        e.end = end
        if let rule { e.recurrenceRules = [RecurrenceText.rule(rule)] }
        configure(&e)
        return e
    }

    func t(_ text: String, _ tzid: String? = "America/New_York") -> TimeValue { RecurrenceText.time(text, tzid: tzid) }

    func date(_ text: String, _ zone: TimeZone = ny) -> Date {
        let civil = RecurrenceText.civil(text)
        return Date(timeIntervalSince1970: TimeInterval(FoundationZone(zone: zone).resolve(civil).utcSeconds))
    }

    func expand(_ events: [Incidence], _ from: String, _ to: String, zone: TimeZone = ny, limit: Int = 10_000,
                configure: (inout ICalendar) -> Void = { _ in }) -> (occurrences: [Occurrence], diagnostics: [Diagnostic]) {
        var calendar = ICalendar()
        calendar.events = events
        configure(&calendar)
        return OccurrenceExpansion(calendars: [calendar], from: date(from, zone), to: date(to, zone), viewerTimeZone: zone,
                                   instanceLimit: limit).collect()
    }

    /// Start wall times as shown (`YYYY-MM-DDTHH:MM:SS` or `YYYY-MM-DD` for dates).
    func starts(_ occurrences: [Occurrence]) -> [String] {
        occurrences.map { o in
            if case .date(let d) = o.start { return d.description }
            return o.start.wallTime.description
        }
    }

    @Test func zonedSeriesKeepsWallTimeAcrossDST() throws {
        let e = event("a", t("20240308T090000"), end: t("20240308T100000"), rule: "FREQ=DAILY;COUNT=4")
        let result = expand([e], "20240301T000000", "20240401T000000")
        #expect(starts(result.occurrences) == ["2024-03-08T09:00:00", "2024-03-09T09:00:00", "2024-03-10T09:00:00", "2024-03-11T09:00:00"])
        let third = try #require(result.occurrences.dropFirst(2).first)
        // 09:00 EDT on 10 March = 13:00 UTC.
        #expect(third.start == .instant(secondsSinceEpoch: 1_710_075_600, utcOffset: -4 * 3600, zone: "America/New_York"))
        #expect(third.end == .instant(secondsSinceEpoch: 1_710_079_200, utcOffset: -4 * 3600, zone: "America/New_York"))
        #expect(third.recurrenceID == t("20240310T090000"))
    }

    @Test func gapInstancesAreSkippedAndNotCounted() {
        // 02:30 on 10 March 2024 does not exist in New York: skipped, and COUNT=3 still gives three.
        let e = event("gap", t("20240309T023000"), rule: "FREQ=DAILY;COUNT=3")
        #expect(starts(expand([e], "20240301T000000", "20240401T000000").occurrences)
                == ["2024-03-09T02:30:00", "2024-03-11T02:30:00", "2024-03-12T02:30:00"])
    }

    @Test func rdateAndExdateCombine() {
        let e = event("r", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=5") {
            $0.recurrenceDates = [.time(self.t("20240610T140000")), .time(self.t("20240604T090000"))]
            // EXDATE in UTC: 13:00Z is 09:00 EDT on 5 June.
            $0.exceptionDates = [self.t("20240605T130000Z", nil), .date(CivilDate(year: 2024, month: 6, day: 6))]
        }
        #expect(starts(expand([e], "20240601T000000", "20240701T000000").occurrences)
                == ["2024-06-03T09:00:00", "2024-06-04T09:00:00", "2024-06-07T09:00:00", "2024-06-10T14:00:00"])
    }

    @Test func rdatePeriodHasItsOwnEnd() throws {
        let e = event("p", t("20240603T090000"), end: t("20240603T100000")) {
            $0.recurrenceDates = [.period(start: self.t("20240605T120000"), end: .duration(ICSDuration(hours: 3)))]
        }
        let result = expand([e], "20240601T000000", "20240701T000000").occurrences
        #expect(starts(result) == ["2024-06-03T09:00:00", "2024-06-05T12:00:00"])
        #expect(result.last?.end.wallTime == RecurrenceText.civil("20240605T150000"))
    }

    /// Found by scripts/differential.sh (FINDINGS F2): DAILY;COUNT=2 from 1 March 09:00Z with an RDATE
    /// PERIOD 10 March 09:00Z/PT45M, and a THISANDFUTURE override of 2 March moving it to 11:00Z for
    /// one hour. RFC 5545 3.8.4.4: later instances move by the same two hours, so 10 March starts at
    /// 11:00Z and, taking the override's length, ends at 12:00Z (it used to keep 09:45Z, before its start).
    @Test func thisAndFutureMovesAnRDatePeriodWithItsEnd() throws {
        let master = event("f2", t("20240301T090000Z", nil), end: t("20240301T100000Z", nil), rule: "FREQ=DAILY;COUNT=2") {
            $0.recurrenceDates = [.period(start: self.t("20240310T090000Z", nil), end: .duration(ICSDuration(minutes: 45)))]
        }
        let future = event("f2", t("20240302T110000Z", nil), end: t("20240302T120000Z", nil)) {
            $0.recurrenceID = self.t("20240302T090000Z", nil)
            $0.appliesToFutureInstances = true
        }
        let result = expand([master, future], "20240301T000000", "20240401T000000", zone: Self.utc).occurrences
        #expect(starts(result) == ["2024-03-01T09:00:00", "2024-03-02T11:00:00", "2024-03-10T11:00:00"])
        let last = try #require(result.last)
        #expect(last.end.wallTime == RecurrenceText.civil("20240310T120000"))
    }

    @Test func overrideMovesInstanceIntoAndOutOfRange() {
        let master = event("o", t("20240603T090000"), rule: "FREQ=WEEKLY;COUNT=4")
        // 10 June moved to 1 July (outside the range), 24 June moved into it from... stays; 17 June moved earlier.
        let out = event("o", t("20240701T090000")) { $0.recurrenceID = self.t("20240610T090000"); $0.summary = "moved out" }
        let earlier = event("o", t("20240616T080000")) { $0.recurrenceID = self.t("20240617T090000"); $0.summary = "moved" }
        let result = expand([master, out, earlier], "20240601T000000", "20240630T000000").occurrences
        #expect(starts(result) == ["2024-06-03T09:00:00", "2024-06-16T08:00:00", "2024-06-24T09:00:00"])
        #expect(result[1].incidence.summary == "moved")
        #expect(result[1].recurrenceID == t("20240617T090000"))
        // Viewing July only: the moved-out instance shows, though the series ended in June.
        #expect(starts(expand([master, out, earlier], "20240701T000000", "20240801T000000").occurrences) == ["2024-07-01T09:00:00"])
    }

    @Test func overrideMatchedByInstantInUTC() {
        let master = event("u", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=3")
        let override = event("u", t("20240604T150000")) { $0.recurrenceID = self.t("20240604T130000Z", nil) }
        #expect(starts(expand([master, override], "20240601T000000", "20240701T000000").occurrences)
                == ["2024-06-03T09:00:00", "2024-06-04T15:00:00", "2024-06-05T09:00:00"])
    }

    @Test func duplicateOverridesHighestSequenceThenLast() {
        let master = event("d", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=2")
        let a = event("d", t("20240604T100000")) { $0.recurrenceID = self.t("20240604T090000"); $0.sequence = 2; $0.summary = "a" }
        let b = event("d", t("20240604T110000")) { $0.recurrenceID = self.t("20240604T090000"); $0.sequence = 1; $0.summary = "b" }
        let c = event("d", t("20240604T120000")) { $0.recurrenceID = self.t("20240604T090000"); $0.sequence = 2; $0.summary = "c" }
        let result = expand([master, a, b, c], "20240601T000000", "20240701T000000").occurrences
        #expect(result.map { $0.incidence.summary ?? "-" } == ["-", "c"])
    }

    @Test func thisAndFutureCarriesShiftAndProperties() {
        let master = event("f", t("20240603T090000"), end: t("20240603T100000"), rule: "FREQ=DAILY;COUNT=5")
        let change = event("f", t("20240605T110000"), end: t("20240605T113000")) {
            $0.recurrenceID = self.t("20240605T090000")
            $0.appliesToFutureInstances = true
            $0.summary = "later"
        }
        let result = expand([master, change], "20240601T000000", "20240701T000000").occurrences
        #expect(starts(result) == ["2024-06-03T09:00:00", "2024-06-04T09:00:00", "2024-06-05T11:00:00",
                                   "2024-06-06T11:00:00", "2024-06-07T11:00:00"])
        #expect(result.map { $0.incidence.summary ?? "-" } == ["-", "-", "later", "later", "later"])
        #expect(result[4].end.wallTime == RecurrenceText.civil("20240607T113000"))
    }

    @Test func overrideWithoutMasterShowsAsSingle() {
        let orphan = event("x", t("20240605T110000")) { $0.recurrenceID = self.t("20240605T090000") }
        let result = expand([orphan], "20240601T000000", "20240701T000000").occurrences
        #expect(starts(result) == ["2024-06-05T11:00:00"])
        #expect(result.first?.recurrenceID == t("20240605T090000"))
    }

    @Test func cancelledIsKeptWithStatus() {
        let master = event("c", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=2")
        let cancelled = event("c", t("20240604T090000")) { $0.recurrenceID = self.t("20240604T090000"); $0.status = .cancelled }
        let result = expand([master, cancelled], "20240601T000000", "20240701T000000").occurrences
        #expect(result.map(\.status?.rawValue) == [nil, "CANCELLED"])
    }

    @Test func durationsNominalDaysExactHours() {
        // P1D over the fall-back night lasts 25 hours but ends at the same wall time; PT24H ends an hour earlier.
        let nominal = event("n", t("20241102T120000")) { $0.duration = ICSDuration(days: 1) }
        let exact = event("e", t("20241102T120000")) { $0.duration = ICSDuration(hours: 24) }
        let result = expand([nominal, exact], "20241101T000000", "20241105T000000").occurrences
        #expect(result.map(\.end.wallTime) == [RecurrenceText.civil("20241103T110000"), RecurrenceText.civil("20241103T120000")])
    }

    @Test func missingEndGivesDayOrZero() throws {
        let allDay = event("a", .date(CivilDate(year: 2024, month: 6, day: 3)))
        let instant = event("b", t("20240603T090000"))
        let result = expand([allDay, instant], "20240601T000000", "20240701T000000").occurrences
        #expect(result.map(\.end) == [.date(CivilDate(year: 2024, month: 6, day: 4)), result[1].start])
    }

    @Test func allDayStaysOnDatesAndDateExdate() {
        let e = event("ad", .date(CivilDate(year: 2024, month: 6, day: 1)), rule: "FREQ=WEEKLY;COUNT=4") {
            $0.exceptionDates = [.date(CivilDate(year: 2024, month: 6, day: 8))]
        }
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let result = expand([e], "20240601T000000", "20240701T000000", zone: tokyo).occurrences
        #expect(starts(result) == ["2024-06-01", "2024-06-15", "2024-06-22"])
        #expect(result.allSatisfy { $0.isAllDay })
    }

    @Test func dateExdateRemovesThatDayOfATimedSeries() {
        let e = event("dx", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=3") {
            $0.exceptionDates = [.date(CivilDate(year: 2024, month: 6, day: 4))]
        }
        #expect(starts(expand([e], "20240601T000000", "20240701T000000").occurrences) == ["2024-06-03T09:00:00", "2024-06-05T09:00:00"])
    }

    @Test func floatingUsesViewerZoneOrCalendarZone() throws {
        let e = event("fl", t("20240603T090000", nil))
        let viewer = try #require(expand([e], "20240601T000000", "20240701T000000").occurrences.first)
        #expect(viewer.start == .floating(RecurrenceText.civil("20240603T090000")))
        let calendarZone = try #require(expand([e], "20240601T000000", "20240701T000000") { $0.defaultTimeZone = "Europe/Berlin" }.occurrences.first)
        // 09:00 in Berlin (CEST, +2) = 07:00 UTC.
        #expect(calendarZone.start == .instant(secondsSinceEpoch: 1_717_398_000, utcOffset: 7200, zone: "Europe/Berlin"))
    }

    @Test func overlapRules() {
        // Ends exactly at the range start: out. Zero-length at the range start: in. Started before, ends inside: in.
        let endsAtStart = event("1", t("20240602T230000"), end: t("20240603T000000"))
        let zeroAtStart = event("2", t("20240603T000000"))
        let spansIn = event("3", t("20240602T120000"), end: t("20240603T010000"))
        let zeroAtEnd = event("4", t("20240604T000000"))
        let result = expand([endsAtStart, zeroAtStart, spansIn, zeroAtEnd], "20240603T000000", "20240604T000000").occurrences
        #expect(result.map { $0.incidence.uid ?? "" } == ["3", "2"])
    }

    @Test func sortedByStartThenUID() {
        let b = event("b", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=2")
        let a = event("a", t("20240603T090000"), rule: "FREQ=DAILY;COUNT=2")
        let early = event("z", t("20240603T080000"))
        let result = expand([b, a, early], "20240601T000000", "20240701T000000").occurrences
        #expect(result.map { $0.incidence.uid ?? "" } == ["z", "a", "b", "a", "b"])
    }

    @Test func instanceLimitProducesDiagnostic() {
        let e = event("lim", t("20240601T000000"), rule: "FREQ=MINUTELY")
        let result = expand([e], "20240601T000000", "20240602T000000", limit: 100)
        #expect(result.occurrences.count == 100)
        #expect(result.diagnostics.map(\.code) == [.recurrenceLimit])
    }

    @Test func unknownZoneIsFloatingWithDiagnostic() throws {
        let e = event("uz", t("20240603T090000", "Mars/Olympus_Mons"))
        let result = expand([e], "20240601T000000", "20240701T000000")
        #expect(result.occurrences.first?.start == .floating(RecurrenceText.civil("20240603T090000")))
        #expect(result.diagnostics.map(\.code) == [.unknownTimeZone])
    }

    @Test func secondlyTenYearsLaterFinishesAtOnce() {
        // No COUNT: the engine jumps to the window instead of walking 315 million seconds.
        let e = event("s", t("20140101T000000"), rule: "FREQ=SECONDLY;INTERVAL=7")
        let result = expand([e], "20240601T000000", "20240601T000100")
        // Instances every 7 s of wall time from 2014-01-01T00:00:00; the window is 60 s long (EDT).
        let dtstart = RecurrenceText.civil("20140101T000000").secondsSinceEpoch
        let windowStart = RecurrenceText.civil("20240601T000000").secondsSinceEpoch
        let walls = result.occurrences.map { $0.start.wallTime.secondsSinceEpoch }
        #expect(walls.allSatisfy { ($0 - dtstart) % 7 == 0 && $0 >= windowStart && $0 < windowStart + 60 })
        #expect(walls.count == 8 || walls.count == 9)
        #expect(walls.first.map { $0 - windowStart < 7 } == true)
    }

    @Test func neverProducingRuleStops() {
        let e = event("n", t("20240101T090000"), rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31")
        #expect(starts(expand([e], "20240101T000000", "20300101T000000").occurrences) == ["2024-01-01T09:00:00"])
    }

    @Test func todoUsesStartAndDue() {
        var todo = Incidence(kind: .todo)
        todo.uid = "t"
        todo.due = t("20240605T170000")
        var calendar = ICalendar()
        calendar.todos = [todo]
        let result = OccurrenceExpansion(calendars: [calendar], from: date("20240601T000000"), to: date("20240701T000000"),
                                         viewerTimeZone: Self.ny).collect().occurrences
        #expect(result.map(\.start.wallTime) == [RecurrenceText.civil("20240605T170000")])
    }
}
