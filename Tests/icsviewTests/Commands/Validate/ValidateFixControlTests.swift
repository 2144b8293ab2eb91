import Foundation
import Testing

/// `icsview validate --fix` to standard output (a terminal, for a CI user who runs it by hand)
/// writes no control character: the hostile-text fixture's escape sequences, BEL and 8-bit CSI
/// (U+009B) are removed from the values and each line is said on standard error. It wrote them
/// back as they were, since the fixture had nothing else to fix. Expected lines worked out by
/// hand from the fixture.
@Suite struct ValidateFixControlTests {
    @Test func noControlReachesStandardOutput() throws {
        let result = try CLI.run(["validate", "--fix", "Fixtures/validation/invalid/ICS1013-control-character.ics"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\r\nSUMMARY:Teamsync\r\n"))
        #expect(result.stderr.contains("ICS1013-control-character.ics:9: fixed: control character U+0007 removed from SUMMARY\n"))
        #expect(result.stderr.contains("1 fix, no problem left"))
    }

    @Test func theHostileFixtureLosesEveryControl() throws {
        let result = try CLI.run(["validate", "--fix", "Fixtures/hostile/terminal-escapes.ics"])
        let bytes = Array(result.stdout.utf8)
        #expect(!bytes.isEmpty)
        #expect(!bytes.contains { ($0 < 0x20 && $0 != 0x0D && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }, "no C0 but line ends and TAB, no DEL")
        #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }, "no C1")
        // X-WR-CALNAME (line 4) holds ESC[31m and ESC[0m; the first SUMMARY (line 10) OSC 52, BEL, CSI 2J and CSI 8m.
        #expect(result.stderr.contains("terminal-escapes.ics:4: fixed: control characters U+001B removed from X-WR-CALNAME\n"))
        #expect(result.stderr.contains("terminal-escapes.ics:10: fixed: control characters U+001B, U+0007 removed from SUMMARY\n"))
        #expect(result.stderr.contains("terminal-escapes.ics:12: fixed: control characters U+009B, U+009D, U+009C, U+001B removed from DESCRIPTION\n"))
    }
}
