import Foundation
import Testing
@testable import ICSKit

/// `Incidence` as a plain struct of stored properties, shared by the occurrences of a series
/// through one reference on the occurrence side.
@Suite("Incidence storage and sharing")
struct IncidenceStorageTests {
    private static let daily = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:daily\r
        DTSTAMP:20240601T000000Z\r
        DTSTART:20240610T090000Z\r
        DTEND:20240610T093000Z\r
        RRULE:FREQ=DAILY;COUNT=3\r
        SUMMARY:Standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    private func occurrences() throws -> [Occurrence] {
        let calendar = try ICalendar(parsing: Self.daily)
        let utc = try #require(TimeZone(identifier: "UTC"))
        // 2024-06-01 to 2024-07-01 UTC.
        return Array(OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: 1_717_200_000),
                                         to: Date(timeIntervalSince1970: 1_719_792_000), viewerTimeZone: utc))
    }

    @Test func theInstancesOfASeriesShareOneIncidence() throws {
        let found = try occurrences()
        // FREQ=DAILY;COUNT=3 from 10 June: 10, 11 and 12 June (RFC 5545 3.3.10), one shared incidence.
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.shared === found[0].shared })
        #expect(found.allSatisfy { $0.incidence.summary == "Standup" })
    }

    @Test func editingOneOccurrenceLeavesTheOthersAlone() throws {
        var found = try occurrences()
        found[1].incidence.summary = "Standup (moved)"
        found[2].incidence.attendees.append(CalendarUser(address: "mailto:ana@example.org"))
        #expect(found.map { $0.incidence.summary } == ["Standup", "Standup (moved)", "Standup"])
        #expect(found.map { $0.incidence.attendees.count } == [0, 0, 1])
        #expect(found[0].shared !== found[1].shared && found[0].shared !== found[2].shared)
        // Equality is by value, not by reference.
        var copy = found[0]
        copy.incidence.summary = "Standup"
        #expect(copy.shared !== found[0].shared)
        #expect(copy == found[0] && copy.hashValue == found[0].hashValue)
        #expect(found[1].incidence != found[0].incidence)
    }

    @Test func anIncidenceIsAValue() {
        var event = Incidence(kind: .event)
        event.summary = "A"
        event.categories = ["x"]
        var other = event
        other.summary = "B"
        other.categories.append("y")
        #expect(event.summary == "A" && event.categories == ["x"])
        #expect(other.summary == "B" && other.categories == ["x", "y"])
        #expect(event != other)
        // The hash uses a small key (kind, UID, RECURRENCE-ID, DTSTART, SEQUENCE, line): equal values hash alike.
        var same = other
        same.categories = ["x", "y"]
        #expect(same == other && same.hashValue == other.hashValue)
    }
}
