import Testing
@testable import ICSKit

/// A CATEGORIES line with escapes (RFC 5545 3.8.1.2: a comma-separated list of TEXT; 3.3.11: `\,`
/// is a comma inside a value, `\\` a backslash, `\;` a semicolon, `\n` a line feed). The
/// expected lists are worked out from those two sections and are what Python's icalendar 7.3
/// reads (checked with its `Calendar.from_ical(…)["CATEGORIES"].cats`). libical 3.0.16 reads each
/// of these lines as one value with the escapes half undone (`a\,b,c` as `a,b,c`), so they are read
/// in Swift (``SimpleLineReader``).
@Suite struct EscapedListValueTests {
    static func categories(_ line: String) throws -> [String] {
        let calendar = try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:1\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\n\(line)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        return try #require(calendar.events.first).categories
    }

    @Test(arguments: [
        ("CATEGORIES:a\\,b,c", ["a,b", "c"]),
        ("CATEGORIES:x\\\\,y", ["x\\", "y"]),
        ("CATEGORIES:one\\;two,three", ["one;two", "three"]),
        ("CATEGORIES:line\\nbreak,x", ["line\nbreak", "x"]),
        ("CATEGORIES:a\\,b", ["a,b"]),
        ("CATEGORIES:\\,\\,,\\\\", [",,", "\\"]),
        ("CATEGORIES:plain,list", ["plain", "list"]),
    ])
    func escapesInAList(line: String, expected: [String]) throws {
        #expect(try Self.categories(line) == expected)
    }

    /// Two lines add up, each read the same way.
    @Test func linesAddUp() throws {
        #expect(try Self.categories("CATEGORIES:a\\,b\r\nCATEGORIES:c,d\\;e") == ["a,b", "c", "d;e"])
    }
}
