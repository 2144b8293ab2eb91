import Foundation
import Testing

/// The agenda JSON writer's shortcuts, each against values worked out by hand (and checked
/// with Python's `datetime` and `zoneinfo`, an independent implementation of the same
/// calendar and tzdata): the ten-digit epochs written as five pairs of digits and the
/// numbers on either side of that range; the display zone's midnights of all-day dates kept
/// in a small table (dates that share a slot included); the zone name of a series' instances
/// copied from the first (an override in another zone keeps its own); an unmoved instance's
/// start copied from its recurrence id.
@Suite struct AgendaJSONFastPathTests {
    static func objects(_ ics: String, from: String, to: String, tz: String) throws -> [[String: Any]] {
        let result = try CLI.run(["-", "--agenda", "--from", from, "--to", to, "--tz", tz, "--format", "json"],
                                 input: Data(ics.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func calendar(_ events: [String]) -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//EN\n" + events.joined() + "END:VCALENDAR\n"
    }

    static func event(_ uid: String, _ lines: String) -> String {
        "BEGIN:VEVENT\nUID:\(uid)\nDTSTAMP:20240101T000000Z\n\(lines)\nEND:VEVENT\n"
    }

    /// 2001-09-09T01:46:40Z is 1,000,000,000 s after 1970 (the first ten-digit epoch), a second
    /// earlier nine digits; 2286-11-20T17:46:39Z is 9,999,999,999 (the last), a second later
    /// eleven digits; 1969-12-31T23:59:59Z is -1.
    @Test func epochsAroundTheTenDigitRange() throws {
        let ics = Self.calendar([
            Self.event("minus", "DTSTART:19691231T235959Z"),
            Self.event("nine", "DTSTART:20010909T014639Z\nDTEND:20010909T014640Z"),
            Self.event("ten", "DTSTART:20010909T014640Z"),
            Self.event("last", "DTSTART:22861120T174639Z\nDTEND:22861120T174640Z"),
        ])
        let objects = try Self.objects(ics, from: "1969-12-31", to: "2286-11-21", tz: "UTC")
        let epochs = objects.map { "\($0["uid"]!) \($0["startEpoch"]!) \($0["endEpoch"]!)" }
        #expect(epochs == ["minus -1 -1", "nine 999999999 1000000000", "ten 1000000000 1000000000",
                           "last 9999999999 10000000000"])
    }

