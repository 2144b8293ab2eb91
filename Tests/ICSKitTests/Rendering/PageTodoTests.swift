import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ICSKit

/// To-dos on the pages: drawn with their box (`☐` open, `✓` done, RFC 5545's STATUS:COMPLETED,
/// COMPLETED or PERCENT-COMPLETE:100), never with a time range. The days and columns are worked
/// out by hand from March 2024 (1 March is a Friday; Sunday-first grid from 25 February, UTC).
@Suite("To-dos on the pages")
struct PageTodoTests {
    typealias P = PageSupport
    typealias S = ProjectionSupport

    /// A to-do from `start` to `end` (UTC instants, seconds); `done` marks it completed.
    static func todo(_ uid: String, _ summary: String, _ start: Int, _ end: Int, done: Bool = false,
                     percent: Int? = nil) -> Occurrence {
        var incidence = S.event(uid, summary: summary)
        incidence.kind = .todo
        if done { incidence.status = .completed }
        incidence.percentComplete = percent
        return Occurrence(incidence: incidence, start: S.instant(start), end: S.instant(end))
    }

    /// Due 14 March 17:00 (open), due 12 March 12:00 (done by status), due 21 March 09:00 (done by
    /// PERCENT-COMPLETE:100), and one from 18 March to 20 March 12:00: a bar over three days.
    static let todos: [Occurrence] = [
        todo("slides", "Send the slides", S.utc(2024, 3, 14, 17), S.utc(2024, 3, 14, 17)),
        todo("venue", "Book the venue", S.utc(2024, 3, 12, 12), S.utc(2024, 3, 12, 12), done: true),
        todo("report", "Report", S.utc(2024, 3, 21, 9), S.utc(2024, 3, 21, 9), percent: 100),
        todo("budget", "Budget", S.utc(2024, 3, 18, 8), S.utc(2024, 3, 20, 12)),
    ]

    let html = HTMLMonthRenderer.page(P.month(P.occurrences + todos), calendar: P.calendar, options: P.options)

    @Test func aTodoInItsCellHasItsBoxAndNoTime() throws {
        let page = try ParsedPage(html)
        let open = try #require(try page.nodes("//*[@data-day='2024-03-14']//*[local-name()='li']").first)
        #expect(open.classes == ["entry", "todo"])
        #expect(open.stringValue == "☐Send the slides")
        #expect(try open.nodes(forXPath: ".//*[@class='time']").isEmpty)
        let done = try #require(try page.nodes("//*[@data-day='2024-03-12']//*[local-name()='li']").first)
        #expect(done.classes == ["entry", "todo", "done"])
        #expect(done.stringValue == "✓Book the venue")
        #expect(try page.nodes("//*[@data-day='2024-03-21']//*[local-name()='li']").first?.stringValue == "✓Report")
        // What a screen reader hears: the box where an event has its time.
        #expect(try page.cell("2024-03-14")?.value("aria-label") == "Thursday, March 14, 2024: ☐ Send the slides")
        // An event keeps its time: 20 March's meeting at 09:00.
        #expect(try page.nodes("//*[@data-day='2024-03-20']//*[local-name()='li']").first?.stringValue?.hasPrefix("09:00") == true)
    }

    /// The budget to-do covers 18–20 March, Monday to Wednesday of the row of 17–23 March
    /// (grid lines 3 / span 3): a bar with the box, without its 08:00 start.
    @Test func aTodoOverSeveralDaysIsABarWithItsBox() throws {
        let bar = try #require(try ParsedPage(html).bars().first { $0.value("data-first") == "2024-03-18" })
        #expect(bar.value("data-last") == "2024-03-20")
        #expect(bar.value("style")?.hasPrefix("grid-column: 3 / span 3;") == true)
        #expect(bar.classes.contains("todo") && !bar.classes.contains("done"))
        #expect(bar.stringValue == "☐Budget")
    }

    @Test func theAgendaListsATodoWithItsBoxAndNoTime() throws {
        let items = try ParsedPage(html).nodes("//*[contains(@class, 'agenda')]//*[contains(@class, 'todo')]")
        #expect(items.map { $0.stringValue ?? "" } == ["✓Book the venue", "☐Send the slides", "☐Budget", "✓Report"])
        #expect(items.map(\.classes) == [["todo", "done"], ["todo"], ["todo"], ["todo", "done"]])
    }

    /// The SVG picture: the box in the to-do's colour, the title after it, no time.
    @Test func theSVGPictureDrawsTheBox() throws {
        let svg = SVGCalendarRenderer.month(P.month(P.occurrences + Self.todos), calendar: P.calendar, options: P.options,
                                            width: 900, height: 640)
        let document = try XMLDocument(xmlString: svg, options: [])
        let texts = try document.nodes(forXPath: "//*[@class='todo']").map { $0.stringValue ?? "" }
        #expect(texts == ["✓ Book the venue", "☐ Send the slides", "✓ Report"])
        #expect(!svg.contains("17:00"))
        #expect(try document.nodes(forXPath: "//*[@class='todo']/*[local-name()='tspan'][2][@text-decoration='line-through']").count == 2)
    }

    /// ICSKit's rule is the one the terminal's views use: events and journals are never done.
    @Test func completedTodoFollowsRFC5545() {
        var incidence = Incidence(kind: .todo)
        #expect(!incidence.isCompletedTodo)
        incidence.percentComplete = 99
        #expect(!incidence.isCompletedTodo)
        incidence.percentComplete = 100
        #expect(incidence.isCompletedTodo)
        incidence = Incidence(kind: .todo)
        incidence.completed = .utc(CivilDateTime(year: 2024, month: 3, day: 1, hour: 9, minute: 0, second: 0))
        #expect(incidence.isCompletedTodo)
        var event = Incidence(kind: .event)
        event.status = .completed
        #expect(!event.isCompletedTodo)
    }
}
