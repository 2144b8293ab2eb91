import Testing
@testable import ICSKit

/// The bundled exports of six calendar apps, imported through the file API. Every
/// expected value is read off the fixture's text by hand (line numbers with `grep -n`
/// counted against the folds by eye).
@Suite struct FixtureImportTests {
    @Test(arguments: [
        // name, events, todos, journals, time zones, name
        ("google-team.ics", 10, 0, 0, ["Europe/Berlin"], "Team"),
        ("outlook-exchange.ics", 3, 0, 0, ["W. Europe Standard Time"], "Max Mustermann"),
        ("icloud.ics", 3, 0, 0, ["Europe/Berlin"], "Home"),
        ("nextcloud.ics", 1, 2, 1, ["Europe/Berlin"], "Household"),
        ("thunderbird.ics", 2, 0, 0, ["/mozilla.org/20050126_1/Europe/Berlin"], nil),
        ("holidays.ics", 7, 0, 0, [], "Public holidays in Germany"),
    ] as [(String, Int, Int, Int, [String], String?)])
    func importsEveryFixtureCleanly(file: String, events: Int, todos: Int, journals: Int, zones: [String], name: String?) throws {
        let calendar = try Fixtures.calendar(file)
        #expect(calendar.events.count == events)
        #expect(calendar.todos.count == todos)
        #expect(calendar.journals.count == journals)
        #expect(calendar.timeZones.map(\.tzid) == zones)
        #expect(calendar.name == name)
        #expect(calendar.diagnostics == [])
        #expect(calendar.source == Fixtures.path(file))
    }

    @Test(arguments: ["google-team.ics", "outlook-exchange.ics", "icloud.ics", "nextcloud.ics", "thunderbird.ics", "holidays.ics"])
    func fileBytesAndTextImportsAgree(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        var fromFile = try ICalendar(contentsOfFile: Fixtures.path(file))
        fromFile.source = nil
        #expect(try ICalendar(bytes: bytes) == fromFile)
        #expect(try ICalendar(bytes: bytes, options: ImportOptions(parallelism: 1)) == fromFile)
    }

    // MARK: Google Calendar

