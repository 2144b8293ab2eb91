import Testing
@testable import ICSKit

/// The cap on property lines of X- and unknown names per component
/// (``BlockOutline/maxUnknownProperties``): the first 10,000 are kept as written, later ones are
/// neither parsed nor kept, and a warning ICS1008 on the component's BEGIN line says how many
/// there were. Expected values written out by hand from the lines of each block.
@Suite("Properties of X- and unknown names, capped per component")
struct UnknownPropertyCapTests {
    static let cap = BlockOutline.maxUnknownProperties

    @Test("10,003 lines of X- and unknown names: the first 10,000 kept, the known lines after them read, one warning")
    func pastTheCap() throws {
        // Line 4 is BEGIN:VEVENT; the event's own lines follow from line 5.
        var lines = ["BEGIN:VEVENT", "UID:cap@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T090000Z"]
        lines += (0..<(Self.cap - 1)).map { "X-A:\($0)" }
        lines += ["FOO:iana", "X-B:one over", "X-ALT-DESC:two over", "X-C:three over", "SUMMARY:Read", "END:VEVENT"]
        let parsed = ComponentConverter.parse(try OutlineReserveTests.block(lines), source: "cap.ics")
        let event = try #require(DateRunTests.incidence(parsed))
        #expect(event.summary == "Read")
        #expect(event.otherProperties.count == Self.cap)
        #expect(event.otherProperties.first?.value == "0")
        #expect(event.otherProperties.last.map { "\($0.name):\($0.value)" } == "FOO:iana")
        #expect(!event.otherProperties.contains { $0.name == "X-B" || $0.name == "X-C" || $0.name == "X-ALT-DESC" })
        let warnings = parsed.diagnostics.filter { $0.code == .componentTooLarge }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 4)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.uid == "cap@x")
        #expect(warnings.first?.message == "VEVENT has 10003 properties of X- or unknown names; the first 10000 are kept")
    }

    @Test("Exactly 10,000 such lines: all kept, no warning; an alarm's lines are counted apart")
    func atTheCap() throws {
        var lines = ["BEGIN:VEVENT", "UID:at@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T090000Z"]
        lines += (0..<Self.cap).map { "X-A:\($0)" }
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:A", "TRIGGER:-PT5M", "X-ALARM:1", "X-ALARM:2", "END:VALARM", "END:VEVENT"]
        let parsed = ComponentConverter.parse(try OutlineReserveTests.block(lines), source: "cap.ics")
        let event = try #require(DateRunTests.incidence(parsed))
        #expect(event.otherProperties.count == Self.cap)
        #expect(event.alarms.first?.otherProperties.map(\.value) == ["1", "2"])
        #expect(!parsed.diagnostics.contains { $0.code == .componentTooLarge })
    }
}
