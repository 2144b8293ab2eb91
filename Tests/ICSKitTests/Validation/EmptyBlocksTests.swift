import Foundation
import Testing
@testable import ICSKit

/// Blocks of only BEGIN and END lines, checked once per shape (``EmptyBlocks``), against the
/// whole check of each block (``BlockValidation/check(_:file:maxPerCode:)``, the reference): the
/// same findings in the same order, the same facts and the same VTIMEZONE, block for block.
@Suite("Property-less blocks checked once per shape")
struct EmptyBlocksTests {
    static let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN"]

    static func blocks(_ lines: [String]) throws -> [ComponentBlock] {
        try SimpleLineEquivalenceTests.blocks(Array((lines.joined(separator: "\r\n") + "\r\n").utf8), source: "e.ics")
    }

    /// Checks every block both ways; returns how many came from a template.
    @discardableResult
    static func expectSame(_ blocks: [ComponentBlock], maxPerCode: Int = 100) -> Int {
        var empty = EmptyBlocks()
        let templates = empty.learn(blocks, file: "e.ics", maxPerCode: maxPerCode)
        for (block, template) in zip(blocks, templates) {
            let short = empty.check(block, template: template, file: "e.ics", maxPerCode: maxPerCode)
            let whole = BlockValidation.check(block, file: "e.ics", maxPerCode: maxPerCode)
            let place = "\(block.name) on line \(block.line)"
            #expect(short.findings == whole.findings, "\(place)")
            #expect(short.omitted == whole.omitted, "\(place)")
            #expect(short.facts.name == whole.facts.name && short.facts.line == whole.facts.line, "\(place)")
            #expect(short.facts.kind == whole.facts.kind && short.facts.uid == whole.facts.uid, "\(place)")
            #expect(short.facts.startLine == whole.facts.startLine && short.facts.uidLine == whole.facts.uidLine, "\(place)")
            #expect(short.timeZone == whole.timeZone, "\(place)")
        }
        return templates.filter { $0 >= 0 }.count
    }

    @Test("Lone BEGIN lines of every kind, closed and unclosed, nested, in lower case")
    func everyKind() throws {
        let kinds = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "STANDARD", "DAYLIGHT", "VALARM", "X-FOO", "VCALENDAR",
                     "AVAILABILITY", "PARTICIPANT"]
        var lines = Self.head
        for round in 0..<3 {
            for kind in kinds {
                lines += ["BEGIN:\(kind)"]                                   // unclosed: closed by the next BEGIN
                lines += ["BEGIN:\(kind)", "END:\(kind)"]                    // closed
                lines += ["begin:\(kind.lowercased())", "end:\(kind.lowercased())"]
                lines += ["BEGIN:\(kind)", "BEGIN:VALARM", "END:VALARM", "END:\(kind)"]
                lines += ["BEGIN:\(kind)", "END:OTHER"]                      // a mismatched END
                if round == 1 { lines += ["BEGIN:\(kind)", "UID:u\(round)", "END:\(kind)"] }  // a property: checked whole
            }
        }
        let blocks = try Self.blocks(lines + ["BEGIN:VEVENT"])
        #expect(blocks.count == 105)
        // The lone VEVENTs, VTODOs … reuse their shape's template; the blocks with a UID never do.
        #expect(Self.expectSame(blocks) == 92)
        #expect(Self.expectSame(blocks, maxPerCode: 1) == 92)
        for block in blocks where block.lines.contains(where: { $0.kind == .property }) {
            #expect(EmptyBlockShape(block) == nil)
        }
    }

    @Test("300 lone BEGIN:VEVENT lines: each block's findings are the whole check's, its lines its own")
    func manyLoneEvents() throws {
        let blocks = try Self.blocks(Self.head + Array(repeating: "BEGIN:VEVENT", count: 300))
        #expect(Self.expectSame(blocks) == 300)
        var empty = EmptyBlocks()
        let templates = empty.learn(blocks, file: "e.ics", maxPerCode: 100)
        // Worked out by hand: the block on line 200 has no UID, no DTSTAMP and no END (closed by
        // the BEGIN on line 201); the missing DTSTART is a calendar-wide check (it needs METHOD).
        #expect(templates[196] == 0)
        let result = empty.check(blocks[196], template: templates[196], file: "e.ics", maxPerCode: 100)
        #expect(result.facts.line == 200)
        #expect(result.findings.map(\.description) == [
            "e.ics:200:1: error: VEVENT has no UID [ICS2101]",
            "e.ics:200:1: error: VEVENT has no DTSTAMP [ICS2102]",
            "e.ics:200:1: error: VEVENT begun on line 200 has no END; closed at line 201 [ICS1004]",
        ])
    }

    /// The run's way for a block that takes its template (``EmptyBlocks/add(_:template:file:to:)``:
    /// its findings straight to the file's collector, no result made) collects what adding the
    /// whole check's findings collects, block for block, in order, for every kind and shape of
    /// ``everyKind()`` (caps 100, 2 and 1).
    @Test(arguments: [100, 2, 1])
    func findingsAddedWithoutAResultAreTheWholeChecks(maxPerCode: Int) throws {
        let kinds = ["VEVENT", "VTODO", "VJOURNAL", "VTIMEZONE", "VALARM", "X-FOO", "VCALENDAR"]
        var lines = Self.head
        for _ in 0..<3 {
            for kind in kinds {
                lines += ["BEGIN:\(kind)", "BEGIN:\(kind)", "END:\(kind)", "begin:\(kind.lowercased())", "end:\(kind.lowercased())"]
                lines += ["BEGIN:\(kind)", "BEGIN:VALARM", "END:VALARM", "END:\(kind)", "BEGIN:\(kind)", "END:OTHER"]
            }
        }
        let blocks = try Self.blocks(lines + ["BEGIN:VEVENT", "BEGIN:VALARM"])
        var empty = EmptyBlocks()
        let templates = empty.learn(blocks, file: "e.ics", maxPerCode: maxPerCode)
        var short = FindingCollector(maxPerCode: maxPerCode), whole = FindingCollector(maxPerCode: maxPerCode)
        var shared = 0
        for (block, template) in zip(blocks, templates) {
            let result = BlockValidation.check(block, file: "e.ics", maxPerCode: maxPerCode)
            whole.add(contentsOf: result.findings)
            if template >= 0, EmptyBlocks.mayUseTemplate(block) {
                empty.add(block, template: template, file: "e.ics", to: &short)
                shared += 1
            } else {
                short.add(contentsOf: result.findings)
            }
        }
        #expect(shared > 60)
        #expect(short.result() == whole.result())
    }
}
