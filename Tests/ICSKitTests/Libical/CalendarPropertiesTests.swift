import Testing
@testable import ICSKit

/// The VCALENDAR's own properties: RFC 7986 names first, the older X-WR-/X-APPLE- spellings
/// as fallbacks, and nothing lost.
@Suite struct CalendarPropertiesTests {
    @Test func readsTheRFC7986Properties() throws {
        let calendar = try ICalendar(parsing: ics([
            "BEGIN:VCALENDAR",                                   // 1
            "VERSION:2.0",                                       // 2
            "PRODID:-//Example Corp//Cal 1.0//EN",               // 3
            "CALSCALE:gregorian",                                // 4
            "METHOD:request",                                    // 5
            "NAME:Team",                                         // 6
            "DESCRIPTION:What the team does\\, week by week",    // 7
            "COLOR:turquoise",                                   // 8
            "REFRESH-INTERVAL;VALUE=DURATION:P1DT12H",           // 9
            "X-PUBLISHED-TTL:PT30M",                             // 10
            "X-WR-TIMEZONE:America/New_York",                    // 11
            "END:VCALENDAR",                                     // 12
        ]))
        #expect(calendar.version == "2.0")
        #expect(calendar.productID == "-//Example Corp//Cal 1.0//EN")
        #expect(calendar.calendarScale == "GREGORIAN")
        #expect(calendar.method == "REQUEST")
        #expect(calendar.name == "Team")
        #expect(calendar.notes == "What the team does, week by week")
        #expect(calendar.color == "turquoise")
        #expect(calendar.refreshInterval == ICSDuration(days: 1, hours: 12))
        #expect(calendar.publishedTTL == ICSDuration(minutes: 30))
        #expect(calendar.defaultTimeZone == "America/New_York")
        #expect(calendar.diagnostics.isEmpty)
        // libical 3.0 does not know REFRESH-INTERVAL: it is typed from its raw line, and kept.
        #expect(calendar.otherProperties.map(\.name) == ["REFRESH-INTERVAL", "X-PUBLISHED-TTL"])
        #expect(calendar.otherProperties.map(\.line) == [9, 10])
    }

    @Test(arguments: [
        (["X-WR-CALNAME:Old"], "Old"),
        (["NAME:New"], "New"),
        (["X-WR-CALNAME:Old", "NAME:New"], "New"),
        (["NAME:New", "X-WR-CALNAME:Old"], "New"),
    ] as [([String], String)])
    func nameFromNAMEElseXWRCALNAME(lines: [String], expected: String) throws {
        let calendar = try ICalendar(parsing: ics(["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]))
        #expect(calendar.name == expected)
    }

    @Test(arguments: [
        (["X-APPLE-CALENDAR-COLOR:#FF2968"], "#FF2968"),
        (["COLOR:crimson"], "crimson"),
        (["X-APPLE-CALENDAR-COLOR:#FF2968", "COLOR:crimson"], "crimson"),
    ] as [([String], String)])
    func colorFromCOLORElseAppleColor(lines: [String], expected: String) throws {
        let calendar = try ICalendar(parsing: ics(["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]))
        #expect(calendar.color == expected)
    }

    @Test func shadowedFallbacksAreKeptAsOtherProperties() throws {
        // NAME, DESCRIPTION and COLOR win; the older spellings beside them are not lost.
        let calendar = try ICalendar(parsing: ics([
            "BEGIN:VCALENDAR",                   // 1
            "NAME:New",                          // 2
            "X-WR-CALNAME:Old",                  // 3
            "DESCRIPTION:New description",      // 4
            "X-WR-CALDESC:Old description",      // 5
            "COLOR:crimson",                     // 6
            "X-APPLE-CALENDAR-COLOR:#FF2968",    // 7
            "END:VCALENDAR",                     // 8
        ]))
        #expect(calendar.otherProperties == [
            Property(name: "X-WR-CALNAME", value: "Old", line: 3),
            Property(name: "X-WR-CALDESC", value: "Old description", line: 5),
            Property(name: "X-APPLE-CALENDAR-COLOR", value: "#FF2968", line: 7),
        ])
    }

    @Test func unknownCalendarPropertiesKeepParametersAndLines() throws {
        let calendar = try ICalendar(parsing: ics([
            "BEGIN:VCALENDAR",                                                // 1
            "X-OWNER;CN=\"Max Mustermann\":mailto:max@example.com",          // 2
            "X-MS-OLK-WKHRSTART;TZID=\"W. Europe Standard Time\":080000",    // 3
            "SOURCE;VALUE=URI:https://example.com/cal.ics",                   // 4
            "END:VCALENDAR",                                                  // 5
        ]))
        #expect(calendar.otherProperties == [
            Property(name: "X-OWNER", parameters: [Parameter(name: "CN", value: "Max Mustermann")], value: "mailto:max@example.com", line: 2),
            Property(name: "X-MS-OLK-WKHRSTART", parameters: [Parameter(name: "TZID", value: "W. Europe Standard Time")], value: "080000", line: 3),
            Property(name: "SOURCE", parameters: [Parameter(name: "VALUE", value: "URI")], value: "https://example.com/cal.ics", line: 4),
        ])
    }

    @Test func aLaterCalendarFillsOnlyWhatTheFirstLeftUnset() throws {
        let calendar = try ICalendar(parsing: ics([
            "BEGIN:VCALENDAR", "X-WR-CALNAME:First", "END:VCALENDAR",
            "BEGIN:VCALENDAR", "X-WR-CALNAME:Second", "METHOD:PUBLISH", "END:VCALENDAR",
        ]))
        #expect(calendar.name == "First")
        #expect(calendar.method == "PUBLISH")
    }
}
