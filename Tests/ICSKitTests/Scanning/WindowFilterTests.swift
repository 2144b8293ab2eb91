import Foundation
import Testing
@testable import ICSKit

/// Which VEVENTs ``WindowFilter`` skips for the window June 2025 (2025-06-01T00:00Z ..<
/// 2025-07-01T00:00Z), with its margin of 26 h. Every verdict is worked out by hand from the
/// rule in the filter's documentation: a single event is skipped when max(start + 1 day, end) +
/// 26 h ≤ 2025-06-01T00:00 or min(start, end) − 26 h ≥ 2025-07-01T00:00; a series when
/// max(UNTIL, start) + its instance length + 26 h ≤ 2025-06-01T00:00.
@Suite struct WindowFilterTests {
    static let june = DateInterval(start: Date(timeIntervalSince1970: 1_748_736_000),  // 2025-06-01T00:00:00Z
                                   end: Date(timeIntervalSince1970: 1_751_328_000))    // 2025-07-01T00:00:00Z

    /// Whether the filter skips the VEVENT made of `lines` (between BEGIN and END).
    static func skips(_ lines: [String], name: String = "VEVENT", limits: ScanLimits = .standard) throws -> Bool {
        let text = calendarText(["BEGIN:\(name)", "UID:a@example.com"] + lines + ["END:\(name)"])
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics", limits: limits)
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let block = try #require(blocks.first { $0.name == name })
        return WindowFilter(window: june).skips(block)
    }

