import Testing
@testable import ICSKit

/// GEO is a latitude and a longitude, two FLOATs split by `;` (RFC 5545 3.8.1.6, its example
/// `GEO:37.386013;-122.082932`). libical 3.0.16 reads a missing or unreadable part as 0, so
/// `GEO:1;` became the place 1;0; such a value is now an error on its line (ICS2003) and the
/// line is kept as written, with no place. Expected values worked out from the RFC's grammar.
@Suite struct GeoValueTests {
    static func event(_ line: String) throws -> (geo: Geo?, codes: [DiagnosticCode], lines: [Int?]) {
        let calendar = try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:1\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\n\(line)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let event = try #require(calendar.events.first)
        let diagnostics = calendar.diagnostics.filter { $0.code != .noCalendar && $0.severity == .error }
        return (event.geo, diagnostics.map(\.code), diagnostics.map(\.line))
    }

    @Test(arguments: [
        ("GEO:37.386013;-122.082932", 37.386013, -122.082932),
        ("GEO:+5;-0", 5, 0),
        ("GEO:0;0", 0, 0),
    ])
    func twoNumbersAreAPlace(line: String, latitude: Double, longitude: Double) throws {
        let read = try Self.event(line)
        #expect(read.geo == Geo(latitude: latitude, longitude: longitude))
        #expect(read.codes.isEmpty)
    }

    /// One error on the line each, from ICSKit's check or libical's own, and no place.
    @Test(arguments: ["GEO:1;", "GEO:;2", "GEO:;", "GEO:1", "GEO:1,2;3", "GEO:north;east", "GEO:1;2;3"])
    func anythingElseIsAnErrorAndNoPlace(line: String) throws {
        let read = try Self.event(line)
        #expect(read.geo == nil)
        #expect(read.codes.count == 1)
        #expect(read.lines == [8])
    }
}
