import Testing
@testable import ICSKit

/// Checks whose finding depends on where the fault is: lines of folded content lines, limits,
/// bounded rule walks, and checks that must stay quiet on valid variants. Expected values are
/// worked out by hand from RFC 5545.
@Suite struct ValidatorCheckTests {
    typealias S = ValidationSupport

    @Test func findingPointsAtTheFirstPhysicalLineOfAFoldedLine() {
        let findings = S.findings(S.calendar(S.event(["DTEND:20240610T0", " 80000Z"])))
        let end = findings.first { $0.code == .endNotAfterStart }
        // Lines: 1 VCALENDAR, 2 VERSION, 3 PRODID, 4 VEVENT, 5 UID, 6 DTSTAMP, 7 DTSTART, 8 DTEND (folded onto 9).
        #expect(end?.line == 8)
        #expect(end?.uid == "t@example.com")
        #expect(end?.property == "DTEND")
    }

    @Test func equalEndIsAnErrorAndZonedEndsCompareAsInstants() {
        #expect(S.findings(S.calendar(S.event(["DTEND:20240610T090000Z"]))).map(\.code) == [.endNotAfterStart])
        // 09:00 in Berlin (CEST, UTC+2) is 07:00Z: an end at 08:00Z is after it.
        let zoned = S.findings(S.calendar(S.event(["DTEND:20240610T080000Z"], start: "DTSTART;TZID=Europe/Berlin:20240610T090000")))
        #expect(zoned.isEmpty)
        // ... and an end at 06:30Z is before it.
        let before = S.findings(S.calendar(S.event(["DTEND:20240610T063000Z"], start: "DTSTART;TZID=Europe/Berlin:20240610T090000")))
        #expect(before.map(\.code) == [.endNotAfterStart])
    }

