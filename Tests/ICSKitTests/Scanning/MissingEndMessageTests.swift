import Testing
@testable import ICSKit

/// ``MissingEndMessage`` against the string interpolation it replaces (the reference: Swift's own
/// decimal formatting), for short, long and non-ASCII names and the extreme line numbers.
@Suite struct MissingEndMessageTests {
    @Test(arguments: ["VEVENT", "X", "X-A-VERY-LONG-VENDOR-COMPONENT-NAME-OF-FORTY", "VÆVENT", ""],
          [(4, 6), (0, 0), (1, 1), (9, 10), (99_999, 100_000), (Int(Int32.max), Int(Int32.max)), (Int.max, Int.min), (-7, 12)])
    func writesWhatInterpolationWrites(name: String, lines: (begun: Int, closed: Int)) {
        #expect(MissingEndMessage.text(name, begun: lines.begun, closed: lines.closed)
                == "\(name) begun on line \(lines.begun) has no END; closed at line \(lines.closed)")
    }

    /// Worked by hand: the scanner's message for a VEVENT on line 4 closed where the next begins.
    @Test func theScannersMessage() {
        #expect(MissingEndMessage.text("VEVENT", begun: 4, closed: 6) == "VEVENT begun on line 4 has no END; closed at line 6")
    }
}
