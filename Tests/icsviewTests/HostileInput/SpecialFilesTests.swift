import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files that are not files, found where icsview looks for calendars. Opening a FIFO that no
/// process writes waits for a writer for ever: `validate DIR` over a tree that held one
/// `*.ics` FIFO never ended (checked by hand before the change: killed by `timeout` after 20 s).
@Suite struct SpecialFilesTests {
    /// `validate DIR` names a FIFO, and a `*.ics` link to one, as unreadable (exit 2) and reads
    /// the rest. The expected lines are written by hand from the layout made here and the
    /// summary's format (as `ValidateCommandTests.directorySymlinksThatDangleOrLoopAreUnreadable`).
    @Test func validateOfADirectoryDoesNotOpenAFIFO() throws {
        let files = FileManager.default
        let dir = NSTemporaryDirectory() + "icsview-special-\(UUID().uuidString)"
        try files.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: dir) }
        let valid = CLI.root.appendingPathComponent("Fixtures/validation/valid/simple-event.ics").path
        try files.copyItem(atPath: valid, toPath: dir + "/good.ics")
        #expect(mkfifo(dir + "/pipe.ics", 0o600) == 0)
        try files.createSymbolicLink(atPath: dir + "/to-pipe.ics", withDestinationPath: "pipe.ics")

        // `timeout` turns a hang into exit 124 instead of a test that never ends.
        let result = try CLI.shell("timeout 20 \"$ICSVIEW\" validate '\(dir)'")
        #expect(result.status == 2)
        #expect(result.stdout == "0 errors, 0 warnings in 1 file; 2 files could not be read\n")
        #expect(result.stderr == """
            Error: \(dir)/pipe.ics: not read: it is a FIFO (named pipe), not a file
            Error: \(dir)/to-pipe.ics: not read: it is a FIFO (named pipe), not a file

            """)
    }
}
