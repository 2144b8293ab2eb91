import Foundation
import Testing

/// `refresh-interval` at the ends of what `Double` reads. `1e300`, `inf` and `nan` are numbers to
/// `Double(_:)`, and turning one into an `Int` trapped: every command stopped with signal 4, since
/// each reads the configuration first. A number of seconds now reaches no further than the `w`
/// form does (100,000 weeks = 60,480,000,000 s, worked out by hand), and anything else is the
/// error any bad value gets (exit 64, the file and line named).
@Suite struct ConfigRefreshIntervalTests {
    private func check(_ value: String) throws -> (CLI.Result, String) {
        let dir = try ConfigFileTests.folder(["config": "[defaults]\nrefresh-interval = \(value)\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config").path
        return (try CLI.run(["--config", path, "config", "check"]), path)
    }

    @Test(arguments: ["1e300", "-1e300", "nan", "inf", "-inf", "9.3e18", "60480000001", "1e11", "-5", "0"])
    func aNumberBeyondTheLongestIntervalIsAnError(_ value: String) throws {
        let (result, path) = try check(value)
        #expect(result.status == 64)
        #expect(result.stderr == "\(path):2: error: '\(value)' is not a refresh interval (seconds, or 90s, 15m, 2h, 1d)\n")
    }

    @Test(arguments: ["60480000000", "6.048e10", "900", "1.5e3", "100000w", "15m"])
    func aNumberUpToTheLongestIntervalIsRead(_ value: String) throws {
        let (result, _) = try check(value)
        #expect(result.status == 0)
        #expect(result.stdout.contains("  refresh-interval = \(value) (line 2)\n"))
    }
}
