import Foundation
import Testing
@testable import ICSKit

/// The merge hands a reminder out once no occurrence still to be read can trigger before it. When
/// every time is an instant and every alarm counts exact time, an occurrence's triggers are its
/// start plus the alarms' offsets, and the occurrences come in start order: the bound is the last
/// start read plus the smallest offset, and the merge holds a few triggers a series. A series with
/// a nominal day or a floating or all-day time is read with two days of slack (nominal days across
/// DST; times read apart), the others without. With the two days always, a range shorter than
/// that held every one of its reminders until the end.
/// Expected values by hand from RFC 5545 3.8.6.3 (a trigger is the occurrence's start plus the offset).
@Suite struct ReminderMergeBoundTests {
    typealias Base = ReminderExpansionTests

    /// `count` minutely series from 1 January 2024, each with `TRIGGER:<trigger>`; their starts in
    /// UTC, or floating.
    static func series(_ count: Int, trigger: String = "-PT5M", floating: Bool = false) throws -> ICalendar {
        var lines: [String] = []
        for i in 0..<count {
            lines += ["BEGIN:VEVENT", "UID:s\(i)", "DTSTAMP:20240101T000000Z", "DTSTART:20240101T000000\(floating ? "" : "Z")",
                      "RRULE:FREQ=MINUTELY", "SUMMARY:Tick \(i)", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x",
                      "TRIGGER:\(trigger)", "END:VALARM", "END:VEVENT"]
        }
        return try Base.calendar((lines + [""]).joined(separator: "\n"))
    }

    static func expand(_ calendar: ICalendar, heldLimit: Int = 250_000) -> (reminders: [Reminder], heldMost: Int, diagnostics: [Diagnostic]) {
        var expansion = ReminderExpansion(calendars: [calendar], from: Base.instant("2024-06-03T00:00:00Z"),
                                          to: Base.instant("2024-06-03T01:00:00Z"), viewerTimeZone: Base.utc)
        expansion.heldLimit = heldLimit
        var iterator = expansion.makeIterator()
        var found: [Reminder] = []
        while let next = iterator.next() { found.append(next) }
        return (found, iterator.heldMost, iterator.diagnostics)
    }

    /// Ten series over an hour: 600 reminders, one per series a minute from 00:00 (the occurrences
    /// from 00:05), in trigger order; the merge never held more than a few per series.
    @Test func instantsAndExactOffsetsHoldAFewTriggersASeries() throws {
        let (found, held, _) = Self.expand(try Self.series(10))
        #expect(found.count == 600)
        #expect(Base.stamps([found[0], found[found.count - 1]]) == ["2024-06-03T00:00:00Z", "2024-06-03T00:59:00Z"])
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.trigger <= $1.trigger })
        #expect(held <= 40, "held \(held)")
    }

    /// The same with an offset in days (`-P1D`, nominal) or floating starts (read in UTC, the
    /// viewer's zone): the same 600 reminders, with the two days of slack (the merge holds them all).
    @Test(arguments: [("-P1D", false), ("-PT5M", true)])
    func nominalDaysOrFloatingStartsKeepTheSlack(trigger: String, floating: Bool) throws {
        let (found, held, _) = Self.expand(try Self.series(10, trigger: trigger, floating: floating))
        #expect(found.count == 600)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.trigger <= $1.trigger })
        #expect(held > 300, "held \(held)")
    }

    /// The slack is chosen per series: ten UTC series beside one floating event (daily at 00:30,
    /// `-PT5M`, read in UTC) give their 600 reminders and its one at 00:25, and the merge holds a
    /// few triggers a series, as without the floating event (with the slack for every series,
    /// it held them all).
    @Test func oneFloatingEventKeepsTheSlackForItselfOnly() throws {
        let ticks = try Self.series(10)
        let floating = try Base.calendar("""
            BEGIN:VEVENT
            UID:floating
            DTSTAMP:20240101T000000Z
            DTSTART:20240101T003000
            RRULE:FREQ=DAILY
            SUMMARY:Floating
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:x
            TRIGGER:-PT5M
            END:VALARM
            END:VEVENT

            """)
        var calendar = ticks
        calendar.events += floating.events
        let (found, held, _) = Self.expand(calendar)
        #expect(found.count == 601)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.trigger <= $1.trigger })
        let floatingOnes = found.filter { $0.incidence.uid == "floating" }
        #expect(Base.stamps(floatingOnes) == ["2024-06-03T00:25:00Z"])
        #expect(found.first { $0.incidence.uid == "s0" }.map { Base.stamps([$0]) } == ["2024-06-03T00:00:00Z"])
        #expect(held <= 40, "held \(held)")
    }

    /// A part of the calendar keeps the whole calendar's identity: each reminder names it.
    @Test func eachReminderNamesTheWholeCalendar() throws {
        var calendar = try Self.series(2)
        calendar.source = nil
        let floating = try Self.series(1, floating: true)
        calendar.events += floating.events.map { var event = $0; event.uid = "f0"; return event }
        let (found, _, _) = Self.expand(calendar)
        #expect(Set(found.map(\.incidence.uid)) == ["s0", "s1", "f0"])
        #expect(Set(found.map(\.calendarID)) == [calendar.id])
    }

    /// With the slack (floating starts) and at most 100 triggers held: no more occurrences are
    /// read past 100 held; what was read is handed out in order, a prefix of the 600 reminders
    /// the hour holds, and a warning says from when some may be missing.
    @Test func theMergeHoldsAtMostItsLimit() throws {
        let calendar = try Self.series(10, floating: true)
        let all = Self.expand(calendar).reminders
        let (found, held, diagnostics) = Self.expand(calendar, heldLimit: 100)
        #expect(held <= 100 + 1)
        #expect(found.count >= 100 && found.count < 600, "\(found.count)")
        #expect(Base.stamps(found) == Base.stamps(Array(all.prefix(found.count))))
        #expect(found.map { $0.incidence.uid } == all.prefix(found.count).map { $0.incidence.uid })
        #expect(diagnostics.last?.code == .recurrenceLimit)
        #expect(diagnostics.last?.message.hasPrefix("held 100 reminders at once (the cap of those not yet in order) and read no further") == true)
    }
}
