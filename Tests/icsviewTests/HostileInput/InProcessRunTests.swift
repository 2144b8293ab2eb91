import Foundation
import Testing

/// icsview's commands run in-process, as the fuzz target `icsview-fuzz` runs them
/// (`Fuzz/ICSViewFuzz/CommandRuns.swift`: every view in every format, remind, search, diff,
/// validate and `--fix`, export, the input as the configuration file and as date arguments,
/// over 40 command lines an input). The plain build of that target replays files through the
/// same runs; it prints its count last, so a command that exits the process instead of
/// returning its status (or traps) cannot pass.
@Suite struct InProcessRunTests {
    /// The fuzz corpus's regression inputs (the audit's crashers and the seeds; about 16 s in a
    /// debug build, most of it the minutely series of `crash-remind-long-instances-far-trigger`).
    /// The blow-up reproducers of `Fixtures/bounds/` take 1–10 s each through forty command lines
    /// in debug: `BoundedWorkTests` runs them command by command instead. Not under AddressSanitizer
    /// (scripts/asan.sh): there it took 70 s, and CI's fuzzing step (scripts/fuzz.sh) runs the same
    /// inputs through the same commands in its ASan build, as its first seeds.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ICSKIT_SANITIZER"] == nil))
    func theCrashFilesRunThroughEveryCommandInOneProcess() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Fuzz/corpus").path)
            .filter { $0.hasSuffix(".ics") }.sorted().map { "Fuzz/corpus/\($0)" }
        #expect(files.count >= 9)
        let result = try CLI.shell("\"$(dirname \"$ICSVIEW\")/icsview-fuzz\" \(files.joined(separator: " ")) >/dev/null")
        #expect(result.status == 0)
        let last = result.stderr.split(separator: "\n").last.map(String.init)
        #expect(last == "icsview-fuzz: \(files.count) inputs run", "\(result.stderr.suffix(2000))")
    }
}
