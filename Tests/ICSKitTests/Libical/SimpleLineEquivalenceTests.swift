import Foundation
import Testing
@testable import ICSKit

/// The lines ``SimpleLineReader`` reads in Swift give exactly what libical gives for them:
/// every block of every fixture, and a table of edge cases, converted both ways (libical
/// 3.0.16 is the independent implementation) must agree on the model and the diagnostics.
@Suite struct SimpleLineEquivalenceTests {
    static func blocks(_ bytes: [UInt8], source: String) throws -> [ComponentBlock] {
        var scanner = BlockScanner(stream: ByteStream(bytes: bytes), source: source)
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        return blocks
    }

    static func expectSame(_ blocks: [ComponentBlock], source: String) -> Int {
        var simpleBlocks = 0
        for block in blocks {
            let swift = ComponentConverter.parse(block, source: source)
            let libical = ComponentConverter.parse(block, source: source, readsSimpleLines: false)
            #expect(swift == libical, "\(source): \(block.name) on line \(block.line)")
            if !BlockOutline(block: block, readsSimpleLines: true).needsLibical { simpleBlocks += 1 }
        }
        return simpleBlocks
    }

    @Test func everyFixtureConvertsTheSameBothWays() throws {
        let root = Fixtures.root.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }
        #expect(files.count > 100)
        var simple = 0
        for file in files.sorted() {
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(file)))
            guard let blocks = try? Self.blocks(bytes, source: file) else { continue }
            simple += Self.expectSame(blocks, source: file)
        }
        // The fast path is taken at all (most fixtures' events hold only simple lines).
        #expect(simple > 50)
    }

    /// Lines at the edge of what the Swift reader takes; each is converted both ways.
    @Test(arguments: [
        "SUMMARY:Plain", "SUMMARY: leading blank", "SUMMARY:trailing blank ", "SUMMARY:a\\, b\\nc", "SUMMARY:",
        "SUMMARY;LANGUAGE=de:Hallo", "SUMMARY:a,b;c", "UID:x@y", "LOCATION:東京都",
        "DTSTART:20250101T090000", "DTSTART:20250101T090000Z", "DTSTART;TZID=Europe/Berlin:20250101T090000",
        "DTSTART;TZID=UTC:20250101T090000", "DTSTART;TZID=gmt:20250101T090000", "DTSTART;TZID=\"Europe/Berlin\":20250101T090000",
        "DTSTART;VALUE=DATE:20250101", "DTSTART:20250101", "DTSTART;VALUE=DATE:20250101T090000", "DTSTART;VALUE=DATE-TIME:20250101T090000",
        "DTSTART:20250231T090000", "DTSTART:20250101T250000", "DTSTART:20250101T095960", "DTSTART;TZID=Europe/Berlin:20250101T090000Z",
        "DTSTART;X-FOO=1:20250101T090000", "DTSTART;FOO=1:20250101T090000", "DTSTART:2025", "DTSTART;TZID=GMT+05:30:20120904T020000",
        "EXDATE:20250102T090000Z", "EXDATE:20250102T090000Z,20250103T090000Z", "RECURRENCE-ID;RANGE=THISANDFUTURE:20250102T090000Z",
        "STATUS:CONFIRMED", "STATUS:confirmed", "STATUS:X-ODD", "TRANSP:TRANSPARENT", "CLASS:PRIVATE",
        "SEQUENCE:3", "SEQUENCE:-1", "SEQUENCE:x", "PRIORITY:0012", "CATEGORIES:a,b,c", "CATEGORIES:a,,b", "CATEGORIES:a, b",
        "ATTENDEE;CN=Ann Lee;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;X-NUM-GUESTS=0:mailto:ann@example.com",
        "ATTENDEE;CN=\"Lee, Ann\":mailto:ann@example.com", "ATTENDEE;ROLE=BOSS:mailto:ann@example.com", "ORGANIZER:mailto:o@example.com",
        "ATTENDEE;RSVP=TRUE;CUTYPE=ROOM:mailto:room@example.com", "ATTENDEE;cn=lower:mailto:a@example.com",
        "EXDATE;TZID=Europe/Berlin:20250102T090000,20250103T090000", "EXDATE;VALUE=DATE:20250102,20250103", "EXDATE:20250102T090000Z,",
        "EXDATE:20250102T090000Z, 20250103T090000Z", "EXDATE:20250102T090000Z,20250230T090000Z", "RDATE:20250105T090000Z,20250106T090000Z",
        "RDATE;VALUE=PERIOD:20250105T090000Z/PT1H", "RDATE;VALUE=DATE:20250105", "DURATION:PT1H30M", "DURATION:-P1W", "DURATION:P1X",
        "DURATION:+P2D", "DURATION:1H",
        // The parameters of a list are read once for all its values (a TZID of UTC in any case is UTC).
        "EXDATE;TZID=gmt:20250102T090000,20250103T090000", "EXDATE;TZID=Utc:20250102T090000,20250103T090000Z",
        "EXDATE;TZID=Europe/Berlin;TZID=UTC:20250102T090000", "DTSTART;VALUE=DATE;VALUE=DATE:20250101",
        // Time parameters read from the bytes (``SimpleLineReader/timeForm(_:colon:)``): X- ones
        // anywhere, repeats, a lower-case VALUE, a RANGE (never read in Swift), every time property.
        "DTSTART;X-A=1;TZID=Europe/Berlin:20250101T090000", "DTSTART;TZID=Europe/Berlin;X-A=1;x-a=2:20250101T090000",
        "DTSTART;VALUE=date:20250101", "DTSTART;VALUE=DATE-TIME;VALUE=DATE:20250101T090000",
        "DTSTART;TZID=Europe/Berlin;TZID=Europe/Berlin:20250101T090000", "RECURRENCE-ID;TZID=Europe/Berlin:20250102T090000",
        "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20250102T090000", "DTEND;TZID=America/New_York:20250101T100000",
        "EXDATE;X-A=1;TZID=Europe/Berlin:20250102T090000,20250103T090000", "CREATED;TZID=Europe/Berlin:20250101T090000",
        "LAST-MODIFIED;VALUE=DATE-TIME:20250101T090000Z", "DTSTART;TZID=Europe/Berlin;VALUE=DATE:20250101",
        "DTSTART;VALUE=DATE;TZID=Europe/Berlin:20250101", "DTSTART;TZID=America/Argentina/ComodRivadavia:20250101T090000",
        // Durations read in Swift (the canonical grammar) and those left to libical.
        "DURATION:P2W", "DURATION:PT0H5M", "DURATION:P1DT2H3M4S", "DURATION:PT1M1H", "DURATION:P1W2D", "DURATION:PT",
        "DURATION:P0D", "DURATION:PT1234567890S", "DURATION:P1DT", "DURATION:-PT0S", "DURATION:PT90M",
        // Names in any case (the reader goes by the KnownNames id, found case-blind), a name of
        // 16 bytes, and heads with no `;` (no parameters, read without splitting) or a quoted `;`.
        "dtstart:20250101T090000Z", "Dtstamp:20250101T090000Z", "dtstart;tzid=Europe/Berlin:20250101T090000", "summary:lower",
        "Status:CONFIRMED", "percent-complete:50", "PERCENT-COMPLETE:100", "organizer:mailto:o@example.com",
        "DTSTART\"X\":20250101T090000Z", "ATTENDEE;CN=\"a;b\":mailto:ab@example.com", "DTSTART;:20250101T090000Z",
        "DTSTART;TZID=:20250101T090000", "DTSTART;TZID:20250101T090000", "X-VERY-LONG-PROPERTY-NAME-HERE:1",
        // Parameters checked on their bytes: case, blanks, repeats, an `=` in the value, an empty name.
        "ATTENDEE;X-A=1;x-a=2:mailto:a@example.com", "DTSTART;TZID= Europe/Berlin:20250101T090000",
        "DTSTART;TZID=Europe/Berlin ;VALUE=DATE-TIME:20250101T090000", "DTSTART;VALUE=DATE-TIME;TZID=Europe/Berlin:20250101T090000",
        "ATTENDEE;PARTSTAT=accepted:mailto:a@example.com", "ATTENDEE;=x:mailto:a@example.com", "ATTENDEE;CN=A=B:mailto:a@example.com",
        "ATTENDEE;X-Y:mailto:a@example.com", "ATTENDEE;CN=Ann;;ROLE=CHAIR:mailto:a@example.com", "ATTENDEE;CN=Ann;:mailto:a@example.com",
        "ATTENDEE;Cn=Ann;cN=Bob:mailto:a@example.com", "TRIGGER;RELATED=START:-PT5M", "DURATION;X-A=1:PT1H", "DURATION;RELATED=END:PT1H",
        // TEXT with RFC 5545's escapes (read in Swift), and backslashes libical reads its own way.
        // (A CATEGORIES list with escapes is read in Swift and differs from libical's reading on
        // purpose: EscapedListValueTests.)
        "LOCATION:Room 1\\, Floor 2", "DESCRIPTION:a\\\\b\\;c\\Nd\\ne", "SUMMARY:\\,", "SUMMARY:a\\\\", "SUMMARY:\\\\n",
        "SUMMARY:tab\\tx", "SUMMARY:end\\", "SUMMARY:colon\\:x", "SUMMARY:quote\\\"x", "SUMMARY:x\\ ", "SUMMARY:\\ x",
        "STATUS:CONF\\,IRMED", "UID:u\\,1", "LOCATION;LANGUAGE=de:Raum 1\\, Stock 2", "X-TEXT:a\\,b",
        // RRULEs of the common parts (read in Swift) and the rest (libical's).
        "RRULE:FREQ=DAILY", "RRULE:FREQ=YEARLY;COUNT=5", "RRULE:FREQ=MONTHLY;BYMONTHDAY=15;COUNT=10", "RRULE:FREQ=MONTHLY;BYDAY=2TU",
        "RRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20251231T235959Z", "RRULE:FREQ=WEEKLY;BYDAY=MO", "RRULE:FREQ=DAILY;INTERVAL=3;UNTIL=20251231",
        "RRULE:FREQ=DAILY;UNTIL=20251231T090000", "RRULE:FREQ=WEEKLY;WKST=SU;BYDAY=TU", "RRULE:FREQ=YEARLY;BYMONTH=3,11;BYMONTHDAY=1,-1",
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15", "RRULE:COUNT=4;FREQ=HOURLY;INTERVAL=12", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=05", "RRULE:FREQ=SECONDLY;COUNT=999999", "RRULE:FREQ=MINUTELY;INTERVAL=999",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "RRULE:FREQ=WEEKLY;BYDAY=2TU", "RRULE:freq=daily", "RRULE:FREQ=daily",
        "RRULE:FREQ=DAILY;COUNT=3;UNTIL=20251231T000000Z", "RRULE:FREQ=DAILY;", "RRULE:FREQ=DAILY;INTERVAL=0", "RRULE:FREQ=DAILY;COUNT=0",
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=32", "RRULE:FREQ=MONTHLY;BYMONTHDAY=0", "RRULE:FREQ=YEARLY;BYMONTH=13", "RRULE:FREQ=DAILY;UNTIL=20250230",
        "RRULE:FREQ=DAILY;UNTIL=20251231T250000Z", "RRULE:INTERVAL=2", "RRULE:FREQ=FORTNIGHTLY", "RRULE:FREQ=DAILY;FREQ=WEEKLY",
        "RRULE:FREQ=MONTHLY;BYDAY=+2TU", "RRULE:FREQ=MONTHLY;BYDAY=6TU", "RRULE:FREQ=MONTHLY;BYDAY=-0TU", "RRULE:FREQ=DAILY;BYSETPOS=1",
        "RRULE;X-A=1:FREQ=DAILY", "RRULE:FREQ=DAILY;COUNT=2,FREQ=WEEKLY", "RRULE:FREQ=DAILY;COUNT=1234567", "RRULE:FREQ=DAILY;INTERVAL=1000",
        "RRULE:FREQ=WEEKLY;WKST=XX", "RRULE:FREQ=DAILY;UNTIL=", "RRULE:FREQ=DAILY;X-NAME=1", "RRULE:FREQ=DAILY;COUNT=-1",
        "RRULE:FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12,1", "RRULE:FREQ=MONTHLY;BYMONTHDAY=1,,2", "RRULE:FREQ=DAILY ", "RRULE:",
        // Several BYDAY weekdays (read in Swift, in libical's order) and those left to libical.
        "RRULE:FREQ=WEEKLY;BYDAY=FR,MO,WE;COUNT=12", "RRULE:FREQ=WEEKLY;BYDAY=SU,MO;WKST=SU", "RRULE:FREQ=WEEKLY;WKST=SA;BYDAY=SU,FR,SA",
        "RRULE:FREQ=MONTHLY;BYDAY=-1FR,1MO", "RRULE:FREQ=YEARLY;BYDAY=TU,TH;BYMONTH=11", "RRULE:FREQ=WEEKLY;BYDAY=MO,MO",
        "RRULE:FREQ=MONTHLY;BYDAY=1MO,-1MO", "RRULE:FREQ=WEEKLY;BYDAY=MO,", "RRULE:FREQ=WEEKLY;BYDAY=MO,2TU", "RRULE:FREQ=WEEKLY;BYDAY=MO, TU",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;INTERVAL=2",
    ])
    func anEdgeLineConvertsTheSameBothWays(line: String) throws {
        let text = ics(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e@example.org", "DTSTART:20250101T080000Z",
                        line, "SUMMARY:After", "END:VEVENT", "END:VCALENDAR"])
        let blocks = try Self.blocks(Array(text.utf8), source: "edge.ics")
        _ = Self.expectSame(blocks, source: "edge.ics")
    }

    /// Alarm lines at the edge of what the Swift reader takes, converted both ways.
    @Test(arguments: [
        "TRIGGER:-PT15M", "TRIGGER;RELATED=END:PT5M", "TRIGGER;RELATED=end:PT5M", "TRIGGER;VALUE=DATE-TIME:20250101T080000Z",
        "TRIGGER:P1D", "TRIGGER:+PT1H", "TRIGGER:-PT", "TRIGGER:15M", "ACTION:AUDIO", "ACTION:display", "ACTION:X-SPEAK",
        "REPEAT:2", "DURATION:PT5M", "ATTENDEE:mailto:a@example.com", "DESCRIPTION:Remind me", "X-ALARM:1",
        "TRIGGER:-P1DT12H", "TRIGGER;RELATED=END:-PT0S", "TRIGGER:-P1W", "TRIGGER:PT1H1H",
        "trigger:-PT10M", "Trigger;Related=END:PT5M", "repeat:1",
        // An alarm's UID (RFC 9074), kept as written either way.
        "UID:a1@example.com", "UID:", "UID: spaced ", "UID:a\\,b\\;c", "UID;X-A=1:a", "UID;LANGUAGE=de:a", "uid:lower",
        "UID:東京", "UID:a,b", "RELATED-TO;RELTYPE=SNOOZE:a1@example.com",
    ])
    func anAlarmLineConvertsTheSameBothWays(line: String) throws {
        let text = ics(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e@example.org", "DTSTART:20250101T080000Z",
                        "BEGIN:VALARM", "ACTION:DISPLAY", line, "END:VALARM", "BEGIN:VALARM", "TRIGGER:-PT1M", "END:VALARM",
                        "END:VEVENT", "END:VCALENDAR"])
        let blocks = try Self.blocks(Array(text.utf8), source: "alarm.ics")
        _ = Self.expectSame(blocks, source: "alarm.ics")
    }

    /// An event of simple lines (alarms included) never reaches libical; one with an RRULE, or
    /// with anything nested in an alarm, does.
    @Test func onlyBlocksWithOtherLinesGoToLibical() throws {
        let simple = try Self.blocks(Array(ics(["BEGIN:VEVENT", "UID:a", "DTSTART:20250101T080000Z", "SUMMARY:S", "END:VEVENT"]).utf8), source: "s.ics")
        let rule = try Self.blocks(Array(ics(["BEGIN:VEVENT", "UID:a", "RRULE:FREQ=DAILY;BYSETPOS=1", "END:VEVENT"]).utf8), source: "r.ics")
        let alarm = try Self.blocks(Array(ics(["BEGIN:VEVENT", "UID:a", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT"]).utf8),
                                    source: "a.ics")
        #expect(!BlockOutline(block: simple[0], readsSimpleLines: true).needsLibical)
        // The common RRULE and escaped TEXT are read in Swift too (each checked against libical above).
        let common = try Self.blocks(Array(ics(["BEGIN:VEVENT", "UID:a", "DTSTART:20250101T080000Z", "RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=3",
                                                 "LOCATION:Room 1\\, Floor 2", "DESCRIPTION:Line 1\\nLine 2", "END:VEVENT"]).utf8), source: "c.ics")
        #expect(!BlockOutline(block: common[0], readsSimpleLines: true).needsLibical)
        #expect(BlockOutline(block: rule[0], readsSimpleLines: true).needsLibical)
        let nested = try Self.blocks(Array(ics(["BEGIN:VEVENT", "UID:a", "BEGIN:VALARM", "ACTION:DISPLAY", "BEGIN:X-IN", "END:X-IN",
                                                 "END:VALARM", "END:VEVENT"]).utf8), source: "n.ics")
        #expect(!BlockOutline(block: alarm[0], readsSimpleLines: true).needsLibical)
        // Nor does an alarm with a UID (RFC 9074).
        let alarmUID = try Self.blocks(Array(ics(["BEGIN:VEVENT", "UID:a", "BEGIN:VALARM", "UID:a1", "ACTION:DISPLAY", "TRIGGER:-PT5M",
                                                   "DESCRIPTION:D", "END:VALARM", "END:VEVENT"]).utf8), source: "u.ics")
        #expect(!BlockOutline(block: alarmUID[0], readsSimpleLines: true).needsLibical)
        #expect(BlockOutline(block: nested[0], readsSimpleLines: true).needsLibical)
        #expect(BlockOutline(block: alarm[0], readsSimpleLines: false).needsLibical)
        // The libical input of the rule's block holds BEGIN, RRULE and END only, each a C string.
        let input = BlockOutline(block: rule[0], readsSimpleLines: true).input
        #expect(input.lines.count == 3)
        #expect(String(decoding: input.text, as: UTF8.self) == "BEGIN:VEVENT\0RRULE:FREQ=DAILY;BYSETPOS=1\0END:VEVENT\0")
    }
}

/// The Swift reading of canonical DURATION values (RFC 5545 3.3.6); expected parts worked out by hand.
@Suite("Canonical durations")
struct CanonicalDurationTests {
    private func read(_ text: String) -> ICSDuration? {
        Array(text.utf8).withUnsafeBufferPointer { SimpleLineReader.canonicalDuration($0) }
    }

    @Test func canonicalFormsGiveTheirParts() {
        #expect(read("-PT15M") == ICSDuration(isNegative: true, minutes: 15))
        #expect(read("P1DT2H3M4S") == ICSDuration(days: 1, hours: 2, minutes: 3, seconds: 4))
        #expect(read("P2W") == ICSDuration(weeks: 2))
        #expect(read("PT90M") == ICSDuration(minutes: 90))  // not normalized, as libical keeps it
        #expect(read("P7D") == ICSDuration(days: 7))
        #expect(read("PT0H5M") == ICSDuration(minutes: 5))
    }

    @Test(arguments: ["", "P", "-", "PT", "P1DT", "P1W2D", "P1WT1H", "PT1M1H", "PT1S1S", "P1X", "1H", "+PT1H", "P0D", "-PT0S",
                      "PT1234567890S", "P1", "PT5", "P 1D"])
    func anythingElseGoesToLibical(text: String) {
        #expect(read(text) == nil)
    }
}
