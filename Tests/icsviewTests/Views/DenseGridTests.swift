import Foundation
import Testing
import TestSupport

/// Without an agenda, the text grids are drawn from each day's count and first occurrences
/// (ICSKit's `GridSample`), not from every occurrence; with the agenda, from every occurrence.
/// The grid part of the two outputs must be the same: on dense generated calendars (tens of
/// occurrences a day, many sharing a start, bars, all-day and cancelled ones), the output
/// without the agenda is the start of the output with it, in several widths, zones and first
/// weekdays, for one month and for three.
@Suite struct DenseGridTests {
    static let file: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-dense-\(getpid()).ics")
        try! DenseCalendar.text(events: 300, seed: 7).write(to: url, atomically: true, encoding: .utf8)
        ScratchDirectory.removeAtExit(url.path)
        return url
    }()

    @Test(arguments: SanitizerRun.sample([
        ("80", ["--month", "2025-06", "--tz", "UTC", "--today", "2025-06-15"]),
        ("130", ["--month", "2025-06", "--tz", "America/New_York", "--first-weekday", "sun"]),
        ("100", ["--month", "2025-05", "--tz", "Asia/Kolkata", "--week-numbers", "--ascii", "--show-cancelled"]),
        ("200", ["-3", "2025-06", "--tz", "Europe/Berlin", "--today", "2025-06-15"]),
        ("70", ["--months", "2", "--month", "2025-06", "--tz", "UTC", "--grep", "review"]),
    ] as [(String, [String])]))
    func gridWithoutAgendaIsTheGridAboveIt(columns: String, arguments: [String]) throws {
        let environment = ["COLUMNS": columns]
        let withAgenda = try CLI.run([Self.file.path] + arguments, environment: environment)
        let without = try CLI.run([Self.file.path] + arguments + ["--no-agenda"], environment: environment)
        #expect(withAgenda.status == 0 && without.status == 0)
        #expect(without.stdout.split(separator: "\n").count > 6)
        #expect(withAgenda.stdout.hasPrefix(without.stdout + "\n"), "\(arguments)")
        // Days of tens of occurrences: counts of two digits beside the marks (cells too narrow for titles).
        if columns == "80" {
            #expect(without.stdout.contains(/[●*][0-9]{2}/), "\(arguments)")
        }
    }
}
