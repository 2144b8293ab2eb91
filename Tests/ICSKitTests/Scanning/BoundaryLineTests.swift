import Testing
@testable import ICSKit

/// How a line named BEGIN or END is classified. Expected values follow libical 3.0.16's
/// `icalparser_add_line` as read in its source (icalparser.c): the name is what stands before
/// the first `;` or `:`, trailing white space stripped (`parser_get_prop_name`, `make_segment`),
/// compared with `strcasecmp`; and RFC 5545 3.1 for what a component name may hold
/// (iana-token / x-name: letters, digits, `-`).
@Suite struct BoundaryLineTests {
    static func classify(_ text: String) -> BoundaryLine? {
        Array(text.utf8).withUnsafeBufferPointer { BoundaryLine.classify($0) }
    }

    @Test(arguments: [
        // line, kind, name, stray blanks
        ("BEGIN:VEVENT", BoundaryLine.Kind.begin, "VEVENT", false),
        ("begin:vevent", .begin, "VEVENT", false),
        ("End:VAlarm", .end, "VALARM", false),
        ("BEGIN:X-ACME-THING", .begin, "X-ACME-THING", false),
        ("BEGIN :X", .begin, "X", true),          // libical strips the blank before ':' from the name
        ("BEGIN\t:X", .begin, "X", true),
        ("BEGIN: VEVENT", .begin, "VEVENT", true),
        ("BEGIN:VEVENT ", .begin, "VEVENT", true), // KDE's test files
        ("END :VEVENT", .end, "VEVENT", true),
        ("end:vevent \t", .end, "VEVENT", true),
        // Not names by RFC 5545 3.1, but libical opens a component on them too (X-LIC-INVALID,
        // or the kind its prefix match finds): kept, for the validator to report (ICS2004).
        ("BEGIN:X-TEAM BOARD", .begin, "X-TEAM BOARD", false),
        ("BEGIN:VEVENT,VTODO", .begin, "VEVENT,VTODO", false),
        ("BEGIN:VEVENT;X=1", .begin, "VEVENT;X=1", false),
    ])
    func boundaries(line: String, kind: BoundaryLine.Kind, name: String, blanks: Bool) throws {
        let boundary = try #require(Self.classify(line))
        #expect(boundary == BoundaryLine(kind: kind, name: name, hasStrayBlanks: blanks))
        #expect(String(decoding: boundary.canonicalBytes, as: UTF8.self) == (kind == .begin ? "BEGIN:" : "END:") + name)
    }

    /// Named BEGIN or END for libical (so it would open or close a component there), but with no
    /// usable name: dropped by the scanner.
    @Test(arguments: ["BEGIN:", "BEGIN: ", "END:", "END: ", "END :", "BEGIN;X=1:VEVENT", "BEGIN ;X=1:VEVENT", "END;X=1:VEVENT",
                      "BEGIN", "END", "BEGIN:\t"])
    func malformed(line: String) throws {
        #expect(Self.classify(line)?.kind == .malformed)
    }

    /// Properties for libical too: the name before `;`/`:` is not BEGIN or END.
    @Test(arguments: ["BEGINX:1", "BEGIN-X:1", "ENDX:1", "X-BEGIN:VEVENT", "SUMMARY:BEGIN:VEVENT", " BEGIN:VEVENT", "BEGINNING:x",
                      "DESCRIPTION:END", ""])
    func properties(line: String) {
        #expect(Self.classify(line) == nil)
    }
}
