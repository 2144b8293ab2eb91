import Testing
@testable import ICSKit

/// Runs of RDATE and EXDATE lines kept as one simple line (``BlockOutline/joinsRuns(_:)``): the
/// converted event is the one libical 3.0 gives when it reads every line (the independent
/// reading, `readsSimpleLines: false`), and the values stand in line order, as RFC 5545 3.8.5.1
/// and 3.8.5.2 list them (the expected lists below are written out by hand from the lines).
@Suite("Runs of RDATE and EXDATE lines")
struct DateRunTests {
    static func event(_ lines: [String]) throws -> ComponentBlock {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN", "BEGIN:VEVENT", "UID:r@x",
                     "DTSTAMP:20240101T000000Z", "DTSTART:20240601T090000Z"] + lines + ["END:VEVENT", "END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
        let blocks = try SimpleLineEquivalenceTests.blocks(Array(text.utf8), source: "runs.ics")
        return try #require(blocks.first { $0.name == "VEVENT" })
    }

    static func incidence(_ parsed: ParsedBlock) -> Incidence? {
        if case .incidence(let incidence)? = parsed.component { return incidence }
        return nil
    }

    static func utc(_ day: Int, _ hour: Int = 9) -> TimeValue {
        .utc(CivilDateTime(date: CivilDate(year: 2024, month: 6, day: day), hour: hour, minute: 0, second: 0))
    }

    @Test("Runs broken by a PERIOD, an X- line and other names: the values in line order, as libical reads them")
    func runsKeepLineOrder() throws {
        let block = try Self.event([
            "RDATE:20240602T090000Z", "RDATE:20240603T090000Z,20240604T090000Z",
            "RDATE;VALUE=PERIOD:20240605T090000Z/PT2H",
            "RDATE:20240606T090000Z", "RDATE:20240607T090000Z",
            "EXDATE:20240602T090000Z", "EXDATE:20240603T090000Z",
            "X-A:between",
            "EXDATE:20240606T090000Z", "RDATE:20240608T090000Z", "EXDATE;TZID=Europe/Berlin:20240607T110000",
            "SUMMARY:Runs",
        ])
        let swift = ComponentConverter.parse(block, source: "runs.ics")
        let libical = ComponentConverter.parse(block, source: "runs.ics", readsSimpleLines: false)
        #expect(swift == libical)
        let event = try #require(Self.incidence(swift))
        let berlin = TimeValue.zoned(CivilDateTime(date: CivilDate(year: 2024, month: 6, day: 7), hour: 11, minute: 0, second: 0),
                                     tzid: "Europe/Berlin")
        #expect(event.recurrenceDates == [.time(Self.utc(2)), .time(Self.utc(3)), .time(Self.utc(4)),
                                          .period(start: Self.utc(5), end: .duration(ICSDuration(hours: 2))),
                                          .time(Self.utc(6)), .time(Self.utc(7)), .time(Self.utc(8))])
        #expect(event.exceptionDates == [Self.utc(2), Self.utc(3), Self.utc(6), berlin])
        #expect(event.otherProperties.map(\.name) == ["X-A"])
    }

    @Test("A run of 1,000 RDATE lines is one simple line of 1,000 values, counted once for the room reserved")
    func aRunIsOneLine() throws {
        let dates = (0..<1_000).map { "RDATE:202406\(String(format: "%02d", $0 % 28 + 1))T\(String(format: "%02d", $0 % 24))0000Z" }
        let block = try Self.event(dates + ["SUMMARY:After"])
        // UID, DTSTAMP, DTSTART, the run, SUMMARY.
        #expect(BlockOutline.topLevelProperties(of: block) == 5)
        var outline = BlockOutline(block: block, readsSimpleLines: true)
        let own = outline.takeSimpleLines(of: 0)
        #expect(own.count == 5)
        #expect(own[3].property.dates?.count == 1_000)
        let swift = ComponentConverter.parse(block, source: "runs.ics")
        #expect(swift == ComponentConverter.parse(block, source: "runs.ics", readsSimpleLines: false))
        let event = try #require(Self.incidence(swift))
        #expect(event.recurrenceDates.count == 1_000)
        #expect(event.recurrenceDates.last == .time(.utc(CivilDateTime(date: CivilDate(year: 2024, month: 6, day: 999 % 28 + 1),
                                                                        hour: 999 % 24, minute: 0, second: 0))))
    }

    @Test("Lines of one run in a VTIMEZONE observance: its onsets in line order, as libical reads them")
    func observanceRuns() throws {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN", "BEGIN:VTIMEZONE", "TZID:Test/Zone",
                    "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
                    "RDATE:19711031T030000", "RDATE:19721029T030000", "RDATE:19731028T030000", "END:STANDARD",
                    "END:VTIMEZONE", "END:VCALENDAR"].joined(separator: "\r\n") + "\r\n"
        let blocks = try SimpleLineEquivalenceTests.blocks(Array(text.utf8), source: "zone.ics")
        let block = try #require(blocks.first { $0.name == "VTIMEZONE" })
        let swift = ComponentConverter.parse(block, source: "zone.ics")
        #expect(swift == ComponentConverter.parse(block, source: "zone.ics", readsSimpleLines: false))
        guard case .timeZone(let zone)? = swift.component else {
            Issue.record("no zone")
            return
        }
        #expect(zone.observances.first?.recurrenceDates.map(\.date.year) == [1971, 1972, 1973])
    }
}
