import Foundation
import Testing
@testable import ICSKit

/// Blocks with property lines that repeat, parsed once per shape (``EmptyBlockParses`` with
/// ``RepeatedBlockIndex``), against ``ComponentConverter/parse(_:source:readsSimpleLines:caches:)``
/// of each block (the reference): equal parsed blocks, model and diagnostics (UIDs given to the
/// scan's), block for block, for a view's import too; and a whole import worked out by hand.
@Suite("Repeated blocks parsed once per shape")
struct RepeatedBlockParsesTests {
    /// Each kind of repeated block five times in a row: events of a UID and nothing else (unclosed, as in
    /// the hostile file), dated events, an alarm without its END, series with rules and dates,
    /// EXDATEs, a zone that is not defined, lower case, a to-do, a journal, X- lines, a value
    /// that does not parse (its diagnostic names no line), and a zone.
    static let shapes: [[String]] = [
        ["BEGIN:VEVENT", "UID:x"],
        ["BEGIN:VEVENT", "UID:d", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T100000Z", "SUMMARY:Dated", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:a", "DTSTART:20240601T100000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:r", "DTSTART:20240601T100000Z", "RRULE:FREQ=WEEKLY;COUNT=3", "RDATE:20240701T100000Z", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:e", "DTSTART:20240601T100000Z", "RRULE:FREQ=DAILY", "EXDATE:20240602T100000Z", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:z", "DTSTART;TZID=Nowhere/Zone:20240601T100000", "END:VEVENT"],
        ["begin:vevent", "uid:lower", "dtstart:20240601T100000Z", "end:vevent"],
        ["BEGIN:VTODO", "UID:t", "DUE:20240601T100000Z", "END:VTODO"],
        ["BEGIN:VJOURNAL", "UID:j", "SUMMARY:Note", "END:VJOURNAL"],
        ["BEGIN:VEVENT", "X-ONE:1", "X-TWO;P=v:2", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:bad", "DTSTART:2024", "RRULE:FREQ=SOMETIMES", "END:VEVENT"],
        ["BEGIN:VTIMEZONE", "TZID:Test/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
         "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"],
    ]

    static func text() -> [String] {
        var lines = EmptyBlocksTests.head
        for shape in shapes { for _ in 0..<5 { lines += shape } }
        // The same shapes again, interleaved: each block's shape is met before, but not just
        // before. Runs are counted per component name: the events' are broken by the other
        // shapes of VEVENT (parsed whole), while the to-do, the journal and the zone, each the
        // one shape of its name, go on with their runs.
        for round in 0..<3 { for shape in shapes where round < 2 || shape.count > 2 { lines += shape } }
        return lines + ["BEGIN:VEVENT", "UID:x"]
    }

    @Test("Every block parses as the converter parses it", arguments: [false, true])
    func sameAsTheConverter(forAView: Bool) throws {
        let blocks = try EmptyBlocksTests.blocks(Self.text())
        let caches = SimpleLineCache.Pool(capacity: 1)
        var empty = EmptyBlockParses(forAView: forAView)
        let templates = empty.learn(blocks, source: "e.ics", caches: caches)
        var shared = 0
        for (block, template) in zip(blocks, templates) {
            let whole = ComponentConverter.parse(block, source: "e.ics", caches: caches)
            guard template >= 0 else { continue }
            shared += 1
            #expect(empty.parse(block, template: template, source: "e.ics", caches: caches) == whole, "\(block.name) on line \(block.line)")
        }
        // From the third block of each run on (3 of each 5), where the parse moves with the
        // lines: not the X- lines (a raw property keeps its line) and not the values that do
        // not parse (a message names its line); those are parsed whole. And the to-do, the
        // journal and the zone in the three interleaved rounds: 30 + 9.
        #expect(shared == 39)
        // The runs are the first blocks, five each (the calendar's own properties come last).
        #expect(blocks.last?.name == "VCALENDAR")
        let refused = Self.shapes.indices.filter { templates[5 * $0 + 2] < 0 }.map { Self.shapes[$0][1] }
        #expect(refused == ["X-ONE:1", "UID:bad"])
        // Not shared, every block (each has a property line) is parsed whole.
        var plain = EmptyBlockParses(forAView: forAView, sharesRepeatedBlocks: false)
        #expect(plain.learn(blocks, source: "e.ics", caches: caches).allSatisfy { $0 < 0 })
    }

    /// Six calendars written one after the other (`cat` of single-event files): each VCALENDAR's
    /// properties are a block of their own, with a distinct event between each two. The runs are
    /// counted per component name, so the headers are one run: from the third on they take its
    /// template, and parse as the converter parses each; the events (distinct UIDs) are parsed
    /// whole. The whole import is the one that parses every block (the reference).
    @Test func calendarsOneAfterTheOtherShareTheirHeadersParse() throws {
        var lines: [String] = []
        for i in 0..<6 {
            lines += EmptyBlocksTests.head + ["BEGIN:VEVENT", "UID:e\(i)", "DTSTART:20250601T090000Z", "SUMMARY:x", "END:VEVENT",
                                              "END:VCALENDAR"]
        }
        let blocks = try EmptyBlocksTests.blocks(lines)
        #expect(blocks.map(\.name) == Array(repeating: ["VEVENT", "VCALENDAR"], count: 6).flatMap { $0 })
        let caches = SimpleLineCache.Pool(capacity: 1)
        for forAView in [false, true] {
            var empty = EmptyBlockParses(forAView: forAView)
            let templates = empty.learn(blocks, source: "e.ics", caches: caches)
            // Headers 3 to 6 (blocks 5, 7, 9, 11); no event.
            #expect(templates.indices.filter { templates[$0] >= 0 } == [5, 7, 9, 11])
            for (block, template) in zip(blocks, templates) where template >= 0 {
                #expect(empty.parse(block, template: template, source: "e.ics", caches: caches)
                        == ComponentConverter.parse(block, source: "e.ics", caches: caches), "line \(block.line)")
            }
        }
        let calendar = try ICalendar(parsing: lines.joined(separator: "\r\n") + "\r\n")
        #expect(calendar.events.map(\.uid) == (0..<6).map { "e\($0)" })
        #expect(calendar.version == "2.0")
        #expect(calendar.productID == "-//ICSKit//tests//EN")
    }

