import Foundation
import Testing
@testable import ICSKit

/// Every numeric property and every date field at its extremes, through validation, import,
/// expansion over two centuries, projection and diff (``FuzzCorpusTests/exercise(_:)``): each
/// ends in diagnostics, never in a trap. The values are the edges of what the grammar allows
/// (RFC 5545 3.3.6 DURATION, 3.3.8 INTEGER, 3.3.10 RECUR's ranges, 3.3.14 UTC-OFFSET, 3.3.4
/// DATE's four-digit year) and beyond them: 20-digit runs overflow a 64-bit integer, 10 digits
/// a 32-bit one. `icsviewTests/NumericExtremesCommandTests` runs the same cases through every
/// command.
@Suite struct NumericExtremesTests {
    /// A 20-digit run: more than `Int.max` (19 digits).
    static let huge = "99999999999999999999"

    /// One case: a property line (or lines) placed in an event (or, for `alarm`, in a VALARM;
    /// for `zone`, in a VTIMEZONE's STANDARD the event's DTSTART refers to).
    struct Case: CustomStringConvertible, Sendable {
        enum Place: Sendable { case event, alarm, zone }
        var lines: [String]
        var place: Place = .event
        var description: String { lines.joined(separator: " / ") }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for value in ["PT\(huge)S", "P\(huge)W", "P\(huge)D", "PT\(huge)H", "-PT\(huge)M", "P2147483648W", "P9999999D",
                      "P1DT\(huge)S", "PT999999999999S"] {
            cases.append(Case(lines: ["DURATION:\(value)"]))
        }
        // The same run of digits folded over two lines.
        cases.append(Case(lines: ["DURATION:PT999999999", " 99999999999S"]))
        for value in ["-PT\(huge)S", "-P\(huge)W", "P\(huge)D", "-P99999999W", "-P9999W", "PT2147483647S"] {
            cases.append(Case(lines: ["TRIGGER:\(value)"], place: .alarm))
        }
        cases.append(Case(lines: ["TRIGGER;VALUE=DATE-TIME:99991231T235959Z"], place: .alarm))
        cases.append(Case(lines: ["TRIGGER;VALUE=DATE-TIME:00000101T000000Z"], place: .alarm))
        for repeatCount in [huge, "2147483648", "100000000", "-1"] {
            cases.append(Case(lines: ["REPEAT:\(repeatCount)", "DURATION:PT\(huge)S"], place: .alarm))
            cases.append(Case(lines: ["REPEAT:\(repeatCount)", "DURATION:P99999999W"], place: .alarm))
        }
        for part in ["COUNT=\(huge)", "COUNT=2147483648", "COUNT=-1", "INTERVAL=\(huge)", "INTERVAL=2147483647", "INTERVAL=0",
                     "BYSETPOS=\(huge)", "BYSETPOS=-\(huge)", "BYSETPOS=367", "BYMONTHDAY=\(huge)", "BYMONTHDAY=-32",
                     "BYYEARDAY=\(huge)", "BYYEARDAY=-367", "BYWEEKNO=\(huge)", "BYWEEKNO=54", "BYHOUR=\(huge)",
                     "BYMINUTE=\(huge)", "BYSECOND=\(huge)", "BYMONTH=\(huge)", "BYDAY=\(huge)MO", "BYDAY=-\(huge)FR",
                     "UNTIL=00000101", "UNTIL=99991231T235959Z", "UNTIL=100000101", "UNTIL=\(huge)"] {
            let freq = part.hasPrefix("BYWEEKNO") || part.hasPrefix("BYYEARDAY") ? "YEARLY" : "MONTHLY"
            cases.append(Case(lines: ["RRULE:FREQ=\(freq);\(part)"]))
        }
        cases.append(Case(lines: ["RRULE:FREQ=SECONDLY;INTERVAL=\(huge);COUNT=\(huge)"]))
        for name in ["SEQUENCE", "PRIORITY", "PERCENT-COMPLETE"] {
            for value in [huge, "-\(huge)", "2147483648", "-2147483649", "9223372036854775807", "-9223372036854775808"] {
                cases.append(Case(lines: ["\(name):\(value)"]))
            }
        }
        for value in ["+995959", "-995959", "+\(huge)", "-2400", "+2360", "+0000000"] {
            cases.append(Case(lines: ["TZOFFSETFROM:\(value)", "TZOFFSETTO:\(value)"], place: .zone))
        }
        for value in ["DTSTART:00000101T000000Z", "DTSTART:99991231T235959Z", "DTSTART:100000101T000000Z",
                      "DTSTART;VALUE=DATE:00000101", "DTSTART;VALUE=DATE:99991231", "DTSTART;VALUE=DATE:00010101",
                      "DTEND:99991231T235959Z", "DUE:00000101T000000Z", "RECURRENCE-ID:00000101T000000Z",
                      "RDATE:00000101T000000Z,99991231T235959Z,100000101T000000Z", "RDATE;VALUE=PERIOD:20250115T090000Z/PT\(huge)S",
                      "RDATE;VALUE=PERIOD:99991231T230000Z/P\(huge)W", "EXDATE:00000101T000000Z,99991231T235959Z",
                      "EXDATE;VALUE=DATE:100000101", "DTSTAMP:\(huge)"] {
            cases.append(Case(lines: [value]))
        }
        // A series that recurs to the end of year 9999, and one from year 1.
        cases.append(Case(lines: ["RRULE:FREQ=YEARLY;UNTIL=99991231T235959Z"]))
        cases.append(Case(lines: ["DTSTART;VALUE=DATE:00010101", "RRULE:FREQ=WEEKLY"]))
        return cases
    }()

