import Foundation
import Testing
@testable import ICSKit

/// The month page read back with an XML parser. Expected days, columns and lanes are worked
/// out by hand from the 2024 calendar: 1 March 2024 is a Friday, so a Sunday-first grid starts
/// on 25 February and has six rows (25 Feb–2 Mar, 3–9, 10–16, 17–23, 24–30, 31 Mar–6 Apr).
@Suite("HTML month page")
struct HTMLMonthRendererTests {
    typealias P = PageSupport

    let html = HTMLMonthRenderer.page(P.month(), calendar: P.calendar, options: P.options)

    @Test func gridStartsOnTheFirstWeekdayWithWeekNumbersAndHeaders() throws {
        let page = try ParsedPage(html)
        let cells = try page.nodes("//*[@role='cell']")
        #expect(cells.count == 42)
        #expect(cells.first?.value("data-day") == "2024-02-25")
        #expect(cells.last?.value("data-day") == "2024-04-06")
        let headers = try page.nodes("//*[@role='columnheader']").map { $0.stringValue ?? "" }
        #expect(headers == ["Wk", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        // en_US week numbers (weekOfYear, Sunday first, 1 day in week 1): 25 Feb 2024 is in week 9.
        let weeks = try page.nodes("//*[@role='rowheader']").map { $0.stringValue ?? "" }
        #expect(weeks == ["9", "10", "11", "12", "13", "14"])
        #expect(try page.cell("2024-02-29")?.classes.contains("out") == true)
        #expect(try page.cell("2024-03-01")?.classes.contains("out") == false)
        #expect(try page.cell("2024-03-13")?.classes.contains("today") == true)
        #expect(try page.cell("2024-03-13")?.value("aria-current") == "date")
        #expect(try page.cell("2024-03-20")?.classes.contains("selected") == true)
    }

    /// Every occurrence of the month is in its day's cell: named in the cell's label, and listed
    /// in it unless a bar shows it.
    @Test func everyOccurrenceIsInItsDaysCell() throws {
        let page = try ParsedPage(html)
        let month = P.month()
        for item in month.rows.joined() {
            let cell = try #require(try page.cell(item.day.description))
            let label = cell.value("aria-label") ?? ""
            for occurrence in item.occurrences {
                #expect(label.contains(occurrence.incidence.summary ?? "?"), "\(item.day): \(label)")
            }
        }
        #expect(try page.cell("2024-03-13")?.stringValue?.contains("Moving day") == true)
        #expect(try page.cell("2024-03-20")?.stringValue?.contains("09:00") == true)
        let label = try page.cell("2024-03-08")?.value("aria-label")
        #expect(label == "Friday, March 8, 2024: all day Book fair")
        // The all-day one-day entry and the timed one are told apart.
        let entries = try page.nodes("//*[@data-day='2024-03-09']//*[local-name()='li']")
        #expect(entries.map(\.classes).contains { $0.contains("allday") })
        #expect(try page.nodes("//*[@data-day='2024-03-20']//*[local-name()='li']").first?.classes.contains("timed") == true)
    }

    /// Five meetings on 5 March, three entries a cell: two listed and "+3 more".
    @Test func moreEntriesThanFitShowPlusNMore() throws {
        let page = try ParsedPage(html)
        let items = try page.nodes("//*[@data-day='2024-03-05']//*[local-name()='li']").map { $0.stringValue ?? "" }
        #expect(items == ["08:00Meeting 1", "09:00Meeting 2", "+3 more"])
    }

