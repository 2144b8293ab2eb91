import Foundation
import Testing
import TestSupport

/// The one line a view writes about an input's problems sends the user to `validate` only for
/// what `validate` shows. A series cut at the view's cap (ICS3002) is the view's, not the file's:
/// `validate` says nothing of it, so the line says what was cut instead. The series is secondly
/// from 1 June 2024: June's grid collects its first 10,000 instances and stops (docs/limits.md).
@Suite struct CapSummaryTests {
    static let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
    static func secondly(_ uid: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240601T000000Z\r\nRRULE:FREQ=SECONDLY\r\nSUMMARY:s\r\nEND:VEVENT\r\n"
    }
    /// An event whose TZID names no zone: ICS3001, which `validate` reports too.
    static let unknownZone = "BEGIN:VEVENT\r\nUID:t\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=Nowhere/Atlantis:20240610T090000\r\nSUMMARY:t\r\nEND:VEVENT\r\n"

    static func file(_ body: String) throws -> String {
        let path = NSTemporaryDirectory() + "icsview-capsummary-\(UUID().uuidString).ics"
        try Data((head + body + "END:VCALENDAR\r\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func month(_ path: String) throws -> CLI.Result {
        try CLI.run(["--month", "2024-06", "--tz", "UTC", "--today", "2024-06-10", path])
    }

    /// Only the cap: the line is the warning itself, as `--verbose` writes it (the series' BEGIN
    /// is line 4), and `validate` indeed finds nothing.
    @Test func aCapAloneIsSaid() throws {
        let path = try Self.file(Self.secondly("s"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Self.month(path)
        #expect(result.status == 0)
        #expect(result.stderr == "\(path):4: warning: stopped expanding the series after 10000 instances (the cap of what is collected at once) [ICS3002]\n")
        let validate = try CLI.run(["validate", path])
        #expect(validate.status == 0)
        #expect(!validate.stdout.contains("ICS3002"))
    }

    /// Two capped series: counted, with a pointer to `--verbose`.
    @Test func capsAreCounted() throws {
        let path = try Self.file(Self.secondly("s") + Self.secondly("u"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.month(path).stderr == "in \(path): 2 × recurrence stopped at the instance limit [ICS3002] (--verbose lists them)\n")
    }

    /// A problem of the file and a cap: `validate` for the one, the cap said beside it.
    @Test func aFileProblemAndACap() throws {
        let path = try Self.file(Self.secondly("s") + Self.unknownZone)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.month(path).stderr == "1 problem in \(path); run 'icsview validate \(path)' for details; "
                + "and 1 × recurrence stopped at the instance limit [ICS3002] (--verbose lists them)\n")
    }
}
