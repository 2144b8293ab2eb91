import Foundation
import Testing
@testable import ICSKit

/// `Fixtures/diff/old.ics` → `new.ics`; the expected changes were worked out by hand from the two files:
/// a moved instance (added override 06-12), a cancelled instance (override 06-17 gets STATUS:CANCELLED),
/// an instance removed from a series (EXDATE 06-18 on lunch), a renamed event, a removed event, an
/// added event, and an event whose DTSTAMP and LAST-MODIFIED alone changed (not a change).
@Suite("Calendar diff")
struct CalendarDiffTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Fixtures/diff").standardized.path

    private func load(_ name: String) throws -> ICalendar {
        try ICalendar(contentsOfFile: "\(CalendarDiffTests.fixtures)/\(name)")
    }

    @Test func fixturesDiffAsWorkedOutByHand() throws {
        let diff = CalendarDiff(old: try load("old.ics"), new: try load("new.ics"))
        let standup = "standup@example.org"
        #expect(diff.added.map { CalendarDiff.Key($0) } == [
            CalendarDiff.Key(uid: "offsite@example.org"),
            CalendarDiff.Key(uid: standup, recurrenceID: .utc(CivilDateTime(year: 2024, month: 6, day: 12, hour: 9))),
        ])
        #expect(diff.removed.map(\.uid) == ["planning@example.org"])
        #expect(diff.changed.map(\.key.description) == [
            "lunch@example.org", "review@example.org", "\(standup) RECURRENCE-ID=20240617T090000Z",
        ])
        #expect(diff.changed.map { $0.fields.map(\.rawValue) } == [["EXDATE", "SEQUENCE"], ["SUMMARY"], ["STATUS", "SEQUENCE"]])
        #expect(diff.changed.map(\.revision) == [.newer, .newer, .newer])
        #expect(diff.changed.map(\.isCancellation) == [false, false, true])
        #expect(diff.unchangedCount == 2)
        #expect(!diff.isEmpty)
    }

    @Test func aCalendarAgainstItselfIsEmpty() throws {
        let old = try load("old.ics")
        let diff = CalendarDiff(old: old, new: old)
        #expect(diff.isEmpty)
        #expect(diff.unchangedCount == 6)
    }

    @Test(arguments: [
        (1, 2, nil, nil, CalendarDiff.Revision.newer),
        (3, 2, nil, nil, .older),
        (0, 0, "20240601T080000Z", "20240602T080000Z", .newer),
        (0, 0, "20240602T080000Z", "20240601T080000Z", .older),
        (0, 0, nil, "20240601T080000Z", .same),
        (2, 2, "20240601T080000Z", "20240601T080000Z", .same),
    ] as [(Int, Int, String?, String?, CalendarDiff.Revision)])
    func revisionComesFromSequenceThenLastModified(_ oldSequence: Int, _ newSequence: Int, _ oldModified: String?,
                                                   _ newModified: String?, _ expected: CalendarDiff.Revision) {
        func incidence(_ sequence: Int, _ modified: String?) -> Incidence {
            var incidence = Incidence(kind: .event)
            incidence.sequence = sequence
            incidence.lastModified = modified.map { text in
                let day = text.prefix(8), time = text.dropFirst(9).prefix(6)
                return .utc(CivilDateTime(year: Int(day.prefix(4))!, month: Int(day.dropFirst(4).prefix(2))!, day: Int(day.suffix(2))!,
                                          hour: Int(time.prefix(2))!, minute: Int(time.dropFirst(2).prefix(2))!))
            }
            return incidence
        }
        #expect(CalendarDiff.revision(incidence(oldSequence, oldModified), incidence(newSequence, newModified)) == expected)
    }

    @Test func eventsWithoutUIDAreMatchedBySummaryAndStart() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20240610T090000Z\r\nSUMMARY:A\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let a = try ICalendar(parsing: text)
        let b = try ICalendar(parsing: text.replacingOccurrences(of: "SUMMARY:A", with: "SUMMARY:B"))
        #expect(CalendarDiff(old: a, new: a).isEmpty)
        let diff = CalendarDiff(old: a, new: b)
        #expect(diff.added.count == 1 && diff.removed.count == 1 && diff.changed.isEmpty)
    }
}
