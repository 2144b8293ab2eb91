import Testing
@testable import ICSKit

/// The byte-level grammar of a content line (RFC 5545 3.1): name, parameters, value.
@Suite struct ContentLineSyntaxTests {
    static func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test(arguments: [
        ("DTSTART;TZID=Europe/Berlin:20240610T090000", "DTSTART"),
        ("x-wr-calname:Team", "X-WR-CALNAME"),
        ("summary:a;b", "SUMMARY"),
        ("no separator", "NO SEPARATOR"),
    ])
    func name(line: String, expected: String) {
        #expect(Self.withBytes(line) { ContentLineSyntax.name($0) } == expected)
    }

    @Test(arguments: [
        ("EXDATE:20240101T000000Z,20240102T000000Z", 2),
        ("CATEGORIES:a\\,b,c", 2),
        ("CATEGORIES;X-P=\"x,y\":a", 1),
        ("RDATE;VALUE=PERIOD:20240101T000000Z/PT1H,20240102T000000Z/PT1H,20240103T000000Z/PT1H", 3),
        ("NOVALUE", 1),
    ])
    func valueCount(line: String, expected: Int) {
        #expect(Self.withBytes(line) { ContentLineSyntax.valueCount($0) } == expected)
    }

    @Test func splitKeepsParametersAsWritten() throws {
        let parts = try #require(ContentLineSyntax.split(
            "attendee;CN=\"Doe, Jane\";MEMBER=\"mailto:a@x\",\"mailto:b@x\";RSVP;x-p=a:b:mailto:jane@x"))
        #expect(parts.name == "ATTENDEE")
        #expect(parts.parameters == [
            Parameter(name: "CN", value: "Doe, Jane"),
            Parameter(name: "MEMBER", value: "\"mailto:a@x\",\"mailto:b@x\""),
            Parameter(name: "RSVP", value: ""),
            Parameter(name: "X-P", value: "a"),
        ])
        #expect(parts.value == "b:mailto:jane@x")
    }

    /// The parameters alone are those ``ContentLineSyntax/split(_:)`` gives (worked out by hand
    /// from RFC 5545 3.1: a `;` or `:` inside quotes does not end a part; quotes around a whole
    /// value are dropped); and a quoted `;` in the name part stays in the name.
    @Test func parametersAloneAreTheSplitOnes() throws {
        let text = "ATTENDEE;CN=\"Lee; Ann\";role=CHAIR;RSVP:mailto:a@example.com"
        let bytes = Array(text.utf8)
        let colon = try #require(bytes.withUnsafeBufferPointer { ContentLineSyntax.valueStart($0) })
        let parameters = bytes.withUnsafeBufferPointer { ContentLineSyntax.parameters($0, colon: colon) }
        #expect(parameters == [Parameter(name: "CN", value: "Lee; Ann"), Parameter(name: "ROLE", value: "CHAIR"),
                               Parameter(name: "RSVP", value: "")])
        #expect(ContentLineSyntax.split(text)?.parameters == parameters)
        #expect(ContentLineSyntax.split(text)?.name == "ATTENDEE")
        #expect(ContentLineSyntax.split(text)?.value == "mailto:a@example.com")
        let quotedName = try #require(ContentLineSyntax.split("X-A\"B;C\";P=1:v"))
        #expect(quotedName.name == "X-A\"B;C\"" && quotedName.parameters == [Parameter(name: "P", value: "1")] && quotedName.value == "v")
    }

    @Test func splitFailsWithoutAColonOutsideQuotes() {
        #expect(ContentLineSyntax.split("this line has no colon") == nil)
        #expect(ContentLineSyntax.split("ORGANIZER;CN=\"unterminated:mailto:x@y") == nil)
    }

    /// Runs of at most N values, cut at the commas valueCount counts (escaped ones stay inside).
    @Test(arguments: [
        ("CATEGORIES:a,b,c,d,e", 2, ["a,b", "c,d", "e"]),
        ("CATEGORIES:a,b,c,d", 2, ["a,b", "c,d"]),
        ("CATEGORIES;LANGUAGE=en:a\\,b,c", 1, ["a\\,b", "c"]),
        ("CATEGORIES:a", 5, ["a"]),
        ("CATEGORIES:\"a,b,c\"", 1, ["\"a,b,c\""]),
    ])
    func valueChunks(line: String, maxValues: Int, expected: [String]) {
        let (head, runs) = Self.withBytes(line) { bytes in
            let (start, runs) = ContentLineSyntax.valueChunks(bytes, maxValues: maxValues)
            return (String(decoding: bytes[0..<start], as: UTF8.self), runs.map { String(decoding: bytes[$0], as: UTF8.self) })
        }
        #expect(head == String(line.prefix { $0 != ":" }) + ":")
        #expect(runs == expected)
    }
}
