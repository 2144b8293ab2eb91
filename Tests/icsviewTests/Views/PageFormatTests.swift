import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `--format html` and `--format svg` through the built binary, on Fixtures/pages.
@Suite("Page formats")
struct PageFormatTests {
    static let feeds = ["Fixtures/pages/busy.ics", "Fixtures/pages/team.ics"]
    static let environment = ["TZ": "Europe/Berlin", "LANG": "en_GB.UTF-8"]

    @Test(arguments: [["--month", "2024-03"], ["--months", "2", "--month", "2024-03"], ["-3", "--month", "2024-03"],
                      ["--year", "2024"], ["--week", "2024-03-06"]])
    func htmlPagesParse(_ view: [String]) throws {
        let result = try CLI.run(view + ["--today", "2024-03-13", "--format", "html"] + Self.feeds, environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try XMLDocument(xmlString: result.stdout, options: [])
        #expect(document.rootElement()?.name == "html")
        #expect(try document.nodes(forXPath: "//*[local-name()='script']").isEmpty)
        // The legend names both calendars.
        let legend = try document.nodes(forXPath: "//*[@class='legend']/*").map { $0.stringValue ?? "" }
        #expect(legend == ["Family & Friends", "Team"])
    }

    /// 1 March 2024 is a Friday; en_GB starts weeks on Monday, so the grid starts on 26 February.
    @Test func monthPageDrawsTheFixture() throws {
        let result = try CLI.run(["--month", "2024-03", "--today", "2024-03-13", "--format", "html", "--no-agenda"] + Self.feeds,
                                 environment: Self.environment)
        let document = try XMLDocument(xmlString: result.stdout, options: [])
        let days = try document.nodes(forXPath: "//*[@role='cell']/@data-day").map { $0.stringValue ?? "" }
        #expect(days.first == "2024-02-26" && days.last == "2024-03-31")
        #expect(try document.nodes(forXPath: "//*[contains(@class, 'agenda')]").isEmpty)
        #expect(result.stdout.contains("&lt;script&gt;alert("))
        // The Easter holidays (25 March – 5 April) are one bar over the whole last row, open at its end.
        let easter = try document.nodes(forXPath: "//*[@data-first='2024-03-25']/@style").first?.stringValue ?? ""
        #expect(easter.hasPrefix("grid-column: 2 / span 7;"))
    }

    /// The year's and the week's pages have an agenda below (the text views have none there):
    /// `--no-agenda` drops it, and is not said to have no effect.
    @Test(arguments: [["--year", "2024"], ["--week", "2024-03-13"]])
    func noAgendaActsOnTheYearAndWeekPages(_ view: [String]) throws {
        let arguments = view + ["--today", "2024-03-13", "--format", "html"] + Self.feeds
        let with = try CLI.run(arguments, environment: Self.environment)
        #expect(with.stdout.contains("<section class=\"agenda\""))
        let without = try CLI.run(arguments + ["--no-agenda"], environment: Self.environment)
        #expect(without.status == 0 && without.stderr.isEmpty, "\(without.stderr)")
        #expect(!without.stdout.contains("<section class=\"agenda\""))
        // In the terminal the year has no agenda: there the option still says so.
        let text = try CLI.run(["--year", "2024", "--no-agenda"] + Self.feeds, environment: Self.environment)
        #expect(text.stderr.hasPrefix("warning: --no-agenda has no effect with --year"), "\(text.stderr)")
    }

    /// A year of 30 hourly series is 262,800 occurrences (720 a day), more than a view collects
    /// at once (250,000, `OccurrenceExpansion.occurrenceLimit`): the year's page drew nothing from
    /// 14 December on (250,000 / 720 days from 1 January) and warned. Its grids are now sampled as
    /// the terminal's are (a day lists its first 100; the label names them): every day has events.
    @Test func aYearPageOfMoreOccurrencesThanACollectHoldsDrawsEveryDay() throws {
        var body = ""
        for i in 0..<30 {
            body += "BEGIN:VEVENT\r\nUID:h\(i)\r\nDTSTAMP:20250101T000000Z\r\nDTSTART:20250101T000000Z\r\n"
                + "DURATION:PT30M\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Hourly \(i)\r\nEND:VEVENT\r\n"
        }
        let input = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n\(body)END:VCALENDAR\r\n".utf8)
        let result = try CLI.run(["-", "--year", "2025", "--today", "2025-06-15", "--tz", "UTC", "--format", "html", "--no-agenda"],
                                 input: input, environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("collected"), "\(result.stderr)")
        let document = try XMLDocument(xmlString: result.stdout, options: [])
        for day in ["2025-01-01", "2025-12-13", "2025-12-14", "2025-12-31"] {
            let labels = try document.nodes(forXPath: "//*[@role='cell'][@data-day='\(day)']/@aria-label").map { $0.stringValue ?? "" }
            #expect(!labels.isEmpty && labels.allSatisfy { $0.contains("Hourly 0") }, "\(day): \(labels.first ?? "")")
        }
    }

    @Test func svgHasTheGivenSize() throws {
        let result = try CLI.run(["--month", "2024-03", "--format", "svg", "--width", "640", "--height", "480"] + Self.feeds,
                                 environment: Self.environment)
        #expect(result.status == 0)
        let document = try XMLDocument(xmlString: result.stdout, options: [])
        #expect(try document.nodes(forXPath: "/*/@width").first?.stringValue == "640")
        #expect(try document.nodes(forXPath: "/*/@height").first?.stringValue == "480")
    }

    @Test(arguments: [
        (["-3", "--format", "svg"], "Error: --format svg is for a single --month or --week"),
        (["--agenda", "--format", "html"], "Error: --format html is for --month, --months, -3, --year and --week"),
        (["--month", "--width", "300"], "Error: --width and --height are for --format svg"),
        (["--month", "--format", "svg", "--width", "20"], "Error: '20' given to --width is not a size in pixels from 100 to 10000"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments + Self.feeds)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }
}
