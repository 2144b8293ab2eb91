import Testing
@testable import ICSKit

/// Value syntax, by hand from RFC 5545 3.3 (each row names the rule it tests).
@Suite struct ValueSyntaxTests {
    private func check<T>(_ text: String, _ f: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(f)
    }

    @Test(arguments: [("20240610", true), ("20240229", true), ("20230229", false), ("2024061", false), ("20241301", false), ("2024-06-10", false)])
    func date(_ text: String, _ valid: Bool) {
        #expect(check(text, ValueSyntax.isDate) == valid)
    }

    @Test(arguments: [("20240610T090000", false as Bool?), ("20240610T090000Z", true), ("20240610T235960Z", true),
                      ("20240610T240000", nil), ("20240610 090000", nil), ("20240610T0900", nil), ("20240610T090000X", nil)])
    func dateTime(_ text: String, _ utc: Bool?) {
        #expect(check(text, ValueSyntax.dateTime) == utc)
    }

    @Test(arguments: ["P15DT5H0M20S", "P7W", "PT1H", "-PT15M", "+P1D", "PT0S", "P1DT1S"])
    func validDuration(_ text: String) {
        #expect(check(text, ValueSyntax.duration) != nil)
    }

    @Test(arguments: ["P", "PT", "P1H", "PT1D", "P1W2D", "PT1M1H", "1D", "P-1D", "PT1.5H"])
    func invalidDuration(_ text: String) {
        #expect(check(text, ValueSyntax.duration) == nil)
    }

    @Test(arguments: [("19970101T180000Z/19970102T070000Z", true), ("19970101T180000Z/PT5H30M", true),
                      ("19970101T180000Z/19970102T070000", false), ("19970101T180000Z/-PT1H", false), ("19970101/PT1H", false)])
    func period(_ text: String, _ valid: Bool) {
        #expect(check(text, ValueSyntax.isPeriod) == valid)
    }

    @Test(arguments: [("-0500", true), ("+0100", true), ("+013015", true), ("-0000", false), ("0100", false), ("+2:00", false), ("+2400", false)])
    func utcOffset(_ text: String, _ valid: Bool) {
        #expect(check(text, ValueSyntax.isUTCOffset) == valid)
    }

    @Test(arguments: [("1234567890", 1_234_567_890 as Int?), ("-1234567890", -1_234_567_890), ("+12", 12), ("0", 0), ("1.5", nil), ("", nil), ("2147483648", nil)])
    func integer(_ text: String, _ value: Int?) {
        #expect(check(text, ValueSyntax.integer) == value)
    }

    @Test(arguments: [("mailto:jane@example.com", true), ("MAILTO:jane@example.com", true), ("urn:uuid:f81d4fae", true),
                      ("mailto:", false), ("mailto:jane", false), ("Jane Doe", false), ("jane@example.com", false)])
    func calendarAddress(_ text: String, _ valid: Bool) {
        #expect(check(text, ValueSyntax.isCalendarAddress) == valid)
    }

    @Test(arguments: [("https://example.com/a?b=c", true), ("cid:part1.0001@example.org", true), ("www.example.com", false),
                      ("https://example.com/a b", false), (":nothing", false)])
    func uri(_ text: String, _ valid: Bool) {
        #expect(check(text, ValueSyntax.isURI) == valid)
    }

    /// The word-at-a-time scan agrees with a byte loop, at every position in and around a word.
    @Test func controlCharacterScanMatchesByteLoop() {
        let plain = Array("SUMMARY:Übersicht für 2024 – Team Sync, room 4.12 (ß)".utf8)
        #expect(!plain.withUnsafeBufferPointer(ValueSyntax.mayHaveControlCharacter))
        for control: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x7F] {
            for at in 0..<plain.count {
                var line = plain
                line[at] = control
                #expect(line.withUnsafeBufferPointer(ValueSyntax.mayHaveControlCharacter), "byte \(control) at \(at)")
            }
        }
        for byte: UInt8 in [0x20, 0x7E, 0x80, 0x9F, 0xFF] {
            #expect(!Array(repeating: byte, count: 19).withUnsafeBufferPointer(ValueSyntax.mayHaveControlCharacter))
        }
    }

    /// The byte look-up of property names finds every known name in any case, and nothing else.
    @Test func propertyIDByBytes() {
        func id(_ name: String) -> Int? {
            Array(name.utf8).withUnsafeBufferPointer { PropertyTable.id($0, hash: $0.reduce(PropertyTable.hashSeed, PropertyTable.hashStep)) }
        }
        for (index, spec) in PropertyTable.specs.enumerated() {
            #expect(id(spec.name) == index)
            #expect(id(spec.name.lowercased()) == index)
        }
        for unknown in ["", "X-FOO", "DTSTARTX", "DTSTAR", "SUMMARYS", "Ü", "CATEGORIE"] { #expect(id(unknown) == nil, "\(unknown)") }
    }
}
