import Foundation
import Testing
@testable import ICSKit

/// ``ComponentConverter/properties(of:lastFirst:)``: the items handed over last first (which the
/// incidence and alarm conversions pop) are the items in line order, reversed, for every
/// component of every fixture and for blocks whose libical and Swift lines interleave.
@Suite struct PropertyOrderTests {
    /// What tells two items apart: the name, and the line (block line or libical input line).
    private struct Place: Equatable {
        var name: String
        var blockLine: Int
        var inputLine: Int?
    }

    /// Each component's items both ways, walked in step with libical's tree (pre-order).
    private func orders(_ block: ComponentBlock) -> [(forward: [Place], lastFirst: [Place])] {
        let pool = SimpleLineCache.Pool(capacity: 1)
        var forward = ComponentConverter(block: block, source: nil, readsSimpleLines: true, caches: pool)
        var backward = ComponentConverter(block: block, source: nil, readsSimpleLines: true, caches: pool)
        let tree = forward.outline.needsLibical && !forward.outline.input.text.isEmpty ? LibicalTree(forward.outline.input) : nil
        func places(_ items: [PropertyItem]) -> [Place] { items.map { Place(name: $0.name, blockLine: $0.blockLine, inputLine: $0.inputLine) } }
        var out: [(forward: [Place], lastFirst: [Place])] = []
        func walk(_ component: OpaquePointer?) {
            let a = forward.properties(of: component)
            let b = backward.properties(of: component, lastFirst: true)
            guard a.index != nil else { return }
            out.append((places(a.items), places(b.items)))
            for child in forward.children(of: component) { walk(child) }
        }
        withExtendedLifetime(tree) {
            if let tree { walk(tree.root) } else {
                // No tree: the outline's components in order (the top-level one and its alarms).
                while forward.cursor.peek(forward.outline) != nil { walk(nil) }
            }
        }
        return out
    }

    @Test func lastFirstIsLineOrderReversedInEveryFixture() throws {
        let root = Fixtures.root.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }
        var components = 0, mixed = 0
        for file in files.sorted() {
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(file)))
            guard let blocks = try? SimpleLineEquivalenceTests.blocks(bytes, source: file) else { continue }
            for block in blocks {
                for (forward, lastFirst) in orders(block) {
                    #expect(Array(forward.reversed()) == lastFirst, "\(file): \(block.name) on line \(block.line)")
                    components += 1
                    if forward.contains(where: { $0.inputLine != nil }) && forward.contains(where: { $0.inputLine == nil }) { mixed += 1 }
                }
            }
        }
        #expect(components > 500)
        // Components whose libical and Swift lines interleave are among them.
        #expect(mixed > 50)
    }

    /// Libical's lines between, before and after the Swift ones (X- properties, a BYSETPOS rule, an
    /// unknown IANA property libical drops), in an event and its alarm: line order, worked out by hand.
    @Test func interleavedLinesKeepTheirOrder() throws {
        let text = ics(["BEGIN:VEVENT", "X-FIRST:1", "UID:a@example.org", "DTSTART:20250101T080000Z", "X-MIDDLE:2",
                        "RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1", "SUMMARY:S", "CATEGORIES:a,b", "X-LAST:3",
                        "BEGIN:VALARM", "X-A:1", "ACTION:DISPLAY", "TRIGGER:-PT5M", "X-B:2", "END:VALARM", "END:VEVENT"])
        let blocks = try SimpleLineEquivalenceTests.blocks(Array(text.utf8), source: "mixed.ics")
        let components = orders(blocks[0])
        #expect(components.map { $0.forward.map(\.name) } == [
            ["X-FIRST", "UID", "DTSTART", "X-MIDDLE", "RRULE", "SUMMARY", "CATEGORIES", "X-LAST"],
            ["X-A", "ACTION", "TRIGGER", "X-B"],
        ])
        for (forward, lastFirst) in components { #expect(Array(forward.reversed()) == lastFirst) }
        // And the incidence converted from them keeps that order where it shows.
        let parsed = ComponentConverter.parse(blocks[0], source: "mixed.ics")
        guard case .incidence(let event)? = parsed.component else { Issue.record("no event"); return }
        #expect(event.otherProperties.map(\.name) == ["X-FIRST", "X-MIDDLE", "X-LAST"])
        #expect(event.categories == ["a", "b"])
        #expect(event.alarms.first?.otherProperties.map(\.name) == ["X-A", "X-B"])
    }
}
