import Foundation
import Testing
@testable import ICSKit

/// FLOAT values (RFC 5545 3.3.7: digits, an optional sign and point, no exponent) at the ends of
/// `Double`. The writer wrote a value Swift spells with an exponent from its whole part's first
/// digit and forty fraction digits it worked out by repeated multiplication: `GEO:1e308;-1e308`
/// was written as `1.0000000000000000000000000000000000000000;-1.000…`, and
/// `GEO:123456789012345678901234567890;1` as `1.0000…;1`, another place on Earth. Expected texts
/// worked out by hand: Swift's shortest digits with the point moved by the exponent.
@Suite struct FloatTextTests {
    private static func zeros(_ n: Int) -> String { String(repeating: "0", count: n) }

    static let cases: [(Double, String)] = [
        (1e308, "1" + zeros(308)),
        (-1e308, "-1" + zeros(308)),
        (1.2345678901234568e29, "123456789012345680000000000000"),
        (1e16, "10000000000000000"),
        (5e-324, "0." + zeros(323) + "5"),
        (1e-5, "0.00001"),
        (-1.5e-7, "-0.00000015"),
        (1.7976931348623157e308, "17976931348623157" + zeros(292)),
        (52.5, "52.5"),
        (13, "13"),
        (-0.0, "-0"),
    ]

    @Test(arguments: cases)
    func writtenOutWithoutAnExponent(_ value: Double, _ text: String) {
        #expect(ValueText.float(value) == text)
        #expect(Double(ValueText.float(value)) == value)
    }

    /// Every written value reads back as the same `Double` (Python's float() and libical's
    /// strtod read the same decimal text the same way), over values spread across the range.
    @Test func everyValueReadsBack() {
        var value = 1.0
        for _ in 0..<700 {
            for sign in [1.0, -1.0] {
                let text = ValueText.float(sign * value)
                #expect(!text.contains("e") && !text.contains("E"))
                #expect(Double(text) == sign * value)
            }
            value *= 2.718281828459045
            if !value.isFinite { break }
        }
    }

    /// GEO through the whole writer, and jCal (RFC 7265 3.4.1.2: GEO is an array of two numbers):
    /// a value that is not a number JSON can hold (`nan`, `inf`) is a string there, not a bare
    /// `nan` that no JSON reader accepts.
    @Test func geoAtTheEndsOfDouble() throws {
        func calendar(_ geo: String) throws -> ICalendar {
            try ICalendar(bytes: Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:g\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:20240610T090000Z\r\nGEO:\(geo)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8))
        }
        let big = try calendar("123456789012345678901234567890;1")
        #expect(ICSWriter().text(for: big).contains("\r\nGEO:123456789012345680000000000000;1\r\n"))
        for geo in ["nan;nan", "inf;-inf", "1e999;0"] {
            let text = JCalWriter().text(for: try calendar(geo))
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(geo): \(text)")
            // The value as written, once: not a string for each half.
            #expect(text.contains(#"["geo",{},"float","\#(geo)"]"#), "\(geo): \(text)")
        }
    }
}
