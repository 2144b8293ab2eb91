import Foundation
import Testing

/// `--agenda --format json` writes what the instances of a series share once per series and
/// copies it for each instance (icsview's SeriesJSONCache): each instance still carries its own
/// times, alarms and epochs, an override its own component, and every byte is what the writer
/// without the cache (the week's `occurrences`) gives.
@Suite struct SeriesJSONTests {
    /// A weekly series across the change to summer time in Berlin (31 March 2024), with an
    /// override of its second instance and a single event between them.
    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//t//EN
        BEGIN:VEVENT
        UID:series@t
        DTSTAMP:20240101T000000Z
        DTSTART;TZID=Europe/Berlin:20240325T090000
        DURATION:PT30M
        RRULE:FREQ=WEEKLY;COUNT=3
        SUMMARY:Sync "A" \\\\ B
        LOCATION:Raum 2
        DESCRIPTION:Line one\\nline two
        CATEGORIES:Work,Team
        ATTENDEE;CN=Bo Chen;ROLE=CHAIR;PARTSTAT=ACCEPTED:mailto:bo@example.org
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Sync
        TRIGGER:-PT10M
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:series@t
        DTSTAMP:20240101T000000Z
        RECURRENCE-ID;TZID=Europe/Berlin:20240401T090000
        DTSTART;TZID=Europe/Berlin:20240401T100000
        DURATION:PT30M
        SUMMARY:Sync moved
        END:VEVENT
        BEGIN:VEVENT
        UID:single@t
        DTSTAMP:20240101T000000Z
        DTSTART:20240402T120000Z
        SUMMARY:Lunch
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")

    static func agenda(_ ics: String, from: String, to: String) throws -> [String] {
        let result = try CLI.run(["-", "--agenda", "--from", from, "--to", to, "--tz", "UTC", "--format", "json"], input: Data(ics.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Every line written out by hand. Epochs: 2024-01-01 is day 19723 after 1970-01-01, so
    /// 2024-03-25 is day 19723 + 31 + 29 + 24 = 19807 (1,711,324,800 s); 09:00 CET (+01:00) is
    /// 08:00Z: 1,711,353,600, the end 30 minutes on 1,711,355,400, the alarm 10 minutes before,
    /// 07:50Z. 2024-04-01 (day 19814, 1,711,929,600 s): the override at 10:00 CEST (+02:00) is
    /// 08:00Z, 1,711,958,400; it has no VALARM of its own (RFC 5545 3.8.4.4: an override is a
    /// whole component). 2024-04-02 12:00Z: day 19815, 1,712,016,000 + 43,200. 2024-04-08
    /// (day 19821, 1,712,534,400 s) 09:00 CEST is 07:00Z: 1,712,559,600; alarm 06:50Z.
    /// The calendarId of standard input is FNV-1a of "-".
    @Test func everyInstanceWithItsOwnTimesAndTheSeriesKeys() throws {
        let lines = try Self.agenda(Self.ics, from: "2024-03-25", to: "2024-04-30")
        let id = CompleteJSONTests.fnv1a("-")
        let shared = #""summary":"Sync \"A\" \\ B","location":"Raum 2","status":null,"#
        let sharedTail = ##""calendar":"-","calendarId":"\##(id)","description":"Line one\nline two","url":null,"categories":["Work","Team"],"color":"#4E79A7","transparency":null,"organizer":null,"attendees":[{"name":"Bo Chen","address":"mailto:bo@example.org","role":"CHAIR","participationStatus":"ACCEPTED"}],"##
        let bare = ##""calendar":"-","calendarId":"\##(id)","description":null,"url":null,"categories":[],"color":"#4E79A7","transparency":null,"organizer":null,"attendees":[],"alarms":[],"##
        #expect(lines == [
            #"{"component":"VEVENT","uid":"series@t","recurrenceId":"2024-03-25T09:00:00+01:00","#
                + shared + #""start":"2024-03-25T09:00:00+01:00","end":"2024-03-25T09:30:00+01:00","allDay":false,"timeZone":"Europe/Berlin","#
                + sharedTail + #""alarms":["2024-03-25T07:50:00Z"],"startEpoch":1711353600,"endEpoch":1711355400}"#,
            #"{"component":"VEVENT","uid":"series@t","recurrenceId":"2024-04-01T09:00:00+02:00","summary":"Sync moved","location":null,"status":null,"#
                + #""start":"2024-04-01T10:00:00+02:00","end":"2024-04-01T10:30:00+02:00","allDay":false,"timeZone":"Europe/Berlin","#
                + bare + #""startEpoch":1711958400,"endEpoch":1711960200}"#,
            #"{"component":"VEVENT","uid":"single@t","recurrenceId":null,"summary":"Lunch","location":null,"status":null,"#
                + #""start":"2024-04-02T12:00:00Z","end":"2024-04-02T12:00:00Z","allDay":false,"timeZone":"UTC","#
                + bare + #""startEpoch":1712059200,"endEpoch":1712059200}"#,
            #"{"component":"VEVENT","uid":"series@t","recurrenceId":"2024-04-08T09:00:00+02:00","#
                + shared + #""start":"2024-04-08T09:00:00+02:00","end":"2024-04-08T09:30:00+02:00","allDay":false,"timeZone":"Europe/Berlin","#
                + sharedTail + #""alarms":["2024-04-08T06:50:00Z"],"startEpoch":1712559600,"endEpoch":1712561400}"#,
        ])
        // And an independent reader decodes the escapes back to the written text (RFC 5545 3.3.11: `\\` is a backslash).
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["summary"] as? String == "Sync \"A\" \\ B")
        #expect(first["description"] as? String == "Line one\nline two")
    }

