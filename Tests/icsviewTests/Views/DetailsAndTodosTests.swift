import Foundation
import Testing

/// `--details` under events in the agenda, `search` and `remind`, and `--todos --format json`.
/// The calendar is written here; every expected line is worked out by hand from it: the
/// weekly series (BYDAY=MO,WE, UNTIL 28 June) starts Monday 10 June 2024 09:30 UTC; its alarms
/// are 15 minutes before (DISPLAY) and one day before (EMAIL); the Google Meet link comes from
/// X-GOOGLE-CONFERENCE; the LOCATION's line break (an escaped `\n`, as iCloud writes addresses)
/// becomes a space.
@Suite struct DetailsAndTodosTests {
    static let calendar = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//t//t//EN\r
    BEGIN:VEVENT\r
    UID:standup-1\r
    DTSTAMP:20240101T000000Z\r
    DTSTART:20240610T093000Z\r
    DTEND:20240610T094500Z\r
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20240628T235959Z\r
    SUMMARY:Stand-up\r
    LOCATION:Room Spree\\nAlexanderplatz 1\\, Berlin\r
    URL:https://wiki.example.com/standup\r
    X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij\r
    ORGANIZER;CN=Ann Example:mailto:ann@example.com\r
    ATTENDEE;CN=Bob;PARTSTAT=ACCEPTED:mailto:bob@example.com\r
    ATTENDEE;CN=Carol;PARTSTAT=DECLINED:mailto:carol@example.com\r
    ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:dan@example.com\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    DESCRIPTION:Stand-up\r
    TRIGGER:-PT15M\r
    END:VALARM\r
    BEGIN:VALARM\r
    ACTION:EMAIL\r
    SUMMARY:Stand-up tomorrow\r
    DESCRIPTION:Stand-up tomorrow\r
    ATTENDEE:mailto:ann@example.com\r
    TRIGGER:-P1D\r
    END:VALARM\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:lunch-1\r
    DTSTAMP:20240101T000000Z\r
    DTSTART:20240610T120000Z\r
    DTEND:20240610T130000Z\r
    SUMMARY:Lunch\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:todo-late\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:File taxes\r
    DUE;VALUE=DATE:20240620\r
    PRIORITY:5\r
    STATUS:NEEDS-ACTION\r
    CATEGORIES:Home,Money\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:todo-urgent\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:Renew passport\r
    DUE:20240620T170000Z\r
    PRIORITY:1\r
    STATUS:IN-PROCESS\r
    PERCENT-COMPLETE:40\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:todo-same-day\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:Call the bank\r
    DUE:20240620T170000Z\r
    PRIORITY:3\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:todo-overdue\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:Return library books\r
    DUE;VALUE=DATE:20240601\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:todo-someday-low\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:Learn the banjo\r
    PRIORITY:9\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:todo-someday-high\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:Fix the roof\r
    PRIORITY:2\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:todo-done\r
    DTSTAMP:20240101T000000Z\r
    SUMMARY:Done already\r
    STATUS:COMPLETED\r
    END:VTODO\r
    END:VCALENDAR\r

