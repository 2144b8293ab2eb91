import Foundation
import Testing
@testable import ICSKit

/// The fired-set's text form, pruning and atomic file, and the reminder key's stability.
@Suite("Fired reminders")
struct FiredRemindersTests {
    static func reminder(uid: String, trigger: TimeInterval, calendar: String = "source:a.ics", notes: String = "x") -> Reminder {
        var event = Incidence(kind: .event)
        event.uid = uid
        return Reminder(alarm: Alarm(action: .display, notes: notes), incidence: event, calendarID: CalendarID(rawValue: calendar),
                        trigger: Date(timeIntervalSince1970: trigger))
    }

    @Test func keysDependOnIdentityNotOnCopies() {
        let a = Self.reminder(uid: "a", trigger: 1_000)
        #expect(a.key == Self.reminder(uid: "a", trigger: 1_000).key)
        #expect(a.key.rawValue.count == 32)
        #expect(a.key != Self.reminder(uid: "a", trigger: 1_060).key, "moved")
        #expect(a.key != Self.reminder(uid: "b", trigger: 1_000).key)
        #expect(a.key != Self.reminder(uid: "a", trigger: 1_000, calendar: "source:b.ics").key)
        #expect(a.key != Self.reminder(uid: "a", trigger: 1_000, notes: "y").key, "another alarm of the event")
    }

    @Test func textRoundTripAndPrune() throws {
        var set = FiredReminders()
        set.watermark = Date(timeIntervalSince1970: 1_500.25)
        let added = set.insert(Self.reminder(uid: "a", trigger: 1_000))
        let again = set.insert(Self.reminder(uid: "a", trigger: 1_000))
        #expect(added)
        #expect(!again, "already there")
        set.insert(Self.reminder(uid: "b", trigger: 2_000))
        let text = set.serialized()
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == "icskit-fired 1")
        #expect(lines[1] == "watermark 1500.250")
        #expect(lines[2].hasPrefix("1000 ") && lines[3].hasPrefix("2000 "))
        let back = try FiredReminders(serialized: text + "garbage line\n12 nothex\n")
        #expect(back == set, "lines it does not understand are skipped")
        set.prune(before: Date(timeIntervalSince1970: 1_500))
        #expect(set.count == 1)
        #expect(set.contains(Self.reminder(uid: "b", trigger: 2_000)) && !set.contains(Self.reminder(uid: "a", trigger: 1_000)))
        #expect(throws: ICSError.self) { try FiredReminders(serialized: "something else\n") }
        // A file written under the format's earlier header (icsview's) reads the same.
        let earlier = "icsview-fired 1\n" + text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        #expect(try FiredReminders(serialized: earlier) == back)
    }

    @Test func fileIsWrittenAtomicallyAndReadBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fired-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state/watch.fired").path
        #expect(try FiredReminders.load(from: path) == FiredReminders(), "no file: empty")
        var set = FiredReminders()
        set.insert(Self.reminder(uid: "a", trigger: 1_000))
        set.watermark = Date(timeIntervalSince1970: 1_200)
        try set.write(to: path)
        #expect(try FiredReminders.load(from: path) == set)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["watch.fired"], "no temporary file left")
        try Data("not it".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ICSError.self) { try FiredReminders.load(from: path) }
    }
}
