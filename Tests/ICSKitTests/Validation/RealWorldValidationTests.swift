import Foundation
import Testing
@testable import ICSKit

/// `validate` on what real producers write and the views read fine: no new errors for the
/// X-LIC-ERROR lines a libical-based program left in a file, one ICS1012 per file however many
/// long lines, and a VEVENT and a VTODO sharing a UID are not duplicates. Expected findings
/// worked out by hand from RFC 5545 (3.1 for line length, 3.8.4.7 for UID).
@Suite("Validation of real-world files")
struct RealWorldValidationTests {
    static func calendar(_ body: String) -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + body + "END:VCALENDAR\r\n").utf8)
    }

    static let xlicEvent = "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\n"
        + "X-LIC-ERROR;X-LIC-ERRORTYPE=VALUE-PARSE-ERROR:No value for LOCATION\r\n SUMMARY property. Removing entire property:\r\n"
        + "SUMMARY:Team sync\r\nEND:VEVENT\r\n"

    @Test func xlicErrorLinesOfTheFileAreNotNewErrors() throws {
        let report = Validator().validate(bytes: Self.calendar(Self.xlicEvent), file: "t.ics")
        #expect(report.findings.isEmpty, "\(report.findings)")
        // The views keep the line as a property, as written.
        let calendar = try ICalendar(bytes: Self.calendar(Self.xlicEvent), source: "t.ics")
        #expect(calendar.diagnostics.isEmpty, "\(calendar.diagnostics)")
        #expect(calendar.events.first?.summary == "Team sync")
        #expect(calendar.events.first?.otherProperties.contains { $0.name == "X-LIC-ERROR" } == true)
    }

    @Test func libicalsOwnErrorsAreStillReported() {
        // An unreadable value: libical's X-LIC-ERROR stands where the line stood (not named X-LIC-ERROR).
        let body = "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nPRIORITY:high\r\nEND:VEVENT\r\n"
        let report = Validator().validate(bytes: Self.calendar(body), file: "t.ics")
        #expect(report.findings.contains { $0.severity == .error && $0.line == 8 })
    }

    @Test func longLinesAreOneFindingPerFile() {
        let long = String(repeating: "x", count: 100)
        let events = (0..<300).map { "BEGIN:VEVENT\r\nUID:e\($0)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nDESCRIPTION:\(long)\r\nEND:VEVENT\r\n" }
        let report = Validator().validate(bytes: Self.calendar(events.joined()), file: "t.ics")
        let long1012 = report.findings.filter { $0.code == .longLine }
        #expect(long1012.count == 1)
        // The first long line is line 8 (3 calendar lines, then BEGIN, UID, DTSTAMP, DTSTART, DESCRIPTION).
        #expect(long1012.first?.line == 8)
        #expect(long1012.first?.message == "300 lines are longer than 75 octets (the first is this one)")
    }

    @Test func eventAndTodoSharingAUIDAreNotDuplicates() {
        let body = "BEGIN:VEVENT\r\nUID:shared\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240604T100000Z\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\nEND:VEVENT\r\n"
            + "BEGIN:VTODO\r\nUID:shared\r\nDTSTAMP:20240101T000000Z\r\nDUE:20240605T160000Z\r\nEND:VTODO\r\n"
        let report = Validator().validate(bytes: Self.calendar(body), file: "t.ics")
        #expect(report.findings.isEmpty, "\(report.findings)")
        // Two VEVENTs with that UID still are.
        let twice = body.replacingOccurrences(of: "VTODO", with: "VEVENT").replacingOccurrences(of: "DUE:", with: "DTSTART:")
        #expect(Validator().validate(bytes: Self.calendar(twice), file: "t.ics").findings.map(\.code) == [.duplicateUID])
    }
}
