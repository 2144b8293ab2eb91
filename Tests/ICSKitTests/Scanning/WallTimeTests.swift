import Testing
@testable import ICSKit

/// ``WallTime/read(_:text:)`` and ``WallTime/value(_:)`` on DTSTART lines. Expected seconds
/// worked out by hand: 2025-06-15 is day 20,254 since 1970-01-01 (Python's
/// `date(2025, 6, 15) - date(1970, 1, 1)`), so its midnight is 20,254 × 86,400 = 1,749,945,600
/// and 09:30:15 adds 34,215; 2024-02-29 is day 19,782 (1,709,164,800).
@Suite struct WallTimeTests {
    static func read(_ line: String) -> WallTime.Value? {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { WallTime.read(0..<bytes.count, text: $0) }
    }

    @Test(arguments: [
        ("DTSTART:20250615T093015Z", 1_749_979_815, false),
        ("DTSTART:20250615T093015", 1_749_979_815, false),
        ("DTSTART;TZID=Europe/Berlin:20250615T093015", 1_749_979_815, false),
        ("DTSTART;VALUE=DATE:20250615", 1_749_945_600, true),
        ("DTSTART;value=date:20250615", 1_749_945_600, true),                       // parameter names in any case
        ("DTSTART;VALUE=DATE-TIME;TZID=Asia/Tokyo:20250615T093015", 1_749_979_815, false),
        ("DTSTART;TZID=\"Etc/With:Colon\":20250615T093015", 1_749_979_815, false),  // a quoted colon is no value start
        ("DTSTART;X-A=\"a;VALUE=PERIOD\":20250615", 1_749_945_600, true),           // a quoted ; starts no parameter
        ("DTSTART:20240229", 1_709_164_800, true),
    ])
    func reads(line: String, seconds: Int, isDate: Bool) {
        #expect(Self.read(line) == WallTime.Value(seconds: seconds, isDate: isDate))
    }

    @Test(arguments: [
        "DTSTART;VALUE=PERIOD:20250615T093015Z/PT1H",   // another value type
        "DTSTART;VALUE=\"DATE\":20250615",              // quoted: not libical's DATE
        "DTSTART;VALUE=DATES:20250615",
        "DTSTART;VALUE=DATE",                           // no value at all
        "DTSTART;TZID=\"Europe/Berlin:20250615T093015", // the colon is inside an open quote
        "DTSTART:20250615T093015z",                     // only an upper-case Z
        "DTSTART:20250615T240000",                      // hour 24
        "DTSTART:20250230",                             // 30 February
        "DTSTART:20230229",                             // not a leap year
        "DTSTART:2025061",                              // too short
        "DTSTART:20250615T0930150",                     // too long
        "DTSTART:2025-6-15",
        "DTSTART:00000101",                             // year 0
        "DTSTART: 20250615",                            // a blank
    ])
    func rejects(line: String) {
        #expect(Self.read(line) == nil)
    }
}
