import Testing
@testable import ICSKit

/// A VTIMEZONE's simple lines (TZID; an observance's DTSTART, TZOFFSETFROM/TO, TZNAME, RDATE) are
/// read in Swift, so that a zone of many observances never reaches libical;
/// each block converted both ways must agree (libical 3.0.16 as the independent reading), and
/// the values are the ones worked out here by hand from RFC 5545 3.3.14 and 3.6.5.
@Suite("VTIMEZONE lines read in Swift")
struct SimpleZoneLinesTests {
    private func blocks(_ text: String) throws -> [ComponentBlock] {
        try SimpleLineEquivalenceTests.blocks(Array(text.utf8), source: "zone.ics")
    }

    private func zone(_ body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTIMEZONE\r\n" + body + "END:VTIMEZONE\r\nEND:VCALENDAR\r\n"
    }

    @Test(arguments: [
        ("+0100", 3_600), ("-0500", -18_000), ("+0530", 19_800), ("-0930", -34_200), ("+013015", 5_415),
        ("-000001", -1), ("+0000", 0), ("-0000", 0), ("+2359", 86_340),
    ])
    func utcOffsets(_ text: String, _ seconds: Int) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { SimpleLineReader.utcOffset($0) } == seconds)
    }

    @Test(arguments: ["0100", "+100", "+01000", "+2400", "+0160", "+010060", "+01:00", "+01OO", ""])
    func offsetsLeftToLibical(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { SimpleLineReader.utcOffset($0) } == nil)
    }

    @Test func aZoneOfSimpleLinesNeverReachesLibical() throws {
        let text = zone("""
        TZID:Hostile/Many\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        TZNAME:CEST\r
        DTSTART:00010101T030000\r
        RDATE:00020101T030000,00030101T030000\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        DTSTART:00010206T030000\r
        END:STANDARD\r

        """)
        let zoneBlock = try #require(try blocks(text).first { $0.name == "VTIMEZONE" })
        #expect(!BlockOutline(block: zoneBlock, readsSimpleLines: true).needsLibical)
        let parsed = ComponentConverter.parse(zoneBlock, source: "zone.ics")
        #expect(parsed == ComponentConverter.parse(zoneBlock, source: "zone.ics", readsSimpleLines: false))
        guard case .timeZone(let definition)? = parsed.component else {
            Issue.record("not a time zone")
            return
        }
        #expect(definition.tzid == "Hostile/Many")
        #expect(definition.observances.count == 2)
        let daylight = definition.observances[0], standard = definition.observances[1]
        #expect(daylight.kind == .daylight && standard.kind == .standard)
        #expect(daylight.offsetFrom == 3_600 && daylight.offsetTo == 7_200 && daylight.names == ["CEST"])
        #expect(daylight.start == CivilDateTime(year: 1, month: 1, day: 1, hour: 3, minute: 0))
        #expect(daylight.recurrenceDates == [CivilDateTime(year: 2, month: 1, day: 1, hour: 3, minute: 0),
                                             CivilDateTime(year: 3, month: 1, day: 1, hour: 3, minute: 0)])
        #expect(standard.offsetFrom == 7_200 && standard.offsetTo == 3_600 && standard.names.isEmpty)
        #expect(standard.start == CivilDateTime(year: 1, month: 2, day: 6, hour: 3, minute: 0))
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test(arguments: [
        // A rule, a language, a nested component, an odd offset, a property the Swift reader has no kind for.
        "BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nDTSTART:19701025T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\n",
        "BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME;LANGUAGE=de:MEZ\r\nDTSTART:19701025T030000\r\nEND:STANDARD\r\n",
        "BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nDTSTART:19701025T030000\r\nBEGIN:X-ODD\r\nX-A:1\r\nEND:X-ODD\r\nEND:STANDARD\r\n",
        "BEGIN:STANDARD\r\nTZOFFSETFROM:+02\r\nTZOFFSETTO:+0100\r\nDTSTART:19701025T030000\r\nEND:STANDARD\r\n",
        "BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nDTSTART:19701025T030000\r\nCOMMENT:x\r\nEND:STANDARD\r\n",
        "BEGIN:X-NOTE\r\nX-A:1\r\nEND:X-NOTE\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nDTSTART:19701025T030000\r\nEND:STANDARD\r\n",
    ])
    func whatSwiftDoesNotReadGoesToLibicalAndAgrees(_ observance: String) throws {
        let zoneBlock = try #require(try blocks(zone("TZID:Europe/Test\r\n" + observance)).first { $0.name == "VTIMEZONE" })
        #expect(BlockOutline(block: zoneBlock, readsSimpleLines: true).needsLibical)
        #expect(ComponentConverter.parse(zoneBlock, source: "zone.ics")
                == ComponentConverter.parse(zoneBlock, source: "zone.ics", readsSimpleLines: false))
    }
}
