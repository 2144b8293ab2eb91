import Foundation
import Testing
@testable import ICSKit

/// The reminder expansion reads each series over the range shifted by its alarms, widened by two
/// days of slack (``ReminderExpansion/slack``) below and above. Its instance limit used to count
/// the slack's occurrences too: a series dense enough to have more occurrences in the two days
/// below the range than the limit gave no reminder in the range at all. The slack below is now
/// counted apart. Expected values by hand from RFC 5545 3.8.6.3: a trigger is the occurrence's
/// start plus the offset.
@Suite("Reminders near the instance limit")
struct ReminderSlackTests {
    typealias Base = ReminderExpansionTests

    /// A series from 1 January 2024 at `frequency` with one alarm a minute before each start.
    static func series(_ frequency: String) throws -> ICalendar {
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT1M", "END:VALARM"]
        let event = ["BEGIN:VEVENT", "UID:dense", "DTSTAMP:20240101T000000Z", "DTSTART:20240101T000000Z", "RRULE:FREQ=\(frequency)"]
            + alarm + ["END:VEVENT", ""]
        return try Base.calendar(event.joined(separator: "\n"))
    }

    /// A secondly series, `TRIGGER:-PT1M`, over 1 June 2024 00:00–00:30 UTC: the occurrences that
    /// start from 00:01:00 to 00:30:59 trigger in it, one a second, 1,800 reminders from 00:00:00
    /// to 00:29:59. The two days below hold 172,800 occurrences, past the default limit of
    /// 50,000: before, not one reminder was listed.
    @Test func aSecondlySeriesGivesEveryReminderOfTheRange() throws {
        let (found, _) = ReminderExpansion(calendars: [try Self.series("SECONDLY")], from: Base.instant("2024-06-01T00:00:00Z"),
                                           to: Base.instant("2024-06-01T00:30:00Z"), viewerTimeZone: Base.utc).collect()
        #expect(found.count == 1_800)
        #expect(Base.stamps([found[0], found[found.count - 1]]) == ["2024-06-01T00:00:00Z", "2024-06-01T00:29:59Z"])
        #expect(zip(found, found.dropFirst()).allSatisfy { $1.trigger.timeIntervalSince($0.trigger) == 1 })
    }

    /// A minutely series with an instance limit of 100, over two hours: the limit is met in the
    /// range, after exactly 100 reminders (00:00 to 01:39, the occurrences of 00:01 to 01:40),
    /// with the warning, and not in the 2,880 minutes of slack below it.
    @Test func theLimitCountsFromTheRange() throws {
        let (found, diagnostics) = ReminderExpansion(calendars: [try Self.series("MINUTELY")], from: Base.instant("2024-06-01T00:00:00Z"),
                                                     to: Base.instant("2024-06-01T02:00:00Z"), viewerTimeZone: Base.utc,
                                                     instanceLimit: 100).collect()
        #expect(found.count == 100)
        #expect(Base.stamps([found[0], found[found.count - 1]]) == ["2024-06-01T00:00:00Z", "2024-06-01T01:39:00Z"])
        #expect(diagnostics.contains { $0.code == .recurrenceLimit && $0.uid == "dense" })
    }

    /// Below the limit nothing is cut and nothing warns: an hour of the minutely series, 60 reminders.
    @Test func belowTheLimitNothingWarns() throws {
        let (found, diagnostics) = ReminderExpansion(calendars: [try Self.series("MINUTELY")], from: Base.instant("2024-06-01T00:00:00Z"),
                                                     to: Base.instant("2024-06-01T01:00:00Z"), viewerTimeZone: Base.utc).collect()
        #expect(found.count == 60)
        #expect(diagnostics.isEmpty)
    }
}
