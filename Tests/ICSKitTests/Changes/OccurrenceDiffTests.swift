import Foundation
import Testing
@testable import ICSKit

/// Per-occurrence change sets over an interval. The expected occurrences were worked out by
/// hand from RFC 5545 (3.8.5.1 EXDATE, 3.8.4.4 RECURRENCE-ID, 3.3.10 RRULE) for the edits below,
/// over 3–10 June 2024 (UTC): see the comment on each list.
@Suite("OccurrenceDiff")
struct OccurrenceDiffTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let from = Date(timeIntervalSince1970: 1_717_372_800)   // 2024-06-03T00:00:00Z
    static let to = Date(timeIntervalSince1970: 1_717_977_600)     // 2024-06-10T00:00:00Z

    static func calendar(_ body: String, source: String? = "test:cal") throws -> ICalendar {
        try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + body + "END:VCALENDAR\r\n", source: source)
    }

    static func event(_ uid: String, _ start: String, _ summary: String, _ extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT30M\r\nSUMMARY:\(summary)\r\n\(extra)END:VEVENT\r\n"
    }

    static let old = """
        \(event("standup", "20240603T090000Z", "Standup", "RRULE:FREQ=DAILY;COUNT=5\r\n"))\
        \(event("lunch", "20240604T120000Z", "Lunch"))\
        \(event("review", "20240605T150000Z", "Review"))\
        \(event("gym", "20240603T180000Z", "Gym", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4\r\n"))
        """

    static let new = """
        \(event("standup", "20240603T090000Z", "Standup", "RRULE:FREQ=DAILY;COUNT=5\r\nEXDATE:20240605T090000Z\r\n"))\
        \(event("standup", "20240606T100000Z", "Standup", "RECURRENCE-ID:20240606T090000Z\r\n"))\
        \(event("standup", "20240604T090000Z", "Standup", "RECURRENCE-ID:20240604T090000Z\r\nSTATUS:CANCELLED\r\n"))\
        \(event("lunch", "20240604T120000Z", "Team lunch"))\
        \(event("party", "20240607T190000Z", "Party"))\
        \(event("gym", "20240603T180000Z", "Gym", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4\r\n"))
        """

    @Test func everyKindOfEditOverAWeek() throws {
        let diff = OccurrenceDiff(old: try Self.calendar(Self.old), new: try Self.calendar(Self.new),
                                  from: Self.from, to: Self.to, viewerTimeZone: Self.utc)
        // Old: standup 3–7 Jun (5), lunch, review, gym Mon 3 and Thu 6 = 9 occurrences.
        // New: standup 3, 4 (cancelled), 6 (at 10:00), 7; lunch; party; gym Mon 3 and Wed 5 = 8.
        // Added: the rule's new Wednesday, the party.
        #expect(diff.added.map(\.id.stringValue) == ["source:test:cal|gym|20240605T180000Z", "source:test:cal|party|"])
        // Removed: the EXDATE, the deleted event, the Thursday the new rule no longer makes.
        #expect(diff.removed.map(\.id.stringValue) == ["source:test:cal|standup|20240605T090000Z", "source:test:cal|review|",
                                                       "source:test:cal|gym|20240606T180000Z"])
        // Moved: the 6 June standup, one hour later (its identity is its RECURRENCE-ID).
        #expect(diff.moved.map(\.id.stringValue) == ["source:test:cal|standup|20240606T090000Z"])
        #expect(diff.moved.first?.fields == [.start, .end])
        #expect(diff.moved.first?.new.start == .instant(secondsSinceEpoch: 1_717_668_000, utcOffset: 0, zone: nil))  // 2024-06-06T10:00Z
        // Changed, same times: the cancelled 4 June standup, then the renamed lunch.
        #expect(diff.changed.map(\.id.stringValue) == ["source:test:cal|standup|20240604T090000Z", "source:test:cal|lunch|"])
        #expect(diff.changed.map(\.fields) == [[.status], [.summary]])
        // Unchanged: standup 3 and 7 June (the EXDATE on the master is not a change of them), gym 3 June.
        #expect(diff.unchangedCount == 3)
        #expect(!diff.isEmpty)
    }

    @Test func theSameCalendarHasNoChanges() throws {
        let calendar = try Self.calendar(Self.old)
        let diff = OccurrenceDiff(old: calendar, new: calendar, from: Self.from, to: Self.to, viewerTimeZone: Self.utc)
        #expect(diff.isEmpty && diff.unchangedCount == 9)
    }

    @Test func onlyTheIntervalCounts() throws {
        // Gym on Monday 10 June changes only in the new rule's later weeks: outside 3–9 June nothing is seen.
        let later = try Self.calendar(Self.event("gym", "20240603T180000Z", "Gym", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=2\r\n"))
        let old = try Self.calendar(Self.event("gym", "20240603T180000Z", "Gym", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4\r\n"))
        let diff = OccurrenceDiff(old: old, new: later, from: Self.from, to: Self.to, viewerTimeZone: Self.utc)
        #expect(diff.isEmpty && diff.unchangedCount == 2)
    }

    @Test func theNewCopyIsReadAsTheOldCalendar() throws {
        // Two files of one calendar (another source): the keys are the old copy's, as an app stored them.
        let old = try Self.calendar(Self.event("a", "20240604T120000Z", "A"), source: "/cal/old.ics")
        let new = try Self.calendar(Self.event("a", "20240605T120000Z", "A"), source: "/cal/new.ics")
        let diff = OccurrenceDiff(old: old, new: new, from: Self.from, to: Self.to, viewerTimeZone: Self.utc)
        #expect(diff.moved.map(\.id.stringValue) == ["source:/cal/old.ics|a|"])
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        // Without sources (standard input), the two still match by UID.
        let bare = OccurrenceDiff(old: try Self.calendar(Self.event("a", "20240604T120000Z", "A"), source: nil),
                                  new: try Self.calendar(Self.event("a", "20240604T120000Z", "B"), source: nil),
                                  from: Self.from, to: Self.to, viewerTimeZone: Self.utc)
        #expect(bare.changed.map(\.fields) == [[.summary]] && bare.added.isEmpty)
    }

    @Test func anAllDayEventMovedADay() throws {
        let old = try Self.calendar("BEGIN:VEVENT\r\nUID:d\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:20240604\r\nSUMMARY:Day\r\nEND:VEVENT\r\n")
        let new = try Self.calendar("BEGIN:VEVENT\r\nUID:d\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:20240605\r\nSUMMARY:Day\r\nEND:VEVENT\r\n")
        let diff = OccurrenceDiff(old: old, new: new, from: Self.from, to: Self.to, viewerTimeZone: Self.utc)
        #expect(diff.moved.count == 1)
        #expect(diff.moved.first?.old.start == .date(CivilDate(year: 2024, month: 6, day: 4)))
        #expect(diff.moved.first?.new.start == .date(CivilDate(year: 2024, month: 6, day: 5)))
    }
}
