import Foundation
import Synchronization
import Testing
import TestSupport
@testable import ICSKit

#if canImport(Glibc)
import Glibc
#endif

/// A windowed import of a small input (at most `CalendarImporter.inlineBytes`, its size known
/// before reading) runs on the calling thread alone, and gives the calendar the threaded
/// pipeline gives for the same bytes and window read from a pipe (whose size is not known, so it
/// takes the pipeline): events in order, to-dos, zones, diagnostics, and the identity that counts
/// the skipped blocks (``ICalendar/id``). The pipeline is the reference: it is the path every
/// large file takes.
@Suite struct WindowedInlineImportTests {
    /// The fixtures small enough for the inline path.
    static let smallFixtures: [String] = WindowedImportEquivalenceTests.fixtures.filter { fixture in
        let path = Fixtures.root.appendingPathComponent("Fixtures").appendingPathComponent(fixture).path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        return size.map { $0 <= CalendarImporter.inlineBytes } ?? false
    }

    /// `bytes` through a pipe, so that the importer cannot know their size (they fit the pipe's buffer).
    static func piped(_ bytes: [UInt8], options: ImportOptions, source: String?) throws -> ICalendar {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        #expect(written == bytes.count)
        let stream = ByteStream(descriptor: fds[0])
        #expect(stream.expectedSize == nil)
        return try CalendarImporter(source: source, options: options).run(stream)
    }

    @Test func findsSmallFixtures() {
        #expect(Self.smallFixtures.count > 100)
    }

    @Test(arguments: SanitizerRun.sample(smallFixtures))
    func inlineWindowedImportIsThePipelines(fixture: String) throws {
        let path = Fixtures.root.appendingPathComponent("Fixtures").appendingPathComponent(fixture).path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard let full = try? ICalendar(bytes: bytes, source: fixture) else { return }  // not iCalendar
        for range in WindowedImportEquivalenceTests.ranges(around: full) {
            let options = ImportOptions(window: range)
            let inline = try CalendarImporter(source: fixture, options: options).run(ByteStream(bytes: bytes))
            let pipeline = try Self.piped(bytes, options: options, source: fixture)
            #expect(inline == pipeline, "\(fixture) over \(range)")
            #expect(inline.id == pipeline.id, "\(fixture) over \(range)")
            #expect(inline.id == full.id, "\(fixture) over \(range): the identity of the whole file")
        }
    }

    /// A hand-made calendar of June 2024: one event in the window, one far before it with a
    /// DTSTART that is not a date (skipped by the filter, so its error is not reported), one far
    /// before it that shares the UID of an override in the window (revived: it is the override's
    /// master and must come back in its place), and a to-do without dates.
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//ICSKit//tests//EN\r
        BEGIN:VEVENT\r
        UID:old\r
        DTSTAMP:20200101T000000Z\r
        DTSTART:20200101T090000Z\r
        DTEND:20200101T100000Z\r
        SUMMARY:Long ago\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:master\r
        DTSTAMP:20200101T000000Z\r
        DTSTART:20200105T090000Z\r
        DTEND:20200105T100000Z\r
        RRULE:FREQ=WEEKLY;UNTIL=20200301T000000Z\r
        SUMMARY:Master\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:june\r
        DTSTAMP:20200101T000000Z\r
        DTSTART:20240610T090000Z\r
        DTEND:20240610T100000Z\r
        SUMMARY:In June\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:master\r
        RECURRENCE-ID:20200112T090000Z\r
        DTSTAMP:20200101T000000Z\r
        DTSTART:20240611T090000Z\r
        DTEND:20240611T100000Z\r
        SUMMARY:Moved to June\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:bad\r
        DTSTAMP:20200101T000000Z\r
        DTSTART:20200101T090000Z\r
        DTEND:20200101T100000Z\r
        DESCRIPTION;X-A="unclosed:x\r
        END:VEVENT\r
        BEGIN:VTODO\r
        UID:todo\r
        SUMMARY:Some day\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test func aSmallWindowedInputIsReadWithoutThreads() throws {
        let bytes = Array(Self.calendar.utf8)
        #expect(bytes.count <= CalendarImporter.inlineBytes)
        let june = WindowedImportEquivalenceTests.interval(2024, 6, 1, days: 30)
        let seen = Mutex<Set<UInt>>([])
        var importer = CalendarImporter(source: "small.ics", options: ImportOptions(parallelism: 3, window: june))
        importer.willParse = { seen.withLock { _ = $0.insert(ImportParallelismTests.currentThread()) } }
        let inline = try importer.run(ByteStream(bytes: bytes))
        #expect(seen.withLock { $0 } == [ImportParallelismTests.currentThread()])
        // Worked out by hand: "old" and "bad" end years before June 2024 and are skipped; the
        // master is revived by its override's UID and keeps its place before "june".
        #expect(inline.events.map(\.uid) == ["master", "june", "master"])
        #expect(inline.events.map(\.summary) == ["Master", "In June", "Moved to June"])
        #expect(inline.todos.map(\.uid) == ["todo"])
        let full = try ICalendar(bytes: bytes, source: "small.ics")
        #expect(full.events.map(\.uid) == ["old", "master", "june", "master", "bad"])
        #expect(inline.id == full.id)
        let pipeline = try Self.piped(bytes, options: ImportOptions(parallelism: 3, window: june), source: "small.ics")
        #expect(inline == pipeline)
        #expect(inline.diagnostics == pipeline.diagnostics)
    }
}
