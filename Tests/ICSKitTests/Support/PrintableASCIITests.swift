@testable import ICSKit
import Testing

/// What a server or a parser sent, quoted in a message: only bytes 0x20–0x7E, cut, trimmed.
/// Expected values worked out by hand from the bytes.
struct PrintableASCIITests {
    @Test func controlsEscapesAndNonASCIIAreDropped() {
        #expect("\u{1B}]0;pwned\u{07}\u{1B}[2J gone".printableASCII(limit: 60) == "]0;pwned[2J gone")
        #expect("caf\u{E9} \u{202E}txt\n".printableASCII(limit: 60) == "caf txt")
        #expect("tab\there\u{7F}".printableASCII(limit: 60) == "tabhere")
    }

    @Test func theLimitCountsKeptBytesAndSpacesAtTheEndsGo() {
        #expect("\u{1}\u{1}abcdef".printableASCII(limit: 3) == "abc")
        #expect("  ab  cd  ".printableASCII(limit: 5) == "ab")
        #expect("\u{0}\u{1B}\n".printableASCII(limit: 10) == "")
        #expect(String(repeating: "x", count: 1_000).printableASCII(limit: 200).utf8.count == 200)
    }
}
