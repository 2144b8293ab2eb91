import Foundation
import Testing

/// An input that cannot be read is reported, never drawn as an empty calendar.
@Suite struct FailedInputTests {
    static let missing = "Error: /nonexistent/team.ics: cannot open: No such file or directory\n"

    @Test(arguments: [["--month"], ["--week"], ["--agenda"], ["--year"], ["--todos"], ["-3"], ["--agenda", "--format", "json"], []])
    func whenEveryInputFailedOnlyTheErrorsArePrinted(view: [String]) throws {
        let result = try CLI.run(view + ["/nonexistent/team.ics", "--today", "2024-06-05"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == Self.missing)
    }

    @Test func whenSomeFailedTheOthersAreDrawnAndTheCountEndsTheRun() throws {
        let result = try CLI.run(["--agenda", "--from", "2024-12-24", "--days", "3", "/nonexistent/team.ics", "Fixtures/import/holidays.ics"])
        #expect(result.status == 1)
        // holidays.ics: 1. Weihnachtstag, DTSTART;VALUE=DATE:20201225, yearly.
        #expect(result.stdout.contains("Wed, 25 Dec 2024\n  ● all day     1. Weihnachtstag\n"))
        #expect(!result.stdout.contains("No events"))
        #expect(result.stderr == Self.missing + "1 of 2 calendars could not be read\n")
    }
}