    /// The calendar that holds one case.
    static func calendar(_ c: Case) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//extremes//EN"]
        if c.place == .zone {
            lines += ["BEGIN:VTIMEZONE", "TZID:Edge", "BEGIN:STANDARD", "DTSTART:19700101T000000"]
            lines += c.lines
            lines += ["END:STANDARD", "END:VTIMEZONE"]
        }
        lines += ["BEGIN:VEVENT", "UID:extreme@tests", "DTSTAMP:20250101T000000Z"]
        let own = c.place == .event ? c.lines : []
        if !own.contains(where: { $0.hasPrefix("DTSTART") }) {
            lines.append(c.place == .zone ? "DTSTART;TZID=Edge:20250115T090000" : "DTSTART:20250115T090000Z")
        }
        if c.place == .event { lines += c.lines }
        lines.append("SUMMARY:extreme")
        if c.place == .alarm {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm"]
            if !c.lines.contains(where: { $0.hasPrefix("TRIGGER") }) { lines.append("TRIGGER:-PT15M") }
            lines += c.lines
            lines.append("END:VALARM")
        }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test(arguments: cases)
    func endsInDiagnostics(_ c: Case) throws {
        let bytes = Array(Self.calendar(c).utf8)
        let outcome = FuzzCorpusTests.exercise(bytes)
        #expect(outcome.report.failures.isEmpty)
        // Each case is outside what RFC 5545 allows (or at the edge of what this project shows):
        // validation says so.
        let edgesOnly = ["DTSTART;VALUE=DATE:99991231", "DTSTART;VALUE=DATE:00010101", "DTSTART:99991231T235959Z",
                         "DTEND:99991231T235959Z", "RRULE:FREQ=YEARLY;UNTIL=99991231T235959Z",
                         "RRULE:FREQ=MONTHLY;UNTIL=99991231T235959Z", "TRIGGER:-P9999W", "TRIGGER;VALUE=DATE-TIME:99991231T235959Z",
                         "TRIGGER:PT2147483647S", "REPEAT:100000000", "INTERVAL=2147483647", "P9999999D", "TRIGGER:-P99999999W",
                         // Year 0000 is four digits, as RFC 5545's grammar asks (3.3.4): valid text.
                         "00000101T000000Z", "DTSTART;VALUE=DATE:00000101"]
        if !edgesOnly.contains(where: { edge in c.lines.contains { $0.contains(edge) } }) {
            #expect(!outcome.report.findings.isEmpty, "\(c): no diagnostic")
        }
    }

    /// The 211-byte calendar that once trapped every command: a 20-digit DURATION.
    @Test func twentyDigitDurationIsInvalid() throws {
        let url = Fixtures.root.appendingPathComponent("Fixtures/validation/invalid/ICS2010-duration-twenty-digits.ics")
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(bytes.count == 211)
        let outcome = FuzzCorpusTests.exercise(bytes)
        #expect(outcome.report.findings.contains { $0.code.rawValue == "ICS2010" })
        #expect(outcome.calendar?.diagnostics.contains { $0.property == "DURATION" } == true)
        // The event is still shown, for no time (a DURATION that cannot be read is none).
        let event = try #require(outcome.calendar?.events.first)
        #expect(event.summary == "Overflow")
    }

    /// The Swift reader of simple lines takes at most nine digits a part, counted as it reads.
    @Test(arguments: ["PT99999999999999999999S", "P99999999999999999999W", "PT1234567890S", "P1DT99999999999999999999999999H"])
    func canonicalDurationRefusesLongRuns(_ text: String) {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { SimpleLineReader.canonicalDuration($0) }
        #expect(result == nil)
    }

    @Test func canonicalDurationReadsNineDigits() {
        let bytes = Array("PT999999999S".utf8)
        let result = bytes.withUnsafeBufferPointer { SimpleLineReader.canonicalDuration($0) }
        #expect(result == ICSDuration(seconds: 999_999_999))
    }
}
