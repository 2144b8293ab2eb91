import Foundation
import Testing

/// The importer example (`Examples/OccurrenceStore`) run as a binary against two versions of a
/// calendar, its database read back with Python's own sqlite3 module (not the example's code).
/// The rows are worked out by hand from RFC 5545 (TZ=UTC, window from "today" for 90 days):
///
/// - v1: a daily stand-up, 09:00–09:15Z from 10 June 2024, COUNT=3 (10, 11, 12 June); lunch on
///   11 June 12:00–13:00Z; an event on 1 March (before the window) and one on 1 October (after
///   10 June + 90 days = 8 September): four rows.
/// - v2: EXDATE the stand-up of 11 June, move that of 12 June to 10:00 (RECURRENCE-ID keeps its
///   key), rename lunch, add a review on 13 June 15:00Z: 1 added, 1 removed, 1 moved, 1 changed,
///   1 unchanged.
/// - v2 again from 12 June: the window moves on; the stand-up of 10 June and lunch of 11 June
///   leave it (2 removed); nothing enters it (1 October is still after 10 September).
@Suite struct OccurrenceStoreExampleTests {
    static var binary: URL { CLI.binary.deletingLastPathComponent().appendingPathComponent("OccurrenceStore") }

    static func calendar(_ events: [String]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + events.map {
            "BEGIN:VEVENT\r\nDTSTAMP:20240101T000000Z\r\n" + $0.split(separator: "|").map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
        }.joined() + "END:VCALENDAR\r\n"
    }

    static let v1 = calendar([
        "UID:standup|DTSTART:20240610T090000Z|DURATION:PT15M|RRULE:FREQ=DAILY;COUNT=3|SUMMARY:Standup",
        "UID:lunch|DTSTART:20240611T120000Z|DTEND:20240611T130000Z|SUMMARY:Lunch",
        "UID:old|DTSTART:20240301T100000Z|DURATION:PT1H|SUMMARY:Old",
        "UID:far|DTSTART:20241001T100000Z|DURATION:PT1H|SUMMARY:Far",
    ])
    static let v2 = calendar([
        "UID:standup|DTSTART:20240610T090000Z|DURATION:PT15M|RRULE:FREQ=DAILY;COUNT=3|EXDATE:20240611T090000Z|SUMMARY:Standup",
        "UID:standup|RECURRENCE-ID:20240612T090000Z|DTSTART:20240612T100000Z|DURATION:PT15M|SUMMARY:Standup",
        "UID:lunch|DTSTART:20240611T120000Z|DTEND:20240611T130000Z|SUMMARY:Lunch with Ana",
        "UID:old|DTSTART:20240301T100000Z|DURATION:PT1H|SUMMARY:Old",
        "UID:far|DTSTART:20241001T100000Z|DURATION:PT1H|SUMMARY:Far",
        "UID:review|DTSTART:20240613T150000Z|DURATION:PT30M|SUMMARY:Review",
    ])

    /// Every row, `id start end summary`, by id, as Python's sqlite3 reads the file.
    static func rows(_ store: String) throws -> [String] {
        let script = "import sqlite3,sys\nfor r in sqlite3.connect(sys.argv[1]).execute('SELECT id, start, \"end\", summary FROM occurrences ORDER BY id'):\n print(' '.join(r))"
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, store])
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func storesNinetyDaysAndAppliesOnlyTheChanges() throws {
        let folder = NSTemporaryDirectory() + "occurrence-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/team.ics", store = folder + "/store.sqlite"
        let key = "source:" + file
        func sync(_ today: String) throws -> String {
            let result = try Self.run(Self.binary, [store, file, "--today", today])
            #expect(result.status == 0 && result.stderr == "")
            return result.stdout
        }

        try Self.v1.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try sync("2024-06-10") == "\(file): 4 added, 0 removed, 0 moved, 0 changed, 0 unchanged\n")
        #expect(try Self.rows(store) == [
            "\(key)|lunch| 2024-06-11T12:00:00Z 2024-06-11T13:00:00Z Lunch",
            "\(key)|standup|20240610T090000Z 2024-06-10T09:00:00Z 2024-06-10T09:15:00Z Standup",
            "\(key)|standup|20240611T090000Z 2024-06-11T09:00:00Z 2024-06-11T09:15:00Z Standup",
            "\(key)|standup|20240612T090000Z 2024-06-12T09:00:00Z 2024-06-12T09:15:00Z Standup",
        ])

        try Self.v2.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try sync("2024-06-10") == "\(file): 1 added, 1 removed, 1 moved, 1 changed, 1 unchanged\n")
        #expect(try Self.rows(store) == [
            "\(key)|lunch| 2024-06-11T12:00:00Z 2024-06-11T13:00:00Z Lunch with Ana",
            "\(key)|review| 2024-06-13T15:00:00Z 2024-06-13T15:30:00Z Review",
            "\(key)|standup|20240610T090000Z 2024-06-10T09:00:00Z 2024-06-10T09:15:00Z Standup",
            "\(key)|standup|20240612T090000Z 2024-06-12T10:00:00Z 2024-06-12T10:15:00Z Standup",
        ])

        // Nothing changed: nothing written but the copy.
        #expect(try sync("2024-06-10") == "\(file): 0 added, 0 removed, 0 moved, 0 changed, 4 unchanged\n")
        // The window moves on two days.
        #expect(try sync("2024-06-12") == "\(file): 0 added, 2 removed, 0 moved, 0 changed, 2 unchanged\n")
        #expect(try Self.rows(store) == [
            "\(key)|review| 2024-06-13T15:00:00Z 2024-06-13T15:30:00Z Review",
            "\(key)|standup|20240612T090000Z 2024-06-12T10:00:00Z 2024-06-12T10:15:00Z Standup",
        ])
    }
}
