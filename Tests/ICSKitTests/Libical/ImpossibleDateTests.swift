import Testing
@testable import ICSKit

/// libical 3.0.16 accepts dates and times that do not exist (30 February, 25:00) as written;
/// the import reports them and keeps the line raw instead of handing a wrong instant to the
/// expansion. Expected lines counted by hand in the text below.
@Suite struct ImpossibleDateTests {
    static let text = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//ICSKit tests//EN
    BEGIN:VEVENT
    UID:impossible
    DTSTAMP:20240101T000000Z
    DTSTART:20240631T250000Z
    DTEND:20240230T100000Z
    EXDATE:20240101T100000Z,20241332T100000Z
    SUMMARY:x
    END:VEVENT
    END:VCALENDAR
    """

    @Test func impossibleValuesAreReportedOnTheirLines() throws {
        let calendar = try ICalendar(parsing: Self.text, source: "t.ics")
        let event = try #require(calendar.events.first)
        #expect(event.start == nil)
        #expect(event.end == nil)
        // The valid EXDATE value stays; the impossible one (month 13) does not.
        #expect(event.exceptionDates == [.utc(CivilDateTime(year: 2024, month: 1, day: 1, hour: 10))])
        let reported = calendar.diagnostics.filter { $0.code == .valueParseError }
        #expect(reported.map(\.line) == [7, 8, 9])
        #expect(reported.map(\.property) == ["DTSTART", "DTEND", "EXDATE"])
        // Nothing is lost: the lines are kept as written.
        #expect(event.otherProperties.contains { $0.name == "DTSTART" && $0.value == "20240631T250000Z" })
    }
}
