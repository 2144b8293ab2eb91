import Foundation
import Testing

/// A configured calendar's name stands wherever a file or URL can, in every command; the
/// defaults of the file apply unless an option says otherwise (option > config > built-in).
/// Each configured run is compared with the same run naming the file itself, and the facts
/// (first weekday, times in a zone) are worked out by hand from `google-team.ics`: the stand-up
/// is at 09:30 Europe/Berlin (UTC+2 in June), so 03:30 in New York (UTC−4), 07:30 UTC.
@Suite struct ConfiguredCalendarTests {
    static let team = CLI.root.appendingPathComponent("Fixtures/import/google-team.ics").path
    static let holidays = CLI.root.appendingPathComponent("Fixtures/import/holidays.ics").path

    /// Runs `arguments` with a configuration file holding `text`.
    static func run(_ arguments: [String], config text: String) throws -> CLI.Result {
        let dir = try ConfigFileTests.folder(["config": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        return try CLI.run(arguments, environment: ["ICSVIEW_CONFIG": dir.appendingPathComponent("config").path])
    }

    /// A configuration file holding `text`, in a folder of its own that the caller removes (for `--config`).
    static func configPath(_ text: String) throws -> String {
        let dir = try ConfigFileTests.folder(["config": text])
        return dir.appendingPathComponent("config").path
    }

    static var twoCalendars: String {
        "[calendar team]\nfile = \(team)\nname = Platform\ncolor = #3366cc\n\n[calendars]\nhols = \(holidays)\n"
    }

    @Test func aConfiguredNameReadsItsFileInEveryCommand() throws {
        let config = Self.twoCalendars
        let month = ["--month", "2024-06", "--today", "2024-06-10", "--tz", "UTC"]
        let byName = try Self.run(["team"] + month, config: config)
        let byFile = try CLI.run([Self.team] + month)
        #expect(byName.status == 0)
        #expect(byName.stdout == byFile.stdout)
        #expect(byName.stdout.contains("Stand-up"))
        // After --month, a configured name is the input (it is not a month) ...
        let after = try Self.run(["--today", "2024-06-10", "--tz", "UTC", "--month", "team"], config: config)
        #expect(after.status == 0)
        #expect(after.stdout == byFile.stdout)
        // ... the agenda, JSON and the summary (with the configured display name) ...
        let agenda = ["--agenda", "--from", "2024-06-10", "--to", "2024-06-14", "--tz", "UTC"]
        #expect(try Self.run(["team"] + agenda, config: config).stdout == (try CLI.run([Self.team] + agenda)).stdout)
        let json = ["--agenda", "--format", "json", "--from", "2024-06-10", "--to", "2024-06-14", "--tz", "UTC"]
        let jsonByName = try Self.run(["team"] + json, config: config).stdout
        #expect(jsonByName.contains("\"calendar\":\"Platform\""))
        #expect(jsonByName.split(separator: "\n").count == (try CLI.run([Self.team] + json)).stdout.split(separator: "\n").count)
        let summary = try Self.run(["team", "--today", "2024-06-10"], config: config)
        #expect(summary.stdout.hasPrefix("Platform — \(Self.team)\n"))
        // ... validate, remind and diff.
        let validate = try Self.run(["validate", "team"], config: config)
        #expect(validate.status == 0)
        #expect(validate.stdout == (try CLI.run(["validate", Self.team])).stdout)
        let remind = ["--from", "2024-06-10", "--next", "7d", "--tz", "UTC"]
        let remindByName = try Self.run(["remind", "team"] + remind, config: config)
        #expect(remindByName.status == 0)
        #expect(remindByName.stdout == (try CLI.run(["remind", Self.team] + remind)).stdout)
        let diff = try Self.run(["diff", "team", "hols", "--tz", "UTC"], config: config)
        #expect(diff.status == 1)
        #expect(diff.stdout == (try CLI.run(["diff", Self.team, Self.holidays, "--tz", "UTC"])).stdout)
        // diff takes -q; --config may stand anywhere before '--'.
        let path = try Self.configPath(config)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let quietDiff = try CLI.run(["diff", "-q", "team", "--config", path, "hols", "--tz", "UTC"])
        #expect(quietDiff.status == 1)
        #expect(quietDiff.stdout == diff.stdout)
        // A word that is no configured name is still a file: a missing one is an error, exit 1.
        let missing = try Self.run(["nosuch", "--month", "2024-06"], config: config)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nosuch"))
    }

    @Test func withNoInputTheConfiguredCalendarsAreShown() throws {
        let config = Self.twoCalendars
        let month = ["--month", "2024-06", "--today", "2024-06-10", "--tz", "UTC", "--no-agenda"]
        let bare = try Self.run(month, config: config)
        #expect(bare.status == 0)
        #expect(bare.stdout == (try CLI.run([Self.team, Self.holidays] + month)).stdout)
        // The summary lists both, by their configured names: `name = …`, else the name the
        // calendar is configured under (hols), not the feed's own (its NAME "Public holidays in Germany").
        let summary = try Self.run(["--today", "2024-06-10"], config: config)
        #expect(summary.stdout.hasPrefix("Platform — \(Self.team)\n"))
        #expect(summary.stdout.contains("\nhols — \(Self.holidays)\n"))
        // validate with no input checks every configured calendar.
        let validate = try Self.run(["validate"], config: config)
        #expect(validate.stdout == (try CLI.run(["validate", Self.team, Self.holidays])).stdout)
    }

    @Test func aNameThatIsAlsoAMonthIsTheMonthAfterMonth() throws {
        // `nov` parses as a month: after --month it is November; the inputs are then the configured ones.
        let config = "[calendars]\nnov = \(Self.team)\n"
        let result = try Self.run(["--today", "2024-06-10", "--tz", "UTC", "--month", "nov", "--no-agenda"], config: config)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(String(repeating: " ", count: 32) + "November 2024\n"))
        let named = try Self.run(["nov", "--today", "2024-06-10", "--tz", "UTC", "--month", "2024-06", "--no-agenda"], config: config)
        #expect(named.stdout == (try CLI.run([Self.team, "--today", "2024-06-10", "--tz", "UTC", "--month", "2024-06", "--no-agenda"])).stdout)
    }

    @Test func optionsOverrideTheConfigurationWhichOverridesTheBuiltInDefaults() throws {
        let config = Self.twoCalendars.replacingOccurrences(of: "[calendars]\nhols = \(Self.holidays)\n", with: "")
            + "[defaults]\ntimezone = America/New_York\nfirst-weekday = wed\ntime-format = 12h\nview = agenda\ncolor = always\n"
        let range = ["team", "--from", "2024-06-10", "--to", "2024-06-10", "--today", "2024-06-10"]
        // Configured: the agenda, in New York, 12-hour, in colour (escape sequences despite NO_COLOR).
        let configured = try Self.run(range, config: config)
        #expect(configured.status == 0)
        #expect(configured.stdout.contains("3:30 AM"))
        #expect(configured.stdout.contains("\u{1B}["))
        // Options win: UTC, 24-hour, no colour.
        let explicit = try Self.run(range + ["--tz", "UTC", "--time-format", "24", "--color", "never"], config: config)
        #expect(explicit.stdout.contains("07:30"))
        #expect(!explicit.stdout.contains("AM"))
        #expect(!explicit.stdout.contains("\u{1B}["))
        #expect(explicit.stdout == (try CLI.run([Self.team, "--agenda", "--from", "2024-06-10", "--to", "2024-06-10", "--today", "2024-06-10",
                                                 "--tz", "UTC", "--time-format", "24"])).stdout)
        // The first weekday: Wednesday from the file, Sunday from --first-weekday; built in (from
        // the locale), what the run without a configuration draws.
        let grid = ["team", "--month", "2024-06", "--no-agenda", "--today", "2024-06-10", "--color", "never"]
        let header = { (result: CLI.Result) in result.stdout.split(separator: "\n")[2].split(whereSeparator: { "│ ".contains($0) }).first.map(String.init) }
        #expect(header(try Self.run(grid, config: config)) == "Wed")
        #expect(header(try Self.run(grid + ["--first-weekday", "sun"], config: config)) == "Sun")
        let builtIn = try Self.run(grid, config: "[calendars]\nteam = \(Self.team)\n")
        #expect(builtIn.stdout == (try CLI.run([Self.team] + grid.dropFirst())).stdout)
        #expect(header(builtIn) != "Wed")
        // A view option replaces the configured view; --summary brings back the summary.
        #expect(try Self.run(grid, config: config).stdout.hasPrefix(String(repeating: " ", count: 34) + "June 2024\n"))
        let summary = try Self.run(["team", "--summary", "--today", "2024-06-10"], config: config)
        #expect(summary.stdout.hasPrefix("Platform — \(Self.team)\n"))
        // remind takes the configured zone too: the 09:20 Berlin reminder (10 min before) is 03:20 in
        // New York, 07:20 UTC; remind has its own time format (24-hour).
        let remind = try Self.run(["remind", "team", "--from", "2024-06-10", "--next", "1d"], config: config)
        let remindUTC = try Self.run(["remind", "team", "--from", "2024-06-10", "--next", "1d", "--tz", "UTC"], config: config)
        #expect(remind.stdout == "Mon 10 Jun 03:20  Stand-up in 10 min · DISPLAY\n")
        #expect(remindUTC.stdout == "Mon 10 Jun 07:20  Stand-up in 10 min · DISPLAY\n")
    }
}
