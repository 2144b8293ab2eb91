import Foundation
import Testing

/// A vdir's `displayname` and `color` are one line each; a file of a gigabyte in their place was
/// read whole before its size was looked at (the month of such a vdir: 1,086 MB resident, 8 s).
/// Now at most 4 KiB and a byte are read, and only from a regular file. The peak is read from
/// GNU time's `%M` (resident kilobytes), which does not depend on how busy the machine is.
@Suite struct VdirNameFileTests {
    @Test func aGigabyteDisplayNameIsNotRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-vdirname-\(getpid())-\(UUID().uuidString)")
        let vdir = dir.appendingPathComponent("cal")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240610T090000Z\r\nSUMMARY:Standup\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(event.utf8).write(to: vdir.appendingPathComponent("a.ics"))
        // Sparse: a gigabyte that takes no room on the disk, and reads as zeros.
        let displayName = vdir.appendingPathComponent("displayname")
        try Data().write(to: displayName)
        #expect(truncate(displayName.path, 1 << 30) == 0)
        try Data("#00ff00\n".utf8).write(to: vdir.appendingPathComponent("color"))
        let config = dir.appendingPathComponent("config")
        try Data("[calendar v]\nvdir = \(vdir.path)\n".utf8).write(to: config)
        let timed = dir.appendingPathComponent("time")
        let result = try CLI.shell("/usr/bin/time -f %M -o '\(timed.path)' \"$ICSVIEW\" --config '\(config.path)' v --agenda "
            + "--from 2024-06-10 --days 1 --tz UTC")
        #expect(result.status == 0)
        // The calendar is named by its directory, as with no displayname (the file is over 4 KiB).
        #expect(result.stdout == "Mon, 10 Jun 2024\n  ● 09:00       Standup\n")
        let kilobytes = try #require(Int(String(decoding: try Data(contentsOf: timed), as: UTF8.self)
            .split(whereSeparator: \.isNewline).last ?? ""))
        #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
    }
}
