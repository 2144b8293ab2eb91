import Foundation
import Testing
@testable import ICSKit

/// Merging calendars and free/busy time; every expected value worked out by hand from the inputs.
@Suite struct MergeAndFreeBusyTests {
    static func calendar(name: String, color: String?, _ events: [[String]]) throws -> ICalendar {
        var head = ["X-WR-CALNAME:\(name)"]
        if let color { head.append("COLOR:\(color)") }
        return try ICalendar(parsing: calendarText(head + events.flatMap { ["BEGIN:VEVENT"] + $0 + ["END:VEVENT"] }))
    }

    @Test func collidingUIDsAreKeptApartAndDuplicatesWrittenOnce() throws {
        let shared = ["UID:same@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "SUMMARY:Shared"]
        let work = try Self.calendar(name: "Work", color: "#ff0000", [shared, ["UID:clash@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240611T090000Z", "SUMMARY:Work thing"]])
        let home = try Self.calendar(name: "Home", color: nil, [shared, ["UID:clash@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240612T090000Z", "SUMMARY:Home thing"]])
        let merged = ICalendar.merged([work, home])
        #expect(merged.events.map { $0.uid ?? "" } == ["same@x", "clash@x", "clash@x-2"])
        #expect(merged.events.map { $0.summary ?? "" } == ["Shared", "Work thing", "Home thing"])
        #expect(merged.events.map(\.color) == ["#ff0000", "#ff0000", nil])
        #expect(merged.name == "Work, Home")
        // Written and read back: three events, the names as merged.
        let read = try ICalendar(parsing: ICSWriter().text(for: merged))
        #expect(read.events.map { $0.uid ?? "" } == ["same@x", "clash@x", "clash@x-2"])
        #expect(read.name == "Work, Home")
    }

    @Test func aSeriesRenamedKeepsItsOverride() throws {
        let a = try Self.calendar(name: "A", color: nil, [["UID:s@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:A"]])
        let b = try Self.calendar(name: "B", color: nil, [
            ["UID:s@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T100000Z", "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:B"],
            ["UID:s@x", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240611T100000Z", "DTSTART:20240611T150000Z", "SUMMARY:B moved"]])
        let merged = ICalendar.merged([a, b])
        #expect(merged.events.map { $0.uid ?? "" } == ["s@x", "s@x-2", "s@x-2"])
        let read = try ICalendar(parsing: ICSWriter().text(for: merged))
        let june = DateInterval(start: Date(timeIntervalSince1970: 1_717_977_600), duration: 5 * 86_400)  // 2024-06-10 UTC
        let lines = agenda(read, june, TimeZone(identifier: "UTC")!)
        #expect(lines.count == 6)
        #expect(lines.filter { $0.summary == "B moved" }.map(\.start) == [Date(timeIntervalSince1970: 1_718_118_000)])  // 06-11 15:00Z
    }

    @Test func freeBusyJoinsBusyTimeAndTellsNothingElse() throws {
        let calendar = try Self.calendar(name: "Me", color: nil, [
            ["UID:1", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "DTEND:20240610T100000Z", "SUMMARY:Secret one", "LOCATION:Room 7"],
            ["UID:2", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T093000Z", "DTEND:20240610T110000Z", "SUMMARY:Secret two"],
            ["UID:3", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T120000Z", "DTEND:20240610T130000Z", "TRANSP:TRANSPARENT", "SUMMARY:Free"],
            ["UID:4", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T140000Z", "DTEND:20240610T150000Z", "STATUS:CANCELLED", "SUMMARY:Gone"],
            ["UID:5", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T160000Z", "DTEND:20240610T170000Z", "STATUS:TENTATIVE", "SUMMARY:Maybe"],
        ])
        let day = Date(timeIntervalSince1970: 1_717_977_600)  // 2024-06-10T00:00Z
        let busy = FreeBusy(calendars: [calendar], from: day, to: day + 86_400, viewerTimeZone: TimeZone(identifier: "UTC")!)
        #expect(busy.periods == [FreeBusy.Period(start: 1_718_010_000, end: 1_718_017_200, isTentative: false),
                                 FreeBusy.Period(start: 1_718_035_200, end: 1_718_038_800, isTentative: true)])
        let text = ICSWriter().text(for: busy.calendar(asEvents: false, stamp: 1_717_977_600))
        #expect(text.contains("FREEBUSY;FBTYPE=BUSY:20240610T090000Z/20240610T110000Z\r\n"))
        #expect(text.contains("FREEBUSY;FBTYPE=BUSY-TENTATIVE:20240610T160000Z/20240610T170000Z\r\n"))
        for secret in ["Secret", "Room", "Maybe", "UID:1", "UID:2"] { #expect(!text.contains(secret)) }
        let events = try ICalendar(parsing: ICSWriter().text(for: busy.calendar(asEvents: true, stamp: 1_717_977_600)))
        #expect(events.events.map { $0.summary ?? "" } == ["Busy", "Busy"])
        #expect(events.events.map(\.status) == [nil, .tentative])
        #expect(events.events.allSatisfy { $0.location == nil && $0.notes == nil && $0.attendees.isEmpty })
    }

    @Test func selectingKeepsSeriesWholeAndDropsUnusedZones() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VTIMEZONE", "TZID:Unused", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20240101T000000Z", "DTSTART:20240101T090000Z", "RRULE:FREQ=MONTHLY;COUNT=12", "SUMMARY:Monthly", "END:VEVENT",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240201T090000Z", "DTSTART:20240202T090000Z", "SUMMARY:Moved", "END:VEVENT",
            "BEGIN:VEVENT", "UID:other", "DTSTAMP:20240101T000000Z", "DTSTART:20230101T090000Z", "SUMMARY:Old", "END:VEVENT"]))
        let june = Date(timeIntervalSince1970: 1_717_200_000)  // 2024-06-01
        let picked = calendar.selecting(occurringFrom: june, to: june + 30 * 86_400, viewerTimeZone: TimeZone(identifier: "UTC")!)
        #expect(picked.events.map { $0.summary ?? "" } == ["Monthly", "Moved"])
        #expect(picked.timeZones.isEmpty)
        #expect(calendar.selecting(uids: ["other"]).events.map(\.summary) == ["Old"])
    }

    /// A series that reaches the range only after a walk of more instances than the expansion's
    /// work limit for one instance a series (100) allows: a minutely rule begun a year before (its
    /// jump lands three hours before the range: 180 instances) and a minutely COUNT rule begun two
    /// years before (which cannot jump: over a million instances before June 2024). Both run
    /// through June 2024 and were left out of the selection, with no word (an export by range
    /// wrote an empty calendar); a daily series that ended in 2023 is still left out.
    @Test func selectingKeepsFrequentSeriesBegunLongBefore() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VEVENT", "UID:minutely", "DTSTAMP:20230101T000000Z", "DTSTART:20230601T000000Z", "RRULE:FREQ=MINUTELY", "SUMMARY:Minutely", "END:VEVENT",
            "BEGIN:VEVENT", "UID:counted", "DTSTAMP:20220101T000000Z", "DTSTART:20220601T000000Z", "RRULE:FREQ=MINUTELY;COUNT=2000000",
            "SUMMARY:Counted", "END:VEVENT",
            "BEGIN:VEVENT", "UID:ended", "DTSTAMP:20230101T000000Z", "DTSTART:20230101T090000Z", "RRULE:FREQ=DAILY;UNTIL=20231231T090000Z",
            "SUMMARY:Ended", "END:VEVENT"]))
        let june = Date(timeIntervalSince1970: 1_717_200_000)  // 2024-06-01
        let picked = calendar.selecting(occurringFrom: june, to: june + 30 * 86_400, viewerTimeZone: TimeZone(identifier: "UTC")!)
        #expect(picked.events.map { $0.summary ?? "" } == ["Minutely", "Counted"])
    }
}
