import Testing
@testable import ICSKit

/// What libical's parser is handed: NUL-terminated lines, and for the properties whose values
/// libical 3.0.16 splits (its icalparser_add_line: EXDATE, RDATE, CATEGORIES, RESOURCES,
/// FREEBUSY and X- lists but X-APPLE-STRUCTURED-LOCATION) how many properties each line makes.
@Suite struct LibicalInputTests {
    static func input(_ lines: [String]) throws -> LibicalInput {
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(ics(lines).utf8)), source: "t.ics")
        let block = try #require(try scanner.next())
        var input = LibicalInput(capacity: 0)
        for index in block.lines.indices { input.append(index, of: block) }
        return input
    }

    @Test func countsTheValuesOfListProperties() throws {
        let input = try Self.input([
            "BEGIN:VEVENT",
            "EXDATE:20240101T000000Z,20240102T000000Z,20240103T000000Z",
            "CATEGORIES:a\\,b,c",
            "X-LIST:a,b",
            "X-APPLE-STRUCTURED-LOCATION:geo:1,2",
            "SUMMARY:a,b",
            "END:VEVENT",
        ])
        #expect(input.lines.map(\.valueCount) == [1, 3, 2, 2, 1, 1, 1])
        #expect(input.text.filter { $0 == 0 }.count == 7)
    }

    /// 1,200 values (more than the 500 libical keeps of one line) go as runs of 500, 500 and 200,
    /// each with the line's name and parameters, all from the same content line.
    @Test func cutsALongListIntoRuns() throws {
        let values = (0..<1200).map { String(format: "2024%02d%02dT000000Z", $0 / 28 % 12 + 1, $0 % 28 + 1) }
        let input = try Self.input(["BEGIN:VEVENT", "EXDATE;TZID=UTC:" + values.joined(separator: ","), "END:VEVENT"])
        #expect(input.lines.map(\.valueCount) == [1, 500, 500, 200, 1])
        #expect(Set(input.lines[1...3].map(\.blockLine)) == [1])
        for run in 1...3 {
            let text = input.withBytes(of: run) { String(decoding: $0, as: UTF8.self) }
            #expect(text.hasPrefix("EXDATE;TZID=UTC:"))
        }
    }
}
