import Foundation
import Testing
@testable import ICSKit

/// Hand-made cases of a windowed import (window June 2025 in UTC): which events it keeps (worked
/// out by hand from ``WindowFilter``'s rule, margin 26 h) and that the occurrences it shows are
/// those of a full import (the independent reference).
@Suite struct WindowedImportCasesTests {
    static let june = WindowFilterTests.june
    static let pagoPago = TimeZone(identifier: "Pacific/Pago_Pago")!  // UTC−11 all year
    static let utc = TimeZone(identifier: "UTC")!

    /// Imports `body` whole and with the June window; checks that both show the same occurrences
    /// in `zone`, and returns the windowed import's event UIDs and the occurrences' UIDs.
    static func compare(_ body: [String], zone: TimeZone = utc) throws -> (kept: [String], shown: [String]) {
        let text = calendarText(body)
        let full = try ICalendar(parsing: text)
        let windowed = try ICalendar(parsing: text, options: ImportOptions(window: june))
        let expected = occurrences(full, june, zone)
        let found = occurrences(windowed, june, zone)
        #expect(found == expected)
        return (windowed.events.map { $0.uid ?? "" }, found.map { $0.incidence.uid ?? "" })
    }

    static func event(_ uid: String, _ lines: [String]) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)"] + lines + ["END:VEVENT"]
    }

    /// An event with no DTSTART, no RECURRENCE-ID and no UID gives no occurrence and touches no
    /// other component: a windowed import leaves it out (300,000 of them, lone `BEGIN:VEVENT`
    /// lines, held 515 MB in a month view). One without DTSTART but with a UID, and one without a
    /// UID but with DTSTART, stay. The diagnostics and the calendar's identity are the full import's.
    @Test func anEventThatShowsNothingIsLeftOut() throws {
        let body = ["BEGIN:VEVENT", "SUMMARY:No start, no UID", "END:VEVENT"]
            + Self.event("nostart", ["SUMMARY:No start"])
            + ["BEGIN:VEVENT", "DTSTART:20250610T090000Z", "SUMMARY:No UID", "END:VEVENT"]
            + ["BEGIN:VEVENT"]
            + Self.event("in", ["DTSTART:20250611T090000Z", "SUMMARY:In"])
        let result = try Self.compare(body)
        #expect(result.kept == ["nostart", "", "in"])
        #expect(result.shown == ["", "in"])
        let text = calendarText(body)
        let full = try ICalendar(parsing: text), windowed = try ICalendar(parsing: text, options: ImportOptions(window: Self.june))
        #expect(full.events.count == 5)
        #expect(windowed.diagnostics == full.diagnostics)
        #expect(windowed.id == full.id)
    }

    /// The same for to-dos and journals: a to-do with neither DTSTART nor DUE, and a journal
    /// (journals are not expanded), without RECURRENCE-ID and UID, gives no occurrence in any
    /// range and is left out (300,000 lone `BEGIN:VTODO` lines held 293 MB in a month view).
    /// A to-do with a UID, or with DTSTART or DUE, stays; so does a journal with a UID. Worked
    /// out by hand: the to-do at DTSTART 06-10, the event on 06-11 and the to-do due 06-12 show.
    @Test func aTodoOrJournalThatShowsNothingIsLeftOut() throws {
        let body = ["BEGIN:VTODO", "SUMMARY:No dates, no UID", "END:VTODO"]
            + ["BEGIN:VTODO", "UID:nodates", "SUMMARY:No dates", "END:VTODO"]
            + ["BEGIN:VTODO", "DTSTART:20250610T090000Z", "SUMMARY:Start, no UID", "END:VTODO"]
            + ["BEGIN:VTODO", "DUE:20250612T090000Z", "SUMMARY:Due, no UID", "END:VTODO"]
            + ["BEGIN:VJOURNAL", "SUMMARY:Journal, no UID", "END:VJOURNAL"]
            + ["BEGIN:VJOURNAL", "UID:j", "DTSTART:20250610T090000Z", "SUMMARY:Journal", "END:VJOURNAL"]
            + ["BEGIN:VTODO"]
            + Self.event("in", ["DTSTART:20250611T090000Z", "SUMMARY:In"])
        let result = try Self.compare(body)
        #expect(result.kept == ["in"])
        #expect(result.shown == ["", "in", ""])
        let text = calendarText(body)
        let full = try ICalendar(parsing: text), windowed = try ICalendar(parsing: text, options: ImportOptions(window: Self.june))
        #expect(full.todos.count == 5)
        #expect(full.journals.count == 2)
        #expect(windowed.todos.map { $0.uid ?? "" } == ["nodates", "", ""])
        #expect(windowed.todos.map(\.summary) == ["No dates", "Start, no UID", "Due, no UID"])
        #expect(windowed.journals.map { $0.uid ?? "" } == ["j"])
        #expect(windowed.diagnostics == full.diagnostics)
        #expect(windowed.id == full.id)
    }

    @Test func anEventEndingAtTheWindowStartIsNotShown() throws {
        // Ends exactly at 06-01T00:00Z, and DTEND is exclusive: not shown; kept, inside the margin.
        let result = try Self.compare(Self.event("edge", ["DTSTART:20250531T230000Z", "DTEND:20250601T000000Z"])
            + Self.event("old", ["DTSTART:20250401T090000Z", "DTEND:20250401T100000Z"]))
        #expect(result.kept == ["edge"])
        #expect(result.shown == [])
    }

    @Test func anAllDayEventOnTheDayBeforeShowsWestOfUTC() throws {
        // 31 May in Pago Pago runs to 06-01T11:00Z: it overlaps the window.
        let body = Self.event("eve", ["DTSTART;VALUE=DATE:20250531", "DTEND;VALUE=DATE:20250601"])
        #expect(try Self.compare(body, zone: Self.pagoPago).shown == ["eve"])
        #expect(try Self.compare(body, zone: Self.utc).shown == [])
    }

    @Test func aFloatingTimeNearTheBoundaryShows() throws {
        // 20:00 floating on 31 May is 06-01T07:00Z in Pago Pago.
        let body = Self.event("float", ["DTSTART:20250531T200000", "DTEND:20250531T210000"])
        let result = try Self.compare(body, zone: Self.pagoPago)
        #expect(result.kept == ["float"])
        #expect(result.shown == ["float"])
    }

    @Test func durationOnlyEvents() throws {
        let result = try Self.compare(
            Self.event("long", ["DTSTART:20250520T090000Z", "DURATION:P14D"])       // to 06-03T09:00Z: shown
            + Self.event("short", ["DTSTART:20250401T090000Z", "DURATION:PT1H"]))  // skipped
        #expect(result.kept == ["long"])
        #expect(result.shown == ["long"])
    }

    @Test func aSeriesWhoseUntilIsBeforeTheWindow() throws {
        let result = try Self.compare(
            Self.event("ended", ["DTSTART:20250101T090000Z", "DTEND:20250101T100000Z", "RRULE:FREQ=DAILY;UNTIL=20250501T000000Z"])
            // The last instance, 05-31T10:00Z, lasts 20 hours, into June: kept and shown.
            + Self.event("late", ["DTSTART:20250101T100000Z", "DTEND:20250102T060000Z", "RRULE:FREQ=DAILY;UNTIL=20250531T120000Z"]))
        #expect(result.kept == ["late"])
        #expect(result.shown == ["late"])
    }

    @Test func yearlySeriesOutsideTheWindowAreSkipped() throws {
        // A yearly series on 15 March (YearlyBound) is skipped, one on 10 June is not; an override
        // of the March one moved into June brings its master back (its other instances are not
        // in June, so only the override shows); a yearly rule with BYMONTH=6 is parsed.
        let result = try Self.compare(
            Self.event("march", ["DTSTART:20200315T090000Z", "DTEND:20200315T100000Z", "RRULE:FREQ=YEARLY"])
            + Self.event("june", ["DTSTART;VALUE=DATE:20200610", "RRULE:FREQ=YEARLY;COUNT=10"])
            + Self.event("moved", ["DTSTART:20210315T090000Z", "DTEND:20210315T100000Z", "RRULE:FREQ=YEARLY"])
            + Self.event("moved", ["RECURRENCE-ID:20250315T090000Z", "DTSTART:20250612T090000Z", "DTEND:20250612T100000Z"])
            + Self.event("bymonth", ["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=20"]))
        #expect(result.kept == ["june", "moved", "moved", "bymonth"])
        #expect(result.shown == ["june", "moved", "bymonth"])
    }

    @Test func anOverrideMovedIntoTheWindowKeepsItsSkippableMaster() throws {
        // The master ended in March; its override of 10 February moved into June. The master comes
        // back for the override, and the override shows.
        let master = Self.event("moved", ["DTSTART:20250203T090000Z", "DTEND:20250203T100000Z", "RRULE:FREQ=WEEKLY;UNTIL=20250301T000000Z"])
        let override = Self.event("moved", ["RECURRENCE-ID:20250210T090000Z", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z"])
        for body in [master + override, override + master] {
            let result = try Self.compare(body)
            #expect(result.kept.count == 2)
            #expect(result.shown == ["moved"])
        }
    }

    @Test func anOverrideMovedOutOfTheWindowComesBackForItsParsedMaster() throws {
        // A weekly series on Mondays from 5 May 2025 (no end: parsed); its instance of Monday 9 June
        // moved to April. The filter skips the override (April), its UID brings it back: June shows
        // the Mondays 2, 16, 23 and 30 (counted by hand), not the 9th.
        let master = Self.event("weekly", ["DTSTART:20250505T090000Z", "DTEND:20250505T100000Z", "RRULE:FREQ=WEEKLY"])
        let override = Self.event("weekly", ["RECURRENCE-ID:20250609T090000Z", "DTSTART:20250401T090000Z", "DTEND:20250401T100000Z"])
        for body in [master + override, override + master] {
            let windowed = try ICalendar(parsing: calendarText(body), options: ImportOptions(window: Self.june))
            let starts = occurrences(windowed, Self.june, Self.utc).map { Int($0.start.date(in: Self.utc).timeIntervalSince1970) }
            #expect(starts == [1_748_854_800, 1_750_064_400, 1_750_669_200, 1_751_274_000])  // 06-02, 16, 23, 30 at 09:00Z
            let result = try Self.compare(body)
            #expect(result.kept.count == 2)
            #expect(result.shown == ["weekly", "weekly", "weekly", "weekly"])
        }
    }

    @Test func overridesOfASeriesThatEndedAreSkippedWithIt() throws {
        // The series ended in February; its override of 10 February moved to the 12th: neither can
        // show in June, and neither is parsed.
        let master = Self.event("ended", ["DTSTART:20250203T090000Z", "DTEND:20250203T100000Z", "RRULE:FREQ=WEEKLY;UNTIL=20250301T000000Z"])
        let override = Self.event("ended", ["RECURRENCE-ID:20250210T090000Z", "DTSTART:20250212T090000Z", "DTEND:20250212T100000Z"])
        for body in [master + override, override + master] {
            let result = try Self.compare(body)
            #expect(result.kept == [])
            #expect(result.shown == [])
        }
    }

    @Test func aThisAndFutureOverrideBeforeTheWindowIsParsed() throws {
        // RANGE=THISANDFUTURE on 10 February, moved to 20 May (99 days later): the later instances
        // of 17 and 24 February move to 27 May and 3 June, into the window, though the override's own
        // instance and the master (ended in March) lie before it; so the override is parsed, and
        // brings back its master.
        let master = Self.event("moved", ["DTSTART:20250203T090000Z", "DTEND:20250203T100000Z", "RRULE:FREQ=WEEKLY;UNTIL=20250301T000000Z"])
        let override = Self.event("moved", ["RECURRENCE-ID;RANGE=THISANDFUTURE:20250210T090000Z", "DTSTART:20250520T090000Z",
                                            "DTEND:20250520T100000Z"])
        for body in [master + override, override + master] {
            let result = try Self.compare(body)
            #expect(result.kept.count == 2)
        }
    }

    @Test func anOlderOverrideOfAnExcludedInstanceStaysDropped() throws {
        // CalDAV leftovers: the master (SEQUENCE 2) excludes 10 February, the override of it is
        // older (SEQUENCE 1): dropped, in June as everywhere, which needs the skippable master.
        let master = Self.event("left", ["SEQUENCE:2", "DTSTART:20250203T090000Z", "DTEND:20250203T100000Z",
                                         "RRULE:FREQ=WEEKLY;UNTIL=20250301T000000Z", "EXDATE:20250210T090000Z"])
        let override = Self.event("left", ["SEQUENCE:1", "RECURRENCE-ID:20250210T090000Z", "DTSTART:20250610T090000Z",
                                           "DTEND:20250610T100000Z"])
        for body in [master + override, override + master] {
            #expect(try Self.compare(body).shown == [])
        }
    }

    @Test func aSkippableDuplicateWithAHigherSequenceStillWins() throws {
        // Two components of one UID without RECURRENCE-ID: SEQUENCE 5 (April) wins over SEQUENCE 1 (June).
        let old = Self.event("dup", ["SEQUENCE:5", "DTSTART:20250401T090000Z", "DTEND:20250401T100000Z"])
        let new = Self.event("dup", ["SEQUENCE:1", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z"])
        for body in [old + new, new + old] {
            let result = try Self.compare(body)
            #expect(result.kept == ["dup", "dup"])
            #expect(result.shown == [])
        }
        // With the higher SEQUENCE in June, June's is shown.
        let newer = Self.event("dup", ["SEQUENCE:6", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z"])
        #expect(try Self.compare(old + newer).shown == ["dup"])
    }

    @Test func revivedEventsKeepTheirPlaceInTheFile() throws {
        let body = Self.event("a", ["DTSTART:20250401T090000Z"]) + Self.event("b", ["DTSTART:20250402T090000Z"])
            + Self.event("c", ["DTSTART:20250610T090000Z"]) + Self.event("a", ["RECURRENCE-ID:20250401T090000Z", "DTSTART:20250611T090000Z"])
            + Self.event("d", ["DTSTART:20250403T090000Z"])
        let windowed = try ICalendar(parsing: calendarText(body), options: ImportOptions(window: Self.june))
        #expect(windowed.events.map { $0.uid ?? "" } == ["a", "c", "a"])
        #expect(windowed.events.map(\.line) == [4, 12, 16])
    }

    @Test func aZoneBeyondFourteenHoursWidensTheMargin() throws {
        // A VTIMEZONE at UTC+15 (no real zone is): the margin becomes 36 h. "old" (April) stays
        // skipped; "near" ends 05-29T20:30Z, and 05-29T20:00 + 1 day + 26 h = 05-31T22:00 ≤
        // 06-01T00:00 skips it with the usual margin but + 36 h = 06-01T08:00 does not: imported
        // after all. "far" starts on the window's wall-clock end in Far (07-01T00:00, 06-30T09:00Z): shown.
        let zone = ["BEGIN:VTIMEZONE", "TZID:Far", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+1500",
                    "TZOFFSETTO:+1500", "END:STANDARD", "END:VTIMEZONE"]
        let body = zone + Self.event("old", ["DTSTART:20250401T090000Z"])
            + Self.event("near", ["DTSTART:20250529T200000Z", "DTEND:20250529T203000Z"])
            + Self.event("far", ["DTSTART;TZID=Far:20250701T000000", "DTEND;TZID=Far:20250701T010000"])
        let windowed = try ICalendar(parsing: calendarText(body), options: ImportOptions(window: Self.june))
        #expect(windowed.timeZones.first?.observances.first?.offsetTo == 15 * 3600)
        let result = try Self.compare(body)
        #expect(result.kept == ["near", "far"])
        #expect(result.shown == ["far"])
        // Without the zone, "near" stays skipped too.
        #expect(try Self.compare(Array(body.dropFirst(zone.count))).kept == ["far"])
    }

    @Test func aZoneBeyondTwentyFourHoursTurnsSkippingOff() throws {
        // A VTIMEZONE at UTC+25, beyond any margin: every skipped event is imported after all.
        let zone = ["BEGIN:VTIMEZONE", "TZID:Farther", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+2500",
                    "TZOFFSETTO:+2500", "END:STANDARD", "END:VTIMEZONE"]
        let text = calendarText(zone + Self.event("old", ["DTSTART:20250401T090000Z"]))
        let windowed = try ICalendar(parsing: text, options: ImportOptions(window: Self.june))
        #expect(windowed.timeZones.first?.observances.first?.offsetTo == 25 * 3600)
        #expect(windowed.events.map { $0.uid ?? "" } == ["old"])
        let plain = try ICalendar(parsing: calendarText(Self.event("old", ["DTSTART:20250401T090000Z"])),
                                  options: ImportOptions(window: Self.june))
        #expect(plain.events.isEmpty)
    }

    @Test func noWindowSkipsNothingAndSkippedBlocksGiveNoDiagnostics() throws {
        // A GEO that libical cannot read: a full import reports it, a windowed one skips the
        // event (April) before libical sees it, so nothing is reported (views are not validators).
        let body = Self.event("old", ["DTSTART:20250401T090000Z", "GEO:not-a-geo"])
        let full = try ICalendar(parsing: calendarText(body))
        let windowed = try ICalendar(parsing: calendarText(body), options: ImportOptions(window: Self.june))
        #expect(full.events.count == 1)
        #expect(!full.diagnostics.isEmpty)
        #expect(windowed.events.isEmpty)
        #expect(windowed.diagnostics.isEmpty)
    }
}

/// COUNT series and the windowed import (``CountBound``): bounds worked out by hand as in
/// ``CountBoundTests``; occurrences checked against a full import.
@Suite struct WindowedImportCountTests {
    typealias C = WindowedImportCasesTests

    @Test func aCountSeriesThatEndsBeforeTheWindowIsSkipped() throws {
        let result = try C.compare(
            C.event("short", ["DTSTART:20250101T090000Z", "DTEND:20250101T100000Z", "RRULE:FREQ=WEEKLY;BYDAY=WE,FR;COUNT=5"])
            + C.event("exdated", ["DTSTART;VALUE=DATE:20250301", "RRULE:FREQ=DAILY;COUNT=20", "EXDATE;VALUE=DATE:20250302"])
            // Ten daily instances, the last 05-31T23:00–06-01T00:00Z: it ends where the window
            // starts (not shown), and is kept (within the bound).
            + C.event("edge", ["DTSTART:20250522T230000Z", "DTEND:20250523T000000Z", "RRULE:FREQ=DAILY;COUNT=10"])
            // Eleven: the last is 06-01T23:00Z, shown.
            + C.event("in", ["DTSTART:20250522T230000Z", "DTEND:20250523T000000Z", "RRULE:FREQ=DAILY;COUNT=11"]))
        #expect(result.kept == ["edge", "in"])
        #expect(result.shown == ["in"])
    }

    @Test func anRDATEKeepsACountSeries() throws {
        let result = try C.compare(C.event("rdate", ["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;COUNT=2",
                                                     "RDATE:20250610T090000Z"]))
        #expect(result.kept == ["rdate"])
        #expect(result.shown == ["rdate"])
    }

    @Test func xWRTimezoneCountsItsGapsForUTCAndFloatingCountSeries() throws {
        // With X-WR-TIMEZONE, UTC and floating series recur on that zone's wall clock, whose DST
        // gaps drop instances: the bound takes a day more per gap of Europe/Berlin between
        // 2024-12-31 and the window (one, 2025-03-30), which still ends months before June: all
        // stay skipped, with the all-day and the UNTIL series.
        let body = C.event("utc", ["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;COUNT=3"])
            + C.event("floating", ["DTSTART:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"])
            + C.event("date", ["DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;COUNT=3"])
            + C.event("until", ["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250110T000000Z"])
        let plain = try ICalendar(parsing: calendarText(body), options: ImportOptions(window: C.june))
        #expect(plain.events.isEmpty)
        let text = calendarText(body).replacingOccurrences(of: "VERSION:2.0", with: "VERSION:2.0\r\nX-WR-TIMEZONE:Europe/Berlin")
        let zoned = try ICalendar(parsing: text, options: ImportOptions(window: C.june))
        #expect(zoned.defaultTimeZone == "Europe/Berlin")
        #expect(zoned.events.isEmpty)
        let full = try ICalendar(parsing: text)
        #expect(occurrences(zoned, C.june, C.utc) == occurrences(full, C.june, C.utc))
        // The identity counts the skipped UIDs as a full import's does.
        #expect(zoned.id == full.id)
        #expect(plain.id == (try ICalendar(parsing: calendarText(body))).id)
    }
}
