import Foundation
import Testing

/// The month view takes its weekday names and first weekday from the POSIX locale variables
/// (which Foundation on Linux does not read itself), unless `--first-weekday` is given.
/// Expected headers: CLDR's short weekday names (German "Mo", US English "Sun" first, since
/// weeks start on Sunday in the US and on Monday in Germany).
@Suite struct LocaleTests {
    func header(_ environment: [String: String], _ extra: [String] = []) throws -> String {
        let result = try CLI.run(["Fixtures/import/holidays.ics", "--month", "2024-06", "--today", "2024-06-12",
                                  "--color", "never", "--tz", "UTC"] + extra,
                                 environment: ["LC_ALL": "", "LC_TIME": "", "COLUMNS": "80"].merging(environment) { $1 })
        #expect(result.status == 0)
        return String(result.stdout.split(separator: "\n")[2])
    }

    @Test func germanStartsOnMonday() throws {
        let line = try header(["LANG": "de_DE.UTF-8"])
        #expect(line.hasPrefix("│    Mo    │    Di    │"))
    }

    @Test func usEnglishStartsOnSunday() throws {
        let line = try header(["LANG": "en_US.UTF-8"])
        #expect(line.hasPrefix("│   Sun    │   Mon    │"))
    }

    @Test func lcAllWinsAndFirstWeekdayOverrides() throws {
        #expect(try header(["LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"]).hasPrefix("│    Mo    │"))
        #expect(try header(["LANG": "en_US.UTF-8"], ["--first-weekday", "wed"]).hasPrefix("│   Wed    │"))
    }
}
