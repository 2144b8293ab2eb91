import Foundation
import Testing

/// `icsview search`, `--grep` and `--calendar` through the built binary, on the hand-made
/// calendars of `Fixtures/search/` (their README says what each holds). Which events must match
/// was read off the fixtures by hand: "cafe" is in the summaries "Café with Zoë" (work) and
/// "Cafe run" (home) only; "strategy" only in the CATEGORIES of "Quarterly planning".
@Suite struct SearchCommandTests {
    static let work = "Fixtures/search/work.ics", home = "Fixtures/search/home.ics", range = "Fixtures/search/range.ics"
    static let june = ["--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC", "--today", "2024-06-12"]

    static func summaries(_ jsonLines: String) throws -> [String] {
        try jsonLines.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["summary"] as? String ?? "?"
        }
    }

    @Test func accentsAndCaseAreIgnored() throws {
        for needle in ["cafe", "CAFÉ", "Café"] {
            let result = try CLI.run(["search", needle, Self.work, Self.home] + Self.june)
            #expect(result.status == 0, "\(needle): \(result.stderr)")
            #expect(result.stdout.contains("Café with Zoë"), "\(needle)")
            #expect(result.stdout.contains("Cafe run"), "\(needle)")
            #expect(!result.stdout.contains("Dentist") && !result.stdout.contains("Gym"), "\(needle)")
        }
    }

    @Test func aCategoryMatches() throws {
        let result = try CLI.run(["search", "strategy", Self.work, Self.home, "--format", "json"] + Self.june)
        #expect(result.status == 0)
        #expect(try Self.summaries(result.stdout) == ["Quarterly planning"])
    }

    @Test func descriptionAndLocationMatch() throws {
        let link = try CLI.run(["search", "meet.example.org", Self.work, "--format", "json"] + Self.june)
        #expect(try Self.summaries(link.stdout) == ["Café with Zoë"])
        let place = try CLI.run(["search", "einstein", Self.work, "--format", "json"] + Self.june)
        #expect(try Self.summaries(place.stdout) == ["Café with Zoë"])
    }

    @Test func calendarChoosesAmongTwo() throws {
        // home.ics names no calendar: its file's base name, with or without .ics, in any case.
        for name in ["home", "HOME.ics"] {
            let result = try CLI.run(["search", "cafe", Self.work, Self.home, "--calendar", name, "--format", "json"] + Self.june)
            #expect(try Self.summaries(result.stdout) == ["Cafe run"], "\(name)")
        }
        let work = try CLI.run(["search", "cafe", Self.work, Self.home, "--calendar", "work", "--format", "json"] + Self.june)
        #expect(try Self.summaries(work.stdout) == ["Café with Zoë"])
        let both = try CLI.run(["search", "cafe", Self.work, Self.home, "--calendar", "Work", "--calendar", "home",
                                "--format", "json"] + Self.june)
        #expect(try Self.summaries(both.stdout) == ["Café with Zoë", "Cafe run"])
    }

    /// An override is matched by its own text, not its series': "cafe" finds only the moved
    /// 18 June instance (10:00Z), "weekly" only the other two (17 and 19 June, 09:00Z).
    @Test func anOverrideIsMatchedByItsOwnText() throws {
        let override = "Fixtures/search/override.ics"
        let cafe = try CLI.run(["search", "cafe", override, "--format", "json"] + Self.june)
        let moved = try cafe.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(moved.map { $0["start"] as? String } == ["2024-06-18T10:00:00Z"])
        #expect(moved.map { $0["recurrenceId"] as? String } == ["2024-06-18T09:00:00Z"])
        let weekly = try CLI.run(["search", "weekly", override, "--format", "json"] + Self.june)
        let others = try weekly.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(others.map { $0["start"] as? String } == ["2024-06-17T09:00:00Z", "2024-06-19T09:00:00Z"])
    }

    @Test func noMatchIsExitOne() throws {
        let result = try CLI.run(["search", "no such thing", Self.work, Self.home] + Self.june)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "No occurrence matches 'no such thing' from 2024-06-01 to 2024-06-30.\n")
        let json = try CLI.run(["search", "no such thing", Self.work, "--format", "json"] + Self.june)
        #expect(json.status == 1)
        #expect(json.stdout.isEmpty)
    }

    /// The default range is a year either side of today, inclusive: with today 12 June 2024,
    /// 12 June 2023 to 12 June 2025; the events on 11 June 2023 and 13 June 2025 are outside it.
    @Test func defaultRangeIsAYearEitherSide() throws {
        let result = try CLI.run(["search", "cafe", Self.range, "--today", "2024-06-12", "--tz", "UTC", "--format", "json"])
        #expect(result.status == 0)
        #expect(try Self.summaries(result.stdout) == ["Cafe first", "Cafe last"])
    }

    @Test func troubleAndUsage() throws {
        let missing = try CLI.run(["search", "cafe", "Fixtures/search/missing.ics"] + Self.june)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.ics"))
        let noText = try CLI.run(["search"])
        #expect(noText.status == 64)
        #expect(noText.stderr.hasPrefix("Error: missing expected argument '<text>'\n"))
        let noFile = try CLI.run(["search", "cafe"])
        #expect(noFile.status == 64)
        #expect(noFile.stderr.hasPrefix("Error: missing expected argument '<file>'\n"))
        let html = try CLI.run(["search", "cafe", Self.work, "--format", "html"])
        #expect(html.status == 64)
        // One name of two names nothing: a warning, and the other calendar is searched.
        let unknown = try CLI.run(["search", "cafe", Self.work, Self.home, "--calendar", "home", "--calendar", "school"] + Self.june)
        #expect(unknown.status == 0)
        #expect(unknown.stderr.hasPrefix("warning: --calendar 'school' names no calendar"))
        #expect(unknown.stdout.contains("Cafe run") && !unknown.stdout.contains("Zoë"))
        let none = try CLI.run(["search", "cafe", Self.work, "--calendar", "school"] + Self.june)
        #expect(none.status == 2)
        let help = try CLI.run(["search", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("0 an occurrence matched, 1 none matched"))
    }

    // MARK: --grep and --calendar in the views

    @Test func grepInTheMonthAndTheAgenda() throws {
        let month = try CLI.run([Self.work, Self.home, "--month", "2024-06", "--grep", "cafe"] + Self.june.suffix(4))
        #expect(month.status == 0)
        #expect(month.stdout.contains("Café with Zoë") && month.stdout.contains("Cafe run"))
        #expect(!month.stdout.contains("Dentist") && !month.stdout.contains("Gym"))
        let agenda = try CLI.run([Self.work, Self.home, "--agenda", "--grep", "strategy", "--format", "json"] + Self.june)
        #expect(try Self.summaries(agenda.stdout) == ["Quarterly planning"])
        let text = try CLI.run([Self.work, "--agenda", "--grep", "nothing like it"] + Self.june)
        #expect(text.stdout.hasPrefix("No events"))
    }

    @Test func filtersInTheJSONViews() throws {
        let month = try CLI.run([Self.work, Self.home, "--month", "2024-06", "--calendar", "home", "--format", "json"] + Self.june.suffix(4))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(month.stdout.utf8)) as? [String: Any])
        let occurrences = try #require(object["occurrences"] as? [[String: Any]])
        #expect(occurrences.map { $0["summary"] as? String } == ["Cafe run", "Gym"])
        let week = try CLI.run([Self.work, Self.home, "--week", "2024-06-12", "--grep", "cafe", "--format", "json"] + Self.june.suffix(4))
        let weekObject = try #require(try JSONSerialization.jsonObject(with: Data(week.stdout.utf8)) as? [String: Any])
        let weekOccurrences = try #require(weekObject["occurrences"] as? [[String: Any]])
        #expect(weekOccurrences.map { $0["summary"] as? String } == ["Café with Zoë", "Cafe run"])
    }

    @Test func grepInTheOtherViews() throws {
        let year = try CLI.run([Self.work, "--year", "2024", "--grep", "planning", "--format", "json"] + Self.june.suffix(4))
        let months = try #require(try JSONSerialization.jsonObject(with: Data(year.stdout.utf8)) as? [[String: Any]])
        #expect(months.flatMap { ($0["occurrences"] as? [[String: Any]] ?? []).map { $0["summary"] as? String } } == ["Quarterly planning"])
        let summary = try CLI.run([Self.work, Self.home, "--calendar", "work", "--format", "json"])
        let calendars = try #require((try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])?["calendars"] as? [[String: Any]])
        #expect(calendars.map { $0["name"] as? String } == ["Work"])
        // The café meeting has an alarm 15 minutes before 07:00Z; no other event has one.
        let remind = try CLI.run(["remind", Self.work, Self.home, "--grep", "zoe", "--from", "2024-06-01", "--to", "2024-06-30",
                                  "--tz", "UTC", "--format", "json"])
        #expect(try Self.summaries(remind.stdout) == ["Café with Zoë"])
        let none = try CLI.run(["remind", Self.work, "--grep", "dentist", "--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC"])
        #expect(none.stdout.hasPrefix("No reminders"))
    }

    @Test func aCalendarNameThatNamesNothing() throws {
        let result = try CLI.run([Self.work, Self.home, "--agenda", "--calendar", "school"] + Self.june)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: --calendar 'school' names no calendar (the calendars read: 'Work', 'home.ics')\n")
    }
}
