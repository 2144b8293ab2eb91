import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ICSKit

/// Reads the pages back with Foundation's XML parser (the pages are XHTML-compatible HTML5),
/// so that the tests look at the document's structure, not at its text.
struct ParsedPage {
    let document: XMLDocument

    init(_ text: String) throws {
        document = try XMLDocument(xmlString: text, options: [])
    }

    /// The elements that match `xpath` (names are matched with `local-name()`: the page has a default namespace).
    func nodes(_ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    /// The cell of `day` (`YYYY-MM-DD`).
    func cell(_ day: String) throws -> XMLElement? {
        try nodes("//*[@role='cell'][@data-day='\(day)']").first
    }

    func bars() throws -> [XMLElement] {
        try nodes("//*[contains(concat(' ', @class, ' '), ' bar ')]")
    }
}

extension XMLElement {
    /// The attribute's value (read through XPath: `attribute(forName:)` finds nothing on an
    /// element in a default namespace with swift-corelibs-foundation).
    func value(_ attribute: String) -> String? { (try? nodes(forXPath: "@\(attribute)"))?.first?.stringValue }
    var classes: Set<String> { Set((value("class") ?? "").split(separator: " ").map(String.init)) }
}

/// The occurrences and options the page tests share: March 2024 in UTC, Sunday first (en_US).
enum PageSupport {
    typealias S = ProjectionSupport

    static let calendar = S.gregorian("UTC", locale: "en_US", firstWeekday: 1)

    static func timed(_ uid: String, _ summary: String, _ d: Int, _ h: Int) -> Occurrence {
        Occurrence(incidence: S.event(uid, summary: summary), start: S.instant(S.utc(2024, 3, d, h)),
                   end: S.instant(S.utc(2024, 3, d, h, 45)))
    }

    static func allDay(_ uid: String, _ summary: String, _ start: Int, _ end: Int) -> Occurrence {
        Occurrence(incidence: S.event(uid, summary: summary),
                   start: .date(CivilDate(year: 2024, month: 3, day: start)), end: .date(CivilDate(year: 2024, month: 3, day: end)))
    }

    static let occurrences: [Occurrence] = [
        allDay("fair", "Book fair", 7, 12),          // Thu 7 … Mon 11: cut at the Saturday
        allDay("move", "Moving day", 13, 14),        // one day: an entry, not a bar
        allDay("trip", "Trip", 9, 10),               // one day
        timed("xss", "<script>alert(1)</script> & co", 20, 9),
    ] + (0..<5).map { timed("busy\($0)", "Meeting \($0 + 1)", 5, 8 + $0) }

    static func month(_ occurrences: [Occurrence] = occurrences, calendar: Calendar = calendar) -> MonthProjection {
        MonthProjection(month: CalendarMonth(year: 2024, month: 3), occurrences: occurrences, calendar: calendar,
                        options: ProjectionOptions(now: S.day(2024, 3, 13).startDate(in: calendar),
                                                   selectedDays: [S.day(2024, 3, 20)]))
    }

    static let options = PageRenderOptions(hour12: false)
}
