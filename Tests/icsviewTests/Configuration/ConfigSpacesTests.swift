import Foundation
import Testing

/// Lines, keys and values are trimmed of the spaces Foundation's `CharacterSet.whitespaces` holds
/// on Linux, and of nothing else: the tab and Unicode's space separators (U+00A0, U+1680,
/// U+2000–U+200A, U+202F, U+205F, U+3000) with U+200B, listed by asking Foundation about every
/// scalar. Trimming goes scalar by scalar: a combining mark after a space stays. Expected output
/// worked out by hand from those rules (and the same as the Foundation-trimmed parser's).
@Suite struct ConfigSpacesTests {
    @Test func everySpaceIsTrimmedAndNothingElse() throws {
        let spaces = ["\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}", "\u{200A}", "\u{200B}", "\u{202F}", "\u{205F}", "\u{3000}", "\t", " "]
        let all = spaces.joined()
        let text = """
            \(all)[defaults]\(all)
            \u{A0}timezone\t=\u{3000}Europe/Berlin\u{200B}
            [calendar a]
            \u{2003}file = "x y.ics"\u{A0}
             name = \u{301}Caf\u{E9}\u{200C}
            \(all)color\(all)=\(all)teal\(all)
            [calendar b]
            url = https://example.org/b.ics\u{2028}
            name\u{FEFF} = B
            """
        let folder = try ConfigFileTests.folder(["config": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["config", "check", "--config", folder.appendingPathComponent("config").path])
        // U+2028 ends a line (line 9 is empty, the name is line 10); U+FEFF is not a space, so the key
        // "name\u{FEFF}" is unknown; U+200C (zero width non-joiner) and the leading U+0301 stay.
        #expect(result.status == 64)
        // (the message shows the key through the terminal-safe text, which drops the format character)
        #expect(result.stderr.contains(":10: error: unknown key 'name' in [calendar b]"), "\(result.stderr)")
        let good = try ConfigFileTests.folder(["config": text.replacingOccurrences(of: "name\u{FEFF} = B", with: "name = B")])
        defer { try? FileManager.default.removeItem(at: good) }
        let checked = try CLI.run(["config", "check", "--config", good.appendingPathComponent("config").path])
        #expect(checked.status == 0, "\(checked.stderr)")
        let lines = checked.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("  timezone = Europe/Berlin (line 2)"), "\(checked.stdout)")
        #expect(lines.contains("  a: \(good.path)/x y.ics, name \"\u{301}Caf\u{E9}\u{200C}\", color teal (line 3)"), "\(checked.stdout)")
        #expect(lines.contains("  b: https://example.org/b.ics, name \"B\" (line 7)"), "\(checked.stdout)")
    }
}
