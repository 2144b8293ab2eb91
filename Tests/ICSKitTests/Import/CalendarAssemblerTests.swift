import Testing
@testable import ICSKit

/// The assembler keeps events in batches and joins them once (no array grown
/// by doubling at the import's peak); the order must stay the file's, late blocks included.
@Suite("Calendar assembler")
struct CalendarAssemblerTests {
    private func event(_ uid: String) -> ParsedBlock {
        var incidence = Incidence(kind: .event)
        incidence.uid = uid
        return ParsedBlock(component: .incidence(incidence), diagnostics: [])
    }

    private func todo(_ uid: String) -> ParsedBlock {
        var incidence = Incidence(kind: .todo)
        incidence.uid = uid
        return ParsedBlock(component: .incidence(incidence), diagnostics: [])
    }

    @Test func batchesJoinInFileOrder() {
        var assembler = CalendarAssembler(source: nil, maxPerCode: 10)
        assembler.add([event("a"), event("b")])
        assembler.add([event("c"), todo("t1")])
        assembler.add([ParsedBlock]())
        assembler.add([event("d")])
        let calendar = assembler.finish()
        #expect(calendar.events.map(\.uid) == ["a", "b", "c", "d"])
        #expect(calendar.todos.map(\.uid) == ["t1"])
    }

    @Test func lateBlocksGoWhereTheyStoodAcrossBatches() {
        var assembler = CalendarAssembler(source: nil, maxPerCode: 10)
        assembler.add([event("a"), event("c")])
        assembler.add([event("e")])
        // In the file: a, b, c, d, e, f — b after one event, d after two (c), f after three.
        assembler.insert([(eventsBefore: 1, block: event("b")), (eventsBefore: 2, block: event("d")),
                          (eventsBefore: 3, block: event("f"))])
        assembler.add([event("g")])
        let calendar = assembler.finish()
        #expect(calendar.events.map(\.uid) == ["a", "b", "c", "d", "e", "f", "g"])
    }
}
