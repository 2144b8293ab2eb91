import Foundation
import Testing

/// The views import only what they can show (``ImportOptions/window``): an event two months
/// away is skipped before libical reads it, so its broken GEO (error ICS2003) is not reported by
/// the June views; the April month and the summary read it and report it.
@Suite struct WindowedViewTests {
    static let text = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
        "BEGIN:VEVENT", "UID:april@example.com", "DTSTART:20250401T090000Z", "DTEND:20250401T100000Z",
        "SUMMARY:April review", "GEO:not-a-geo", "END:VEVENT",                                     // GEO on line 9
        "BEGIN:VEVENT", "UID:june@example.com", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z",
        "SUMMARY:June meeting", "END:VEVENT", "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    static let geoError = "-:9: error: Can't parse as GEO value"

    @Test(arguments: [
        (["--month", "2025-06"], false),
        (["--week", "2025-06-10"], false),
        (["--agenda", "--from", "2025-06-01", "--to", "2025-06-30"], false),
        (["--month", "2025-04"], true),
        (["--agenda", "--from", "2025-03-01", "--to", "2025-06-30"], true),
        ([], true),                                            // the summary reads everything
    ])
    func aViewReportsOnlyWhatItImports(view: [String], reported: Bool) throws {
        let result = try CLI.run(["-", "--today", "2025-06-15", "--tz", "UTC", "--verbose"] + view, input: Data(Self.text.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.contains(Self.geoError) == reported, "\(view): \(result.stderr)")
    }

    @Test func theJuneAgendaStillListsJune() throws {
        let result = try CLI.run(["-", "--agenda", "--from", "2025-06-01", "--to", "2025-06-30", "--tz", "UTC"],
                                 input: Data(Self.text.utf8))
        #expect(result.stdout == "Tue, 10 Jun 2025\n  ● 09:00–10:00 June meeting\n")
    }
}
