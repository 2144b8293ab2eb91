import Foundation
import Testing
@testable import ICSKit

/// With more than one parsing thread, a full import assembles its batches on a thread of its
/// own (`AssemblyThread`) while the next batch is parsed; with `parallelism` 1 the calling
/// thread assembles them inline. A calendar of several batches must come out the same either
/// way, in file order: the expected order and counts are the file's own, as written below.
@Suite struct AssemblyThreadTests {
    /// 6,000 events with a to-do after every 1,000th (about 1.1 MB: four or more of the
    /// importer's 256 KiB batches), UIDs numbered in file order.
    static let text: String = {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit tests//EN"]
        for i in 0..<6_000 {
            lines += ["BEGIN:VEVENT", "UID:event-\(i)", "DTSTAMP:20250101T000000Z",
                      String(format: "DTSTART:2025%02d%02dT%02d0000Z", 1 + i % 12, 1 + i % 28, i % 24),
                      "DURATION:PT1H", "SUMMARY:Event \(i) of the assembly test, long enough to fill batches",
                      "END:VEVENT"]
            if i % 1_000 == 999 {
                lines += ["BEGIN:VTODO", "UID:todo-\(i / 1_000)", "DTSTAMP:20250101T000000Z", "END:VTODO"]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }()

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
}