    @Test(arguments: [
        // Single events in UTC.
        (["DTSTART:20250401T090000Z", "DTEND:20250401T100000Z"], true),        // two months before
        (["DTSTART:20250530T200000Z", "DTEND:20250530T220000Z"], false),       // start + 1 day + 26 h = 06-01T22:00
        (["DTSTART:20250529T000000Z"], true),                                  // 05-30T00:00 + 26 h = 05-31T02:00
        (["DTSTART:20250702T020000Z", "DTEND:20250702T030000Z"], true),        // 07-02T02:00 − 26 h = 07-01T00:00, the end
        (["DTSTART:20250702T015959Z", "DTEND:20250702T030000Z"], false),       // one second earlier
        // All-day: the day, one day without an end.
        (["DTSTART;VALUE=DATE:20250529"], true),                               // 05-30 + 26 h = 05-31T02:00
        (["DTSTART;VALUE=DATE:20250530"], false),                              // 05-31 + 26 h = 06-01T02:00
        (["DTSTART;VALUE=DATE:20250520", "DTEND;VALUE=DATE:20250531"], false), // ends 05-31: + 26 h
        (["DTSTART;VALUE=DATE:20250520", "DTEND;VALUE=DATE:20250529"], true),  // DTEND 05-29 + 1 day + 26 h = 05-31T02:00
        // Floating and zoned wall times are read with the same margin.
        (["DTSTART:20250529T230000", "DTEND:20250529T235959"], false),          // 05-30T23:00 + 26 h = 06-01T01:00
        (["DTSTART:20250528T230000", "DTEND:20250528T235959"], true),           // 05-29T23:00 + 26 h = 05-31T01:00
        (["DTSTART;TZID=Europe/Berlin:20250401T090000", "DTEND;TZID=Europe/Berlin:20250401T100000"], true),
        (["DTSTART;TZID=\"Odd:Name\":20250401T090000"], true),                 // a quoted colon in a parameter
        // DURATION: days as 24 h, weeks as 7 days; a negative one reaches back.
        (["DTSTART:20250401T090000Z", "DURATION:P60D"], false),                // ends 05-31T09:00
        (["DTSTART:20250401T090000Z", "DURATION:P59D"], true),                 // ends 05-30T09:00 + 26 h = 05-31T11:00
        (["DTSTART:20250401T090000Z", "DURATION:P8W4DT23H59M59S"], false),      // 60 days less a second: ends 05-31T08:59:59
        (["DTSTART:20250702T120000Z", "DURATION:P2D"], true),
        (["DTSTART:20250702T120000Z", "DURATION:-P2D"], false),                // reaches back to 06-30T12:00
        (["DTSTART:20250702T120000Z", "DTEND:20250630T120000Z"], false),        // DTEND before DTSTART: swapped
        // Series.
        (["DTSTART:20250101T090000Z", "DTEND:20250101T100000Z", "RRULE:FREQ=DAILY;UNTIL=20250501T000000Z"], true),
        (["DTSTART:20250101T090000Z", "DTEND:20250101T100000Z", "RRULE:FREQ=DAILY;UNTIL=20250530T000000Z"], false),
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250501T000000Z", "EXDATE:20250102T090000Z"], true),
        (["DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;UNTIL=20250528"], true),   // 05-29 + 1 day + 26 h = 05-31T02:00
        (["DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;UNTIL=20250529"], false),  // 05-30 + 1 day + 26 h = 06-01T02:00
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;until=20250501T000000Z"], true),
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;COUNT=3"], true),       // COUNT: see CountBoundTests
        (["DTSTART;TZID=Europe/Berlin:20250101T090000", "RRULE:FREQ=DAILY;COUNT=3"], true),   // skipped once its gaps are counted (ZoneGaps)
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY"], false),              // no end
        (["DTSTART:20250101T090000Z", "RRULE:RSCALE=GREGORIAN;FREQ=DAILY;UNTIL=20250501T000000Z"], false),
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250501T000000Z;UNTIL=20250501T000000Z"], false),
        (["DTSTART:20250801T090000Z", "RRULE:FREQ=DAILY"], true),               // the series begins after the window
        (["DTSTART:20250801T090000Z", "RRULE:FREQ=DAILY", "RDATE:20250615T090000Z"], false),
        // Plain yearly series (YearlyBound): every instance on DTSTART's month and day, from its
        // year on, whatever COUNT or UNTIL; an instance without end reaches 1 day, so in 2025 it
        // is skipped when its start + 1 day + 26 h ≤ 06-01T00:00 (a start ≤ 05-29T22:00) or its
        // start − 26 h ≥ 07-01T00:00 (a start ≥ 07-02T02:00).
        (["DTSTART:20200315T090000Z", "DTEND:20200315T100000Z", "RRULE:FREQ=YEARLY"], true),   // 15 March each year
        (["DTSTART:20200610T090000Z", "RRULE:FREQ=YEARLY"], false),                            // 2025-06-10
        (["DTSTART:20200529T220000Z", "RRULE:FREQ=YEARLY"], true),                             // 2025-05-29T22:00 + 50 h = 06-01T00:00
        (["DTSTART:20200529T220001Z", "RRULE:FREQ=YEARLY"], false),                            // one second later
        (["DTSTART:20200702T020000Z", "RRULE:FREQ=YEARLY"], true),                             // 2025-07-02T02:00 − 26 h = 07-01T00:00
        (["DTSTART:20200702T015959Z", "RRULE:FREQ=YEARLY"], false),                            // one second earlier
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;COUNT=100"], true),                   // COUNT only picks years
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;UNTIL=20300101T000000Z"], true),
        (["DTSTART:20200315T090000Z", "RRULE:freq=yearly;INTERVAL=2;WKST=MO"], true),
        (["DTSTART;TZID=Europe/Berlin:20200315T090000", "RRULE:FREQ=YEARLY"], true),
        (["DTSTART;VALUE=DATE:20200315", "RRULE:FREQ=YEARLY"], true),                          // a birthday in March
        (["DTSTART;VALUE=DATE:20200531", "RRULE:FREQ=YEARLY"], false),                         // 05-31 + 1 day + 26 h = 06-02T02:00
        (["DTSTART:20200315T090000Z", "DURATION:P80D", "RRULE:FREQ=YEARLY"], false),          // 2025-03-15 + 80 days = 06-03
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY", "EXDATE:20210315T090000Z"], true),
        // Not the shape: BY parts (June may be among them), COUNT with UNTIL, INTERVAL 0, a part
        // twice, 29 February, another frequency.
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;BYMONTH=6"], false),
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;BYMONTHDAY=15"], false),
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;COUNT=5;UNTIL=20300101T000000Z"], false),
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;INTERVAL=0"], false),
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=YEARLY;FREQ=YEARLY"], false),
        (["DTSTART:20200229T090000Z", "RRULE:FREQ=YEARLY"], false),
        (["DTSTART:20200315T090000Z", "RRULE:FREQ=MONTHLY"], false),
        // Overrides: their own start and end decide, read as a single event's (the instance they
        // name does not: a parsed component of the UID brings them back, see SkippedBlocks).
        (["DTSTART:20250401T090000Z", "RECURRENCE-ID:20250401T090000Z"], true),  // 04-02T09:00 + 26 h, April
        (["DTSTART:20250610T090000Z", "RECURRENCE-ID:20250401T090000Z"], false), // moved into June
        (["DTSTART:20250401T090000Z", "RECURRENCE-ID:20250610T090000Z"], true),  // moved out of June
        (["DTSTART:20250801T090000Z", "DTEND:20250801T100000Z", "RECURRENCE-ID:20250610T090000Z"], true), // 08-01 − 26 h ≥ 07-01
        (["DTSTART:20250530T200000Z", "DTEND:20250530T220000Z", "RECURRENCE-ID:20250401T090000Z"], false), // 05-31T20:00 + 26 h = 06-01T22:00
        (["DTSTART;VALUE=DATE:20250401", "RECURRENCE-ID;VALUE=DATE:20250610"], true),
        // What is not decided: overrides of later instances (RANGE), an override with a rule or
        // two RECURRENCE-IDs, RDATE, several starts or rules, odd values.
        (["DTSTART:20250401T090000Z", "RECURRENCE-ID;RANGE=THISANDFUTURE:20250401T090000Z"], false),
        (["DTSTART:20250401T090000Z", "recurrence-id;range=thisandfuture:20250401T090000Z"], false),
        (["DTSTART:20250401T090000Z", "RECURRENCE-ID:20250401T090000Z", "RECURRENCE-ID:20250402T090000Z"], false),
        (["DTSTART:20250401T090000Z", "RECURRENCE-ID:20250401T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250402T000000Z"], false),
        (["DTSTART:20250401T090000Z", "RDATE:20250402T090000Z"], false),
        (["DTSTART:20250401T090000Z", "DTSTART:20250402T090000Z"], false),
        (["DTSTART:20250401T090000Z", "DTEND:20250401T100000Z", "DURATION:PT1H"], false),
        (["DTSTART:20250401T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250402T000000Z", "RRULE:FREQ=WEEKLY"], false),
        (["DTSTART:20250401T0900Z"], false),
        (["DTSTART:20250230T090000Z"], false),                                   // 30 February
        (["DTSTART:20250401T240000Z"], false),
        (["DTSTART:20250401T090000Z "], false),
        (["DTSTART;VALUE=PERIOD:20250401T090000Z/PT1H"], false),
        (["DTSTART:20250401T090000Z", "DURATION:P1Y"], false),
        (["DTSTART:20250401T090000Z", "DURATION:PT"], false),
        (["DTSTART:20250401T090000Z", "DURATION:PT1H2D"], false),
        (["DTSTART:20250401T090000Z", "DTEND:2025"], false),
        (["DTEND:20250401T090000Z"], false),                                     // no DTSTART
        (["DTSTART:20250401T090000Z", "UID:b@example.com"], false),              // two UIDs
        // A nested component's own lines are its own.
        (["DTSTART:20250401T090000Z", "BEGIN:VALARM", "TRIGGER:-PT5M", "RDATE:20250615T090000Z", "END:VALARM"], true),
    ] as [([String], Bool)])
    func decidesFromTheBlockAlone(lines: [String], skipped: Bool) throws {
        #expect(try Self.skips(lines) == skipped, "\(lines)")
    }

