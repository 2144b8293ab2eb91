import Foundation
import Testing
@testable import ICSKit

/// The reminder expansion on calendars written in the test, with the triggers worked out by
/// hand from RFC 5545 3.8.6.3 (durations: 3.3.6) and RFC 9074. Zones are pinned; instants are
/// written in UTC.
@Suite("Reminder expansion")
struct ReminderExpansionTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func calendar(_ body: String) throws -> ICalendar {
        try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body
            .replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n")
    }

    /// `2024-06-03T07:15:00Z` → its instant.
    static func instant(_ text: String) -> Date {
        AlarmTimeText.utc(text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""))!
    }

    static func stamps(_ reminders: [Reminder]) -> [String] {
        reminders.map { OccurrenceTime.instant(secondsSinceEpoch: Int($0.trigger.timeIntervalSince1970), utcOffset: 0, zone: nil) }
            .map { time -> String in
                let t = time.wallTime
                return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", t.date.year, t.date.month, t.date.day, t.hour, t.minute, t.second)
            }
    }

    static let daily = """
    BEGIN:VEVENT
    UID:daily
    DTSTAMP:20240101T000000Z
    DTSTART;TZID=Europe/Berlin:20240603T091500
    DTEND;TZID=Europe/Berlin:20240603T093000
    RRULE:FREQ=DAILY
    SUMMARY:Stand-up
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:Stand-up
    TRIGGER:-PT15M
    END:VALARM
    END:VEVENT

    """

    /// The range is on trigger times: start inclusive, end exclusive (09:15 CEST − 15 min = 07:00Z).
    @Test func rangeBoundsAreTriggerTimes() throws {
        let calendar = try Self.calendar(Self.daily)
        let (found, diagnostics) = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-04T07:00:00Z"),
                                                     to: Self.instant("2024-06-06T07:00:00Z"), viewerTimeZone: Self.utc).collect()
        #expect(Self.stamps(found) == ["2024-06-04T07:00:00Z", "2024-06-05T07:00:00Z"])
        #expect(diagnostics.isEmpty)
        // Each reminder points at its occurrence: 09:15 Berlin of the same day, and counts from it.
        #expect(found.map { $0.occurrence?.start } == [
            .instant(secondsSinceEpoch: Int(Self.instant("2024-06-04T07:15:00Z").timeIntervalSince1970), utcOffset: 7200, zone: "Europe/Berlin"),
            .instant(secondsSinceEpoch: Int(Self.instant("2024-06-05T07:15:00Z").timeIntervalSince1970), utcOffset: 7200, zone: "Europe/Berlin"),
        ])
        #expect(found.map(\.anchor) == [Self.instant("2024-06-04T07:15:00Z"), Self.instant("2024-06-05T07:15:00Z")])
        #expect(found.allSatisfy { $0.repetition == 0 && !$0.isAcknowledged && $0.action == .display })
    }

    /// An endless series over ten years: the iterator hands out the first reminders without
    /// expanding the rest (the occurrence expansion is lazy and the heap holds one day's triggers).
    @Test func staysLazyOnAnEndlessSeries() throws {
        let calendar = try Self.calendar(Self.daily)
        var iterator = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-01T00:00:00Z"),
                                         to: Self.instant("2034-06-01T00:00:00Z"), viewerTimeZone: Self.utc,
                                         instanceLimit: 100_000).makeIterator()
        var firsts: [Reminder] = []
        for _ in 0..<3 { if let next = iterator.next() { firsts.append(next) } }
        #expect(Self.stamps(firsts) == ["2024-06-03T07:00:00Z", "2024-06-04T07:00:00Z", "2024-06-05T07:00:00Z"])
    }

    /// Two calendars merge by trigger time; ties by UID (RFC-independent: the expansion's own order).
    @Test func mergesCalendarsByTrigger() throws {
        let first = try Self.calendar(Self.daily)
        let second = try Self.calendar("""
        BEGIN:VEVENT
        UID:absolute
        DTSTAMP:20240101T000000Z
        DTSTART:20240610T120000Z
        SUMMARY:Lunch
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Lunch
        TRIGGER;VALUE=DATE-TIME:20240604T070000Z
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Lunch soon
        TRIGGER:-P6DT5H
        END:VALARM
        END:VEVENT

        """)
        let found = ReminderExpansion(calendars: [first, second], from: Self.instant("2024-06-03T00:00:00Z"),
                                      to: Self.instant("2024-06-05T00:00:00Z"), viewerTimeZone: Self.utc).collect().reminders
        // 10 June 12:00Z − 6 days (nominal, in UTC) − 5 h = 4 June 07:00Z: a tie with both others.
        #expect(Self.stamps(found) == ["2024-06-03T07:00:00Z", "2024-06-04T07:00:00Z", "2024-06-04T07:00:00Z", "2024-06-04T07:00:00Z"])
        #expect(found.map { $0.incidence.uid ?? "" } == ["daily", "absolute", "absolute", "daily"])
        #expect(found.map(\.calendarIndex) == [0, 1, 1, 0])
        #expect(found[1].occurrence == nil && found[2].occurrence != nil, "the absolute trigger belongs to no occurrence")
    }

    /// Occurrences come by start, triggers need not: an alarm five days after an earlier event
    /// goes off after the alarms of later events (the merge holds it until no later occurrence can
    /// come before it).
    @Test func triggersNotInStartOrder() throws {
        let calendar = try Self.calendar("""
        BEGIN:VEVENT
        UID:early
        DTSTAMP:20240101T000000Z
        DTSTART:20240601T120000Z
        SUMMARY:Early
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:five days after
        TRIGGER:P5D
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:later
        DTSTAMP:20240101T000000Z
        DTSTART:20240603T120000Z
        RRULE:FREQ=DAILY;COUNT=5
        SUMMARY:Later
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:an hour before
        TRIGGER:-PT1H
        END:VALARM
        END:VEVENT

        """)
        let found = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-01T00:00:00Z"),
                                      to: Self.instant("2024-06-30T00:00:00Z"), viewerTimeZone: Self.utc).collect().reminders
        // later: 3–7 June 11:00Z; early: 1 June 12:00Z + 5 days = 6 June 12:00Z, between the 6th's and the 7th's.
        #expect(Self.stamps(found) == ["2024-06-03T11:00:00Z", "2024-06-04T11:00:00Z", "2024-06-05T11:00:00Z",
                                       "2024-06-06T11:00:00Z", "2024-06-06T12:00:00Z", "2024-06-07T11:00:00Z"])
        #expect(found[4].incidence.uid == "early")
    }

    /// REPEAT far more often than the range can hold: only the repetitions inside it, numbered from the first trigger.
    @Test func repetitionsInsideTheRangeOnly() throws {
        let calendar = try Self.calendar("""
        BEGIN:VEVENT
        UID:nag
        DTSTAMP:20240101T000000Z
        DTSTART:20240601T000000Z
        SUMMARY:Nag
        BEGIN:VALARM
        ACTION:AUDIO
        TRIGGER:PT0S
        REPEAT:5000
        DURATION:PT1M
        END:VALARM
        END:VEVENT

        """)
        let found = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-02T00:00:00Z"),
                                      to: Self.instant("2024-06-02T00:03:00Z"), viewerTimeZone: Self.utc).collect().reminders
        // 1 June 00:00Z + k minutes: 2 June 00:00 is k = 1440.
        #expect(found.map(\.repetition) == [1440, 1441, 1442])
        #expect(Self.stamps(found) == ["2024-06-02T00:00:00Z", "2024-06-02T00:01:00Z", "2024-06-02T00:02:00Z"])
    }

    /// RFC 9074: ACKNOWLEDGED covers the triggers at or before it; with `includesAcknowledged` they
    /// are listed, flagged. ACTION:NONE never fires.
    @Test func acknowledgedAndNone() throws {
        let calendar = try Self.calendar("""
        BEGIN:VEVENT
        UID:ack
        DTSTAMP:20240101T000000Z
        DTSTART:20240603T100000Z
        RRULE:FREQ=DAILY;COUNT=3
        SUMMARY:Ack
        BEGIN:VALARM
        UID:a1
        ACTION:DISPLAY
        DESCRIPTION:Ack
        TRIGGER:-PT10M
        ACKNOWLEDGED:20240604T095000Z
        END:VALARM
        BEGIN:VALARM
        ACTION:NONE
        TRIGGER:-PT5M
        END:VALARM
        END:VEVENT

        """)
        let range = (Self.instant("2024-06-01T00:00:00Z"), Self.instant("2024-06-10T00:00:00Z"))
        let active = ReminderExpansion(calendars: [calendar], from: range.0, to: range.1, viewerTimeZone: Self.utc).collect().reminders
        #expect(Self.stamps(active) == ["2024-06-05T09:50:00Z"])
        let all = ReminderExpansion(calendars: [calendar], from: range.0, to: range.1, viewerTimeZone: Self.utc,
                                    includesAcknowledged: true).collect().reminders
        #expect(Self.stamps(all) == ["2024-06-03T09:50:00Z", "2024-06-04T09:50:00Z", "2024-06-05T09:50:00Z"])
        #expect(all.map(\.isAcknowledged) == [true, true, false], "at or before 4 June 09:50Z")
    }

    /// A relative trigger needs its anchor: START needs DTSTART, END on a todo needs DUE or DURATION.
    @Test func noAnchorNoReminder() throws {
        let calendar = try Self.calendar("""
        BEGIN:VTODO
        UID:due-only
        DTSTAMP:20240101T000000Z
        DUE:20240605T160000Z
        SUMMARY:Due only
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:start-related
        TRIGGER:-PT1H
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:due-related
        TRIGGER;RELATED=END:-PT1H
        END:VALARM
        END:VTODO
        BEGIN:VTODO
        UID:start-only
        DTSTAMP:20240101T000000Z
        DTSTART:20240606T090000Z
        SUMMARY:Start only
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:end-related
        TRIGGER;RELATED=END:PT0S
        END:VALARM
        END:VTODO

        """)
        let found = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-01T00:00:00Z"),
                                      to: Self.instant("2024-06-10T00:00:00Z"), viewerTimeZone: Self.utc).collect().reminders
        #expect(found.map { $0.alarm.notes ?? "" } == ["due-related"])
        #expect(Self.stamps(found) == ["2024-06-05T15:00:00Z"])
    }

    /// Two VALARMs without UIDs that say the same thing at the same time (feeds that copy their
    /// alarms) are one reminder, as their one ReminderKey says; a third that differs only in its
    /// description, and a copy that has a UID of its own, are reminders of their own. (Python's
    /// recurring-ical-events 3.8.2 also lists the copied pair once.)
    @Test func copiedAlarmsAreOneReminder() throws {
        let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Soon\nTRIGGER:-PT15M\nEND:VALARM\n"
        let calendar = try Self.calendar("""
        BEGIN:VEVENT
        UID:copies
        DTSTAMP:20240101T000000Z
        DTSTART:20240603T090000Z
        DURATION:PT1H
        RRULE:FREQ=DAILY;COUNT=2
        SUMMARY:Copies
        \(alarm)\(alarm)BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Other
        TRIGGER:-PT15M
        END:VALARM
        BEGIN:VALARM
        UID:own
        ACTION:DISPLAY
        DESCRIPTION:Soon
        TRIGGER:-PT15M
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:At
        TRIGGER;VALUE=DATE-TIME:20240603T080000Z
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:At
        TRIGGER;VALUE=DATE-TIME:20240603T080000Z
        END:VALARM
        END:VEVENT

        """)
        let found = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-01T00:00:00Z"),
                                      to: Self.instant("2024-06-10T00:00:00Z"), viewerTimeZone: Self.utc).collect().reminders
        #expect(Self.stamps(found) == ["2024-06-03T08:00:00Z", "2024-06-03T08:45:00Z", "2024-06-03T08:45:00Z", "2024-06-03T08:45:00Z",
                                       "2024-06-04T08:45:00Z", "2024-06-04T08:45:00Z", "2024-06-04T08:45:00Z"])
        #expect(found.filter { $0.trigger == Self.instant("2024-06-03T08:45:00Z") }.map { $0.alarm.notes ?? "" }.sorted() == ["Other", "Soon", "Soon"])
        #expect(found.filter { $0.alarm.notes == "Soon" }.filter { $0.alarm.uid == nil }.count == 2, "one a day")
        #expect(Set(found.map(ReminderKey.init)).count == found.count, "every listed reminder has a key of its own")
    }

    /// An edit written beside the component it replaces (Thunderbird after moving an absolute
    /// alarm: two VEVENTs of one UID, the later with SEQUENCE:1; likewise two overrides of one
    /// instance) shows once, so only the replacing component's alarm goes off: the highest
    /// SEQUENCE, then the last (RFC 5545 3.8.7.4). Worked by hand: the daily series A (SEQUENCE 0)
    /// rings at 13:00Z on the 3rd, its edit B (SEQUENCE 1) at 13:00Z on the 4th; of the two
    /// overrides of the 5 June instance, the SEQUENCE 2 one rings at 06:00Z and the later
    /// SEQUENCE 1 one, which loses, would ring at 07:00Z. A VTODO of the same UID is another
    /// series and keeps its alarm (10:00Z on the 6th). recurring-ical-events 3.8.2 agrees on the
    /// first case (`alarm_absolute_edited.ics` of its tests, in scripts/differential/alarm_calendars.py).
    @Test func replacedComponentsRingNot() throws {
        func absolute(_ at: String) -> String { "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER;VALUE=DATE-TIME:\(at)\nEND:VALARM\n" }
        func event(_ lines: String, _ alarm: String) -> String {
            "BEGIN:VEVENT\nUID:edited\nDTSTAMP:20240101T000000Z\nSUMMARY:e\n" + lines + alarm + "END:VEVENT\n"
        }
        let series = "DTSTART:20240601T090000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=7\n"
        let calendar = try Self.calendar(
            event(series, absolute("20240603T130000Z"))
            + event("SEQUENCE:1\n" + series, absolute("20240604T130000Z"))
            + event("SEQUENCE:2\nRECURRENCE-ID:20240605T090000Z\nDTSTART:20240605T100000Z\nDURATION:PT1H\n", absolute("20240605T060000Z"))
            + event("SEQUENCE:1\nRECURRENCE-ID:20240605T090000Z\nDTSTART:20240605T120000Z\nDURATION:PT1H\n", absolute("20240605T070000Z"))
            + "BEGIN:VTODO\nUID:edited\nDTSTAMP:20240101T000000Z\nSUMMARY:t\nDUE:20240606T120000Z\n" + absolute("20240606T100000Z") + "END:VTODO\n")
        let found = ReminderExpansion(calendars: [calendar], from: Self.instant("2024-06-01T00:00:00Z"),
                                      to: Self.instant("2024-06-10T00:00:00Z"), viewerTimeZone: Self.utc).collect().reminders
        #expect(Self.stamps(found) == ["2024-06-04T13:00:00Z", "2024-06-05T06:00:00Z", "2024-06-06T10:00:00Z"])
    }

    /// The agenda's `alarms`: every trigger of one occurrence, absolute ones included, sorted.
    @Test func triggersOfOneOccurrence() throws {
        let calendar = try Self.calendar("""
        BEGIN:VEVENT
        UID:t
        DTSTAMP:20240101T000000Z
        DTSTART;TZID=Europe/Berlin:20241027T090000
        SUMMARY:After the change
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:day before
        TRIGGER:-P1D
        REPEAT:1
        DURATION:PT1H
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:absolute
        TRIGGER;VALUE=DATE-TIME:20241001T000000Z
        END:VALARM
        END:VEVENT

        """)
        let occurrence = try #require(calendar.occurrences(from: Self.instant("2024-10-27T00:00:00Z"), to: Self.instant("2024-10-28T00:00:00Z"),
                                                           viewerTimeZone: Self.utc).collect().occurrences.first)
        // 27 Oct 09:00 CET (08:00Z); the day before, 09:00 CEST, is 07:00Z (25 h earlier: DST ended that night); +1 h.
        let instants = AlarmTriggers(calendars: [calendar], viewerTimeZone: Self.utc).instants(for: occurrence)
        #expect(instants == [Self.instant("2024-10-01T00:00:00Z"), Self.instant("2024-10-26T07:00:00Z"), Self.instant("2024-10-26T08:00:00Z")])
    }
}
