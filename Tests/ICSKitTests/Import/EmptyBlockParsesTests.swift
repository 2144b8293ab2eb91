import Foundation
import Testing
@testable import ICSKit

/// Blocks of only BEGIN and END lines, parsed once per shape (``EmptyBlockParses``), against
/// ``ComponentConverter/parse(_:source:readsSimpleLines:caches:)`` of each block (the reference):
/// equal parsed blocks, model and diagnostics, block for block; and a whole import both ways.
@Suite("Property-less blocks parsed once per shape")
struct EmptyBlockParsesTests {
    static let kinds = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "STANDARD", "DAYLIGHT", "VALARM", "X-FOO", "VCALENDAR",
                        "AVAILABILITY"]

    /// Each kind unclosed, closed, in lower case, with an empty VALARM inside, with a mismatched
    /// END, and (once) with a UID, which is parsed whole.
    static func text(rounds: Int) -> [String] {
        var lines = EmptyBlocksTests.head
        for round in 0..<rounds {
            for kind in kinds {
                lines += ["BEGIN:\(kind)"]
                lines += ["BEGIN:\(kind)", "END:\(kind)"]
                lines += ["begin:\(kind.lowercased())", "end:\(kind.lowercased())"]
                lines += ["BEGIN:\(kind)", "BEGIN:VALARM", "END:VALARM", "END:\(kind)"]
                lines += ["BEGIN:\(kind)", "END:OTHER"]
                if round == 1 { lines += ["BEGIN:\(kind)", "UID:u\(round)", "END:\(kind)"] }
            }
        }
        return lines + ["BEGIN:VEVENT"]
    }

    @Test("Every block parses as the converter parses it")
    func sameAsTheConverter() throws {
        let blocks = try EmptyBlocksTests.blocks(Self.text(rounds: 3))
        let caches = SimpleLineCache.Pool(capacity: 1)
        var empty = EmptyBlockParses()
        let templates = empty.learn(blocks, source: "e.ics", caches: caches)
        for (block, template) in zip(blocks, templates) {
            #expect(empty.parse(block, template: template, source: "e.ics", caches: caches)
                    == ComponentConverter.parse(block, source: "e.ics", caches: caches), "\(block.name) on line \(block.line)")
        }
        // Most blocks are of a shape met before; those with a UID never are.
        #expect(templates.filter { $0 >= 0 }.count == 92)
        for block in blocks where block.lines.contains(where: { $0.kind == .property }) {
            #expect(EmptyBlockShape(block) == nil)
        }
    }

    @Test("A whole import of lone BEGIN:VTODO lines: each to-do on its own line, the threaded import the inline one")
    func wholeImports() throws {
        // Enough lone BEGIN lines for several batches, then the shapes above.
        let text = calendarText(Array(repeating: "BEGIN:VTODO", count: 40_000) + Array(Self.text(rounds: 2).dropFirst(3)))
        let inline = try ICalendar(parsing: text, options: ImportOptions(parallelism: 1))
        let threaded = try ICalendar(parsing: text, options: ImportOptions(parallelism: 2))
        #expect(threaded == inline)
        // Worked out by hand: the lone BEGIN lines are lines 4 to 40,003, each a to-do closed at the next line.
        #expect(Array(inline.todos.prefix(40_000).map(\.line)) == (4..<40_004).map { Optional($0) })
        let unclosed = inline.diagnostics.filter { $0.code == .missingEnd && $0.message.hasPrefix("VTODO") }
        #expect(unclosed.first?.message == "VTODO begun on line 4 has no END; closed at line 5")
        #expect(unclosed.first?.line == 4)
        #expect(unclosed.dropFirst().first?.message == "VTODO begun on line 5 has no END; closed at line 6")
        // A view's import leaves the empty ones out (counted through their templates): the to-dos
        // that stay are those with a UID; the diagnostics and the identity are the whole import's.
        let june = DateInterval(start: Date(timeIntervalSince1970: 1_748_736_000), duration: 30 * 86_400)
        let windowed = try ICalendar(parsing: text, options: ImportOptions(window: june))
        #expect(windowed.todos.map(\.uid) == inline.todos.filter { $0.uid != nil }.map(\.uid))
        #expect(windowed.todos.count == 1)
        #expect(windowed.events.map(\.uid) == ["u1"] && windowed.journals.map(\.uid) == ["u1"])
        #expect(windowed.diagnostics == inline.diagnostics)
        #expect(windowed.id == inline.id)
    }
}
