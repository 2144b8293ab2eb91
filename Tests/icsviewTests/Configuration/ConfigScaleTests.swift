import Foundation
import Testing

/// A configuration file of tens of thousands of `[calendar]` sections, through `config check`:
/// each name was looked up by a walk over the calendars before it (to refuse a second
/// definition), and again for every input, so the time grew with the square of the sections
/// (10,000 took 4.8 s in a release build's month view, over half of it in those walks; in a
/// debug build's `config check`, 5,000 took 2.8 s and 20,000 took 50 s).
@Suite struct ConfigScaleTests {
    static func sections(_ count: Int) -> String {
        (0..<count).map { "[calendar c\($0)]\nurl = https://e.org/c\($0)\n" }.joined(separator: "\n")
            + "\n[calendar c7]\nurl = https://example.org/again.ics\n"
    }

    /// The best of two runs of `config check` on `count` sections (and one duplicate), in seconds.
    static func check(_ count: Int, in folder: URL) throws -> (seconds: Double, result: CLI.Result) {
        let path = folder.appendingPathComponent("config-\(count)").path
        try Data(sections(count).utf8).write(to: URL(fileURLWithPath: path))
        var best = Double.infinity
        var last: CLI.Result?
        for _ in 0..<2 {
            let start = Date()
            last = try CLI.run(["config", "check", "--config", path])
            best = min(best, Date().timeIntervalSince(start))
        }
        return (best, last!)
    }

    /// Four times the sections take about four times as long (a square would take sixteen): the
    /// bound of eight leaves room for a loaded machine. The duplicate is still found, with the
    /// line of the first definition (line 22 for c7: 3 lines a section, the blank one included;
    /// 20,000 sections are 0.9 MB, under the file's 1 MB cap).
    @Test func sectionsAreReadInLinearTime() throws {
        let folder = try ConfigFileTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.check(5_000, in: folder)
        let large = try Self.check(20_000, in: folder)
        for (count, run) in [(5_000, small), (20_000, large)] {
            #expect(run.result.status == 64)
            #expect(run.result.stderr.contains(":\(count * 3 + 1): error: calendar 'c7' is already defined on line 22"),
                    "\(run.result.stderr.suffix(300))")
        }
        #expect(large.seconds < 8 * small.seconds, "5,000 sections: \(small.seconds) s; 20,000: \(large.seconds) s")
    }
}
