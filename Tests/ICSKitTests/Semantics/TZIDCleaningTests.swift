import Testing
@testable import ICSKit

/// `TZIDNormalizer.clean`'s fast path (a TZID whose ends need nothing is returned as it is)
/// must agree with the full rules: whitespace, quotes and trailing colons removed, repeatedly.
@Suite("TZID cleaning")
struct TZIDCleaningTests {
    @Test(arguments: [
        ("Europe/Berlin", "Europe/Berlin"),
        ("", ""),
        ("(UTC+01:00) Amsterdam, Berlin", "(UTC+01:00) Amsterdam, Berlin"),
        ("/mozilla.org/20050126_1/Europe/Berlin", "/mozilla.org/20050126_1/Europe/Berlin"),
        (" Europe/Berlin", "Europe/Berlin"),
        ("Europe/Berlin\t", "Europe/Berlin"),
        ("\"Europe/Berlin\"", "Europe/Berlin"),
        ("'Europe/Berlin'", "Europe/Berlin"),
        ("\u{201C}Europe/Berlin\u{201D}", "Europe/Berlin"),
        ("Europe/Berlin:", "Europe/Berlin"),
        (" \"Europe/Berlin:\" ", "Europe/Berlin"),
        ("Europe/Berlin\u{00A0}", "Europe/Berlin"),  // no-break space: Unicode whitespace
        ("\"", "\""),
        (":", ":"),
        ("W. Europe Standard Time", "W. Europe Standard Time"),
    ])
    func cleans(_ input: String, _ expected: String) {
        #expect(TZIDNormalizer.clean(input) == expected)
    }

    @Test func theFastPathOnlyTakesNamesWithPlainEnds() {
        #expect(TZIDNormalizer.isClean("America/New_York"))
        #expect(TZIDNormalizer.isClean("Etc/GMT+5"))
        #expect(!TZIDNormalizer.isClean(" America/New_York"))
        #expect(!TZIDNormalizer.isClean("America/New_York:"))
        #expect(!TZIDNormalizer.isClean("\"A\""))
        #expect(!TZIDNormalizer.isClean("Zürich\u{00A0}"))
    }
}
