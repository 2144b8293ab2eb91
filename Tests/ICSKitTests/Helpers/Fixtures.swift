import Foundation
import TestSupport
@testable import ICSKit

/// Finds the repository's `Fixtures/` folder from this file's path, so that tests run
/// from any working directory (`swift test`, an IDE, CI's fresh clone).
enum Fixtures {
    /// The repository root.
    static let root: URL = RepositoryRoot.url

    /// The path of `Fixtures/import/<name>`.
    static func path(_ name: String) -> String {
        root.appendingPathComponent("Fixtures/import").appendingPathComponent(name).path
    }

    /// The bytes of `Fixtures/import/<name>`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// Imports `Fixtures/import/<name>` through the file API.
    static func calendar(_ name: String) throws -> ICalendar {
        try ICalendar(contentsOfFile: path(name))
    }
}

/// Joins content lines with CRLF (or another line break) and a final break.
func ics(_ lines: [String], lineBreak: String = "\r\n") -> String {
    lines.map { $0 + lineBreak }.joined()
}

/// A VCALENDAR around `body`, with VERSION and PRODID on lines 2 and 3, so that the
/// body's first line is physical line 4.
func calendarText(_ body: [String], lineBreak: String = "\r\n") -> String {
    ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit tests//EN"] + body + ["END:VCALENDAR"], lineBreak: lineBreak)
}

extension ICalendar {
    /// The diagnostics with `code`.
    func diagnostics(_ code: DiagnosticCode) -> [Diagnostic] {
        diagnostics.filter { $0.code == code }
    }

    /// The event with `summary`.
    func event(_ summary: String) -> Incidence? {
        events.first { $0.summary == summary }
    }
}

extension Array where Element == Property {
    /// The first property named `name`.
    subscript(named name: String) -> Property? {
        first { $0.name == name }
    }
}

/// Shorthands for expected values.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> TimeValue {
    .utc(CivilDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s))
}

func zoned(_ tzid: String, _ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> TimeValue {
    .zoned(CivilDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s), tzid: tzid)
}

func floating(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> TimeValue {
    .floating(CivilDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s))
}

func date(_ y: Int, _ mo: Int, _ d: Int) -> TimeValue {
    .date(CivilDate(year: y, month: mo, day: d))
}
