import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import ICSKit

/// A full import assembles its batches with `AssemblyThread`: on a thread of its own while the
/// next batch is parsed, or inline with `parallelism` 1. A calendar of several batches must come
/// out the same either way, in file order: the expected order and counts are the file's own
/// (`numberedEventsText`); a scan that fails partway rethrows its error and never hangs.
// The limit catches a hang. It counts from when the test is started, which on two cores can be
// minutes before its body gets one of the two threads of the pool (a whole suite on a loaded
// machine waited 6.6 minutes): 10 minutes, not 1.
@Suite(.timeLimit(.minutes(10))) struct AssemblyThreadTests {
    /// 6,000 events with a to-do after every 1,000th (about 1.1 MB: four or more of the
    /// importer's 256 KiB batches).
    static let text = numberedEventsText(count: 6_000, todoEvery: 1_000)

    static func load(parallelism: Int) throws -> ICalendar {
        try CalendarImporter(source: nil, options: ImportOptions(parallelism: parallelism))
            .run(ByteStream(bytes: Array(Self.text.utf8)))
    }

    @Test func severalBatchesComeOutInFileOrder() throws {
        #expect(Self.text.utf8.count > 4 * CalendarImporter.batchBytes)
        let threaded = try Self.load(parallelism: 2)
        #expect(threaded.events.map(\.uid) == (0..<6_000).map { "event-\($0)" })
        #expect(threaded.todos.map(\.uid) == (0..<6).map { "todo-\($0)" })
        #expect(try Self.load(parallelism: 1) == threaded)
    }

    private static func event(_ uid: String) -> ParsedBlock {
        var incidence = Incidence(kind: .event)
        incidence.uid = uid
        return ParsedBlock(component: .incidence(incidence), diagnostics: [])
    }

    /// What the importer does when the scan fails after some batches: ``finish()`` at once. Every
    /// batch sent before is assembled, in order, whether on the thread or inline.
    @Test(arguments: [false, true])
    func finishAssemblesEverySentBatch(inline: Bool) {
        let assembly = AssemblyThread(CalendarAssembler(source: nil, maxPerCode: 10), skipped: SkippedBlocks(window: nil), estimate: EventCountEstimate(inputBytes: nil),
                                      inline: inline)
        for batch in 0..<5 {
            assembly.send(.parsed((0..<100).map { Self.event("e\(batch * 100 + $0)") }, scanned: .init(total: 10_000, events: 10_000)))
        }
        var assembler = assembly.finish().assembler
        #expect(assembler.eventCount == 500)
        #expect(assembler.finish().events.map(\.uid) == (0..<500).map { "e\($0)" })
    }

    /// The first batch with events reserves the estimate: 3 events in 1,000 of 100,000 bytes give
    /// 3 + 99,000 · 3 / 1,000 · 1.25 + 16 = 390.25 (``EventCountEstimate``), on either side.
    @Test(arguments: [false, true])
    func theFirstBatchWithEventsReservesTheEstimate(inline: Bool) {
        let assembly = AssemblyThread(CalendarAssembler(source: nil, maxPerCode: 10), skipped: SkippedBlocks(window: nil), estimate: EventCountEstimate(inputBytes: 100_000),
                                      inline: inline)
        assembly.send(.parsed([Self.event("a"), Self.event("b"), Self.event("c")], scanned: .init(total: 1_000, events: 1_000)))
        var assembler = assembly.finish().assembler
        let events = assembler.finish().events
        #expect(events.map(\.uid) == ["a", "b", "c"])
        #expect(events.capacity >= 390)
    }

    /// A windowed batch's rate counts the events it skipped: 2 events kept of 1,000 bytes of
    /// events read (8 of them skipped), in 100,000 bytes, guess 2 + 99,000 · 2 / 1,000 · 1.25 + 16
    /// = 265.5 kept in all (``EventCountEstimate``), not the 2 + 99,000 · 10 / 1,000 · 1.25 + 16 of
    /// a full import; reserved on either side.
    @Test(arguments: [false, true])
    func aWindowedBatchReservesTheShareItKeeps(inline: Bool) {
        let june = DateInterval(start: Date(timeIntervalSince1970: 1_748_736_000), duration: 30 * 86_400)
        let assembly = AssemblyThread(CalendarAssembler(source: nil, maxPerCode: 10, forAView: true), skipped: SkippedBlocks(window: june),
                                      estimate: EventCountEstimate(inputBytes: 100_000), inline: inline)
        var batch = WindowedBatch()
        batch.blocks = [ComponentBlock(name: "VEVENT", line: 1), ComponentBlock(name: "VEVENT", line: 5)]
        batch.scanned = EventCountEstimate.Scanned(total: 1_000, events: 1_000)
        assembly.send(.windowed(batch, [Self.event("a"), Self.event("b")]))
        var assembler = assembly.finish().assembler
        let events = assembler.finish().events
        #expect(events.map(\.uid) == ["a", "b"])
        #expect(events.capacity >= 265 && events.capacity < 1_000)
    }

    /// A source that fails after ~1.1 MB (several batches parsed and assembled): the import
    /// throws the read's error (`unreadable`, with the system's text for `ECONNRESET`), with
    /// either assembly, windowed or not, and returns (the suite's time limit catches a hang).
    @Test(arguments: [1, 2], [false, true])
    func aReadFailingPartwayRethrowsItsError(parallelism: Int, windowed: Bool) throws {
        let source = FailingDescriptor(Array(Self.text.utf8))
        defer { close(source.descriptor) }
        let window = windowed ? DateInterval(start: Date(timeIntervalSince1970: 1_748_736_000), duration: 30 * 86_400) : nil
        let importer = CalendarImporter(source: "broken.ics", options: ImportOptions(parallelism: parallelism, window: window))
        do {
            let calendar = try importer.run(ByteStream(descriptor: source.descriptor, chunkSize: 1 << 16))
            Issue.record("imported \(calendar.events.count) events from a failing source")
        } catch {
            #expect(error.code == .unreadable)
            #expect(error.message == String(cString: strerror(ECONNRESET)))
            #expect(error.source == "broken.ics")
        }
    }

    /// A windowed import (June 2025, UTC) sifts and adds its batches on the same step: inline and
    /// threaded give the same calendar. By hand from `numberedEventsText`: event `i` starts in
    /// month `1 + i % 12` of 2025 and lasts an hour, so every June event is in, and none of
    /// January to April (ended more than 26 hours before June 1), all in file order.
    @Test func windowedBatchesComeOutTheSameInlineAndThreaded() throws {
        let june = DateInterval(start: Date(timeIntervalSince1970: 1_748_736_000), duration: 30 * 86_400)  // 2025-06-01T00:00Z
        func load(_ parallelism: Int) throws -> ICalendar {
            try CalendarImporter(source: nil, options: ImportOptions(parallelism: parallelism, window: june))
                .run(ByteStream(bytes: Array(Self.text.utf8)))
        }
        let threaded = try load(2)
        #expect(try load(1) == threaded)
        let numbers = threaded.events.map { Int($0.uid!.dropFirst("event-".count))! }
        #expect(numbers == numbers.sorted())
        #expect(Set(numbers).isSuperset(of: (0..<6_000).filter { $0 % 12 == 5 }))
        #expect(numbers.allSatisfy { $0 % 12 >= 4 })
        #expect(threaded.todos.count == 6)
    }
}
