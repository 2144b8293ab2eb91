import Testing
@testable import ICSKit

/// ``SimpleLineReader/timeForm(_:colon:)`` reads a DATE or DATE-TIME line's parameters from its
/// bytes. Expected forms worked out by hand from RFC 5545 3.2.19 (TZID) and 3.2.20 (VALUE) and
/// from the rules of ``SimpleLineReader/plainParameters(_:colon:allowed:)``; each is also checked
/// against the form made from that general reader's parameters (the reading it replaces). That
/// both give libical's values is `SimpleLineEquivalenceTests`' part.
@Suite struct TimeParametersTests {
    /// The form of `line`, by the byte reader and by the general one.
    static func forms(_ line: String) -> (bytes: SimpleLineReader.TimeForm?, general: SimpleLineReader.TimeForm?) {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            guard let colon = ContentLineSyntax.valueStart(bytes) else { return (nil, nil) }
            let general = SimpleLineReader.plainParameters(bytes, colon: colon, allowed: SimpleLineReader.timeParameters)
                .map(SimpleLineReader.TimeForm.init)
            return (SimpleLineReader.timeForm(bytes, colon: colon), general)
        }
    }

    @Test(arguments: [
        // line, VALUE, TZID, whether the TZID means UTC
        ("DTSTART:20250101T090000Z", nil, nil, false),
        ("DTSTART;TZID=Europe/Berlin:20250101T090000", nil, "Europe/Berlin", false),
        ("dtstart;tzid=America/New_York:20250101T090000", nil, "America/New_York", false),
        ("DTSTART;VALUE=DATE:20250101", "DATE", nil, false),
        ("DTEND;VALUE=DATE-TIME;TZID=Asia/Tokyo:20250101T090000", "DATE-TIME", "Asia/Tokyo", false),
        ("EXDATE;TZID=utc:20250101T090000,20250102T090000", nil, "utc", true),
        ("DTSTART;TZID=GMT:20250101T090000", nil, "GMT", true),
        ("DTSTART;X-A=1;TZID=Europe/Berlin:20250101T090000", nil, "Europe/Berlin", false),
        ("DTSTART;TZID=Europe/Berlin;X-A=1:20250101T090000", nil, "Europe/Berlin", false),
    ] as [(String, String?, String?, Bool)])
    func aPlainHeadGivesItsForm(line: String, type: String?, tzid: String?, isUTC: Bool) throws {
        let (bytes, general) = Self.forms(line)
        let form = try #require(bytes, "\(line)")
        #expect(form.type == type && form.tzid == tzid && form.tzidIsUTC == isUTC, "\(line)")
        let other = try #require(general, "\(line)")
        #expect(other.type == form.type && other.tzid == form.tzid && other.tzidIsUTC == form.tzidIsUTC, "\(line)")
    }

    /// Heads libical must read: a repeated TZID or VALUE (also an X- one), a VALUE other than
    /// DATE and DATE-TIME as written, a parameter not taken (RANGE, an unknown one), a quote, a
    /// blank at a value's end, an empty value or name.
    @Test(arguments: [
        "DTSTART;TZID=Europe/Berlin;TZID=Europe/Paris:20250101T090000", "DTSTART;VALUE=DATE;VALUE=DATE:20250101",
        "DTSTART;X-A=1;x-a=2:20250101T090000", "DTSTART;VALUE=date:20250101", "DTSTART;VALUE=PERIOD:20250101T090000Z/PT1H",
        "RECURRENCE-ID;RANGE=THISANDFUTURE:20250101T090000Z", "DTSTART;FOO=1:20250101T090000", "DTSTART;TZID=\"Europe/Berlin\":20250101T090000",
        "DTSTART;TZID=Europe/Berlin :20250101T090000", "DTSTART;TZID=:20250101T090000", "DTSTART;=x:20250101T090000",
        "DTSTART;TZID:20250101T090000", "DTSTART;:20250101T090000",
    ])
    func anotherHeadGoesToLibical(line: String) {
        let (bytes, general) = Self.forms(line)
        #expect(bytes == nil, "\(line)")
        #expect(general == nil, "\(line)")
    }
}
