import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ICSKit

@Suite("SVG calendar pictures")
struct SVGCalendarRendererTests {
    typealias P = PageSupport

    @Test func monthIsWellFormedOfTheGivenSizeAndEscaped() throws {
        let svg = SVGCalendarRenderer.month(P.month(), calendar: P.calendar, options: P.options, width: 800, height: 600)
        let document = try XMLDocument(xmlString: svg, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(root.value("width") == "800")
        #expect(root.value("height") == "600")
        #expect(svg.contains("&lt;script&gt;"))
        #expect(try document.nodes(forXPath: "//*[local-name()='script']").isEmpty)
        // 42 cells, each with its day; two bars for the book fair (cut at the Saturday).
        #expect(try document.nodes(forXPath: "//*[@data-day]").count == 42)
        let bars = try document.nodes(forXPath: "//*[@class='bar']").compactMap { $0 as? XMLElement }
        #expect(bars.map { $0.value("data-first") } == ["2024-03-07", "2024-03-10"])
        #expect(root.value("font-family")?.hasSuffix("sans-serif") == true)
    }

    /// The bar of 7–9 March starts at Thursday's cell and ends at Saturday's: both measured
    /// from the cells' own rectangles in the picture (3 px inset at a closed end, none at an open one).
    @Test func barsLineUpWithTheirCells() throws {
        let svg = SVGCalendarRenderer.month(P.month(), calendar: P.calendar, options: P.options, width: 800, height: 600)
        let document = try XMLDocument(xmlString: svg, options: [])
        func rect(_ xpath: String) throws -> (x: Double, width: Double) {
            let element = try #require(try document.nodes(forXPath: xpath).first as? XMLElement)
            return (Double(element.value("x") ?? "") ?? -1,
                    Double(element.value("width") ?? "") ?? -1)
        }
        let thursday = try rect("//*[@data-day='2024-03-07']"), saturday = try rect("//*[@data-day='2024-03-09']")
        let bar = try rect("//*[@class='bar'][@data-first='2024-03-07']")
        #expect(abs(bar.x - (thursday.x + 3)) < 0.2)
        #expect(abs((bar.x + bar.width) - (saturday.x + saturday.width)) < 0.2)
    }

    @Test func weekIsWellFormed() throws {
        let week = WeekProjection(containing: ProjectionSupport.day(2024, 3, 8), occurrences: P.occurrences, calendar: P.calendar,
                                  options: ProjectionOptions(now: Date(timeIntervalSince1970: 0)))
        let svg = SVGCalendarRenderer.week(week, calendar: P.calendar, options: P.options, width: 700, height: 300)
        let document = try XMLDocument(xmlString: svg, options: [])
        #expect(try document.nodes(forXPath: "//*[@data-day]").count == 7)
        let html = HTMLWeekRenderer.page(week, calendar: P.calendar, options: P.options)
        let page = try ParsedPage(html)
        #expect(try page.nodes("//*[@role='cell']").map { $0.value("data-day") ?? "" }.first == "2024-03-03")
        #expect(try page.bars().first?.value("style")?.hasPrefix("grid-column: 6 / span 3;") == true)
    }
}
