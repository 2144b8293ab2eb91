import Testing
@testable import ICSKit

/// libical 3.0 splits the values of EXDATE, RDATE, CATEGORIES, RESOURCES, FREEBUSY and every
/// X- property but X-APPLE-STRUCTURED-LOCATION at unescaped commas into one property each
/// (its icalparser_add_line). The import maps each back to its line and keeps an X- line whole,
/// once. Lines counted by hand below.
@Suite struct SplitValueTests {
    @Test func splitPropertiesKeepTheirLinesAndXPropertiesStayWhole() throws {
        let text = """
        BEGIN:VEVENT
        UID:split
        DTSTAMP:20240101T000000Z
        DTSTART:20240101T100000Z
        X-FOO:a,b,c
        CATEGORIES:one,two
        X-BAR;X-P=1:left\\,right
        EXDATE:20240102T100000Z,20240103T100000Z
        X-APPLE-STRUCTURED-LOCATION;VALUE=URI:geo:52.5,13.4
        END:VEVENT
        """
        let calendar = try ICalendar(parsing: text)
        let event = try #require(calendar.events.first)
        let x = event.otherProperties.filter { $0.name.hasPrefix("X-") }
        #expect(x.map(\.name) == ["X-FOO", "X-BAR", "X-APPLE-STRUCTURED-LOCATION"])
        #expect(x.map(\.value) == ["a,b,c", "left\\,right", "geo:52.5,13.4"])
        #expect(x.map(\.line) == [5, 7, 9])
        #expect(event.categories == ["one", "two"])
        #expect(event.exceptionDates.count == 2)
        #expect(calendar.diagnostics.map(\.code) == [.noCalendar])  // the bare VEVENT, nothing else
    }
}