    /// Five events of UID x and nothing else, each without its END, as the hostile file holds
    /// them: lines 4 to 13, two a block, the last closed by END:VCALENDAR on line 14. Worked out
    /// by hand from the scanner's rules (a BEGIN:VEVENT closes the open one on its own line).
    @Test func fiveEventsOfOneUID() throws {
        let text = calendarText(Array(repeating: ["BEGIN:VEVENT", "UID:x"], count: 5).flatMap { $0 })
        for parallelism in [1, 2] {
            let calendar = try ICalendar(parsing: text, options: ImportOptions(parallelism: parallelism))
            #expect(calendar.events.map(\.line) == [4, 6, 8, 10, 12])
            #expect(calendar.events.allSatisfy { $0.uid == "x" && $0.start == nil })
            let unclosed = calendar.diagnostics(.missingEnd)
            #expect(unclosed.map(\.line) == [4, 6, 8, 10, 12])
            #expect(unclosed.map(\.message) == ["VEVENT begun on line 4 has no END; closed at line 6",
                                                "VEVENT begun on line 6 has no END; closed at line 8",
                                                "VEVENT begun on line 8 has no END; closed at line 10",
                                                "VEVENT begun on line 10 has no END; closed at line 12",
                                                "VEVENT begun on line 12 has no END; closed at line 14"])
            #expect(unclosed.allSatisfy { $0.uid == "x" })
        }
    }
}
