import Foundation
import Testing

/// `icsview validate --fix` through the built binary, on the validation fixtures (each names the
/// one problem it has). What each fix writes was worked out by hand from the fixture.
@Suite struct ValidateFixCommandTests {
    static func temporaryCopy(_ fixture: String) throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent((fixture as NSString).lastPathComponent).path
        try FileManager.default.copyItem(atPath: CLI.root.appendingPathComponent(fixture).path, toPath: path)
        return (dir, path)
    }

    @Test func fixesToStandardOutputAndListsOnStandardError() throws {
        let result = try CLI.run(["validate", "--fix", "Fixtures/validation/invalid/ICS2103-dtend-before-dtstart.ics"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("DTSTART:20240610T080000Z\r\nDTEND:20240610T090000Z\r\n"))
        #expect(result.stderr.contains("fixed: DTEND before DTSTART swapped (UID fixture-1@example.com)"))
        #expect(result.stderr.contains("1 fix, no problem left"))
    }

    @Test func inPlaceKeepsABackupAndASecondRunChangesNothing() throws {
        let (dir, path) = try Self.temporaryCopy("Fixtures/validation/invalid/ICS1011-bare-lf.ics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let first = try CLI.run(["validate", "--fix", "--in-place", path])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("fixed: line ends made CRLF"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == original)
        let fixed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(fixed != original)
        #expect(String(decoding: fixed, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "").contains("\n") == false)
        let second = try CLI.run(["validate", "--fix", "--in-place", "--no-backup", path])
        #expect(second.status == 0)
        #expect(second.stdout.contains("nothing to fix"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == fixed)
        // The fixed file validates clean.
        let check = try CLI.run(["validate", "--strict", path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// The fixed file and its backup keep the original's permissions (0640 here; the atomic
    /// writer's temporary file is made 0600 and given them before it replaces the file).
    @Test func inPlaceKeepsTheFilesPermissions() throws {
        let (dir, path) = try Self.temporaryCopy("Fixtures/validation/invalid/ICS1011-bare-lf.ics")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let result = try CLI.run(["validate", "--fix", "--in-place", path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for file in [path, path + ".bak"] {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o640, "\(file): \(String(mode ?? -1, radix: 8))")
        }
    }

    @Test func whatCannotBeFixedIsSaid() throws {
        let (dir, path) = try Self.temporaryCopy("Fixtures/validation/invalid/ICS2104-missing-dtstart.ics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.ics").path
        let result = try CLI.run(["validate", "--fix", "-o", out, path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("not fixed: "))
        #expect(result.stdout.contains("[ICS2104]"))
    }

    @Test func usageErrors() throws {
        for arguments in [["validate", "--in-place", "x.ics"], ["validate", "--fix", "-o", "a.ics", "--in-place", "x.ics"],
                          ["validate", "--fix", "a.ics", "b.ics"], ["validate", "--fix", "--no-backup", "a.ics"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: "), "\(arguments)")
        }
    }
}
