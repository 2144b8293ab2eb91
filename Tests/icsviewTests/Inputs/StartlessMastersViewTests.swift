import Foundation
import Testing

/// A view's import leaves out the masters without a start that cannot win their UID
/// (``StartlessMasters`` in ICSKit), and the view says what it said with all of them: the
/// warning about a UID's many masters counts every one, with and without `--grep` (whose filter
/// keeps a UID's components when any master matches, so that import keeps them all). Expected
/// messages worked out by hand: four masters of UID x, the last (line 16, SEQUENCE 1) shown.
@Suite struct StartlessMastersViewTests {
    static let text = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x",
        "BEGIN:VEVENT", "UID:x", "SUMMARY:First", "END:VEVENT",
        "BEGIN:VEVENT", "UID:x", "SUMMARY:Needle", "END:VEVENT",
        "BEGIN:VEVENT", "UID:x", "SUMMARY:Third", "END:VEVENT",
        "BEGIN:VEVENT", "UID:x", "SEQUENCE:1", "DTSTART:20240610T090000Z", "DTEND:20240610T100000Z", "SUMMARY:Dated", "END:VEVENT",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    static let warning = "warning: UID x has 4 components without RECURRENCE-ID: shown is the one on line 16 (SEQUENCE 1), 3 dropped [ICS2118]"

    @Test(arguments: [[], ["--grep", "needle"], ["--grep", "dated"]])
    func theWarningCountsEveryMaster(grep: [String]) throws {
        let folder = try ConfigFileTests.folder(["x.ics": Self.text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x.ics").path
        let result = try CLI.run(["--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC", "--verbose", file] + grep)
        #expect(result.status == 0)
        #expect(result.stderr.contains("x.ics:16: " + Self.warning), "\(result.stderr)")
        // "needle" matches a master without a start, which shows nothing: the dated one's
        // occurrence does not match it, so nothing is listed.
        #expect(result.stdout.contains("Dated") == (grep.last != "needle"), "\(result.stdout)")
    }
}
