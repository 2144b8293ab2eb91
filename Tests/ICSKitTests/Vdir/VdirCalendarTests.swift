import Foundation
import Testing
@testable import ICSKit

/// vdir reading, checked against the layout vdirsyncer documents (vdir storage format: one
/// `.ics` per item, `displayname` and `color` files holding one line) on directories made here.
@Suite("Vdir")
struct VdirCalendarTests {
    static func event(_ uid: String, _ summary: String, _ start: String = "20240610T090000Z") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:\(start)\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "vdir-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Sets a file's mtime (to make a change visible even within one clock tick, or to hide one).
    static func touch(_ path: String, seconds: Int) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
    }

    @Test func readsItemsDisplayNameAndColor() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(Self.event("a", "Alpha"), dir + "/a.ics")
        try Self.write(Self.event("b", "Beta"), dir + "/b.ics")
        try Self.write("Work\n", dir + "/displayname")
        try Self.write("#3366ff\n", dir + "/color")
        try Self.write("not an item", dir + "/notes.txt")
        try Self.write(Self.event("h", "Hidden"), dir + "/.tmp-1.ics")   // a writer's temporary file
        let calendar = try VdirCalendar.read(at: dir)
        #expect(calendar.displayName == "Work")
        #expect(calendar.color == "#3366ff")
        #expect(calendar.items.map(\.fileName) == ["a.ics", "b.ics"])
        #expect(calendar.calendar.events.map(\.summary) == ["Alpha", "Beta"])
        #expect(calendar.calendar.name == "Work")
        #expect(calendar.calendar.color == "#3366ff")
        #expect(calendar.calendar.source == dir)
        #expect(calendar.readCount == 2 && calendar.reusedCount == 0)
        #expect(calendar.skipped.isEmpty)
    }

    @Test func brokenItemCostsOnlyItself() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(Self.event("a", "Alpha"), dir + "/a.ics")
        try Self.write("this is not iCalendar\n", dir + "/broken.ics")
        try Self.write(Self.event("c", "Gamma"), dir + "/c.ics")
        try Self.write(Self.event("d", "Delta"), dir + "/d.ics")
        chmod(dir + "/d.ics", 0)      // unreadable (unless the tests run as root)
        let calendar = try VdirCalendar.read(at: dir)
        let unreadable = access(dir + "/d.ics", R_OK) != 0
        #expect(calendar.calendar.events.map(\.summary) == (unreadable ? ["Alpha", "Gamma"] : ["Alpha", "Gamma", "Delta"]))
        #expect(calendar.skipped.map(\.source) == [dir + "/broken.ics"] + (unreadable ? [dir + "/d.ics"] : []))
        #expect(calendar.skipped.allSatisfy { $0.code == .sourceItemSkipped })
        #expect(calendar.calendar.diagnostics.contains { $0.code == .sourceItemSkipped && $0.source == dir + "/broken.ics" })
        // The broken item is skipped again on a re-read without being read again.
        let again = try VdirCalendar.read(at: dir, previous: calendar)
        #expect(again.readCount == 0)
        #expect(again.skipped == calendar.skipped)
    }

    @Test func rereadsOnlyChangedFilesAndReportsChanges() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for i in 0..<20 { try Self.write(Self.event("e\(i)", "Event \(i)"), dir + "/e\(i).ics"); try Self.touch(dir + "/e\(i).ics", seconds: 1_700_000_000) }
        let first = try VdirCalendar.read(at: dir)
        #expect(first.readCount == 20)

        // Unchanged: nothing is read.
        let same = try VdirCalendar.read(at: dir, previous: first)
        #expect(same.readCount == 0 && same.reusedCount == 20)
        #expect(CalendarDiff(old: first.calendar, new: same.calendar).isEmpty)

        // One edited (same size, new mtime), one removed, one added.
        try Self.write(Self.event("e3", "Event X"), dir + "/e3.ics")
        try Self.touch(dir + "/e3.ics", seconds: 1_700_000_100)
        try FileManager.default.removeItem(atPath: dir + "/e7.ics")
        try Self.write(Self.event("new", "New one"), dir + "/new.ics")
        let next = try VdirCalendar.read(at: dir, previous: same)
        #expect(next.readCount == 2 && next.reusedCount == 18)
        let diff = CalendarDiff(old: same.calendar, new: next.calendar)
        #expect(diff.added.map(\.uid) == ["new"])
        #expect(diff.removed.map(\.uid) == ["e7"])
        #expect(diff.changed.map(\.key.uid) == ["e3"])
        #expect(diff.changed.first?.fields == [.summary])
    }

    @Test func survivesAnEncodeDecodeRoundTrip() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(Self.event("a", "Alpha"), dir + "/a.ics")
        try Self.write("Home", dir + "/displayname")
        let calendar = try VdirCalendar.read(at: dir)
        let decoded = try JSONDecoder().decode(VdirCalendar.self, from: JSONEncoder().encode(calendar))
        #expect(decoded.calendar == calendar.calendar)
        let again = try VdirCalendar.read(at: dir, previous: decoded)
        #expect(again.readCount == 0)
    }

    @Test func accountListsItsCalendars() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["work", "home", ".hidden"] { try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true) }
        try Self.write(Self.event("w", "W"), dir + "/work/w.ics")
        try Self.write("stray", dir + "/README")
        #expect(try VdirAccount.calendarPaths(in: dir) == [dir + "/home", dir + "/work"])
        #expect(!VdirAccount.isCalendar(dir))
        #expect(VdirAccount.isCalendar(dir + "/work"))
        #expect(VdirAccount.isCalendar(dir + "/home"))     // empty: a calendar with no items
    }

    @Test func missingDirectoryIsAnError() {
        #expect(throws: ICSError.self) { try VdirCalendar.read(at: "/nonexistent/vdir/\(UUID())") }
    }
}
