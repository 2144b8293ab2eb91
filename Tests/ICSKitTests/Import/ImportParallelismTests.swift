import Foundation
import Synchronization
import Testing
@testable import ICSKit

/// `ImportOptions.parallelism` decides how many threads parse blocks: the importer's test hook
/// records the identity of the thread that parses each block. With 1 every block is parsed on
/// the calling thread; with N (and at least N blocks in a batch) exactly N threads take part
/// (`WorkerPool` gives each thread an item of its own first), and the same N threads parse every
/// batch of the import (Linux thread ids, which are not reused soon). The calendars are the same either way.
@Suite struct ImportParallelismTests {
    /// 300 single events (`numberedEventsText`, about 57 KB): one batch of 300 blocks (far below
    /// the importer's 256 KiB batches).
    static let text = numberedEventsText(count: 300)

    static func currentThread() -> UInt { UInt(linuxThreadID()) }

    /// Imports `text` with `parallelism`, returning the calendar and the parsing threads' identities.
    static func importRecordingThreads(parallelism: Int) throws -> (ICalendar, calls: Int, threads: Set<UInt>) {
        let seen = Mutex<(calls: Int, threads: Set<UInt>)>((0, []))
        var importer = CalendarImporter(source: nil, options: ImportOptions(parallelism: parallelism))
        importer.willParse = { seen.withLock { $0.calls += 1; $0.threads.insert(currentThread()) } }
        let calendar = try importer.run(ByteStream(bytes: Array(text.utf8)))
        let (calls, threads) = seen.withLock { $0 }
        return (calendar, calls, threads)
    }

    @Test func parallelismOneParsesOnTheCallingThread() throws {
        let (calendar, calls, threads) = try Self.importRecordingThreads(parallelism: 1)
        #expect(calendar.events.count == 300)
        #expect(calls >= 300)
        #expect(threads == [Self.currentThread()])
    }

    @Test(arguments: [2, 3])
    func parallelismNUsesNThreads(_ parallelism: Int) throws {
        let (calendar, calls, threads) = try Self.importRecordingThreads(parallelism: parallelism)
        #expect(calls >= 300)
        #expect(threads.count == parallelism)
        #expect(threads.contains(Self.currentThread()))
        let (serial, _, _) = try Self.importRecordingThreads(parallelism: 1)
        #expect(calendar == serial)
        #expect(calendar.events.map(\.uid) == (0..<300).map { "event-\($0)" })
    }

    /// An input of at most `CalendarImporter.inlineBytes` known before reading (30 events, about
    /// 6 KB, in memory) is parsed on the calling thread whatever the parallelism, and gives the
    /// calendar the threaded pipeline gives for the same bytes read from a pipe (whose size is
    /// not known, so it takes the pipeline): events, diagnostics and all.
    @Test func aSmallInputIsReadWithoutThreads() throws {
        let small = numberedEventsText(count: 30) + "BEGIN:VEVENT\r\nUID:broken\r\nDTSTART:2024-06-01\r\nEND:VEVENT\r\n"
        #expect(small.utf8.count <= CalendarImporter.inlineBytes)
        let seen = Mutex<Set<UInt>>([])
        var importer = CalendarImporter(source: "small.ics", options: ImportOptions(parallelism: 3))
        importer.willParse = { seen.withLock { _ = $0.insert(Self.currentThread()) } }
        let inline = try importer.run(ByteStream(bytes: Array(small.utf8)))
        #expect(seen.withLock { $0 } == [Self.currentThread()])

        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = Thread { [fds] in
            let bytes = Array(small.utf8)
            _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            close(fds[1])
        }
        writer.start()
        let stream = ByteStream(descriptor: fds[0])
        #expect(stream.expectedSize == nil)
        let piped = try CalendarImporter(source: "small.ics", options: ImportOptions(parallelism: 3)).run(stream)
        close(fds[0])
        #expect(inline.events.count == 31, "the thirty and the one after END:VCALENDAR, whose DTSTART is not a date")
        #expect(inline == piped)
        #expect(inline.diagnostics == piped.diagnostics)
        #expect(!inline.diagnostics.isEmpty, "the stray event and its DTSTART are reported either way")
    }

    /// 6,000 events, four or more batches: two threads in all parse them, the calling one and
    /// one helper kept for the import (a thread started per batch would show up to five ids).
    @Test func theSameThreadsParseEveryBatch() throws {
        let seen = Mutex<Set<UInt>>([])
        var importer = CalendarImporter(source: nil, options: ImportOptions(parallelism: 2))
        importer.willParse = { seen.withLock { _ = $0.insert(Self.currentThread()) } }
        let text = numberedEventsText(count: 6_000)
        #expect(text.utf8.count > 4 * CalendarImporter.batchBytes)
        let calendar = try importer.run(ByteStream(bytes: Array(text.utf8)))
        #expect(calendar.events.count == 6_000)
        let threads = seen.withLock { $0 }
        #expect(threads.count == 2)
        #expect(threads.contains(Self.currentThread()))
    }
}
