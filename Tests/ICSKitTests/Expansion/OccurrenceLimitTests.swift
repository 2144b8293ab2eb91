import Foundation
import Testing
@testable import ICSKit

/// ``OccurrenceExpansion/collect()`` gathers at most ``OccurrenceExpansion/occurrenceLimit``
/// occurrences in all, the earliest first, and then says from when the rest is left out: each
/// series' own cap (``OccurrenceExpansion/instanceLimit``) does not bound many series together.
/// Expected values worked out by hand (RFC 5545 3.3.10: a SECONDLY rule gives one instance a
/// second from DTSTART; occurrences at one instant come in UID order).
@Suite struct OccurrenceLimitTests {
    static let calendar: ICalendar = {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for uid in ["A", "B", "C"] {
            lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", "DTSTART:20240603T000000Z",
                      "RRULE:FREQ=SECONDLY", "SUMMARY:Tick \(uid)", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return try! ICalendar(parsing: lines.joined(separator: "\r\n") + "\r\n", source: "ticks.ics")
    }()

    static func expansion(limit: Int) -> OccurrenceExpansion {
        let start = ISO8601DateFormatter().date(from: "2024-06-03T00:00:00Z")!
        var expansion = OccurrenceExpansion(calendars: [calendar], from: start, to: start + 3600,
                                            viewerTimeZone: TimeZone(identifier: "UTC")!)
        expansion.occurrenceLimit = limit
        return expansion
    }

    @Test func stopsAtTheLimitAndSaysFromWhen() {
        let (found, diagnostics) = Self.expansion(limit: 10).collect()
        #expect(found.map { $0.incidence.uid ?? "" } == ["A", "B", "C", "A", "B", "C", "A", "B", "C", "A"])
        #expect(found.last?.start.date(in: TimeZone(identifier: "UTC")!) == ISO8601DateFormatter().date(from: "2024-06-03T00:00:03Z"))
        #expect(diagnostics.map(\.code) == [.recurrenceLimit])
        #expect(diagnostics.first?.message
                == "collected 10 occurrences in all (the cap of what is collected at once) and left out those from 2024-06-03T00:00:03Z on")
        #expect(diagnostics.first?.source == "ticks.ics")
    }

    /// An hour of three secondly series is 10,800 occurrences: under a limit of that many, all.
    @Test func underTheLimitEverything() {
        let (found, diagnostics) = Self.expansion(limit: 10_800).collect()
        #expect(found.count == 10_800)
        #expect(diagnostics.isEmpty)
    }
}