    /// The book fair covers 7–11 March: Thursday to Saturday of row 1 (columns 4–6, grid lines
    /// 6 / span 3 after the week-number column), then Sunday and Monday of row 2 (2 / span 2).
    @Test func everyBarSpansExactlyTheColumnsOfItsSegment() throws {
        let page = try ParsedPage(html)
        let bars = try page.bars()
        #expect(bars.count == 2)
        let styles = bars.map { ($0.value("data-first") ?? "", $0.value("data-last") ?? "", $0.value("style") ?? "") }
        #expect(styles[0].0 == "2024-03-07" && styles[0].1 == "2024-03-09")
        #expect(styles[0].2.hasPrefix("grid-column: 6 / span 3; grid-row: 2;"))
        #expect(styles[1].0 == "2024-03-10" && styles[1].1 == "2024-03-11")
        #expect(styles[1].2.hasPrefix("grid-column: 2 / span 2; grid-row: 2;"))
        #expect(bars[0].classes.contains("open-end") && !bars[0].classes.contains("open-start"))
        #expect(bars[1].classes.contains("open-start") && !bars[1].classes.contains("open-end"))
        // And against the projection, for every segment: the cells of its first and last day
        // are in the grid columns the bar spans.
        for segment in P.month().dayRanges.segments {
            let bar = try #require(bars.first { $0.value("data-first") == segment.days.lowerBound.description })
            let first = try #require(try page.cell(segment.days.lowerBound.description)?.value("style"))
            let last = try #require(try page.cell(segment.days.upperBound.description)?.value("style"))
            let start = segment.columns.lowerBound + 2
            #expect(first == "grid-column: \(start)")
            #expect(last == "grid-column: \(segment.columns.upperBound + 2)")
            #expect(bar.value("style")?.hasPrefix("grid-column: \(start) / span \(segment.columns.count);") == true)
        }
    }

    @Test func feedTextIsEscaped() throws {
        let page = try ParsedPage(html)
        #expect(try page.nodes("//*[local-name()='script']").isEmpty)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
        #expect(try page.cell("2024-03-20")?.stringValue?.contains("<script>alert(1)</script> & co") == true)
        #expect(HTMLEscaping.attribute("a\"b'c<d>&\u{1}") == "a&quot;b&#39;c&lt;d&gt;&amp;")
    }

    @Test func selfContainedWithoutExternalResources() throws {
        let page = try ParsedPage(html)
        #expect(try page.nodes("//*[@src or @href]").isEmpty)
        #expect(!html.contains("url("))
        #expect(!html.contains("@import"))
        // The only URL is the XHTML namespace name, which is never fetched.
        #expect(html.components(separatedBy: "http").count == 2)
        #expect(html.contains("prefers-color-scheme: dark"))
        #expect(html.contains("@page { size: A4 landscape"))
    }

    @Test func languageAndDirectionFromTheLocale() throws {
        let hebrew = ProjectionSupport.gregorian("Asia/Jerusalem", locale: "he_IL", firstWeekday: 1)
        let page = try ParsedPage(HTMLMonthRenderer.page(P.month(calendar: hebrew), calendar: hebrew, options: P.options))
        let root = try #require(page.document.rootElement())
        #expect(root.value("lang") == "he-IL")
        #expect(root.value("dir") == "rtl")
        let english = try #require(try ParsedPage(html).document.rootElement())
        #expect(english.value("lang") == "en-US" && english.value("dir") == "ltr")
    }

    @Test func agendaFollowsUnlessTurnedOff() throws {
        #expect(try ParsedPage(html).nodes("//*[contains(@class, 'agenda')]").count == 1)
        var options = P.options
        options.showsAgenda = false
        let bare = HTMLMonthRenderer.page(P.month(), calendar: P.calendar, options: options)
        #expect(try ParsedPage(bare).nodes("//*[contains(@class, 'agenda')]").isEmpty)
        // The agenda lists the multi-day fair once, on its first day.
        #expect(html.components(separatedBy: "</span><wbr/><bdi>Book fair</bdi></li>").count == 2)
    }
}

extension HTMLMonthRendererTests {
    /// With `agendaDays` of the 20th alone, the agenda lists that day's one event (the escaped meeting).
    @Test func agendaOfChosenDaysOnly() throws {
        var options = P.options
        options.agendaDays = ProjectionSupport.day(2024, 3, 20)...ProjectionSupport.day(2024, 3, 20)
        let page = try ParsedPage(HTMLMonthRenderer.page(P.month(), calendar: P.calendar, options: options))
        let items = try page.nodes("//*[contains(@class, 'agenda')]//*[local-name()='li']").map { $0.stringValue ?? "" }
        #expect(items == ["09:00<script>alert(1)</script> & co"])
    }
}