    """

    /// Worked out by hand at 80 columns: the title starts at column 16 (two spaces, the mark, a
    /// space, the 11-cell time column, a space); the longest label, "Organizer:"/"Attendees:" and
    /// a space, is 11 cells, so values wrap at 80 − 16 − 11 = 53 cells, between words. The rule
    /// reads "every week on Mon, Wed until 28 Jun 2024" (UNTIL's UTC day); the alarms are
    /// −PT15M (DISPLAY) and −P1D (EMAIL), both before the start.
    static let details = """
      ● 09:30–09:45 Stand-up · Room Spree Alexanderplatz 1, Berlin
                    Location:  Room Spree Alexanderplatz 1, Berlin
                    Meeting:   https://meet.google.com/abc-defg-hij (Google Meet)
                    URL:       https://wiki.example.com/standup
                    Organizer: Ann Example <ann@example.com>
                    Attendees: Bob <bob@example.com> (accepted), Carol
                               <carol@example.com> (declined), dan@example.com (not
                               answered)
                    Repeats:   every week on Mon, Wed until 28 Jun 2024
                    Alarms:    15 minutes before the start (display); 1 day before
                               the start (email)
    """

    static func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments + ["--tz", "UTC", "--today", "2024-06-10", "-"], input: Data(calendar.utf8), environment: ["COLUMNS": "80"])
    }

    @Test func agendaDetails() throws {
        let result = try Self.run(["--agenda", "--from", "2024-06-10", "--days", "1", "--details"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Mon, 10 Jun 2024 · Today\n" + Self.details + "\n  ● 12:00–13:00 Lunch\n")
        // Without --details, the entry alone.
        let plain = try Self.run(["--agenda", "--from", "2024-06-10", "--days", "1"])
        #expect(plain.stdout == "Mon, 10 Jun 2024 · Today\n  ● 09:30–09:45 Stand-up · Room Spree Alexanderplatz 1, Berlin\n  ● 12:00–13:00 Lunch\n")
    }

    /// The details are made once for the occurrences that share an incidence: a day of an hourly
    /// series (15 instances from 09:00) whose second instance is moved by an override to another
    /// room lists the series' room under every instance but that one, which has its own (by hand:
    /// 09:00 and 11:00 to 23:00 in Room A, the 10:00 instance at 10:30 in Room B).
    @Test func detailsOfASeriesAndItsOverride() throws {
        let input = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//t//EN\r
            BEGIN:VEVENT\r
            UID:hourly\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240610T090000Z\r
            DURATION:PT15M\r
            RRULE:FREQ=HOURLY;COUNT=15\r
            SUMMARY:Check\r
            LOCATION:Room A\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:hourly\r
            DTSTAMP:20240101T000000Z\r
            RECURRENCE-ID:20240610T100000Z\r
            DTSTART:20240610T103000Z\r
            DURATION:PT15M\r
            SUMMARY:Check\r
            LOCATION:Room B\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let result = try CLI.run(["--agenda", "--from", "2024-06-10", "--days", "1", "--details", "--tz", "UTC", "--today", "2024-06-10", "-"],
                                 input: Data(input.utf8), environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let locations = lines.filter { $0.contains("Location:") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(locations == Array(repeating: "Location: Room A", count: 1) + ["Location: Room B"]
                + Array(repeating: "Location: Room A", count: 13))
        #expect(lines.filter { $0.contains("● ") }.count == 15)
        #expect(lines.contains("  ● 10:30–10:45 Check · Room B"))
    }

    @Test func searchAndRemindDetails() throws {
        let search = try Self.run(["search", "stand-up", "--from", "2024-06-10", "--to", "2024-06-10", "--details"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout == "Mon, 10 Jun 2024 · Today\n" + Self.details + "\n")
        // remind: indented by four, so values wrap at 80 − 4 − 11 = 65 cells. Of the reminders,
        // only the display one of Monday's stand-up (09:15) falls on 10 June; Monday's email one
        // went off on Sunday, Wednesday's on Tuesday.
        let remind = try Self.run(["remind", "--from", "2024-06-10", "--to", "2024-06-10", "--details"])
        #expect(remind.status == 0, "\(remind.stderr)")
        #expect(remind.stdout == """
            Mon 10 Jun 09:15  Stand-up in 15 min · DISPLAY
                Location:  Room Spree Alexanderplatz 1, Berlin
                Meeting:   https://meet.google.com/abc-defg-hij (Google Meet)
                URL:       https://wiki.example.com/standup
                Organizer: Ann Example <ann@example.com>
                Attendees: Bob <bob@example.com> (accepted), Carol <carol@example.com>
                           (declined), dan@example.com (not answered)
                Repeats:   every week on Mon, Wed until 28 Jun 2024
                Alarms:    15 minutes before the start (display); 1 day before the start
                           (email)