    @Test func methodMakesDTSTARTOptional() {
        let withMethod = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "METHOD:REQUEST",
                          "BEGIN:VEVENT", "UID:a@x", "DTSTAMP:20240101T000000Z", "END:VEVENT", "END:VCALENDAR"]
        #expect(S.findings(withMethod).isEmpty)
    }

    /// A malformed property name of 100,000 bytes ('@' is not a name character; so is the
    /// control character U+0001 in it): the messages quote its first 40 characters and "…".
    @Test func aLongMalformedNameIsQuotedShort() {
        let name = "\u{01}" + String(repeating: "A@", count: 50_000)
        let findings = S.findings(S.calendar(S.event([name + ":v"])))
        let shown = "\u{01}" + String(repeating: "A@", count: 20).dropLast() + "…"
        #expect(findings.first { $0.code == .invalidPropertyName }?.message == "property name \"\(shown)\" is malformed")
        #expect(findings.first { $0.code == .controlCharacter }?.message == "control character U+0001 in \(shown)")
        #expect(findings.allSatisfy { $0.message.utf8.count < 200 && ($0.property?.utf8.count ?? 0) < 200 })
    }

    @Test func contentLineOverTheLimitIsReportedWithItsLine() {
        let limits = ScanLimits(maxContentLineBytes: 200)
        let findings = S.findings(S.calendar(S.event(["DESCRIPTION:" + String(repeating: "x", count: 300)])), limits: limits)
        #expect(findings.contains { $0.code == .lineTooLong && $0.line == 8 })
    }

    @Test func linesTooLongForLibicalAreStillChecked() {
        // Lines over the parse limit stay out of libical, but count and are checked in their place:
        // line 8 is a DESCRIPTION, line 9 a second one, line 10 an ATTENDEE that is not a calendar address.
        let limits = ScanLimits(maxParsedLineBytes: 100)
        let long = String(repeating: "z", count: 150)
        let findings = S.findings(S.calendar(S.event(["DESCRIPTION:" + long, "DESCRIPTION:" + long, "ATTENDEE:mailto:" + long])),
                                  limits: limits)
        #expect(findings.contains { $0.code == .repeatedProperty && $0.line == 9 && $0.property == "DESCRIPTION" })
        #expect(findings.contains { $0.code == .invalidCalendarAddress && $0.line == 10 })
        #expect(findings.filter { $0.code == .lineTooLong }.compactMap(\.line) == [8, 9, 10])
    }

    @Test func componentOverTheLimitIsReported() {
        let limits = ScanLimits(maxComponentBytes: 100)
        let findings = S.findings(S.calendar(S.event(["DESCRIPTION:" + String(repeating: "y", count: 60)])), limits: limits)
        #expect(findings.contains { $0.code == .componentTooLarge && $0.line == 4 })
    }

    @Test func secondlyRuleWithoutEndGivesNoFindingAndEnds() {
        // FREQ=SECONDLY with no end yields an instance one second after DTSTART: nothing to report.
        #expect(S.findings(S.calendar(S.event(["RRULE:FREQ=SECONDLY"]))).isEmpty)
        // BYMONTH=6 from January: no instance within the walk's bound, which is no proof: no finding, no hang.
        #expect(S.findings(S.calendar(S.event(["RRULE:FREQ=SECONDLY;BYMONTH=6"], start: "DTSTART:20240101T000000Z"))).isEmpty)
    }

    /// UNTIL before DTSTART (a series split by "this and following"): the views show no instance,
    /// DTSTART included, and say so with ICS2212; an UNTIL at DTSTART keeps DTSTART alone (ICS2206:
    /// nothing after it).
    @Test func untilBeforeStartYieldsNoInstance() {
        let findings = S.findings(S.calendar(S.event(["RRULE:FREQ=DAILY;UNTIL=20240601T000000Z"])))
        #expect(findings.map(\.code) == [.untilBeforeStart])
        let atStart = S.findings(S.calendar(S.event(["RRULE:FREQ=DAILY;UNTIL=20240610T090000Z"], start: "DTSTART:20240610T090000Z")))
        #expect(atStart.map(\.code) == [.ruleYieldsNoInstance])
    }

    @Test func leapDayRuleYieldsInstances() {
        // 29 February recurs every four years (2028 after 2024): not "no instance".
        #expect(S.findings(S.calendar(S.event(["RRULE:FREQ=YEARLY"], start: "DTSTART;VALUE=DATE:20240229"))).isEmpty)
    }

    @Test func exdateInAnotherZoneMatchesTheSameInstant() {
        // Weekly from Mon 10 June 2024 09:00 Berlin (07:00Z): the instance of 17 June is 07:00Z.
        let event = S.event(["RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20240617T070000Z"], start: "DTSTART;TZID=Europe/Berlin:20240610T090000")
        #expect(S.findings(S.calendar(event)).isEmpty)
        let wrong = S.event(["RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20240617T090000Z"], start: "DTSTART;TZID=Europe/Berlin:20240610T090000")
        #expect(S.findings(S.calendar(wrong)).map(\.code) == [.exceptionMatchesNoInstance])
    }

    @Test func exdateOfASingleEventMatchesOnlyItsStart() {
        #expect(S.findings(S.calendar(S.event(["EXDATE:20240610T090000Z"]))).isEmpty)
        #expect(S.findings(S.calendar(S.event(["EXDATE:20240611T090000Z"]))).map(\.code) == [.exceptionMatchesNoInstance])
    }

    @Test func findingsOfOneCodeAreCappedWithASummary() {
        let limits = ScanLimits(maxDiagnosticsPerCode: 2)
        let lines = S.calendar(S.event(["X-A:1\u{7}", "X-B:2\u{7}", "X-C:3\u{7}", "X-D:4\u{7}"]))
        let control = S.findings(lines, limits: limits).filter { $0.code == .controlCharacter }
        #expect(control.count == 3)
        #expect(control.last?.message.hasPrefix("2 more ICS1013 findings") == true)
    }

    @Test func notICalendarIsAFindingOnLineOne() {
        let report = Validator().validate(text: "{\"events\": []}\n", file: "feed.json")
        #expect(report.findings.map(\.code) == [.notICalendar])
        #expect(report.findings.first?.line == 1)
    }

    @Test func reportCountsAndStrictness() {
        let warning = Validator().validate(text: (S.calendar(S.event(["MEETING-ROOM:4"]))).joined(separator: "\r\n") + "\r\n", file: "w.ics")
        #expect(warning.count(.warning) == 1 && warning.count(.error) == 0)
        #expect(!warning.fails() && warning.fails(strict: true))
    }
}
