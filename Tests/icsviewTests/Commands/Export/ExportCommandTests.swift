import Foundation
import Testing

/// `icsview export` through the built binary, on `Fixtures/search/` (work.ics: five events of
/// June 2024, "Café with Zoë" on the 10th, "Quarterly planning" the 11th, "Dentist" the 12th, an
/// all-day "Summer holiday" from the 14th, "Drinks" the 12th; home.ics: "Cafe run" and "Gym").
/// What each export must hold was read off those files by hand; every output is also read back by
/// icsview itself (the agenda in JSON) to check it is a calendar.
@Suite struct ExportCommandTests {
    static let work = "Fixtures/search/work.ics", home = "Fixtures/search/home.ics"
    static let pinned = ["--tz", "UTC", "--today", "2024-06-12"]

    static func summaries(_ ics: String) -> [String] {
        ics.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
    }

    @Test func exportsAWholeCalendarAsRFC5545Text() throws {
        let result = try CLI.run(["export", Self.work] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(result.stdout.hasSuffix("END:VCALENDAR\r\n"))
        #expect(Self.summaries(result.stdout).sorted() == ["Café with Zoë", "Dentist", "Drinks", "Quarterly planning", "Summer holiday"])
        // Europe/Berlin is used without VTIMEZONE in the file: one is generated.
        #expect(result.stdout.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        #expect(!result.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func selectsByRangeGrepAndUID() throws {
        let range = try CLI.run(["export", Self.work, "--from", "2024-06-11", "--to", "2024-06-11"] + Self.pinned)
        #expect(Self.summaries(range.stdout) == ["Quarterly planning"])
        let grep = try CLI.run(["export", Self.work, Self.home, "--grep", "cafe"] + Self.pinned)
        #expect(Self.summaries(grep.stdout).sorted() == ["Cafe run", "Café with Zoë"])
        let uid = try CLI.run(["export", Self.work, "--uid", "dentist@example.org", "--uid", "drinks@example.org"] + Self.pinned)
        #expect(Self.summaries(uid.stdout).sorted() == ["Dentist", "Drinks"])
        #expect(!uid.stdout.contains("VTIMEZONE"))  // no kept event uses Europe/Berlin
    }

    @Test func mergesInputsAndWritesAFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("all.ics").path
        let result = try CLI.run(["export", Self.work, Self.home, "-o", out] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(Self.summaries(text).count == 7)
        #expect(text.components(separatedBy: "BEGIN:VCALENDAR").count == 2)
        let agenda = try CLI.run(["--agenda", out, "--from", "2024-06-01", "--to", "2024-06-30", "--format", "json"] + Self.pinned)
        #expect(agenda.status == 0, "\(agenda.stderr)")
        #expect(agenda.stdout.split(separator: "\n").count >= 7)
    }

    /// `-o NAME` without a folder writes into the working directory (the folder to flush after
    /// the rename is `.`, not the empty string).
    @Test func writesAFileNamedWithoutAFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = CLI.root.appendingPathComponent(Self.work).path
        let result = try CLI.shell("cd '\(dir.path)' && \"$ICSVIEW\" export '\(work)' -o q.ics --tz UTC --today 2024-06-12")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let text = try String(contentsOfFile: dir.appendingPathComponent("q.ics").path, encoding: .utf8)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(Self.summaries(text).count == Self.summaries(try CLI.run(["export", Self.work] + Self.pinned).stdout).count)
    }

    @Test func busyTellsOnlyTimes() throws {
        let result = try CLI.run(["export", Self.work, "--busy", "--from", "2024-06-10", "--to", "2024-06-13"] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("BEGIN:VFREEBUSY\r\n"))
        #expect(result.stdout.contains("FREEBUSY;FBTYPE=BUSY:"))
        for secret in ["Café", "Dentist", "planning", "example.org", "Drinks"] { #expect(!result.stdout.contains(secret), "\(secret)") }
        let events = try CLI.run(["export", Self.work, "--busy-as", "events", "--from", "2024-06-10", "--to", "2024-06-13"] + Self.pinned)
        #expect(Set(Self.summaries(events.stdout)) == ["Busy"])
    }

    @Test func jcalIsJSON() throws {
        let result = try CLI.run(["export", Self.work, "--format", "jcal"] + Self.pinned)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])
        #expect(json.first as? String == "vcalendar")
        #expect(result.stdout.contains(#"["summary",{},"text","Café with Zoë"]"#))
    }

    @Test func exitStatuses() throws {
        let missing = try CLI.run(["export", Self.work, "Fixtures/search/no-such-file.ics"] + Self.pinned)
        #expect(missing.status == 1)
        #expect(Self.summaries(missing.stdout).count == 5)
        #expect(missing.stderr.contains("no-such-file.ics"))
        let usage = try CLI.run(["export", Self.work, "--format", "xml"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("Error: 'xml' is not a format of export"))
        #expect(usage.stderr.contains("See 'icsview export --help'"))
        let unknown = try CLI.run(["export", "--bussy", Self.work])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Did you mean '--busy'?"))
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Write calendars as one iCalendar file"))
    }
}
