import Foundation
import Testing
@testable import ICSKit

/// `validate` reports the C1 controls (U+0080–U+009F) that `validate --fix` and `export` remove
/// (``ValueControls``), as ICS1013 warnings whose message says RFC 5545's grammar allows them:
/// what `--fix` changes is what `validate` reported. The bytes are written by hand: U+009B is
/// C2 9B in UTF-8; in a line that is not UTF-8 (read as Windows-1252) a lone 0x9B is "›", text.
@Suite struct C1ControlFindingTests {
    typealias S = ValidationSupport

    static func findings(_ bytes: [UInt8]) -> [Finding] {
        Validator().validate(bytes: bytes, file: "c1.ics").findings.filter { $0.code == .controlCharacter }
    }

    static func file(_ lines: [[UInt8]]) -> [UInt8] {
        let head = S.calendar(S.event()).dropLast(2).joined(separator: "\r\n") + "\r\n"
        return Array(head.utf8) + lines.flatMap { $0 + [0x0D, 0x0A] } + Array("END:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    }

    @Test func aC1ControlIsAWarningThatSaysSo() {
        let found = Self.findings(Self.file([Array("SUMMARY:a".utf8) + [0xC2, 0x9B] + Array("2Jb".utf8)]))
        #expect(found.map(\.message) == ["control character U+009B in SUMMARY (a C1 control: RFC 5545's grammar allows it, "
                                         + "but it is no text; export and --fix remove it)"])
        #expect(found.map(\.severity) == [.warning])
        #expect(found.map(\.line) == [8])
    }

    /// The first control of a line is the one named: C0 before C1, and C1 before C0.
    @Test func theFirstControlOfALineIsNamed() {
        let found = Self.findings(Self.file([Array("SUMMARY:a".utf8) + [0x1B, 0xC2, 0x85],
                                             Array("LOCATION:a".utf8) + [0xC2, 0x85, 0x07]]))
        #expect(found.map(\.message) == ["control character U+001B in SUMMARY", "control character U+0085 in LOCATION (a C1 control: "
                                         + "RFC 5545's grammar allows it, but it is no text; export and --fix remove it)"])
    }

    /// Text that only looks like it: U+00A0 (C2 A0), é (C3 A9), € (E2 82 AC, a byte 0x82 after
    /// another lead byte), and a line that is not UTF-8, whose C2 9B is Windows-1252's "Â›".
    @Test func textIsNotAControl() {
        let lines: [[UInt8]] = [Array("SUMMARY:a".utf8) + [0xC2, 0xA0, 0xC3, 0xA9, 0xE2, 0x82, 0xAC],
                                Array("LOCATION:".utf8) + [0xC2, 0x9B, 0xFF]]
        #expect(Self.findings(Self.file(lines)).isEmpty)
    }

    /// The lines ICS1013 names are the lines `--fix` changes, on the hostile fixture (C0, C1,
    /// ESC sequences and bidi overrides in many fields).
    @Test func validateAndFixNameTheSameLines() throws {
        let bytes = Array(try Data(contentsOf: S.root.appendingPathComponent("Fixtures/hostile/terminal-escapes.ics")))
        let reported = Set(Self.findings(bytes).compactMap(\.line))
        let fixed = Set(ControlCharacterFix.changes(in: bytes).compactMap(\.line))
        #expect(!fixed.isEmpty)
        #expect(reported == fixed)
    }
}