            """)
    }

    /// Feed text in the details is made terminal-safe like every other line: a LOCATION that
    /// carries an OSC 52 clipboard write and a CSI clear-screen comes out without ESC, BEL or
    /// the sequences' bodies; an ATTENDEE's CN with a right-to-left override loses it.
    @Test func hostileTextInDetails() throws {
        let hostile = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VEVENT\r
        UID:h-1\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240610T080000Z\r
        DTEND:20240610T090000Z\r
        SUMMARY:Review\r
        LOCATION:Room\u{1B}]52;c;ZXZpbA==\u{07} 5\u{1B}[2J\r
        ATTENDEE;CN="Eve\u{202E}gnp.exe";PARTSTAT=TENTATIVE:mailto:eve@example.com\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
        let result = try CLI.run(["--agenda", "--from", "2024-06-10", "--days", "1", "--details", "--tz", "UTC", "-"],
                                 input: Data(hostile.utf8), environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Mon, 10 Jun 2024
              ● 08:00–09:00 Review · Room 5
                            Location:  Room 5
                            Attendees: Evegnp.exe <eve@example.com> (tentative)

            """)
    }

    /// Open to-dos by due time, then priority (1 first): the overdue library books (1 June), then
    /// on 20 June the date-only "File taxes" at the day's start before the two due at 17:00,
    /// "Renew passport" (priority 1) before "Call the bank" (3); then the undated ones by
    /// priority, "Fix the roof" (2) before "Learn the banjo" (9). The completed one is left out.
    @Test func todosAsJSON() throws {
        let result = try Self.run(["--todos", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            {"summary":"Return library books","uid":"todo-overdue","due":"2024-06-01","overdue":true,"priority":null,"status":null,"percentComplete":null,"categories":[],"calendar":"-"}
            {"summary":"File taxes","uid":"todo-late","due":"2024-06-20","overdue":false,"priority":5,"status":"NEEDS-ACTION","percentComplete":null,"categories":["Home","Money"],"calendar":"-"}
            {"summary":"Renew passport","uid":"todo-urgent","due":"2024-06-20T17:00:00Z","overdue":false,"priority":1,"status":"IN-PROCESS","percentComplete":40,"categories":[],"calendar":"-"}
            {"summary":"Call the bank","uid":"todo-same-day","due":"2024-06-20T17:00:00Z","overdue":false,"priority":3,"status":null,"percentComplete":null,"categories":[],"calendar":"-"}
            {"summary":"Fix the roof","uid":"todo-someday-high","due":null,"overdue":false,"priority":2,"status":null,"percentComplete":null,"categories":[],"calendar":"-"}
            {"summary":"Learn the banjo","uid":"todo-someday-low","due":null,"overdue":false,"priority":9,"status":null,"percentComplete":null,"categories":[],"calendar":"-"}

            """)
        // The text list in the same order.
        let text = try Self.run(["--todos"])
        let titles = text.stdout.split(separator: "\n").map { line in
            ["Return library books", "File taxes", "Renew passport", "Call the bank", "Fix the roof", "Learn the banjo"].first { line.contains($0) } ?? ""
        }
        #expect(titles == ["Return library books", "File taxes", "Renew passport", "Call the bank", "Fix the roof", "Learn the banjo"])
    }

    @Test func detailsOutsideTheAgendaWarns() throws {
        let result = try Self.run(["--week", "--details"])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: --details has no effect with --week; it is for --agenda and --month\n")
        // Under the month's grid, the agenda shows them.
        let month = try Self.run(["--month", "--details", "--select", "2024-06-10"])
        #expect(month.status == 0, "\(month.stderr)")
        #expect(month.stdout.contains(Self.details), "\(month.stdout)")
    }

    /// The value of `label` in the `--details` of one event on 10 June 2024 09:00 UTC holding
    /// `lines`, its wrapped lines joined back (the value is the event's last field).
    static func detailValue(_ label: String, eventLines lines: String) throws -> String {
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:many\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240610T090000Z\r\nSUMMARY:Many\r\n" + lines + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        let result = try CLI.run(["--agenda", "--from", "2024-06-10", "--days", "1", "--details", "--tz", "UTC", "-"], input: Data(ics.utf8),
                                 environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let wrapped = result.stdout.split(separator: "\n").drop { !$0.contains(label + ":") }
        return wrapped.map { $0.replacingOccurrences(of: label + ":", with: "").trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// An event of 12 alarms (1 to 12 minutes before its start, worked out by hand) lists the
    /// first ten in words and counts the other two (`EventFacts.listedAlarms`): an event of 10,000
    /// alarms wrote 680 KB of details on each of its occurrences.
    @Test func manyAlarmsAreCounted() throws {
        let alarms = (1...12).map { "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\($0)M\r\nDESCRIPTION:a\r\nEND:VALARM\r\n" }.joined()
        let expected = (["1 minute before the start (display)"] + (2...10).map { "\($0) minutes before the start (display)" } + ["and 2 more"])
            .joined(separator: "; ")
        #expect(try Self.detailValue("Alarms", eventLines: alarms) == expected)
    }

    /// An event of 203 attendees (a0…a202, all accepted) lists the first 200 and counts the other
    /// three (`EventFacts.listedAttendees`): 20,000 attendees were 900 KB of details on every
    /// occurrence.
    @Test func manyAttendeesAreCounted() throws {
        let people = (0..<203).map { "ATTENDEE;PARTSTAT=ACCEPTED:mailto:a\($0)@example.com\r\n" }.joined()
        let expected = ((0..<200).map { "a\($0)@example.com (accepted)" } + ["and 3 more"]).joined(separator: ", ")
        #expect(try Self.detailValue("Attendees", eventLines: people) == expected)
    }
}
