import Foundation
import Testing

/// Every key of the agenda's JSON objects, the week's object and the diff's times, against
/// `Fixtures/search/work.ics` with values worked out by hand (epochs computed in the comments).
@Suite struct CompleteJSONTests {
    static let work = "Fixtures/search/work.ics", home = "Fixtures/search/home.ics"

    static func objects(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The agenda of work.ics for the week of 10 June 2024, shown in New York (so that the
    /// epochs of the all-day and floating events, read in the display zone, differ from UTC's).
    static func agenda() throws -> [String: [String: Any]] {
        let objects = try Self.objects([Self.work, "--agenda", "--from", "2024-06-10", "--to", "2024-06-16",
                                        "--tz", "America/New_York", "--format", "json"])
        return Dictionary(uniqueKeysWithValues: objects.map { ($0["uid"] as? String ?? "?", $0) })
    }

    static let keys = ["component", "uid", "recurrenceId", "summary", "location", "status", "start", "end", "allDay",
                       "timeZone", "calendar", "calendarId", "description", "url", "categories", "color", "transparency",
                       "organizer", "attendees", "alarms", "startEpoch", "endEpoch"]

    @Test func everyPropertyOfTheCafeMeeting() throws {
        let cafe = try #require(try Self.agenda()["cafe@example.org"])
        #expect(Set(cafe.keys) == Set(Self.keys))
        // The keys of the first version, unchanged: zoned times in the event's own zone.
        #expect(cafe["summary"] as? String == "Café with Zoë")
        #expect(cafe["location"] as? String == "Café Einstein, Berlin")
        #expect(cafe["start"] as? String == "2024-06-10T09:00:00+02:00")
        #expect(cafe["end"] as? String == "2024-06-10T10:00:00+02:00")
        #expect(cafe["timeZone"] as? String == "Europe/Berlin")
        #expect(cafe["calendar"] as? String == "Work")
        #expect(cafe["description"] as? String == "Video call: https://meet.example.org/abc-defg")
        #expect(cafe["url"] as? String == "https://example.org/events/cafe")
        #expect(cafe["categories"] as? [String] == ["Social", "Coffee"])
        // COLOR:red, the CSS name, as #RRGGBB.
        #expect(cafe["color"] as? String == "#FF0000")
        #expect(cafe["transparency"] as? String == "TRANSPARENT")
        #expect(cafe["organizer"] as? [String: String] == ["name": "Ana Díaz", "address": "mailto:ana@example.org"])
        // The second attendee writes neither ROLE nor PARTSTAT: RFC 5545's defaults
        // (3.2.16 REQ-PARTICIPANT, 3.2.12 NEEDS-ACTION); its name is null.
        let attendees = try #require(cafe["attendees"] as? [[String: Any]])
        #expect(attendees.count == 2)
        #expect(attendees[0]["name"] as? String == "Bo Chen")
        #expect(attendees[0]["address"] as? String == "mailto:bo@example.org")
        #expect(attendees[0]["role"] as? String == "CHAIR")
        #expect(attendees[0]["participationStatus"] as? String == "ACCEPTED")
        #expect(attendees[1]["name"] is NSNull)
        #expect(attendees[1]["address"] as? String == "mailto:cy@example.org")
        #expect(attendees[1]["role"] as? String == "REQ-PARTICIPANT")
        #expect(attendees[1]["participationStatus"] as? String == "NEEDS-ACTION")
        // 09:00 CEST (+02:00) is 07:00Z; the alarm 15 minutes before, 06:45Z.
        #expect(cafe["alarms"] as? [String] == ["2024-06-10T06:45:00Z"])
        // 2024-06-10 is day 19884 after 1970-01-01 (54 years with 13 leap days: 19723 to
        // 1 January 2024, then 31+29+31+30+31+9 = 161): 19884 × 86400 = 1717977600;
        // + 7 h = 1718002800; the end an hour later, 1718006400. The display zone does not move an instant.
        #expect(cafe["startEpoch"] as? Int == 1_718_002_800)
        #expect(cafe["endEpoch"] as? Int == 1_718_006_400)
    }

    @Test func anEventWithoutOptionalProperties() throws {
        let dentist = try #require(try Self.agenda()["dentist@example.org"])
        #expect(Set(dentist.keys) == Set(Self.keys))
        for key in ["description", "url", "transparency", "organizer", "location", "status"] {
            #expect(dentist[key] is NSNull, "\(key)")
        }
        #expect(dentist["categories"] as? [String] == [])
        #expect((dentist["attendees"] as? [Any])?.isEmpty == true)
        #expect(dentist["alarms"] as? [String] == [])
        // No COLOR of its own: the calendar's COLOR:#3366cc.
        #expect(dentist["color"] as? String == "#3366CC")
        // 08:00Z on day 19886 (12 June): 19886 × 86400 + 28800 = 1718179200; +30 min = 1718181000.
        #expect(dentist["startEpoch"] as? Int == 1_718_179_200)
        #expect(dentist["endEpoch"] as? Int == 1_718_181_000)
    }

    @Test func allDayAndFloatingEpochsAreInTheDisplayZone() throws {
        let agenda = try Self.agenda()
        let holiday = try #require(agenda["holiday@example.org"])
        #expect(holiday["start"] as? String == "2024-06-14")
        #expect(holiday["timeZone"] is NSNull)
        // Midnight of 14 June in New York (EDT, −04:00) is 04:00Z on day 19888:
        // 19888 × 86400 + 14400 = 1718337600; the exclusive end, 15 June, a day later.
        #expect(holiday["startEpoch"] as? Int == 1_718_337_600)
        #expect(holiday["endEpoch"] as? Int == 1_718_424_000)
        let drinks = try #require(agenda["drinks@example.org"])
        #expect(drinks["start"] as? String == "2024-06-12T18:00:00")
        // 18:00 floating, read in New York: 22:00Z on day 19886 = 1718150400 + 79200 = 1718229600.
        #expect(drinks["startEpoch"] as? Int == 1_718_229_600)
        #expect(drinks["endEpoch"] as? Int == 1_718_233_200)
    }

    /// 64-bit FNV-1a, written here independently of the binary's and checked against the
    /// published test vectors of its authors (http://www.isthe.com/chongo/tech/comp/fnv/).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    @Test func calendarIdIsStablePerInput() throws {
        #expect(Self.fnv1a("") == "cbf29ce484222325")
        #expect(Self.fnv1a("a") == "af63dc4c8601ec8c")
        #expect(Self.fnv1a("foobar") == "85944171f73967e8")
        let range = ["--agenda", "--from", "2024-06-10", "--to", "2024-06-16", "--tz", "UTC", "--format", "json"]
        let ids = { (objects: [[String: Any]]) in
            Dictionary(objects.map { ($0["calendar"] as? String ?? "?", $0["calendarId"] as? String ?? "?") }) { a, _ in a }
        }
        let first = ids(try Self.objects([Self.work, Self.home] + range))
        let swapped = ids(try Self.objects(["./" + Self.home, Self.work] + range))
        // The hash of the absolute path (the binary runs in the repository root).
        #expect(first["Work"] == Self.fnv1a(CLI.root.appendingPathComponent(Self.work).standardizedFileURL.path))
        #expect(first["Fixtures/search/home.ics"] == Self.fnv1a(CLI.root.appendingPathComponent(Self.home).standardizedFileURL.path))
        #expect(swapped["Work"] == first["Work"])
        #expect(swapped["./Fixtures/search/home.ics"] == first["Fixtures/search/home.ics"])
        #expect(first["Work"] != first["Fixtures/search/home.ics"])
    }

    // MARK: Week

    /// The week of 12 June 2024 from Monday (ISO week 24: 1 January 2024 was a Monday, and
    /// 10 June is day 162 of the year, (162 − 1) / 7 = 23 whole weeks after it).
    @Test func weekObject() throws {
        let week = try #require(try Self.objects([Self.work, "--week", "2024-06-12", "--select", "2024-06-13", "--today", "2024-06-12",
                                                  "--first-weekday", "mon", "--tz", "UTC", "--format", "json"]).first)
        #expect(Set(week.keys) == ["firstDay", "lastDay", "weekNumber", "firstWeekday", "weekdaySymbols", "days",
                                   "hiddenRanges", "dayRanges", "occurrences"])
        #expect(week["firstDay"] as? String == "2024-06-10")
        #expect(week["lastDay"] as? String == "2024-06-16")
        #expect(week["weekNumber"] as? Int == 24)
        #expect(week["firstWeekday"] as? Int == 2)
        #expect(week["weekdaySymbols"] as? [String] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == (10...16).map { "2024-06-\($0)" })
        // Foundation's weekday numbers: Monday 2 … Saturday 7, Sunday 1.
        #expect(days.map { $0["weekday"] as? Int } == [2, 3, 4, 5, 6, 7, 1])
        #expect(days.map { $0["isSelected"] as? Bool } == [false, false, false, true, false, false, false])
        #expect(days.map { $0["isToday"] as? Bool } == [false, false, true, false, false, false, false])
        #expect(days.allSatisfy { $0["isEnabled"] as? Bool == true })
        #expect(days.map { $0["isWeekend"] as? Bool } == [false, false, false, false, false, true, true])
        let occurrences = try #require(week["occurrences"] as? [[String: Any]])
        let titles = { (day: [String: Any]) in (day["occurrences"] as? [Int] ?? []).map { occurrences[$0]["summary"] as? String ?? "?" } }
        #expect(titles(days[0]) == ["Café with Zoë"])
        #expect(titles(days[1]) == ["Quarterly planning"])
        #expect(titles(days[2]) == ["Dentist", "Drinks"])
        #expect(titles(days[4]) == ["Summer holiday"])
        #expect(days.map { $0["occurrenceCount"] as? Int } == [1, 1, 2, 0, 1, 0, 0])
        #expect(occurrences.count == 5)
        #expect(Set(occurrences[0].keys) == Set(Self.keys))
    }

    // MARK: diff

    /// `diff --format json`: times in the agenda's forms (Fixtures/diff: the offsite is
    /// DTSTART;VALUE=DATE:20240620 to 20240622; the moved stand-up 20240612T110000Z, its
    /// RECURRENCE-ID 20240612T090000Z).
    @Test func diffTimesInTheAgendasForms() throws {
        let result = try CLI.run(["diff", "--format", "json", "Fixtures/diff/old.ics", "Fixtures/diff/new.ics"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let added = try #require(object["added"] as? [[String: Any]])
        let offsite = try #require(added.first { $0["uid"] as? String == "offsite@example.org" })
        #expect(offsite["start"] as? String == "2024-06-20")
        #expect(offsite["end"] as? String == "2024-06-22")
        let standup = try #require(added.first { $0["uid"] as? String == "standup@example.org" })
        #expect(standup["recurrenceId"] as? String == "2024-06-12T09:00:00Z")
        #expect(standup["start"] as? String == "2024-06-12T11:00:00Z")
    }

    /// A zoned time with its zone's offset then: 10:00 in Berlin in June is +02:00, in
    /// January +01:00; a TZID no one knows, the wall time alone.
    @Test func diffZonedTimes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-diff-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func calendar(_ events: [(String, String)]) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//Tests//EN"] + events.flatMap { uid, start in
                ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", start, "SUMMARY:\(uid)", "END:VEVENT"]
            } + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        }
        let old = directory.appendingPathComponent("old.ics"), new = directory.appendingPathComponent("new.ics")
        try calendar([]).write(to: old, atomically: true, encoding: .utf8)
        try calendar([("summer", "DTSTART;TZID=Europe/Berlin:20240610T100000"), ("winter", "DTSTART;TZID=Europe/Berlin:20240110T100000"),
                      ("nowhere", "DTSTART;TZID=Nowhere/Special:20240610T100000")]).write(to: new, atomically: true, encoding: .utf8)
        let result = try CLI.run(["diff", "--format", "json", old.path, new.path])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let starts = Dictionary(uniqueKeysWithValues: (object["added"] as? [[String: Any]] ?? []).map {
            ($0["uid"] as? String ?? "?", $0["start"] as? String ?? "?")
        })
        #expect(starts == ["summer": "2024-06-10T10:00:00+02:00", "winter": "2024-01-10T10:00:00+01:00", "nowhere": "2024-06-10T10:00:00"])
    }
}
