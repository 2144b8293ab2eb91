import Foundation
import Testing

/// `--agenda --format json` works out a series' alarm triggers once and keeps them beside the
/// series' cached bytes (ICSKit's `AlarmTriggers.series(of:)`), an event with one instance for
/// itself alone; and it copies an instance's `recurrenceId` text for its `start` when the two
/// texts are the same (same second and offset), whatever the zone's name. Expected values worked
/// out by hand from RFC 5545 (3.8.6.3 TRIGGER, 3.3.6 nominal days, 3.8.4.4 an override is a whole
/// component) and the tzdata offsets of Berlin and Paris (+01:00 until 31 March 2024 02:00, +02:00 after).
@Suite struct AgendaAlarmsAndStartsTests {
    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//t//EN
        BEGIN:VEVENT
        UID:daily@t
        DTSTAMP:20240101T000000Z
        DTSTART;TZID=Europe/Berlin:20240330T090000
        DURATION:PT1H
        RRULE:FREQ=DAILY;COUNT=3
        SUMMARY:Across the change
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:a day before
        TRIGGER:-P1D
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:moves@t
        DTSTAMP:20240101T000000Z
        DTSTART;TZID=Europe/Berlin:20240325T090000
        RRULE:FREQ=DAILY;COUNT=2
        SUMMARY:Moves
        END:VEVENT
        BEGIN:VEVENT
        UID:moves@t
        DTSTAMP:20240101T000000Z
        RECURRENCE-ID;TZID=Europe/Berlin:20240325T090000
        DTSTART:20240325T080000Z
        SUMMARY:Same instant in UTC
        END:VEVENT
        BEGIN:VEVENT
        UID:moves@t
        DTSTAMP:20240101T000000Z
        RECURRENCE-ID;TZID=Europe/Berlin:20240326T090000
        DTSTART;TZID=Europe/Paris:20240326T090000
        SUMMARY:Same wall time in Paris
        END:VEVENT
        BEGIN:VEVENT
        UID:single@t
        DTSTAMP:20240101T000000Z
        DTSTART:20240327T120000Z
        DURATION:PT30M
        SUMMARY:One instance
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:after the end
        TRIGGER;RELATED=END:PT5M
        END:VALARM
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")

    static func agenda(from: String, to: String) throws -> [String] {
        let result = try CLI.run(["-", "--agenda", "--from", from, "--to", to, "--tz", "UTC", "--format", "json"],
                                 input: Data(ics.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// (uid, recurrenceId, start, end, timeZone, alarms, startEpoch, endEpoch) of each line.
    /// Epochs: 2024-03-25 is day 19807 of 1970 (1,711,324,800 s).
    @Test func alarmsAndStartsWorkedOutByHand() throws {
        let lines = try Self.agenda(from: "2024-03-25", to: "2024-04-01")
        var rows: [[String]] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            rows.append([object["uid"], object["recurrenceId"], object["start"], object["end"], object["timeZone"]]
                .map { ($0 as? String) ?? "null" }
                + [((object["alarms"] as? [String]) ?? ["?"]).joined(separator: " "),
                   "\(object["startEpoch"] as? Int ?? -1)", "\(object["endEpoch"] as? Int ?? -1)"])
        }
        #expect(rows == [
            // 25 March 09:00 Berlin (+01:00) is 08:00Z; the override starts at that instant, written in UTC:
            // its start's text is not the recurrence id's. No DTEND or DURATION: it ends as it starts.
            ["moves@t", "2024-03-25T09:00:00+01:00", "2024-03-25T08:00:00Z", "2024-03-25T08:00:00Z", "UTC", "",
             "1711353600", "1711353600"],
            // 26 March: the same wall time and offset in Paris: the same text as the recurrence id, Paris's name.
            ["moves@t", "2024-03-26T09:00:00+01:00", "2024-03-26T09:00:00+01:00", "2024-03-26T09:00:00+01:00", "Europe/Paris", "",
             "1711440000", "1711440000"],
            // 27 March 12:00Z for 30 minutes; the alarm 5 minutes after the end.
            ["single@t", "null", "2024-03-27T12:00:00Z", "2024-03-27T12:30:00Z", "UTC", "2024-03-27T12:35:00Z",
             "1711540800", "1711542600"],
            // 09:00 Berlin on 30 March (+01:00, 08:00Z), 31 March and 1 April (+02:00, 07:00Z). A nominal day
            // before: 09:00 Berlin the day before: 29 and 30 March at +01:00 (08:00Z), 31 March at +02:00 (07:00Z);
            // 24 exact hours would give 07:00Z on 30 March for the second.
            ["daily@t", "2024-03-30T09:00:00+01:00", "2024-03-30T09:00:00+01:00", "2024-03-30T10:00:00+01:00", "Europe/Berlin",
             "2024-03-29T08:00:00Z", "1711785600", "1711789200"],
            ["daily@t", "2024-03-31T09:00:00+02:00", "2024-03-31T09:00:00+02:00", "2024-03-31T10:00:00+02:00", "Europe/Berlin",
             "2024-03-30T08:00:00Z", "1711868400", "1711872000"],
            ["daily@t", "2024-04-01T09:00:00+02:00", "2024-04-01T09:00:00+02:00", "2024-04-01T10:00:00+02:00", "Europe/Berlin",
             "2024-03-31T07:00:00Z", "1711954800", "1711958400"],
        ])
    }

    /// The agenda's lines (triggers held per series, or made for the single event alone) are byte
    /// for byte the week's `occurrences` (triggers from the run's shared table of plans).
    @Test func sameBytesAsTheWeek() throws {
        let lines = try Self.agenda(from: "2024-03-25", to: "2024-03-31")
        #expect(lines.count == 5)
        let week = try CLI.run(["-", "--week", "2024-03-27", "--first-weekday", "mon", "--tz", "UTC", "--format", "json"],
                               input: Data(Self.ics.utf8))
        #expect(week.status == 0, "\(week.stderr)")
        for line in lines { #expect(week.stdout.contains(line), "\(line)") }
    }
}