    @Test func aUIDWithAnEscapeIsNotSkipped() throws {
        let text = calendarText(["BEGIN:VEVENT", "UID:a\\,b", "DTSTART:20250401T090000Z", "END:VEVENT"])
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics")
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let event = try #require(blocks.first { $0.name == "VEVENT" })
        #expect(!WindowFilter(window: Self.june).skips(event))
        #expect(WindowFilter.uid(of: event) == nil)
    }

    @Test func onlyVEVENTsAreSkipped() throws {
        #expect(try Self.skips(["DTSTART:20250401T090000Z"], name: "VTODO") == false)
        #expect(try Self.skips(["DTSTART:20250401T090000Z"], name: "VJOURNAL") == false)
        #expect(try Self.skips(["DTSTART:20250401T090000Z"], name: "VEVENT") == true)
    }

    @Test func aBlockWithALineKeptFromLibicalIsParsed() throws {
        let limits = ScanLimits(maxParsedLineBytes: 100)
        let long = "DESCRIPTION:" + String(repeating: "x", count: 200)
        #expect(try Self.skips(["DTSTART:20250401T090000Z", long], limits: limits) == false)
        #expect(try Self.skips(["DTSTART:20250401T090000Z", "DESCRIPTION:short"], limits: limits) == true)
    }

