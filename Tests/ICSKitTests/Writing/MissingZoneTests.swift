import Foundation
import Testing
@testable import ICSKit

/// VTIMEZONEs generated for TZIDs the file does not define. Expected rules worked out by hand
/// from the EU's summer time (last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC,
/// Directive 2000/84/EC) and the US's (second Sunday of March 02:00 local to first Sunday of
/// November 02:00 local since 2007).
@Suite struct MissingZoneTests {
    static func event(_ tzid: String, _ year: Int, month: Int = 7) -> String {
        calendarText(["BEGIN:VEVENT", "UID:e-\(year)-\(month)", "DTSTAMP:20240101T000000Z",
                      "DTSTART;TZID=\(tzid):\(year)\(month < 10 ? "0" : "")\(month)01T090000", "SUMMARY:x", "END:VEVENT"])
    }

    @Test func aWindowsNameGetsTheEURules() throws {
        let calendar = try ICalendar(parsing: Self.event("W. Europe Standard Time", 2024))
        let (generated, unresolved) = ICSWriter(referenceYear: 2024).missingTimeZones(for: calendar)
        #expect(unresolved.isEmpty)
        let zone = try #require(generated.first)
        #expect(zone.tzid == "W. Europe Standard Time")
        #expect(zone.otherProperties.first { $0.name == "X-LIC-LOCATION" }?.value == "Europe/Berlin")
        let daylight = try #require(zone.observances.first { $0.kind == .daylight && $0.recurrenceRule != nil })
        #expect(daylight.offsetFrom == 3600 && daylight.offsetTo == 7200)
        #expect(daylight.recurrenceRule!.description == "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3")
        #expect(daylight.start.hour == 2 && daylight.start.date.month == 3)
        let standard = try #require(zone.observances.first { $0.kind == .standard && $0.recurrenceRule != nil })
        #expect(standard.recurrenceRule!.description == "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10")
        #expect(standard.start.hour == 3 && standard.offsetFrom == 7200 && standard.offsetTo == 3600)
        // The text names the zone once and the event keeps its TZID.
        let text = ICSWriter(referenceYear: 2024).text(for: calendar)
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:W. Europe Standard Time\r\n"))
        #expect(text.contains("DTSTART;TZID=W. Europe Standard Time:20240701T090000\r\n"))
    }

    /// The generated definition alone (under a TZID no system knows) gives Berlin's instants, in
    /// the years it covers and, through its rules without UNTIL, after them.
    @Test func theDefinitionAloneGivesTheSystemZonesInstants() throws {
        let calendar = try ICalendar(parsing: Self.event("Europe/Berlin", 2024))
        var zone = try #require(ICSWriter(referenceYear: 2024).missingTimeZones(for: calendar).generated.first)
        zone.tzid = "X-Only-Defined"
        zone.otherProperties = []
        var probe = try ICalendar(parsing: calendarText([]))
        probe.timeZones = [zone]
        for (year, month, utcHour) in [(2024, 7, 7), (2024, 1, 8), (2031, 7, 7), (2031, 12, 8), (2023, 3, 8)] {
            var event = Incidence(kind: .event)
            event.uid = "\(year)-\(month)"
            event.start = .zoned(CivilDateTime(year: year, month: month, day: 15, hour: 9), tzid: "X-Only-Defined")
            probe.events = [event]
            let text = ICSWriter(addsMissingTimeZones: false).text(for: probe)
            let read = try ICalendar(parsing: text)
            let day = DateInterval(start: Date(timeIntervalSince1970: Double(CivilDate(year: year, month: month, day: 15).daysSinceEpoch * 86_400)), duration: 86_400)
            let found = agenda(read, day, TimeZone(identifier: "UTC")!)
            let expected = Date(timeIntervalSince1970: Double(CivilDate(year: year, month: month, day: 15).daysSinceEpoch * 86_400 + utcHour * 3600))
            #expect(found.map(\.start) == [expected], "\(year)-\(month)")
        }
    }

    @Test func anOutlookDisplayNameAndAnIANANameAreMadeWhole() throws {
        let display = "(UTC-05:00) Eastern Time (US & Canada)"
        let calendar = try ICalendar(parsing: Self.event(display, 2024))
        let zone = try #require(ICSWriter(referenceYear: 2024).missingTimeZones(for: calendar).generated.first)
        #expect(zone.tzid == display)
        let daylight = try #require(zone.observances.first { $0.kind == .daylight && $0.recurrenceRule != nil })
        #expect(daylight.recurrenceRule!.description == "FREQ=YEARLY;BYDAY=2SU;BYMONTH=3")
        #expect(daylight.offsetFrom == -18_000 && daylight.offsetTo == -14_400)
    }

    @Test func anUnknownTZIDIsSaidNotInvented() throws {
        let calendar = try ICalendar(parsing: Self.event("Nowhere/Special", 2024))
        let missing = ICSWriter().missingTimeZones(for: calendar)
        #expect(missing.generated.isEmpty)
        #expect(missing.unresolved == ["Nowhere/Special"])
    }

    @Test func aDefinedZoneIsNotGeneratedAgain() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
            "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "DTSTAMP:20240101T000000Z", "DTSTART;TZID=Europe/Berlin:20240701T090000", "END:VEVENT"]))
        #expect(ICSWriter().missingTimeZones(for: calendar).generated.isEmpty)
        #expect(ICSWriter().text(for: calendar).components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
    }
}
