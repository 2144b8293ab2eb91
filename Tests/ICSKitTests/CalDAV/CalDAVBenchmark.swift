import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// The measurements of docs/caldav.md, run by hand (not timed tests):
/// `ICSKIT_BENCH_CALDAV=10000 swift test --skip-build --filter SourceBenchmark`.
/// A collection of N events in Radicale (uploaded in one PUT of the whole calendar, which
/// Radicale splits into one resource per component), synced from nothing, then after one
/// change; a vdir of N items read, then re-read after one change.
@Suite("Source benchmark", .serialized, .enabled(if: ProcessInfo.processInfo.environment["ICSKIT_BENCH_CALDAV"] != nil))
struct SourceBenchmark {
    static let count = Int(ProcessInfo.processInfo.environment["ICSKIT_BENCH_CALDAV"] ?? "") ?? 10_000

    static func events(_ n: Int) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit bench//EN\r\n"
        for i in 0..<n {
            let day = 1 + i % 28, month = 1 + (i / 28) % 12
            text += "BEGIN:VEVENT\r\nUID:bench-\(i)\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:2024\(pad(month, 2))\(pad(day, 2))T090000Z\r\nDURATION:PT1H\r\nSUMMARY:Event \(i)\r\nEND:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    static func clock<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = Date()
        let value = try body()
        return (value, Date().timeIntervalSince(start))
    }

    @Test func radicaleCollection() throws {
        let server = try CalDAVTestServer(.radicale)
        let name = "bench"
        try server.makeCalendar(name, displayName: "Bench")
        let (status, upload) = try Self.clock { try server.request("PUT", server.collectionPath(name), body: Self.events(Self.count)) }
        #expect((200...299).contains(status))
        print("radicale: uploaded \(Self.count) events in one PUT in \(String(format: "%.1f", upload)) s")
        let client = server.client()
        let url = server.collection(name)
        let (first, firstTime) = try Self.clock { try client.sync(url, from: nil) }
        #expect(first.state.resources.count == Self.count)
        print("first sync: \(first.fetchedCount) resources, \(client.requestCount) requests, \(client.bytesSent) bytes sent, "
              + "\(client.bytesReceived) bytes received, \(String(format: "%.2f", firstTime)) s")
        let (calendar, parseTime) = Self.clock { first.state.calendar() }
        print("local copy to one calendar: \(calendar.events.count) events in \(String(format: "%.2f", parseTime)) s")

        let href = try #require(first.state.resources.values.first { $0.data.contains("UID:bench-17\r\n") }).href
        let changed = try #require(first.state.resources.values.first { $0.href == href }).data.replacingOccurrences(of: "SUMMARY:Event 17", with: "SUMMARY:Edited")
        _ = try server.request("PUT", href, body: changed)
        let requests = client.requestCount, sent = client.bytesSent, received = client.bytesReceived
        let (next, nextTime) = try Self.clock { try client.sync(url, from: first.state) }
        #expect(next.fetchedCount == 1)
        #expect(next.changes.changed.map(\.key.uid) == ["bench-17"])
        print("incremental sync (one change): \(client.requestCount - requests) requests, \(client.bytesSent - sent) bytes sent, "
              + "\(client.bytesReceived - received) bytes received, \(String(format: "%.3f", nextTime)) s")
    }

    @Test func vdirDirectory() throws {
        let dir = NSTemporaryDirectory() + "vdir-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for i in 0..<Self.count {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit bench//EN\r\nBEGIN:VEVENT\r\nUID:v-\(i)\r\n"
                + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:Item \(i)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/v-\(i).ics"))
        }
        let (first, firstTime) = try Self.clock { try VdirCalendar.read(at: dir) }
        #expect(first.calendar.events.count == Self.count)
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:v-5\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:Edited\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/v-5.ics"))
        let (next, nextTime) = try Self.clock { try VdirCalendar.read(at: dir, previous: first) }
        #expect(next.readCount == 1)
        print("vdir \(Self.count) items: first read \(String(format: "%.2f", firstTime)) s, re-read after one change "
              + "\(String(format: "%.3f", nextTime)) s (\(next.readCount) read, \(next.reusedCount) reused)")
    }
}
