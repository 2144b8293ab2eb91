import Testing
@testable import ICSKit

/// Every property of a VEVENT/VTODO/VJOURNAL and its VALARMs, typed as the model types it.
/// Expected values are read off the RFC 5545 text of each line by hand.
@Suite struct IncidenceConversionTests {
    static let text = calendarText([
        "BEGIN:VEVENT",                                                              // 4
        "UID:all@example.org",                                                       // 5
        "DTSTAMP:20240101T000000Z",                                                  // 6
        "CREATED:20231215T101500Z",                                                  // 7
        "LAST-MODIFIED:20231220T080000Z",                                            // 8
        "DTSTART;TZID=America/New_York:20240105T090000",                             // 9
        "DURATION:PT1H30M",                                                          // 10
        "SUMMARY:Everything\\, at once\\; really\\nsecond line",                     // 11
        "DESCRIPTION:Line one\\nLine two \\\\ backslash",                            // 12
        "LOCATION:Room 1",                                                           // 13
        "GEO:40.7128;-74.0060",                                                      // 14
        "URL:https://example.org/x",                                                 // 15
        "STATUS:tentative",                                                          // 16
        "TRANSP:TRANSPARENT",                                                        // 17
        "CLASS:CONFIDENTIAL",                                                        // 18
        "PRIORITY:3",                                                                // 19
        "SEQUENCE:4",                                                                // 20
        "COLOR:dodgerblue",                                                          // 21
        "CATEGORIES:Work,Planning",                                                  // 22
        "CATEGORIES:Q3",                                                             // 23
        "ORGANIZER;CN=Boss;SENT-BY=\"mailto:assistant@x.org\":mailto:boss@x.org",    // 24
        "ATTENDEE;CUTYPE=GROUP;MEMBER=\"mailto:a@x.org\",\"mailto:b@x.org\";DELEGATED-TO=\"mailto:c@x.org\";X-FOO=bar:mailto:team@x.org", // 25
        "ATTENDEE;CN=\"Doe, Jane\";ROLE=OPT-PARTICIPANT;PARTSTAT=DECLINED;RSVP=TRUE:MAILTO:jane@x.org", // 26
        "ATTENDEE:mailto:plain@x.org",                                               // 27
        "RRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1,1;WKST=SU", // 28
        "RDATE;VALUE=PERIOD:20240210T140000Z/20240210T160000Z,20240211T140000Z/PT3H", // 29
        "RDATE;TZID=America/New_York:20240301T090000,20240302T100000",               // 30
        "RDATE;VALUE=DATE:20240401",                                                 // 31
        "EXDATE:20240205T140000Z,20240304T140000Z",                                  // 32
        "EXDATE;VALUE=DATE:20240501",                                                // 33
        "EXDATE;TZID=America/New_York:20240506T090000",                              // 34
        "X-CUSTOM;X-PARAM=\"quoted; value\";X-TWO=2:some value",                     // 35
        "FOO-BAR;X-A=1:iana value",                                                  // 36
        "RELATED-TO;RELTYPE=SIBLING:other@example.org",                              // 37
        "BEGIN:X-THING",                                                             // 38
        "X-INNER:1",                                                                 // 39
        "END:X-THING",                                                               // 40
        "BEGIN:VALARM",                                                              // 41
        "ACTION:EMAIL",                                                              // 42
        "TRIGGER;RELATED=END:-P1DT2H",                                               // 43
        "SUMMARY:Mail",                                                              // 44
        "DESCRIPTION:Body",                                                          // 45
        "ATTENDEE;CN=Me:mailto:me@x.org",                                            // 46
        "DURATION:PT10M",                                                            // 47
        "REPEAT:3",                                                                  // 48
        "X-WR-ALARMUID:A1",                                                          // 49
        "END:VALARM",                                                                // 50
        "BEGIN:VALARM",                                                              // 51
        "ACTION:AUDIO",                                                              // 52
        "TRIGGER;VALUE=DATE-TIME:20240105T080000Z",                                  // 53
        "ACKNOWLEDGED:20240105T080100Z",                                             // 54
        "END:VALARM",                                                                // 55
        "END:VEVENT",                                                                // 56
    ])