    @Test func readsTheUIDAsLibicalDoes() throws {
        let text = calendarText(["BEGIN:VEVENT", "UID;X-P=\"q:r\":abc@example.com", "DTSTART:20250401T090000Z", "END:VEVENT"])
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics")
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let event = try #require(blocks.first { $0.name == "VEVENT" })
        #expect(WindowFilter.uid(of: event) == "abc@example.com")
        let parsed = try ICalendar(parsing: text)
        #expect(parsed.events.first?.uid == "abc@example.com")
    }

    @Test(arguments: [
        ([3600, 7200], true), ([-11 * 3600, -10 * 3600], true), ([14 * 3600, 13 * 3600], true),
        ([15 * 3600, 14 * 3600], false), ([-15 * 3600, 0], false), ([-14 * 3600, 14 * 3600], false),
    ])
    func zoneOffsetsWithinTheMargin(offsets: [Int], fits: Bool) {
        #expect(SkippedBlocks.fitsMargin(Self.zone(offsets)) == fits)
    }

    /// A zone of one observance from `offsets[0]` to `offsets[1]`.
    static func zone(_ offsets: [Int]) -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: "Z", observances: [
            .init(kind: .standard, start: CivilDateTime(date: CivilDate(year: 1970, month: 1, day: 1), hour: 0, minute: 0, second: 0),
                  offsetFrom: offsets[0], offsetTo: offsets[1]),
        ])
    }

    /// The wide margin (36 h) takes offsets within ±24 h, still less than a day apart.
    @Test(arguments: [
        ([15 * 3600, 14 * 3600], true), ([14 * 3600 + 2700, 13 * 3600 + 2700], true), ([-24 * 3600, -23 * 3600], true),
        ([24 * 3600, 24 * 3600], true), ([25 * 3600, 24 * 3600], false), ([-24 * 3600 - 1, 0], false),
        ([-12 * 3600, 12 * 3600 + 1], false),
    ])
    func zoneOffsetsWithinTheWideMargin(offsets: [Int], fits: Bool) {
        #expect(SkippedBlocks.fitsMargin(Self.zone(offsets), margin: WindowFilter.wideMargin) == fits)
    }

    /// Skipped with the wide margin: a single event when max(start + 1 day, end) + 36 h ≤
    /// 06-01T00:00 or min(start, end) − 36 h ≥ 07-01T00:00, a series likewise from its UNTIL.
    @Test(arguments: [
        (["DTSTART:20250529T120000Z"], true),                                  // 05-30T12:00 + 36 h = 06-01T00:00
        (["DTSTART:20250529T120001Z"], false),
        (["DTSTART:20250529T200000Z", "DTEND:20250529T203000Z"], false),       // skipped with 26 h only
        (["DTSTART:20250702T120000Z"], true),                                  // 07-02T12:00 − 36 h = 07-01T00:00
        (["DTSTART:20250702T115959Z"], false),
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250529T120000Z"], true),   // 05-30T12:00 + 36 h = 06-01T00:00
        (["DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20250529T120001Z"], false),  // skipped with 26 h only
    ])
    func skippedWithTheWideMargin(lines: [String], widely: Bool) throws {
        let text = calendarText(["BEGIN:VEVENT", "UID:a@example.com"] + lines + ["END:VEVENT"])
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics")
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let block = try #require(blocks.first { $0.name == "VEVENT" })
        #expect(WindowFilter(window: Self.june).skipsWidely(block) == widely, "\(lines)")
    }
}
