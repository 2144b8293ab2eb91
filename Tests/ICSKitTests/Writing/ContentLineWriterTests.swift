import Foundation
import Testing
@testable import ICSKit

/// Content lines as RFC 5545 3.1, 3.2 and 3.3.11 spell them; every expected text is worked out by
/// hand from those sections.
@Suite struct ContentLineWriterTests {
    @Test func shortLineEndsWithCRLF() {
        #expect(written { $0.write("SUMMARY", value: "Standup") } == "SUMMARY:Standup\r\n")
    }

    @Test func foldsAt75OctetsWithASpace() {
        let value = String(repeating: "a", count: 200)
        let text = written { $0.write("DESCRIPTION", value: value) }
        let lines = text.components(separatedBy: "\r\n").dropLast()
        // 12 octets of "DESCRIPTION:" + 200 = 212 octets: 75, then 74 (+ the space) and 63 (+ the space).
        #expect(lines.map(\.utf8.count) == [75, 75, 64])
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == "DESCRIPTION:" + value)
    }

    @Test func neverFoldsInsideAUTF8Character() {
        // "é" is two octets; "SUMMARY:" is 8, so octet 75 would be the second half of the 34th "é".
        let value = String(repeating: "é", count: 100)
        let text = written { $0.write("SUMMARY", value: value) }
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.first?.utf8.count == 74)  // 8 + 33 × 2, the 34th moved to the next line
        for line in lines { #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil) }
        // A four-octet character (an emoji) as well.
        let emoji = written { $0.write("X-E", value: String(repeating: "😀", count: 40)) }
        #expect(emoji.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 && !$0.unicodeScalars.contains("\u{FFFD}") })
    }

    @Test func escapesText() {
        #expect(ContentLineWriter.escapedText("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf")
        #expect(ContentLineWriter.escapedText("plain: text") == "plain: text")
    }

    @Test func quotesParameterValuesThatNeedIt() {
        let text = written {
            $0.write("ATTENDEE", parameters: [Parameter(name: "CN", value: "Doe, Jane"), Parameter(name: "ROLE", value: "CHAIR"),
                                              Parameter(name: "DELEGATED-FROM", value: "\"mailto:a@x\",\"mailto:b@x\""),
                                              Parameter(name: "X-URL", value: "http://x/y;z")],
                     value: "mailto:jane@example.com")
        }
        #expect(text.replacingOccurrences(of: "\r\n ", with: "") == "ATTENDEE;CN=\"Doe, Jane\";ROLE=CHAIR;DELEGATED-FROM=\"mailto:a@x\",\"mailto:b@x\";X-URL=\"http://x/y;z\":mailto:jane@example.com\r\n")
    }

    @Test func encodesQuotesAndLineBreaksInParametersByRFC6868() {
        let text = written { $0.write("X-P", parameters: [Parameter(name: "X-NOTE", value: "say \"hi\"\nthen: go")], value: "v") }
        #expect(text == "X-P;X-NOTE=\"say ^'hi^'^nthen: go\":v\r\n")
    }

    @Test func dropsControlCharactersFromValues() {
        #expect(written { $0.write("X-A", value: "a\u{1B}[31mb\nc\td") } == "X-A:a[31mbc\td\r\n")
    }

    @Test func writesTimesWithTheirParameters() {
        let berlin = TimeValue.zoned(CivilDateTime(year: 2024, month: 6, day: 10, hour: 9), tzid: "Europe/Berlin")
        #expect(written { $0.writeTime("DTSTART", berlin) } == "DTSTART;TZID=Europe/Berlin:20240610T090000\r\n")
        #expect(written { $0.writeTime("DTSTART", .date(CivilDate(year: 2024, month: 6, day: 10))) } == "DTSTART;VALUE=DATE:20240610\r\n")
        #expect(written { $0.writeTime("DTSTAMP", .utc(CivilDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5))) }
                == "DTSTAMP:20240102T030405Z\r\n")
        // EXDATEs of one form share a line; a change of form starts another.
        let d = CivilDateTime(year: 2024, month: 6, day: 11, hour: 9)
        #expect(written { $0.writeTimes("EXDATE", [berlin, .zoned(d, tzid: "Europe/Berlin"), .utc(d)]) }
                == "EXDATE;TZID=Europe/Berlin:20240610T090000,20240611T090000\r\nEXDATE:20240611T090000Z\r\n")
    }

    @Test func writesRulesOffsetsAndFloats() {
        var rule = RecurrenceRule(frequency: .weekly, count: nil, until: .utc(CivilDateTime(year: 2024, month: 12, day: 31, hour: 23)))
        rule.byDay = [.init(.monday), .init(.friday, ordinal: -1)]
        #expect(rule.description == "FREQ=WEEKLY;UNTIL=20241231T230000Z;BYDAY=MO,-1FR")
        #expect(ValueText.utcOffset(3600) == "+0100")
        #expect(ValueText.utcOffset(-16_200) == "-0430")
        #expect(ValueText.utcOffset(3208) == "+005328")
        #expect(ValueText.float(52.5) == "52.5")
        #expect(ValueText.float(13) == "13")
        #expect(Double(ValueText.float(0.00001234)) == 0.00001234)
        #expect(!ValueText.float(0.00001234).contains("e"))
    }
}