    static func event() throws -> Incidence {
        let calendar = try ICalendar(parsing: text)
        // FOO-BAR is an unregistered IANA name: kept, with a warning.
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code)" } == ["36 ICS2007"])
        return try #require(calendar.events.first)
    }

    @Test func scalarProperties() throws {
        let e = try Self.event()
        #expect(e.kind == .event)
        #expect(e.line == 4)
        #expect(e.uid == "all@example.org")
        #expect(e.timestamp == utc(2024, 1, 1))
        #expect(e.created == utc(2023, 12, 15, 10, 15))
        #expect(e.lastModified == utc(2023, 12, 20, 8))
        #expect(e.start == zoned("America/New_York", 2024, 1, 5, 9))
        #expect(e.end == nil)
        #expect(e.duration == ICSDuration(hours: 1, minutes: 30))
        // TEXT escapes resolved (RFC 5545 3.3.11).
        #expect(e.summary == "Everything, at once; really\nsecond line")
        #expect(e.notes == "Line one\nLine two \\ backslash")
        #expect(e.location == "Room 1")
        #expect(e.geo == Geo(latitude: 40.7128, longitude: -74.0060))
        #expect(e.url == "https://example.org/x")
        #expect(e.status == .tentative)
        #expect(e.transparency == .transparent)
        #expect(e.classification == .confidential)
        #expect(e.priority == 3)
        #expect(e.sequence == 4)
        #expect(e.color == "dodgerblue")
        #expect(e.categories == ["Work", "Planning", "Q3"])
        #expect(e.isRecurring)
        #expect(!e.isAllDay)
        #expect(!e.isCancelled)
    }

    @Test func organizerAndAttendees() throws {
        let e = try Self.event()
        let organizer = try #require(e.organizer)
        #expect(organizer.address == "mailto:boss@x.org")
        #expect(organizer.commonName == "Boss")
        #expect(organizer.parameters[parameter: "SENT-BY"] == "mailto:assistant@x.org")
        #expect(e.attendees.count == 3)

        let group = e.attendees[0]
        #expect(group.address == "mailto:team@x.org")
        #expect(group.userType == .group)
        // Several quoted values stay as written; one quoted value loses its quotes.
        #expect(group.parameters[parameter: "MEMBER"] == "\"mailto:a@x.org\",\"mailto:b@x.org\"")
        #expect(group.parameters[parameter: "DELEGATED-TO"] == "mailto:c@x.org")
        #expect(group.parameters[parameter: "x-foo"] == "bar")
        #expect(group.role == .required)            // RFC 5545 3.2.16 default
        #expect(group.participationStatus == .needsAction) // 3.2.12 default
        #expect(!group.rsvp)

        let jane = e.attendees[1]
        #expect(jane.commonName == "Doe, Jane")
        #expect(jane.role == .optional)
        #expect(jane.participationStatus == .declined)
        #expect(jane.rsvp)
        #expect(jane.email == "jane@x.org")                 // MAILTO: in upper case too

        #expect(e.attendees[2] == CalendarUser(address: "mailto:plain@x.org"))
        #expect(e.attendees[2].userType == .individual)
    }

    @Test func recurrenceRuleDatesAndExceptions() throws {
        let e = try Self.event()
        #expect(e.recurrenceRules == [RecurrenceRule(
            frequency: .monthly, interval: 2, count: 10,
            byDay: [.init(.monday), .init(.tuesday), .init(.wednesday), .init(.thursday), .init(.friday)],
            bySetPosition: [-1, 1], weekStart: .sunday)])
        #expect(e.recurrenceDates == [
            .period(start: utc(2024, 2, 10, 14), end: .time(utc(2024, 2, 10, 16))),
            .period(start: utc(2024, 2, 11, 14), end: .duration(ICSDuration(hours: 3))),
            .time(zoned("America/New_York", 2024, 3, 1, 9)),
            .time(zoned("America/New_York", 2024, 3, 2, 10)),
            .time(date(2024, 4, 1)),
        ])
        #expect(e.recurrenceDates[1].start == utc(2024, 2, 11, 14))
        #expect(e.exceptionDates == [
            utc(2024, 2, 5, 14), utc(2024, 3, 4, 14), date(2024, 5, 1), zoned("America/New_York", 2024, 5, 6, 9),
        ])
        #expect(e.recurrenceID == nil)
        #expect(!e.appliesToFutureInstances)
    }

    @Test func unknownPropertiesAndComponentsAreKeptWithParametersAndLines() throws {
        let e = try Self.event()
        #expect(e.otherProperties == [
            Property(name: "X-CUSTOM", parameters: [Parameter(name: "X-PARAM", value: "quoted; value"), Parameter(name: "X-TWO", value: "2")],
                     value: "some value", line: 35),
            Property(name: "FOO-BAR", parameters: [Parameter(name: "X-A", value: "1")], value: "iana value", line: 36),
            Property(name: "RELATED-TO", parameters: [Parameter(name: "RELTYPE", value: "SIBLING")], value: "other@example.org", line: 37),
        ])
        #expect(e.otherComponents == [RawComponent(name: "X-THING", properties: [Property(name: "X-INNER", value: "1", line: 39)])])
    }

    @Test func alarms() throws {
        let e = try Self.event()
        #expect(e.alarms.count == 2)
        let mail = e.alarms[0]
        #expect(mail.line == 41)
        #expect(mail.action == .email)
        #expect(mail.trigger == .relative(ICSDuration(isNegative: true, days: 1, hours: 2), toEnd: true))
        #expect(mail.summary == "Mail")
        #expect(mail.notes == "Body")
        #expect(mail.attendees == [CalendarUser(address: "mailto:me@x.org", parameters: [Parameter(name: "CN", value: "Me")])])
        #expect(mail.duration == ICSDuration(minutes: 10))
        #expect(mail.repeatCount == 3)
        #expect(mail.otherProperties == [Property(name: "X-WR-ALARMUID", value: "A1", line: 49)])

        let audio = e.alarms[1]
        #expect(audio.line == 51)
        #expect(audio.action == .audio)
        #expect(audio.trigger == .absolute(utc(2024, 1, 5, 8)))
        #expect(audio.otherProperties == [Property(name: "ACKNOWLEDGED", value: "20240105T080100Z", line: 54)])
    }

    @Test(arguments: [
        ("RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20240610T090000", zoned("Europe/Berlin", 2024, 6, 10, 9), true),
        ("RECURRENCE-ID;TZID=Europe/Berlin:20240610T090000", zoned("Europe/Berlin", 2024, 6, 10, 9), false),
        ("RECURRENCE-ID;VALUE=DATE:20240610", date(2024, 6, 10), false),
        ("RECURRENCE-ID;RANGE=thisandfuture:20240610T070000Z", utc(2024, 6, 10, 7), true),
    ] as [(String, TimeValue, Bool)])
    func recurrenceID(line: String, expected: TimeValue, future: Bool) throws {
        let calendar = try ICalendar(parsing: calendarText(["BEGIN:VEVENT", "UID:o", line, "DTSTART:20240610T120000Z", "END:VEVENT"]))
        let e = try #require(calendar.events.first)
        #expect(e.recurrenceID == expected)
        #expect(e.appliesToFutureInstances == future)
    }

    @Test(arguments: [
        ("DTSTART;VALUE=DATE:20240610", date(2024, 6, 10)),
        ("DTSTART:20240610T090000", floating(2024, 6, 10, 9)),
        ("DTSTART:20240610T090000Z", utc(2024, 6, 10, 9)),
        ("DTSTART;TZID=Europe/Berlin:20240610T090000", zoned("Europe/Berlin", 2024, 6, 10, 9)),
        ("DTSTART;TZID=\"W. Europe Standard Time\":20240610T090000", zoned("W. Europe Standard Time", 2024, 6, 10, 9)),
        ("DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20240610T090000", zoned("/mozilla.org/20050126_1/Europe/Berlin", 2024, 6, 10, 9)),
    ] as [(String, TimeValue)])
    func theFourFormsOfATime(line: String, expected: TimeValue) throws {
        let e = try #require(try ICalendar(parsing: calendarText(["BEGIN:VEVENT", "UID:t", line, "END:VEVENT"])).events.first)
        #expect(e.start == expected)
        #expect(e.isAllDay == expected.isDate)
    }

    @Test func todoAndJournalProperties() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VTODO",                              // 4
            "UID:t1",                                   // 5
            "DUE;VALUE=DATE:20240614",                  // 6
            "COMPLETED:20240613T170000Z",               // 7
            "PERCENT-COMPLETE:100",                     // 8
            "STATUS:COMPLETED",                         // 9
            "END:VTODO",                                // 10
            "BEGIN:VJOURNAL",                           // 11
            "UID:j1",                                   // 12
            "DTSTART;VALUE=DATE:20240610",              // 13
            "STATUS:FINAL",                             // 14
            "END:VJOURNAL",                             // 15
        ]))
        let todo = try #require(calendar.todos.first)
        #expect(todo.kind == .todo)
        #expect(todo.due == date(2024, 6, 14))
        #expect(todo.completed == utc(2024, 6, 13, 17))
        #expect(todo.percentComplete == 100)
        #expect(todo.status == .completed)
        #expect(todo.line == 4)
        let journal = try #require(calendar.journals.first)
        #expect(journal.kind == .journal)
        #expect(journal.start == date(2024, 6, 10))
        #expect(journal.line == 11)
        #expect(calendar.events.isEmpty)
    }

    @Test func otherTopLevelComponentsAreKeptWhole() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VFREEBUSY",                                          // 4
            "UID:fb",                                                   // 5
            "FREEBUSY;FBTYPE=BUSY:20240610T080000Z/PT1H",               // 6
            "END:VFREEBUSY",                                            // 7
        ]))
        #expect(calendar.otherComponents.count == 1)
        let fb = calendar.otherComponents[0]
        #expect(fb.name == "VFREEBUSY")
        #expect(fb.properties.map(\.name) == ["UID", "FREEBUSY"])
        #expect(fb.properties.map(\.line) == [5, 6])
    }
}
