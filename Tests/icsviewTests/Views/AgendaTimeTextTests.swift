import Foundation
import Testing

/// The agenda's JSON times and epochs at the edges of the writer's own date arithmetic (it turns
/// an instant into `YYYY-MM-DDTHH:MM:SS` itself for the years 0000 to 9999, and reads all-day and
/// floating times in the display zone through offsets looked up once per run).
///
/// Expected values worked out by hand and checked with Python's `datetime` and `zoneinfo`
/// (`int(datetime(…, tzinfo=…).timestamp())`), an implementation independent of ICSKit.
@Suite struct AgendaTimeTextTests {
    static func event(_ uid: String, _ lines: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n\(lines)\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\n"
    }

    static func calendar(_ events: String...) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8)
    }

    /// The agenda objects of `ics` over `from`…`to`, by UID.
    static func agenda(_ ics: Data, from: String, to: String, tz: String) throws -> [String: [String: Any]] {
        let result = try CLI.run(["-", "--agenda", "--from", from, "--to", to, "--tz", tz, "--format", "json"], input: ics)
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return Dictionary(uniqueKeysWithValues: objects.map { ($0["uid"] as? String ?? "?", $0) })
    }

    @Test("UTC instants: the last second before 1970, a leap day, a century that is no leap year")
    func utcInstants() throws {
        let ics = Self.calendar(
            Self.event("before-epoch", "DTSTART:19691231T235959Z\r\nDTEND:19700101T000001Z"),
            Self.event("leap-day", "DTSTART:20000229T235959Z\r\nDURATION:PT1S"))
        let early = try Self.agenda(ics, from: "1969-12-31", to: "1970-01-01", tz: "UTC")
        let before = try #require(early["before-epoch"])
        // One second before 1970-01-01T00:00:00Z is -1; two seconds later, +1.
        #expect(before["start"] as? String == "1969-12-31T23:59:59Z")
        #expect(before["end"] as? String == "1970-01-01T00:00:01Z")
        #expect(before["startEpoch"] as? Int == -1)
        #expect(before["endEpoch"] as? Int == 1)
        // 2000 is a leap year (divisible by 400): 29 February exists. 1 March 2000 is day 11,017
        // after 1970 (10,957 days to 2000: 30 years, 7 leap days; then 31 + 29), so the second
        // before it is 11,017 × 86,400 − 1 = 951,868,799; DURATION:PT1S ends at that midnight.
        let leap = try #require(try Self.agenda(ics, from: "2000-02-29", to: "2000-02-29", tz: "UTC")["leap-day"])
        #expect(leap["start"] as? String == "2000-02-29T23:59:59Z")
        #expect(leap["end"] as? String == "2000-03-01T00:00:00Z")
        #expect(leap["startEpoch"] as? Int == 951_868_799)
    }

    @Test("2100 has no 29 February; the last second of 9999")
    func farInstants() throws {
        let ics = Self.calendar(
            Self.event("century", "DTSTART:21000228T235959Z\r\nDURATION:PT1S"),
            Self.event("last-second", "DTSTART:99991231T235959Z"))
        // 2100 is divisible by 100, not by 400: the second after 28 February 23:59:59 is 1 March,
        // 47,541 days after 1970 (130 years with 32 leap days, then 31 + 28) × 86,400 = 4,107,542,400.
        let century = try #require(try Self.agenda(ics, from: "2100-02-28", to: "2100-02-28", tz: "UTC")["century"])
        #expect(century["end"] as? String == "2100-03-01T00:00:00Z")
        #expect(century["endEpoch"] as? Int == 4_107_542_400)
        // 10000-01-01 is 2,932,897 days after 1970 (8030 years, 1947 leap days): minus one second,
        // 253,402,300,799.
        let last = try #require(try Self.agenda(ics, from: "9999-12-31", to: "9999-12-31", tz: "UTC")["last-second"])
        #expect(last["start"] as? String == "9999-12-31T23:59:59Z")
        #expect(last["startEpoch"] as? Int == 253_402_300_799)
    }

    @Test("Zoned instants keep their own offset; all-day and floating times are read in --tz")
    func displayZoneEpochs() throws {
        let ics = Self.calendar(
            Self.event("zoned", "DTSTART;TZID=Asia/Kolkata:20240310T193000\r\nDURATION:PT1H"),
            Self.event("all-day", "DTSTART;VALUE=DATE:20240310\r\nDTEND;VALUE=DATE:20240311"),
            Self.event("in-gap", "DTSTART:20240310T023000\r\nDURATION:PT30M"))
        let day = try Self.agenda(ics, from: "2024-03-10", to: "2024-03-10", tz: "America/New_York")
        // 19:30 at +05:30 is 14:00Z (10:00 EDT, on the day shown): 19,792 days after 1970
        // (19,723 to 2024, then 31 + 29 + 9) × 86,400 + 50,400 = 1,710,079,200.
        let zoned = try #require(day["zoned"])
        #expect(zoned["start"] as? String == "2024-03-10T19:30:00+05:30")
        #expect(zoned["startEpoch"] as? Int == 1_710_079_200)
        // New York springs forward at 02:00 on 10 March 2024: midnight is EST (-05:00), 05:00Z =
        // 1,710,046,800; the exclusive end, midnight of 11 March, is EDT (-04:00), 04:00Z = 1,710,129,600.
        let allDay = try #require(day["all-day"])
        #expect(allDay["start"] as? String == "2024-03-10")
        #expect(allDay["startEpoch"] as? Int == 1_710_046_800)
        #expect(allDay["endEpoch"] as? Int == 1_710_129_600)
        // A floating 02:30 falls in the gap: read with the offset before it (RFC 5545 3.3.5), EST,
        // so 07:30Z = 1,710,055,800.
        let gap = try #require(day["in-gap"])
        #expect(gap["start"] as? String == "2024-03-10T02:30:00")
        #expect(gap["startEpoch"] as? Int == 1_710_055_800)
    }

    @Test("A floating time in the fall-back hour is the first of the two")
    func ambiguousFloating() throws {
        let ics = Self.calendar(Self.event("ambiguous", "DTSTART:20241103T013000\r\nDURATION:PT30M"))
        // 01:30 happens twice on 3 November 2024 in New York; the first is EDT (-04:00): 05:30Z,
        // 20,030 days after 1970 × 86,400 + 19,800 = 1,730,611,800. The end is the floating wall
        // time 02:00, which happens once, in EST (-05:00): 07:00Z = 1,730,617,200.
        let object = try #require(try Self.agenda(ics, from: "2024-11-03", to: "2024-11-03", tz: "America/New_York")["ambiguous"])
        #expect(object["end"] as? String == "2024-11-03T02:00:00")
        #expect(object["startEpoch"] as? Int == 1_730_611_800)
        #expect(object["endEpoch"] as? Int == 1_730_617_200)
    }
}
