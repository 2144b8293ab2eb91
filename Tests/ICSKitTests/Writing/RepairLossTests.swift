import Foundation
import Testing
@testable import ICSKit

/// `validate --fix` writes the calendar as it was imported when it has something to fix, and the
/// import keeps at most 1,000 parameters of a line (docs/limits.md): an ATTENDEE line of 200,000
/// parameters, folded at 75 octets by the fix, came out with 1,000 of them, and the repair said
/// "no problem left" because its written text, checked again, no longer showed the loss. What
/// the import did not keep is now said in ``CalendarRepair/remaining``. Expected by hand: the
/// line has 200,000 parameters, the first 1,000 kept (the import's own ICS1003 wording).
@Suite struct RepairLossTests {
    static let stamp = Date(timeIntervalSince1970: 1_733_443_200)  // 2024-12-06T00:00:00Z

    static func calendar(_ lines: String) -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\n"
               + "DTSTART:20240610T090000Z\r\n" + lines + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    }

    @Test func parametersTheImportDroppedAreStillSaid() throws {
        let parameters = (0..<200_000).map { "X-P\($0)=v" }.joined(separator: ";")
        let repair = try CalendarRepair(bytes: Self.calendar("SUMMARY:x\r\nATTENDEE;\(parameters):mailto:a@b.example\r\n"),
                                        file: "many.ics", stamp: Self.stamp)
        #expect(repair.changes.map(\.message) == ["long lines folded at 75 octets"])
        let written = String(decoding: repair.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(written.contains(";X-P999=v:mailto:a@b.example\r\n"))
        #expect(!written.contains("X-P1000="))
        let lost = repair.remaining.filter { $0.code == .lineTooLong }
        #expect(lost.map(\.message).contains("content line (ATTENDEE) has 200000 parameters; the first 1000 are kept"))
        #expect(lost.allSatisfy { $0.line == 9 })
    }

    /// A line too long for libical is written as it was read, so its finding is still in the
    /// written text: said once, not twice.
    @Test func aLossTheWrittenTextShowsIsSaidOnce() throws {
        let categories = (0..<50_000).map { "c\($0)" }.joined(separator: ",")
        let repair = try CalendarRepair(bytes: Self.calendar("SUMMARY:x\r\nCATEGORIES:\(categories)\r\n"), file: "long.ics", stamp: Self.stamp)
        #expect(repair.isChanged)
        let said = repair.remaining.filter { $0.code == .lineTooLong }.map(\.message)
        #expect(said.count == Set(said).count)
        #expect(said.count == 1)
    }

    /// Nothing lost, nothing added: a file whose only fix is its folding keeps no import finding.
    @Test func nothingLostNothingSaid() throws {
        let repair = try CalendarRepair(bytes: Self.calendar("SUMMARY:\(String(repeating: "x", count: 200))\r\n"), file: "fine.ics", stamp: Self.stamp)
        #expect(repair.changes.map(\.message) == ["long lines folded at 75 octets"])
        #expect(repair.remaining.isEmpty)
    }
}
