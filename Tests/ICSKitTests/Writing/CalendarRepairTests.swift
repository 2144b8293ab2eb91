import Foundation
import Testing
@testable import ICSKit

/// `validate --fix`'s repairs: for each fixture of a fixable problem, the problem's code is gone
/// from the validator's findings, the agenda is the one the views showed before (the views
/// already read each problem as the repair writes it), and a second repair changes nothing.
@Suite struct CalendarRepairTests {
    static let fixable: [(fixture: String, code: DiagnosticCode)] = [
        ("validation/invalid/ICS1011-bare-lf.ics", .bareLineFeed),
        ("validation/invalid/ICS1012-long-line.ics", .longLine),
        ("validation/invalid/ICS1018-missing-version.ics", .missingVersion),
        ("validation/invalid/ICS1019-missing-prodid.ics", .missingProductID),
        ("validation/invalid/ICS2101-missing-uid.ics", .missingUID),
        ("validation/invalid/ICS2102-missing-dtstamp.ics", .missingTimestamp),
        ("validation/invalid/ICS2103-dtend-before-dtstart.ics", .endNotAfterStart),
        ("validation/invalid/ICS2123-floating-end-on-zoned-start.ics", .floatingTimeOnZonedSeries),
        ("validation/invalid/ICS2209-empty-rrule.ics", .emptyRecurrenceRule),
        ("validation/invalid/ICS2210-repeated-rule-part.ics", .repeatedRulePart),
        ("validation/invalid/ICS2211-count-not-positive.ics", .countNotPositive),
    ]

    static let stamp = Date(timeIntervalSince1970: 1_733_443_200)  // 2024-12-06T00:00:00Z

    @Test(arguments: fixable.map(\.fixture))
    func fixesKeepTheAgendaAndAreIdempotent(fixture: String) throws {
        let code = Self.fixable.first { $0.fixture == fixture }!.code
        let bytes = try fixtureBytes(fixture)
        let before = Validator().validate(bytes: bytes, file: fixture)
        #expect(before.findings.contains { $0.code == code }, "the fixture raises \(code.rawValue)")
        let repair = try CalendarRepair(bytes: bytes, file: fixture, stamp: Self.stamp)
        #expect(repair.isChanged)
        #expect(!repair.changes.isEmpty)
        let after = Validator().validate(bytes: repair.bytes, file: fixture)
        #expect(!after.findings.contains { $0.code == code }, "\(fixture): \(after.findings.map(\.description))")
        let first = try ICalendar(bytes: bytes), fixed = try ICalendar(bytes: repair.bytes)
        let span = agendaSpan(first)
        for zone in ["UTC", "Asia/Tokyo"].map({ TimeZone(identifier: $0)! }) {
            #expect(agenda(fixed, span, zone).map(\.start) == agenda(first, span, zone).map(\.start), "\(fixture) in \(zone.identifier)")
            #expect(agenda(fixed, span, zone).map(\.end) == agenda(first, span, zone).map(\.end), "\(fixture) in \(zone.identifier)")
            #expect(agenda(fixed, span, zone).map(\.summary) == agenda(first, span, zone).map(\.summary), "\(fixture) in \(zone.identifier)")
        }
        let again = try CalendarRepair(bytes: repair.bytes, file: fixture, stamp: Self.stamp + 3600)
        #expect(!again.isChanged, "\(fixture): \(again.changes)")
        #expect(again.bytes == repair.bytes)
    }

    @Test func aValidFileIsLeftAsItIs() throws {
        let bytes = try fixtureBytes("validation/valid/freebusy.ics")
        let repair = try CalendarRepair(bytes: bytes, file: "freebusy.ics")
        #expect(!repair.isChanged)
        #expect(repair.bytes == bytes)
    }

    @Test func theSwapAndTheZoneAreSaid() throws {
        let repair = try CalendarRepair(bytes: try fixtureBytes("validation/invalid/ICS2103-dtend-before-dtstart.ics"), file: "f", stamp: Self.stamp)
        #expect(repair.changes.map(\.message).contains("DTEND before DTSTART swapped"))
        let floating = try CalendarRepair(bytes: try fixtureBytes("validation/invalid/ICS2123-floating-end-on-zoned-start.ics"), file: "f", stamp: Self.stamp)
        #expect(floating.changes.map(\.message).contains("floating DTEND given DTSTART's TZID Europe/Berlin"))
        #expect(floating.changes.map(\.message).contains("VTIMEZONE generated for TZID Europe/Berlin"))
        let text = String(decoding: floating.bytes, as: UTF8.self)
        #expect(text.contains("DTEND;TZID=Europe/Berlin:20240610T100000\r\n"))
    }
}
