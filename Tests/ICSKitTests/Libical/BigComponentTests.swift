import Foundation
import Testing
@testable import ICSKit

/// One component with thousands of lines: every line arrives, with its parameters,
/// and the model's arrays grow in place. Speed itself is measured by `scripts/bench_big.sh`
/// (release build), never here; these tests check counts, values and the in-place growth
/// that makes the import linear.
@Suite struct BigComponentTests {
    static func event(_ body: [String]) -> String {
        calendarText(["BEGIN:VEVENT", "UID:big@example.org", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z"]
                     + body + ["END:VEVENT"])
    }

    /// 2,000 ATTENDEE lines: 2,000 attendees, in file order, each with its own parameters
    /// (the expected values are the generator's, line by line).
    @Test func twoThousandAttendeesKeepTheirParameters() throws {
        let n = 2_000
        let lines = (0..<n).map { i in
            "ATTENDEE;CN=Person \(i);ROLE=\(i % 2 == 0 ? "REQ-PARTICIPANT" : "OPT-PARTICIPANT");PARTSTAT=ACCEPTED:mailto:p\(i)@example.org"
        }
        let calendar = try ICalendar(parsing: Self.event(lines), source: "attendees.ics")
        let event = try #require(calendar.events.first)
        #expect(calendar.diagnostics.isEmpty)
        #expect(event.attendees.count == n)
        for (i, attendee) in event.attendees.enumerated() {
            guard attendee.address == "mailto:p\(i)@example.org", attendee.commonName == "Person \(i)",
                  attendee.role == (i % 2 == 0 ? .required : .optional), attendee.participationStatus == .accepted else {
                Issue.record("attendee \(i) is \(attendee)")
                return
            }
        }
    }

    /// 3,000 VALARMs, each with its own trigger; and 2,000 X- lines kept in order.
    @Test func thousandsOfAlarmsAndExtensionLines() throws {
        var lines: [String] = []
        for i in 0..<3_000 {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Alarm \(i)", "TRIGGER:-PT\(i + 1)M", "END:VALARM"]
        }
        lines += (0..<2_000).map { "X-ACME-NOTE:note \($0)" }
        let calendar = try ICalendar(parsing: Self.event(lines), source: "alarms.ics")
        let event = try #require(calendar.events.first)
        #expect(event.alarms.count == 3_000)
        #expect(event.alarms.map(\.notes) == (0..<3_000).map { "Alarm \($0)" })
        #expect(event.alarms[2_999].trigger == .relative(ICSDuration(isNegative: true, minutes: 3_000), toEnd: false))
        // Lines: 1-3 calendar, 4-7 the event's head, then 5 per alarm.
        #expect(event.alarms[10].line == 8 + 10 * 5)
        #expect(event.otherProperties.map(\.value) == (0..<2_000).map { "note \($0)" })
    }

    /// 8,064 EXDATE values in 12 lines (every hour of days 1–28 of each month of 2024): every
    /// value, in order. libical 3.0.16 keeps only the first 500 values of a line (672 here), so
    /// this fails unless the scanner hands it the line in runs of at most 500.
    @Test func eightThousandExceptionDatesInTwelveLines() throws {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var expected: [TimeValue] = []
        var lines = ["RRULE:FREQ=HOURLY"]
        for month in 1...12 {
            var values: [String] = []
            for day in 1...28 {
                for hour in 0..<24 {
                    values.append("2024\(two(month))\(two(day))T\(two(hour))0000Z")
                    expected.append(utc(2024, month, day, hour))
                }
            }
            lines.append("EXDATE:" + values.joined(separator: ","))
        }
        // Hourly from the first value, so that every EXDATE names an instance.
        let text = Self.event(lines).replacingOccurrences(of: "DTSTART:20240610T090000Z", with: "DTSTART:20240101T000000Z")
        let calendar = try ICalendar(parsing: text, source: "exdates.ics")
        let event = try #require(calendar.events.first)
        #expect(calendar.diagnostics.isEmpty)
        #expect(event.exceptionDates.count == 8_064)
        #expect(event.exceptionDates == expected)
        // Every EXDATE matches an hourly instance: validate finds nothing to say about them.
        let findings = Validator().validate(text: text, file: "exdates.ics").findings
        #expect(!findings.contains { $0.code == .exceptionMatchesNoInstance })
    }

    /// The model's arrays grow in place: appending to an incidence's array keeps its buffer
    /// (a get/set pair would append to a copy and store it back, one copy per append), and a
    /// copy of the incidence still does not see the append (copy on write).
    @Test func appendsWriteInPlaceAndCopiesStayApart() {
        var event = Incidence(kind: .event)
        event.attendees.reserveCapacity(64)
        event.exceptionDates.reserveCapacity(64)
        event.otherProperties.reserveCapacity(64)
        let buffers = (event.attendees.withUnsafeBufferPointer { $0.baseAddress },
                       event.exceptionDates.withUnsafeBufferPointer { $0.baseAddress },
                       event.otherProperties.withUnsafeBufferPointer { $0.baseAddress })
        for i in 0..<32 {
            event.attendees.append(CalendarUser(address: "mailto:\(i)@example.org"))
            event.exceptionDates.append(utc(2024, 6, 10, 9))
            event.otherProperties.append(Property(name: "X-N", value: "\(i)"))
        }
        #expect(event.attendees.withUnsafeBufferPointer { $0.baseAddress } == buffers.0)
        #expect(event.exceptionDates.withUnsafeBufferPointer { $0.baseAddress } == buffers.1)
        #expect(event.otherProperties.withUnsafeBufferPointer { $0.baseAddress } == buffers.2)

        let copy = event
        event.attendees.append(CalendarUser(address: "mailto:late@example.org"))
        event.summary = "Changed"
        #expect(copy.attendees.count == 32 && event.attendees.count == 33)
        #expect(copy.summary == nil && event.summary == "Changed")
        #expect(copy.attendees.last?.address == "mailto:31@example.org")
    }
}
