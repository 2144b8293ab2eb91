import Foundation
import Testing

/// `icsview diff` for scripts (exit status as diff(1)) and for people (old → new values,
/// times as the agenda writes them). Expected lines are read off Fixtures/diff/old.ics and
/// new.ics by hand.
@Suite struct DiffCommandTests {
    static let old = "Fixtures/diff/old.ics", new = "Fixtures/diff/new.ics"

    @Test func noChangeIsStatusZero() throws {
        let result = try CLI.run(["diff", Self.old, Self.old])
        #expect(result.status == 0)
        #expect(result.stdout == "0 added, 0 removed, 0 changed, 6 unchanged\n")
        #expect(result.stderr == "")
    }

    @Test func changedFieldsShowTheOldAndTheNewValue() throws {
        let result = try CLI.run(["diff", Self.old, Self.new])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // old.ics: SUMMARY:Review; new.ics: SUMMARY:Design review.
        #expect(lines.contains("    SUMMARY: \"Review\" → \"Design review\""))
        // lunch: no EXDATE before, EXDATE;VALUE=DATE:20240618 (a Tuesday) and SEQUENCE:1 after.
        #expect(lines.contains("    EXDATE: added Tue, 18 Jun 2024"))
        #expect(lines.contains("    SEQUENCE: 0 → 1"))
        #expect(lines.contains("    STATUS: (none) → CANCELLED"))
    }

    @Test func timesAreInTheAgendasFormInTheDisplayZone() throws {
        // new.ics: the 12 June standup moved to DTSTART:20240612T110000Z, 13:00 in Berlin (CEST, UTC+2).
        let utc = try CLI.run(["diff", Self.old, Self.new])
        #expect(utc.stdout.contains(": \"Standup\", moved to Wed, 12 Jun 2024 11:00\n"))
        let berlin = try CLI.run(["diff", "--tz", "Europe/Berlin", Self.old, Self.new])
        #expect(berlin.stdout.contains(": \"Standup\", moved to Wed, 12 Jun 2024 13:00\n"))
        // old.ics: planning at DTSTART:20240611T130000Z.
        #expect(berlin.stdout.contains("- planning@example.org: \"Planning\" (Tue, 11 Jun 2024 15:00)\n"))
    }

    @Test func troubleIsStatusTwo() throws {
        let result = try CLI.run(["diff", Self.old, "/nonexistent/new.ics"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: /nonexistent/new.ics: cannot open: No such file or directory\n")
    }
}