    @Test func googleTeam() throws {
        let c = try Fixtures.calendar("google-team.ics")
        #expect(c.productID == "-//Google Inc//Google Calendar 70.9054//EN")
        #expect(c.method == "PUBLISH")
        #expect(c.calendarScale == "GREGORIAN")
        #expect(c.defaultTimeZone == "Europe/Berlin")
        // Lines 8–9, folded inside "offsites".
        #expect(c.notes == "Shared calendar of the platform team: stand-ups, planning, offsites and days off.")

        let standUps = c.events.filter { $0.uid == "4t7v2k9qv0c8d1e6mrb3l5s0ah@google.com" }
        #expect(standUps.count == 3)
        let master = standUps[0]
        #expect(master.line == 28)
        #expect(master.start == zoned("Europe/Berlin", 2024, 5, 6, 9, 30))
        #expect(master.end == zoned("Europe/Berlin", 2024, 5, 6, 9, 45))
        #expect(master.recurrenceRules == [RecurrenceRule(frequency: .weekly, until: utc(2024, 7, 31, 21, 59, 59),
                                                          byDay: [.init(.monday), .init(.wednesday), .init(.friday)])])
        #expect(master.exceptionDates == [zoned("Europe/Berlin", 2024, 5, 20, 9, 30), zoned("Europe/Berlin", 2024, 6, 19, 9, 30)])
        #expect(master.notes == "Daily sync. Join with Google Meet: https://meet.google.com/abc-defg-hij")
        #expect(master.location == "Room Spree, 3rd floor")
        #expect(master.sequence == 2)
        #expect(master.alarms == [Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, minutes: 10), toEnd: false),
                                        notes: "This is an event reminder", line: 45, triggerLine: 48)])

        let moved = standUps[1]
        #expect(moved.line == 51)
        #expect(moved.recurrenceID == zoned("Europe/Berlin", 2024, 6, 12, 9, 30))
        #expect(moved.start == zoned("Europe/Berlin", 2024, 6, 12, 11))
        #expect(moved.summary == "Stand-up (moved)")
        #expect(!moved.appliesToFutureInstances)

        let cancelled = standUps[2]
        #expect(cancelled.recurrenceID == zoned("Europe/Berlin", 2024, 6, 21, 9, 30))
        #expect(cancelled.isCancelled)

        let offsite = try #require(c.event("Team offsite"))
        #expect(offsite.isAllDay)
        #expect(offsite.start == date(2024, 6, 12))
        #expect(offsite.end == date(2024, 6, 15))   // exclusive: 12, 13 and 14 June
        #expect(offsite.transparency == .transparent)
        // Lines 85–86: the fold splits "é" (C3 | A9).
        #expect(offsite.notes == "Three days at the lake. Dinner on Wednesday at the Café am See, bring walking shoes.")
        #expect(offsite.location == "Seehotel Müggelsee, Berlin")

        let planning = try #require(c.event("Quarterly planning"))
        #expect(planning.organizer == CalendarUser(address: "mailto:lena.vogt@example.com", parameters: [Parameter(name: "CN", value: "Lena Vogt")]))
        #expect(planning.attendees.map(\.commonName) == ["Lena Vogt", "Jonas Brandt"])
        #expect(planning.attendees.map(\.participationStatus.rawValue) == ["ACCEPTED", "NEEDS-ACTION"])
        #expect(planning.attendees.map(\.rsvp) == [false, true])
        #expect(planning.attendees[1].parameters[parameter: "X-NUM-GUESTS"] == "0")
        // "LOCATION:" (line 107) is empty: no location, kept as written, and no diagnostic.
        #expect(planning.location == nil)
        #expect(planning.otherProperties == [Property(name: "LOCATION", value: "", line: 107)])

        let june18 = c.events.filter { $0.start?.date == CivilDate(year: 2024, month: 6, day: 18) }.compactMap(\.summary)
        #expect(june18 == ["Design review", "Lunch with Ana", "Call with the New York office"])
        #expect(c.event("Call with the New York office")?.start == utc(2024, 6, 18, 16))
        #expect(c.event("Lunch with Ana")?.status == .tentative)
        #expect(c.event("Office closed (Sommerfest)")?.start == date(2024, 6, 28))
        #expect(c.event("Release 2.3")?.end == date(2024, 6, 28))

        let berlin = try #require(c.timeZone(withID: "Europe/Berlin"))
        #expect(berlin.line == 10)
        #expect(berlin.otherProperties == [Property(name: "X-LIC-LOCATION", value: "Europe/Berlin", line: 12)])
        #expect(berlin.observances == [
            .init(kind: .daylight, start: CivilDateTime(year: 1970, month: 3, day: 29, hour: 2), offsetFrom: 3600, offsetTo: 7200,
                  recurrenceRule: RecurrenceRule(frequency: .yearly, byDay: [.init(.sunday, ordinal: -1)], byMonth: [.init(3)]), names: ["CEST"]),
            .init(kind: .standard, start: CivilDateTime(year: 1970, month: 10, day: 25, hour: 3), offsetFrom: 7200, offsetTo: 3600,
                  recurrenceRule: RecurrenceRule(frequency: .yearly, byDay: [.init(.sunday, ordinal: -1)], byMonth: [.init(10)]), names: ["CET"]),
        ])
    }

    // MARK: Outlook / Exchange

    @Test func outlookExchange() throws {
        let c = try Fixtures.calendar("outlook-exchange.ics")   // UTF-8 BOM, CRLF
        #expect(c.method == "PUBLISH")
        #expect(c.productID == "-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN")
        #expect(c.otherProperties.map(\.name) == [
            "X-CALSTART", "X-CALEND", "X-CLIPSTART", "X-CLIPEND", "X-WR-RELCALID", "X-PRIMARY-CALENDAR",
            "X-OWNER", "X-MS-OLK-WKHRSTART", "X-MS-OLK-WKHREND", "X-MS-OLK-WKHRDAYS",
        ])
        #expect(c.otherProperties[named: "X-MS-OLK-WKHRSTART"] ==
                Property(name: "X-MS-OLK-WKHRSTART", parameters: [Parameter(name: "TZID", value: "W. Europe Standard Time")], value: "080000", line: 13))

        let zone = try #require(c.timeZones.first)
        #expect(zone.tzid == "W. Europe Standard Time")
        #expect(zone.line == 16)
        #expect(zone.observances.map(\.kind) == [.standard, .daylight])
        #expect(zone.observances.map(\.start) == [CivilDateTime(year: 1601, month: 10, day: 28, hour: 3),
                                                  CivilDateTime(year: 1601, month: 3, day: 25, hour: 2)])
        #expect(zone.observances.map(\.names) == [[], []])

        let budget = try #require(c.event("Budget review"))
        #expect(budget.line == 31)
        #expect(budget.start == zoned("W. Europe Standard Time", 2024, 6, 28, 10))
        #expect(budget.end == zoned("W. Europe Standard Time", 2024, 6, 28, 11))
        #expect(budget.recurrenceRules == [RecurrenceRule(
            frequency: .monthly, count: 6,
            byDay: [.init(.monday), .init(.tuesday), .init(.wednesday), .init(.thursday), .init(.friday)],
            bySetPosition: [-1], weekStart: .sunday)])
        #expect(budget.notes == "Monthly budget review: actuals against plan, open purchase orders.\n\nJoin Microsoft Teams Meeting\n")
        #expect(budget.priority == 5)
        #expect(budget.classification == .public)
        #expect(budget.uid == "040000008200E00074C5B7101A82E00800000000D0F3A1C2E8A6DA01000000000000000010000000E4B2C9A7F1D3E54C8A9B0C1D2E3F4A5B")
        #expect(budget.attendees.map(\.commonName) == ["Anna Schmidt", "Jan de Vries", "Conference Room B"])
        #expect(budget.attendees.map(\.role.rawValue) == ["REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT"])
        #expect(budget.attendees.map(\.participationStatus.rawValue) == ["ACCEPTED", "TENTATIVE", "NEEDS-ACTION"])
        #expect(budget.attendees.map(\.rsvp) == [true, true, false])   // "RSVP=TRU" / "E" is folded on lines 34–35
        #expect(budget.attendees.map(\.userType.rawValue) == ["INDIVIDUAL", "INDIVIDUAL", "RESOURCE"])
        #expect(budget.organizer?.commonName == "Max Mustermann")
        #expect(budget.alarms == [Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false),
                                        notes: "Reminder", line: 65, triggerLine: 66)])
        #expect(budget.otherProperties.map(\.name) == [
            "X-ALT-DESC", "X-MICROSOFT-CDO-BUSYSTATUS", "X-MICROSOFT-CDO-IMPORTANCE", "X-MICROSOFT-CDO-INTENDEDSTATUS",
            "X-MICROSOFT-CDO-OWNERAPPTID", "X-MICROSOFT-DISALLOW-COUNTER", "X-MS-OLK-APPTSEQTIME", "X-MS-OLK-AUTOFILLLOCATION",
            "X-MS-OLK-CONFTYPE",
        ])
        // X-ALT-DESC stays as written (an X- property's escapes are not resolved); line 55, folded onto 56.
        #expect(budget.otherProperties[0] == Property(
            name: "X-ALT-DESC", parameters: [Parameter(name: "FMTTYPE", value: "text/html")],
            value: "<html><body><p>Monthly budget review: actuals against plan\\, open purchase orders.</p></body></html>", line: 55))
        #expect(budget.otherProperties[named: "X-MICROSOFT-CDO-BUSYSTATUS"]?.line == 57)

        let vacation = try #require(c.event("Urlaub"))
        #expect(vacation.isAllDay)
        #expect(vacation.start == date(2024, 6, 24))
        #expect(vacation.end == date(2024, 6, 25))
        #expect(vacation.otherProperties[named: "X-MICROSOFT-CDO-ALLDAYEVENT"] == Property(name: "X-MICROSOFT-CDO-ALLDAYEVENT", value: "TRUE", line: 84))
        #expect(vacation.otherProperties[named: "X-MICROSOFT-CDO-BUSYSTATUS"]?.value == "OOF")
    }

    // MARK: iCloud

    @Test func iCloud() throws {
        let c = try Fixtures.calendar("icloud.ics")
        #expect(c.color == "#FF2968")
        #expect(c.defaultTimeZone == "Europe/Berlin")
        #expect(c.timeZones.first?.observances.map(\.names) == [["MESZ"], ["MEZ"]])

        let party = try #require(c.events.first)
        // Lines 31–32: the fold splits "🎉" (F0 9F | 8E 89).
        #expect(party.summary == "Jana's 30th birthday party – bring a salad and good mood 🎉 see you there!")
        #expect(party.location == "Jana's place\nLindenstraße 12\n10969 Berlin")
        #expect(party.color == "crimson")
        #expect(party.geo == Geo(latitude: 52.498721, longitude: 13.403912))
        #expect(party.url == "https://www.icloud.com/invites/0aBcDeFgHiJkLmNoPq")
        // Lines 37–40: folded four times, with quoted parameters holding ';' and '\\'.
        #expect(party.otherProperties[named: "X-APPLE-STRUCTURED-LOCATION"] == Property(
            name: "X-APPLE-STRUCTURED-LOCATION",
            parameters: [
                Parameter(name: "VALUE", value: "URI"),
                Parameter(name: "X-ADDRESS", value: "Lindenstraße 12\\\\n10969 Berlin\\\\nGermany"),
                Parameter(name: "X-APPLE-MAPKIT-HANDLE", value: "CAESvAEaEglAPrhR64UqQBFmZmZmZmYq"),
                Parameter(name: "X-APPLE-RADIUS", value: "70.58"),
                Parameter(name: "X-APPLE-REFERENCEFRAME", value: "1"),
                Parameter(name: "X-TITLE", value: "Jana's place"),
            ],
            value: "geo:52.498721,13.403912", line: 37))
        #expect(party.otherProperties[named: "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR"]?.line == 30)

        #expect(party.alarms.count == 2)
        let chord = party.alarms[0]
        #expect(chord.action == .audio)
        #expect(chord.trigger == .relative(ICSDuration(isNegative: true, hours: 1), toEnd: false))
        #expect(chord.otherProperties == [
            Property(name: "X-WR-ALARMUID", value: "7C3B1E2A-9D4F-4E6B-A1C2-3D4E5F6A7B8C", line: 46),
            Property(name: "UID", value: "7C3B1E2A-9D4F-4E6B-A1C2-3D4E5F6A7B8C", line: 47),
            Property(name: "ATTACH", parameters: [Parameter(name: "VALUE", value: "URI")], value: "Chord", line: 49),
            Property(name: "ACKNOWLEDGED", value: "20240622T180012Z", line: 51),
        ])
        #expect(party.alarms[1].trigger == .absolute(utc(2024, 6, 21, 8)))
        #expect(party.alarms[1].otherProperties.map(\.name) == ["X-WR-ALARMUID", "UID", "X-APPLE-DEFAULT-ALARM"])

        let yoga = try #require(c.event("Yoga"))
        #expect(yoga.recurrenceRules == [RecurrenceRule(frequency: .weekly, interval: 2, byDay: [.init(.tuesday)])])
    }

    // MARK: Nextcloud

    @Test func nextcloud() throws {
        let c = try Fixtures.calendar("nextcloud.ics")
        #expect(c.color == "#0082c9")
        #expect(c.refreshInterval == ICSDuration(hours: 4))
        #expect(c.publishedTTL == ICSDuration(hours: 4))
        #expect(c.otherProperties.map(\.name) == ["REFRESH-INTERVAL", "X-PUBLISHED-TTL"])
        #expect(c.otherProperties[0].parameters == [Parameter(name: "VALUE", value: "DURATION")])

        let passport = c.todos[0]
        #expect(passport.summary == "Renew passport")
        // Lines 32–33, folded with a TAB.
        #expect(passport.notes == "Book an appointment at the Bürgeramt; bring the old passport and a biometric photo.")
        #expect(passport.start == zoned("Europe/Berlin", 2024, 6, 3, 9))
        #expect(passport.due == zoned("Europe/Berlin", 2024, 6, 14, 17))
        #expect(passport.percentComplete == 40)
        #expect(passport.status == .inProcess)
        #expect(passport.priority == 1)
        #expect(passport.completed == nil)
        #expect(passport.categories == ["Admin", "Family", "Errands"])
        #expect(passport.otherProperties == [Property(name: "X-APPLE-SORT-ORDER", value: "740841300", line: 40)])

        let tent = c.todos[1]
        #expect(tent.due == date(2024, 6, 10))
        #expect(tent.completed == utc(2024, 6, 5, 17, 45, 12))
        #expect(tent.percentComplete == 100)
        #expect(tent.status == .completed)
        #expect(tent.categories == ["Shopping", "Holiday", "Camping"])
        #expect(tent.otherProperties == [Property(name: "RELATED-TO", parameters: [Parameter(name: "RELTYPE", value: "PARENT")],
                                                  value: "f3a1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d", line: 54)])

        let notes = try #require(c.journals.first)
        #expect(notes.line == 56)
        #expect(notes.notes == "Summer plans: camping in the Harz from 8 to 14 July.\nWho waters the plants: the neighbours.")
        #expect(notes.categories == ["Notes", "Family"])
        #expect(notes.classification == .private)
        #expect(notes.status == .final)

        #expect(c.events.first?.recurrenceRules == [RecurrenceRule(frequency: .weekly, byDay: [.init(.thursday)])])
    }

    // MARK: Thunderbird

    @Test func thunderbird() throws {
        let c = try Fixtures.calendar("thunderbird.ics")   // LF line endings
        #expect(c.productID == "-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN")
        #expect(c.name == nil)
        let zone = try #require(c.timeZones.first)
        #expect(zone.otherProperties == [Property(name: "X-LIC-LOCATION", value: "Europe/Berlin", line: 6)])

        let book = try #require(c.event("Book club"))
        #expect(book.start == zoned("/mozilla.org/20050126_1/Europe/Berlin", 2024, 5, 30, 19))
        #expect(book.recurrenceRules == [RecurrenceRule(frequency: .monthly, byDay: [.init(.thursday, ordinal: -1)])])
        #expect(book.location == "Café Liebling")
        #expect(book.organizer?.role == .chair)
        #expect(book.attendees.map(\.email) == ["ben@example.org"])   // folded inside the address, lines 30–31
        #expect(book.otherProperties == [
            Property(name: "X-MOZ-GENERATION", value: "3", line: 36),
            Property(name: "X-MOZ-SEND-INVITATIONS", value: "TRUE", line: 37),
            Property(name: "X-MOZ-SEND-INVITATIONS-UNDISCLOSED", value: "FALSE", line: 38),
            Property(name: "X-MOZ-LASTACK", value: "20240530T171512Z", line: 39),
        ])
        #expect(book.alarms.first?.trigger == .relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false))

        let dentist = try #require(c.event("Dentist"))
        #expect(dentist.alarms.first?.trigger == .relative(ICSDuration(minutes: 5), toEnd: true))
        #expect(dentist.alarms.first?.line == 55)
        #expect(dentist.otherProperties == [Property(name: "X-MOZ-SNOOZE-TIME", value: "20240611T070500Z", line: 54)])
    }

    // MARK: Public holidays

    @Test func holidays() throws {
        let c = try Fixtures.calendar("holidays.ics")
        #expect(c.name == "Public holidays in Germany")
        #expect(c.notes == "Nationwide public holidays in Germany.")
        #expect(c.color == "firebrick")
        #expect(c.refreshInterval == ICSDuration(weeks: 1))
        // NAME wins; X-WR-CALNAME (line 7) is kept.
        #expect(c.otherProperties[named: "X-WR-CALNAME"] == Property(name: "X-WR-CALNAME", value: "Feiertage", line: 7))
        #expect(c.events.allSatisfy { $0.isAllDay && $0.transparency == .transparent && $0.categories == ["Holidays"] })
        // DTEND is exclusive: every holiday lasts one day.
        #expect(c.events.allSatisfy { $0.end?.date == $0.start?.date.adding(days: 1) })
        #expect(c.events.map(\.summary) == ["Neujahr", "Karfreitag", "Ostermontag", "Tag der Arbeit",
                                            "Tag der Deutschen Einheit", "1. Weihnachtstag", "2. Weihnachtstag"])
        #expect(c.event("Neujahr")?.recurrenceRules == [RecurrenceRule(frequency: .yearly)])
        #expect(c.event("Tag der Arbeit")?.recurrenceRules == [RecurrenceRule(frequency: .yearly, byMonthDay: [1], byMonth: [.init(5)])])
        #expect(c.event("Karfreitag")?.recurrenceDates == [.time(date(2025, 4, 18)), .time(date(2026, 4, 3))])
        #expect(c.event("Ostermontag")?.recurrenceDates == [.time(date(2025, 4, 21)), .time(date(2026, 4, 6))])
        // Lines 69–70, folded with a TAB.
        #expect(c.event("Tag der Deutschen Einheit")?.notes == "German Unity Day: the anniversary of the reunification on 3 October 1990.")
    }
}