    /// The agenda's objects (written with the per-series parts) are byte for byte those of the
    /// week's `occurrences` (written whole for each occurrence), for the series-rich fixtures.
    @Test(arguments: [
        (["Fixtures/import/google-team.ics"], "2024-06-10"),
        (["Fixtures/search/work.ics", "Fixtures/search/home.ics"], "2024-06-12"),
        (["Fixtures/views/wide.ics", "Fixtures/views/family.ics"], "2024-10-16"),
    ])
    func agendaObjectsAreTheWeeksBytes(files: [String], day: String) throws {
        let zone = ["--tz", "Europe/Berlin", "--first-weekday", "mon"]
        let week = try CLI.run(files + zone + ["--week", day, "--format", "json"])
        #expect(week.status == 0, "\(week.stderr)")
        // The week shown: Monday to Sunday around `day` (the week's own `days`).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(week.stdout.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]]).compactMap { $0["date"] as? String }
        let first = try #require(days.first), last = try #require(days.last)
        let agenda = try CLI.run(files + zone + ["--agenda", "--from", first, "--to", last, "--format", "json"])
        #expect(agenda.status == 0, "\(agenda.stderr)")
        let lines = agenda.stdout.split(separator: "\n").filter { !$0.contains(#""status":"CANCELLED""#) }
        #expect(lines.count >= 3, "the week of \(day) in \(files) has few occurrences")
        for line in lines {
            #expect(week.stdout.contains(line), "\(line)")
        }
    }

    /// Thousands of daily series, one instance of each per day: more series than fit without
    /// two of them landing on one slot of the cache's table (3,000 keys in 131,072 slots: about
    /// 3,000² / (2 · 131,072) ≈ 34 colliding pairs), so that series take each other's slots
    /// between days; each instance still shows its own series' text.
    @Test func manySeriesTakingEachOthersSlots() throws {
        let count = 3000
        var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
        for i in 0..<count {
            let minute = i % 60, hour = i / 60 % 24
            ics += "BEGIN:VEVENT\r\nUID:s\(i)@t\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:20240610T\(String(format: "%02d%02d", hour, minute))00Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\n"
                + "SUMMARY:Series \(i)\r\n" + (i % 2 == 0 ? "LOCATION:Room \(i)\r\n" : "") + "END:VEVENT\r\n"
        }
        ics += "END:VCALENDAR\r\n"
        let lines = try Self.agenda(ics, from: "2024-06-10", to: "2024-06-12")
        #expect(lines.count == 3 * count)
        var seen = [Int](repeating: 0, count: count)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let uid = try #require(object["uid"] as? String)
            let i = try #require(Int(uid.dropFirst().prefix { $0 != "@" }))
            seen[i] += 1
            #expect(object["summary"] as? String == "Series \(i)")
            if i % 2 == 0 { #expect(object["location"] as? String == "Room \(i)") } else { #expect(object["location"] is NSNull) }
            // Instance k (0, 1, 2) of series i starts on 10 + k June at hh:mm of i: day 19884 of 1970 is 10 June 2024.
            let start = try #require(object["startEpoch"] as? Int)
            let k = (start - 19_884 * 86_400 - (i / 60 % 24) * 3600 - (i % 60) * 60) / 86_400
            #expect((0...2).contains(k))
            #expect(object["recurrenceId"] as? String == object["start"] as? String)
            #expect(start == (19_884 + k) * 86_400 + (i / 60 % 24) * 3600 + (i % 60) * 60)
        }
        #expect(seen.allSatisfy { $0 == 3 })
    }
}