    /// All-day dates in New York across the start of summer time (10 March 2024): a midnight
    /// before it is 05:00Z, after it 04:00Z. Day numbers: 2024-01-01 is day 19,723, so
    /// 2024-03-10 is 19,792 (1,710,028,800 s; +5 h: 1,710,046,800), 03-11 19,793 (+4 h:
    /// 1,710,129,600), 03-12 19,794 (1,710,216,000), 05-12 19,855 (1,715,486,400), 05-13
    /// 19,856 (1,715,572,800). 03-10 and 05-12 share a slot of the writer's table, as do 03-11
    /// and 05-13, so every answer is asked for after its slot was taken by the other date.
    @Test func allDayEpochsInTheDisplayZone() throws {
        let ics = Self.calendar([
            Self.event("a", "DTSTART;VALUE=DATE:20240310"),
            Self.event("b", "DTSTART;VALUE=DATE:20240310\nDTEND;VALUE=DATE:20240512"),
            Self.event("c", "DTSTART;VALUE=DATE:20240311\nDTEND;VALUE=DATE:20240513"),
            Self.event("d", "DTSTART;VALUE=DATE:20240512"),
            Self.event("e", "DTSTART;VALUE=DATE:20240311"),
        ])
        let objects = try Self.objects(ics, from: "2024-03-01", to: "2024-05-31", tz: "America/New_York")
        var epochs: [String: String] = [:]
        for object in objects { epochs[object["uid"] as! String] = "\(object["startEpoch"]!) \(object["endEpoch"]!)" }
        #expect(epochs == ["a": "1710046800 1710129600", "b": "1710046800 1715486400", "c": "1710129600 1715572800",
                           "d": "1715486400 1715572800", "e": "1710129600 1710216000"])
        #expect(objects.allSatisfy { $0["allDay"] as? Bool == true && $0["timeZone"] is NSNull })
    }

    /// Two weekly series in two zones, interleaved, and an override of the Berlin series moved
    /// to New York: each line names its own zone, and an unmoved instance starts at its
    /// recurrence id. Berlin is +01:00 until 31 March 2024, +02:00 after; Kolkata +05:30;
    /// New York -04:00 from 10 March.
    @Test func zoneNamesAndStartsOfInstances() throws {
        let ics = Self.calendar([
            Self.event("berlin", "DTSTART;TZID=Europe/Berlin:20240325T090000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=3"),
            Self.event("kolkata", "DTSTART;TZID=Asia/Kolkata:20240325T150000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=2"),
            Self.event("berlin", "RECURRENCE-ID;TZID=Europe/Berlin:20240401T090000\nDTSTART;TZID=America/New_York:20240401T080000\nDURATION:PT1H"),
        ])
        let objects = try Self.objects(ics, from: "2024-03-25", to: "2024-04-30", tz: "UTC")
        let lines = objects.map { "\($0["uid"]!) \($0["recurrenceId"]!) \($0["start"]!) \($0["timeZone"]!)" }
        #expect(lines == [
            "berlin 2024-03-25T09:00:00+01:00 2024-03-25T09:00:00+01:00 Europe/Berlin",
            "kolkata 2024-03-25T15:00:00+05:30 2024-03-25T15:00:00+05:30 Asia/Kolkata",
            "kolkata 2024-04-01T15:00:00+05:30 2024-04-01T15:00:00+05:30 Asia/Kolkata",
            "berlin 2024-04-01T09:00:00+02:00 2024-04-01T08:00:00-04:00 America/New_York",
            "berlin 2024-04-08T09:00:00+02:00 2024-04-08T09:00:00+02:00 Europe/Berlin",
        ])
    }

    /// The date part of instants' texts, kept per day in a table of 64 slots by the day's number:
    /// 2024-02-28 and 2024-05-02 are 64 days apart (29 days of February in a leap year), so they
    /// share a slot. "long" writes 02-28 then 05-02 (which takes the slot); "after" then asks for
    /// 02-28 again, and "may" for 05-02. A zoned time's date is its wall time's (Berlin is at
    /// +01:00 in winter), and an alarm an hour before 09:00Z is at 08:00Z. Worked out by hand.
    @Test func instantDatesKeptPerDay() throws {
        let ics = Self.calendar([
            Self.event("long", "DTSTART:20240228T100000Z\nDTEND:20240502T110000Z"),
            Self.event("after", "DTSTART:20240228T120000Z\nDTEND:20240229T000000Z"),
            Self.event("may", "DTSTART:20240502T090000Z\nBEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT1H\nEND:VALARM"),
            Self.event("berlin", "DTSTART;TZID=Europe/Berlin:20241231T233000\nDTEND;TZID=Europe/Berlin:20250101T003000"),
        ])
        let objects = try Self.objects(ics, from: "2024-02-01", to: "2025-01-31", tz: "UTC")
        let texts = objects.map { "\($0["uid"]!) \($0["start"]!) \($0["end"]!) \(($0["alarms"] as? [String]) ?? [])" }
        #expect(texts == ["long 2024-02-28T10:00:00Z 2024-05-02T11:00:00Z []",
                          "after 2024-02-28T12:00:00Z 2024-02-29T00:00:00Z []",
                          "may 2024-05-02T09:00:00Z 2024-05-02T09:00:00Z [\"2024-05-02T08:00:00Z\"]",
                          "berlin 2024-12-31T23:30:00+01:00 2025-01-01T00:30:00+01:00 []"])
    }
}
