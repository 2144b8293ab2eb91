import Foundation
import Testing
@testable import ICSKit

/// The month's name said once, and the year's months in full rows.
@Suite("Page headings and the year's layout")
struct PageHeadingAndYearTests {
    typealias P = PageSupport

    func headings(_ html: String) throws -> [String] {
        try ParsedPage(html).nodes("//*[local-name()='h1' or local-name()='h2']").map { $0.stringValue ?? "" }
    }

    /// One month: the page's heading names it, its section does not repeat it.
    @Test func aMonthAloneIsNamedOnce() throws {
        var options = P.options
        options.showsAgenda = false
        let html = HTMLMonthRenderer.page(P.month(), calendar: P.calendar, options: options)
        #expect(try headings(html) == ["March 2024"])
        // The grid keeps its accessible name.
        #expect(try ParsedPage(html).nodes("//*[@role='table']").first?.value("aria-label") == "March 2024")
    }

    /// A page titled otherwise, and several months, keep each month's own heading.
    @Test func monthsUnderAnotherTitleKeepTheirNames() throws {
        var options = P.options
        options.showsAgenda = false
        options.title = "Team"
        #expect(try headings(HTMLMonthRenderer.page(P.month(), calendar: P.calendar, options: options)) == ["Team", "March 2024"])
        options.title = nil
        let april = MonthProjection(month: CalendarMonth(year: 2024, month: 4), occurrences: [], calendar: P.calendar,
                                    options: ProjectionOptions(now: Date(timeIntervalSince1970: 0)))
        #expect(try headings(HTMLMonthRenderer.page([P.month(), april], calendar: P.calendar, options: options))
                == ["March 2024 – April 2024", "March 2024", "April 2024"])
    }

    /// The columns of the year's grid at a window width, read from the style sheet's `.year`
    /// rules as a browser applies them: the base rule, then each `min-width` query that holds.
    static func yearColumns(atWidth width: Int) throws -> Int {
        let sheet = CalendarPageCSS.sheet
        try #require(sheet.contains(".year { display: grid; grid-template-columns: minmax(0, 1fr);"))
        var columns = 1
        let query = #/@media \(min-width: (\d+)px\) \{ \.year \{ grid-template-columns: repeat\((\d+), minmax\(0, 1fr\)\); \} \}/#
        for match in sheet.matches(of: query) where Int(match.1)! <= width {
            columns = Int(match.2)!
        }
        return columns
    }

    /// 4 × 3 at a desktop's 1280 px and 1100 px, 3 × 4 at a laptop's 1024, 2 × 6 on a tablet's
    /// 768 (portrait), one column on a phone's 390: always a divisor of twelve (no short row).
    @Test(arguments: [(1280, 4), (1100, 4), (1024, 3), (820, 3), (768, 2), (560, 2), (559, 1), (390, 1)])
    func theYearIsInFullRows(_ width: Int, _ expected: Int) throws {
        let columns = try Self.yearColumns(atWidth: width)
        #expect(columns == expected)
        #expect(12 % columns == 0)
    }

    /// Text in a cell or a bar wraps between words and cuts a word too wide with an ellipsis;
    /// nothing in the grid breaks inside a word (the browser check measures it at 390 px).
    @Test func cellsCutWordsInsteadOfBreakingThem() {
        let sheet = CalendarPageCSS.sheet
        let entries = sheet.components(separatedBy: "\n").first { $0.contains(".entries li {") } ?? ""
        #expect(entries.contains("overflow: hidden; text-overflow: ellipsis;"))
        let grid = sheet.components(separatedBy: "\n").filter { $0.contains(".day {") || $0.contains(".entries li {") || $0.contains(".bar {") }
        #expect(!grid.joined().contains("overflow-wrap: anywhere"))
    }
}
