import Foundation
import Testing
@testable import ICSKit

/// Overrides of a series that a windowed import parses (window June 2025 in UTC, margin 26 h):
/// which of them stay skipped (``OverrideReach``), worked out by hand from the rule: an override
/// whose own start and end lie outside the window stays skipped when its master is parsed and
/// RECURRENCE-ID + the master's instance length + 2 days + 26 h ≤ 2025-06-01T00:00 (or
/// RECURRENCE-ID − 2 days − 26 h ≥ 2025-07-01T00:00). Every case also checks that the windowed
/// import shows exactly the occurrences of a full import (the independent reference).
@Suite struct WindowedImportOverridesTests {
    typealias C = WindowedImportCasesTests

    /// The SUMMARY of each event the windowed import keeps, after checking its occurrences.
    static func kept(_ body: [String]) throws -> [String] {
        _ = try C.compare(body)
        let windowed = try ICalendar(parsing: calendarText(body), options: ImportOptions(window: C.june))
        return windowed.events.map { $0.summary ?? "" }
    }

    /// An override of `uid` named `name`: the instance `rid` moved to `start` for an hour (UTC).
    static func override(_ uid: String, _ name: String, rid: String, start: String, end: String? = nil) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:\(name)", "RECURRENCE-ID:\(rid)", "DTSTART:\(start)",
         "DTEND:\(end ?? start.replacingOccurrences(of: "T09", with: "T10"))", "END:VEVENT"]
    }

    @Test func overridesFarFromTheWindowOfAShownSeriesStaySkipped() throws {
        // A daily series of one hour from January, open-ended: parsed, shown every day of June.
        let master = ["BEGIN:VEVENT", "UID:s", "SUMMARY:master", "DTSTART:20250101T090000Z", "DTEND:20250101T100000Z",
                      "RRULE:FREQ=DAILY", "END:VEVENT"]
        let body = master
            // 01-10T09:00 + 1 h + 2 d + 26 h = 01-13T12:00: skipped.
            + Self.override("s", "january", rid: "20250110T090000Z", start: "20250111T090000Z")
            // Names 06-10, a June instance (moved to April): parsed, so that 06-10 does not show.
            + Self.override("s", "june", rid: "20250610T090000Z", start: "20250410T090000Z")
            // 05-29T09:00 + 1 h + 2 d + 26 h = 06-01T12:00, past the window start: parsed.
            + Self.override("s", "may29", rid: "20250529T090000Z", start: "20250401T090000Z")
            // 05-26T09:00 + 1 h + 2 d + 26 h = 05-29T12:00: skipped.
            + Self.override("s", "may26", rid: "20250526T090000Z", start: "20250402T090000Z")
            // After the window: 07-05T09:00 − 2 d − 26 h = 07-02T07:00 ≥ 07-01: skipped; 07-03T09:00 − 3 d 2 h = 06-30T07:00: parsed.
            + Self.override("s", "july5", rid: "20250705T090000Z", start: "20250801T090000Z")
            + Self.override("s", "july3", rid: "20250703T090000Z", start: "20250802T090000Z")
        #expect(try Self.kept(body) == ["master", "june", "may29", "july3"])
        let shown = try C.compare(body).shown
        #expect(shown.count == 29)  // June's 30 days less 06-10
    }

    @Test func theMastersInstanceLengthCounts() throws {
        // Weekly from Sunday 01-05, each instance 8 days long (to the next Monday).
        let master = ["BEGIN:VEVENT", "UID:w", "SUMMARY:master", "DTSTART:20250105T090000Z", "DTEND:20250113T090000Z",
                      "RRULE:FREQ=WEEKLY", "END:VEVENT"]
        let body = master
            // 05-25's instance runs to 06-02: moved to April, it must not show: parsed.
            + Self.override("w", "may25", rid: "20250525T090000Z", start: "20250401T090000Z")
            // 05-11T09:00 + 8 d + 2 d + 26 h = 05-22T11:00: skipped.
            + Self.override("w", "may11", rid: "20250511T090000Z", start: "20250402T090000Z")
        #expect(try Self.kept(body) == ["master", "may25"])
    }

    @Test func everyOverrideIsParsedWhenTheMasterReachIsUnknown() throws {
        // A master with an RDATE PERIOD (an instance of its own length): every override is parsed.
        let period = ["BEGIN:VEVENT", "UID:p", "SUMMARY:master", "DTSTART:20250101T090000Z", "DTEND:20250101T100000Z",
                      "RRULE:FREQ=DAILY", "RDATE;VALUE=PERIOD:20250301T090000Z/P100D", "END:VEVENT"]
        #expect(try Self.kept(period + Self.override("p", "far", rid: "20250110T090000Z", start: "20250111T090000Z"))
                == ["master", "far"])
        let master = ["BEGIN:VEVENT", "UID:q", "SUMMARY:master", "DTSTART:20250101T090000Z", "DTEND:20250101T100000Z",
                      "RRULE:FREQ=DAILY", "END:VEVENT"]
        // A RANGE=THISANDFUTURE override is always parsed, and brings the far one back.
        let future = ["BEGIN:VEVENT", "UID:q", "SUMMARY:future", "RECURRENCE-ID;RANGE=THISANDFUTURE:20250120T090000Z",
                      "DTSTART:20250120T110000Z", "DTEND:20250120T120000Z", "END:VEVENT"]
        #expect(try Self.kept(master + Self.override("q", "far", rid: "20250110T090000Z", start: "20250111T090000Z") + future)
                == ["master", "far", "future"])
    }

    @Test func anotherParsedOverrideRevivesOnlyTheOnesNamingAnInstanceNearIts() throws {
        let master = ["BEGIN:VEVENT", "UID:q", "SUMMARY:master", "DTSTART:20250101T090000Z", "DTEND:20250101T100000Z",
                      "RRULE:FREQ=DAILY", "END:VEVENT"]
        // Moved into June (parsed), it names 01-15; "far" names 01-10: 5 days apart, more than
        // the 26 h margin and 2 days of slack (3 d 2 h): far stays skipped.
        #expect(try Self.kept(master + Self.override("q", "far", rid: "20250110T090000Z", start: "20250111T090000Z")
                              + Self.override("q", "moved", rid: "20250115T090000Z", start: "20250615T090000Z"))
                == ["master", "moved"])
        // "later" names 01-15 too, with SEQUENCE 1: it wins, so "moved" does not show on 06-15
        // (a full import: June's 30 instances of the master alone, against 31 if "moved" won).
        // Parsed, so that the windowed import knows.
        var later = Self.override("q", "later", rid: "20250115T090000Z", start: "20250116T090000Z")
        later.insert("SEQUENCE:1", at: 1)
        let body = master + Self.override("q", "moved", rid: "20250115T090000Z", start: "20250615T090000Z") + later
        #expect(try Self.kept(body) == ["master", "moved", "later"])
        #expect(try C.compare(body).shown.count == 30)
        // The same instance named in Berlin's time (10:00 CET = 09:00Z), 1 h from the parsed
        // one's reading: parsed too. 01-12 (3 d from 01-15, inside 3 d 2 h) is parsed; 01-11 not.
        var berlin = ["BEGIN:VEVENT", "UID:q", "SUMMARY:berlin", "SEQUENCE:1", "RECURRENCE-ID;TZID=Europe/Berlin:20250115T100000",
                      "DTSTART:20250117T090000Z", "DTEND:20250117T100000Z", "END:VEVENT"]
        berlin += Self.override("q", "jan12", rid: "20250112T090000Z", start: "20250301T090000Z")
            + Self.override("q", "jan11", rid: "20250111T090000Z", start: "20250302T090000Z")
        #expect(try Self.kept(master + Self.override("q", "moved", rid: "20250115T090000Z", start: "20250615T090000Z") + berlin)
                == ["master", "moved", "berlin", "jan12"])
    }

    @Test func theOverridesOfAMasterParsedOnlyAfterAllAreParsed() throws {
        // Two masters of one UID: the June one is parsed, the far one (SEQUENCE 1, which the
        // expansion shows) skipped and then parsed for its UID; its far override is parsed with it.
        let june = ["BEGIN:VEVENT", "UID:d", "SUMMARY:june", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z", "END:VEVENT"]
        let far = ["BEGIN:VEVENT", "UID:d", "SUMMARY:far", "SEQUENCE:1", "DTSTART:20240101T090000Z", "DTEND:20240101T100000Z",
                   "RRULE:FREQ=DAILY;UNTIL=20240201T000000Z", "END:VEVENT"]
        #expect(try Self.kept(june + far + Self.override("d", "override", rid: "20240110T090000Z", start: "20240111T090000Z"))
                == ["june", "far", "override"])
    }

    @Test func reachOfAMaster() {
        var event = Incidence(kind: .event)
        event.start = .utc(CivilDateTime(date: CivilDate(year: 2025, month: 1, day: 1), hour: 9, minute: 0, second: 0))
        #expect(OverrideReach.reach(of: event) == 2 * 86_400)  // no end: a moment, plus the slack
        event.end = .utc(CivilDateTime(date: CivilDate(year: 2025, month: 1, day: 2), hour: 10, minute: 0, second: 0))
        #expect(OverrideReach.reach(of: event) == 25 * 3600 + 2 * 86_400)
        var todo = event
        todo.kind = .todo
        #expect(OverrideReach.reach(of: todo) == Int.max)
        var override = event
        override.recurrenceID = event.start
        #expect(OverrideReach.reach(of: override) == Int.max)
    }
}
