import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ICSKit

/// Titles cut with `…` in the SVG pictures, and their legend. Widths are worked out by hand from
/// ``SVGTextFit``'s table (in ems: capitals 0.78, most lower case 0.64, `r` 0.42, `t` 0.40,
/// `l` 0.28, a space 0.32, `…` 0.80, ideographs and kana 1); the browser check measures the
/// real glyphs.
@Suite("SVG titles and legend")
struct SVGTextFitTests {
    typealias P = PageSupport

    @Test(arguments: [
        // "Quarterly" is 4.86 em, with the space 5.18; "p" would reach 5.82 + 0.80 for the
        // ellipsis > 6: the cut falls after the word, and the trailing space goes.
        ("Quarterly planning", 60.0, "Quarterly…"),
        // 4.38 em: fits in 6 whole.
        ("Standup", 60.0, "Standup"),
        // 4.5 em: three ideographs and kana (3 + 0.8 = 3.8) then "…"; a fourth would need 4.8.
        ("東京オフィス", 45.0, "東京オ…"),
        // Not even the ellipsis fits in 0.5 em.
        ("Standup", 5.0, ""),
    ])
    func cut(_ text: String, _ width: Double, _ expected: String) {
        #expect(SVGTextFit.cut(text, width: width, fontSize: 10) == expected)
    }

    /// A title of a million characters is cut after reading what fits.
    @Test func aHugeTitleIsCutQuickly() {
        let huge = String(repeating: "a", count: 1_000_000)
        let clock = ContinuousClock()
        var cut = ""
        let elapsed = clock.measure { cut = SVGTextFit.cut(huge, width: 100, fontSize: 10) }
        // 10 em: 14 a's (8.96 em) and the ellipsis (9.76 em).
        #expect(cut == String(repeating: "a", count: 14) + "…")
        #expect(elapsed < .seconds(1))
    }

    /// In an 800 px picture a cell is (800 − 2 × 8 − 28) / 7 = 108 px wide; a timed entry's
    /// title starts 10 px in, after "09:00 " (3.40 em = 34 px), and ends 3 px before the cell's
    /// edge: 61 px = 6.1 em. "Retrospe" is 4.80 em, with the ellipsis 5.60; "c" would reach 6.24.
    @Test func entriesAndTheTitleAreCutWithAnEllipsis() throws {
        let occurrence = Occurrence(incidence: ProjectionSupport.event("retro", summary: "Retrospective meeting"),
                                    start: ProjectionSupport.instant(ProjectionSupport.utc(2024, 3, 20, 9)),
                                    end: ProjectionSupport.instant(ProjectionSupport.utc(2024, 3, 20, 10)))
        var options = P.options
        options.title = "The team's calendar, published every hour from the shared feed of everyone in the department"
        let svg = SVGCalendarRenderer.month(P.month([occurrence]), calendar: P.calendar, options: options, width: 800, height: 600)
        let document = try XMLDocument(xmlString: svg, options: [])
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" }
        #expect(texts.contains("09:00 Retrospe…"))
        // The title (50.4 em) at 18 px in 784 px (43.6 em): cut with "…", the whole one stays in <title>.
        let title = try #require(texts.first)
        #expect(title.hasSuffix("…") && title.count < options.title!.count)
        #expect(try document.nodes(forXPath: "/*/*[local-name()='title']").first?.stringValue == options.title)
    }

    /// The legend: a dot in each calendar's colour and its name, left to right along the bottom
    /// band (y = 600 − 8 − 10 = 582 for the dots); names too long for the width share it, cut.
    @Test func theLegendNamesEachCalendarInItsColour() throws {
        var options = P.options
        options.calendars = [CalendarStyle(name: "Family", color: RGBColor(css: "#1e90ff")),
                             CalendarStyle(name: "Team", color: RGBColor(css: "#ff8c00"))]
        options.calendarNames = ["Family", "Team"]
        let svg = SVGCalendarRenderer.month(P.month(), calendar: P.calendar, options: options, width: 800, height: 600)
        let document = try XMLDocument(xmlString: svg, options: [])
        let legend = try #require(try document.nodes(forXPath: "//*[@class='legend']").first as? XMLElement)
        let dots = try legend.nodes(forXPath: "*[local-name()='circle']").compactMap { $0 as? XMLElement }
        #expect(dots.map { $0.value("fill") } == ["#1E90FF", "#FF8C00"])
        #expect(dots.map { $0.value("cy") } == ["582", "582"])
        // "Family" is 0.78 + 0.64 + 0.98 + 0.28 + 0.28 + 0.64 = 3.60 em = 39.6 px at 11 px: the
        // second dot is at 8 + 4 + 12 + 39.6 + 14 = 77.6.
        #expect(dots.map { $0.value("cx") } == ["12", "77.6"])
        #expect(try legend.nodes(forXPath: "*[local-name()='text']").map { $0.stringValue ?? "" } == ["Family", "Team"])
        // At 200 px (the smallest picture) two long names share 184 − 2 × 26 + 14 = 146 px: 73 each
        // (6.64 em at 11 px): "Grandpare" is 5.46 em (6.26 with "…"), "Engineerin" 5.60 (6.40).
        options.calendarNames = ["Grandparents and cousins", "Engineering department"]
        let small = SVGCalendarRenderer.month(P.month(), calendar: P.calendar, options: options, width: 200, height: 200)
        let names = try XMLDocument(xmlString: small, options: []).nodes(forXPath: "//*[@class='legend']/*[local-name()='text']")
        #expect(names.map { $0.stringValue ?? "" } == ["Grandpare…", "Engineerin…"])
        // No legend without names.
        #expect(!SVGCalendarRenderer.month(P.month(), calendar: P.calendar, options: P.options).contains("class=\"legend\""))
    }
}
