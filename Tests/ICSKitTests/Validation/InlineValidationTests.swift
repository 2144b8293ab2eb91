import Foundation
import Testing
import TestSupport
@testable import ICSKit

/// An input that ends within its first batch is scanned and checked on the calling thread
/// (``ValidationRun/firstBatchBytes``), a longer one goes on through the scanning thread from
/// where that read stopped. The reference is the run that sends every batch through the pipeline
/// (`firstBatchBytes: 0`, the way every input was read before): the same findings, in the same
/// order, the same failures, for every fixture of the repository and for inputs of several batches.
@Suite("Small inputs validated without a thread")
struct InlineValidationTests {
    /// The findings (or the failure) of `bytes` read with a first batch of `firstBatchBytes`.
    static func outcome(_ bytes: [UInt8], firstBatchBytes: Int, parallelism: Int = 0) -> String {
        var run = ValidationRun(file: "f.ics", options: Validator.Options(parallelism: parallelism))
        run.firstBatchBytes = firstBatchBytes
        do {
            return try run.run(ByteStream(bytes: bytes)).map {
                "\($0.line ?? 0):\($0.column ?? 0) \($0.severity) \($0.code) \($0.message) | \($0.hint) | \($0.uid ?? "-") \($0.property ?? "-")"
            }
                .joined(separator: "\n")
        } catch {
            return "failure \(error.code): \(error.message)"
        }
    }

    /// Every `.ics` file under Fixtures/ (valid, invalid, hostile, real-world, the bounds files).
    static let fixtures: [String] = {
        let root = ValidationSupport.root.appendingPathComponent("Fixtures").path
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".ics") }.sorted().map { root + "/" + $0 }
    }()

    @Test("Every fixture gives the same findings read inline as through the pipeline")
    func everyFixture() throws {
        #expect(Self.fixtures.count > 150)
        var differing: [String] = []
        var withFindings = 0
        for path in Self.fixtures {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let inline = Self.outcome(bytes, firstBatchBytes: CalendarImporter.batchBytes)
            let piped = Self.outcome(bytes, firstBatchBytes: 0)
            if inline != piped { differing.append(path) }
            if !inline.isEmpty { withFindings += 1 }
        }
        #expect(differing.isEmpty, "\(differing)")
        // The comparison means something: most fixtures have findings (the invalid ones all do).
        #expect(withFindings > 100)
    }

    /// 3,000 events with faults (a long line, a bare LF, a stray line, a duplicate UID, an
    /// unclosed block at the end): about 1.3 MB of weight, five batches, read with first batches
    /// of every size from none to the whole input.
    @Test("An input of several batches gives the same findings whatever the first batch read inline",
          arguments: SanitizerRun.sample([0, 1, 1_000, 1 << 18, 1 << 20, 1 << 30]))
    func severalBatches(firstBatchBytes: Int) {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit//tests//EN\r\nSTRAY LINE\r\n"
        for i in 0..<3_000 {
            text += "BEGIN:VEVENT\r\nUID:e\(i % 2_900)@example.com\r\nDTSTAMP:20240101T000000Z\r\n"
            text += "DTSTART:20240610T\(String(format: "%02d", i % 24))0000Z\r\n"
            text += i % 7 == 0 ? "SUMMARY:" + String(repeating: "x", count: 80) + "\n" : "SUMMARY:event \(i)\r\n"
            text += i % 500 == 0 ? "RRULE:FREQ=WEEKLY;BYDAY=XX\r\n" : ""
            text += "END:VEVENT\r\n"
        }
        text += "BEGIN:VEVENT\r\nUID:last@example.com\r\n"
        let bytes = Array(text.utf8)
        let reference = Self.outcome(bytes, firstBatchBytes: 0, parallelism: 2)
        #expect(reference.split(separator: "\n").count > 100)
        #expect(Self.outcome(bytes, firstBatchBytes: firstBatchBytes) == reference)
        #expect(Self.outcome(bytes, firstBatchBytes: firstBatchBytes, parallelism: 1) == reference)
    }

    @Test("Input that is not iCalendar, or empty, fails or passes the same way inline")
    func notICalendar() {
        for text in ["", "hello\r\n", "BEGIN:VCALENDAR\r\n", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "\u{FEFF}BEGIN:VCALENDAR\r\n"] {
            let bytes = Array(text.utf8)
            #expect(Self.outcome(bytes, firstBatchBytes: CalendarImporter.batchBytes) == Self.outcome(bytes, firstBatchBytes: 0), "\(text)")
        }
        #expect(Self.outcome(Array("hello\r\n".utf8), firstBatchBytes: 1 << 18).hasPrefix("failure"))
    }
}
