import Foundation
import Testing
@testable import ICSKit

/// Blocks with property lines that repeat, checked once per shape (``EmptyBlocks`` with
/// ``RepeatedBlockShape``), against the whole check of each block (the reference): the same
/// findings in the same order, the same facts, block for block; and whole files validated both
/// ways (``ValidationRun/sharesRepeatedBlocks``), through the calendar-wide checks.
@Suite("Repeated blocks checked once per shape")
struct RepeatedBlocksTests {
    static let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN"]

    /// Kinds of repeated blocks: a UID alone, a whole event, a series, overrides, alarms, to-dos,
    /// zones, faults the line pass and libical report, lines whose messages name a line (those
    /// cannot share), EXDATEs and TZIDs (facts that do not move: checked whole), lower case.
    static let bodies: [[String]] = [
        ["BEGIN:VEVENT", "UID:x"],
        ["BEGIN:VEVENT", "UID:x", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:e@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "DTEND:20240610T100000Z",
         "SUMMARY:Copied", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:s@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "RRULE:FREQ=WEEKLY;COUNT=5",
         "SUMMARY:Series", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:s@x", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240617T090000Z", "DTSTART:20240617T110000Z",
         "SUMMARY:Moved", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:s@x", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240618T090000Z", "DTSTART:20240618T110000Z",
         "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:a@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "BEGIN:VALARM", "ACTION:DISPLAY",
         "TRIGGER:-PT5M", "REPEAT:2", "END:VALARM", "END:VEVENT"],
        ["BEGIN:VTODO", "UID:t@x", "DTSTAMP:20240101T000000Z", "DUE:20240610", "DURATION:PT1H", "END:VTODO"],
        ["BEGIN:VJOURNAL", "UID:j@x", "DTSTART;VALUE=DATE:20240610", "END:VJOURNAL"],
        ["BEGIN:VTIMEZONE", "TZID:Fixed", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
         "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"],
        ["BEGIN:VEVENT", "UID:f@x", "DTSTAMP:2024", "DTSTART:20240610T250000Z", "RRULE:FREQ=DAILY;BYDAY=XX", "X-Y;=:1",
         "STATUS:MAYBE", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:r@x", "UID:r2@x", "DTSTAMP:20240101T000000Z", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:d@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "RRULE:FREQ=DAILY",
         "EXDATE:20240611T090000Z", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:z@x", "DTSTAMP:20240101T000000Z", "DTSTART;TZID=Fixed:20240610T090000", "END:VEVENT"],
        ["BEGIN:VEVENT", "UID:l@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000", "END:VEVENT"],
        ["begin:vevent", "uid:x", "dtstamp:20240101T000000Z", "end:vevent"],
        ["BEGIN:VEVENT", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "END:VEVENT"],
        ["BEGIN:X-THING", "X-A:1", "END:X-THING"],
    ]

    /// The bodies, each three times in a row, then the whole list twice more (interleaved).
    static var lines: [String] {
        var lines = head
        for body in bodies { lines += body + body + body }
        for _ in 0..<2 { for body in bodies { lines += body } }
        return lines + ["BEGIN:VEVENT", "UID:x"]
    }

    @Test("Every block of every kind: the template's result is the whole check's", arguments: [100, 2, 1])
    func everyKind(maxPerCode: Int) throws {
        let blocks = try EmptyBlocksTests.blocks(Self.lines)
        var empty = EmptyBlocks()
        let templates = empty.learn(blocks, file: "e.ics", maxPerCode: maxPerCode)
        var shared = 0
        for (block, template) in zip(blocks, templates) {
            let short = empty.check(block, template: template, file: "e.ics", maxPerCode: maxPerCode)
            let whole = BlockValidation.check(block, file: "e.ics", maxPerCode: maxPerCode)
            let place = "\(block.name) on line \(block.line)"
            #expect(short.findings == whole.findings, "\(place)")
            #expect(short.omitted == whole.omitted, "\(place)")
            #expect(short.facts.isSame(as: whole.facts), "\(place)")
            #expect(short.timeZone == whole.timeZone, "\(place)")
            if template >= 0 && block.lines.contains(where: { $0.kind == .property }) {
                shared += 1
                #expect(whole.facts.movesWithItsLines, "\(place)")
            }
        }
        // Most kinds share: the first two blocks of a shape are checked whole, the third makes the template.
        #expect(shared > 30)
        // Those whose facts name lines that do not move, or whose messages name a line, do not.
        for (block, template) in zip(blocks, templates) where template >= 0 {
            let text = String(decoding: block.text, as: UTF8.self)
            #expect(!text.contains("EXDATE") && !text.contains("TZID=Fixed") && !text.contains("UID:r2@x"), "\(block.line)")
        }
    }

    /// The findings (every field) of `text` validated with and without the repeated blocks' templates.
    static func both(_ text: String) -> (shared: String, whole: String) {
        func outcome(_ shares: Bool) -> String {
            var run = ValidationRun(file: "f.ics", options: Validator.Options())
            run.sharesRepeatedBlocks = shares
            do {
                return try run.run(ByteStream(bytes: Array(text.utf8))).map {
                    "\($0.line ?? 0):\($0.column ?? 0) \($0.severity) \($0.code) \($0.message) | \($0.hint) | \($0.uid ?? "-") \($0.property ?? "-")"
                }.joined(separator: "\n")
            } catch {
                return "failure \(error.code): \(error.message)"
            }
        }
        return (outcome(true), outcome(false))
    }

    @Test("Whole files: the same findings with and without shared results, through the calendar-wide checks")
    func wholeFiles() throws {
        var texts = [Self.lines.joined(separator: "\r\n") + "\r\n"]
        // 150 events of one UID and nothing else (the reproducer at a small size): every code past its cap.
        texts.append((Self.head + Array(repeating: ["BEGIN:VEVENT", "UID:x"], count: 150).flatMap { $0 }).joined(separator: "\r\n") + "\r\n")
        // Repeated overrides of one instance, and a master repeated: duplicate overrides and UIDs.
        let master = ["BEGIN:VEVENT", "UID:m@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "RRULE:FREQ=DAILY;COUNT=3",
                      "SEQUENCE:2", "END:VEVENT"]
        let override = ["BEGIN:VEVENT", "UID:m@x", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240611T090000Z",
                        "DTSTART:20240611T100000Z", "SEQUENCE:1", "END:VEVENT"]
        let stray = ["BEGIN:VEVENT", "UID:m@x", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240615T090000Z",
                     "DTSTART:20240615T100000Z", "END:VEVENT"]
        texts.append((Self.head + master + override + override + stray + stray + master + override + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n")
        for text in texts {
            let (shared, whole) = Self.both(text)
            #expect(shared == whole)
            #expect(whole.split(separator: "\n").count > 5)
        }
        // And every fixture of the repository.
        var differing: [String] = []
        for path in InlineValidationTests.fixtures {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            let (shared, whole) = Self.both(text)
            if shared != whole { differing.append(path) }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// Five unclosed events of UID x, worked out by hand from RFC 5545 3.6.1 (DTSTAMP and UID
    /// required; DTSTART too without METHOD) and the views' rule for a UID used twice (the last of
    /// the highest SEQUENCE is shown: line 12). Blocks 3 to 5 take the template that block 3 made.
    @Test("Five events of UID x and nothing else: every finding, by hand")
    func fiveEventsOfOneUID() {
        let text = (Self.head + Array(repeating: ["BEGIN:VEVENT", "UID:x"], count: 5).flatMap { $0 }).joined(separator: "\r\n") + "\r\n"
        let findings = Validator().validate(text: text, file: "f.ics").findings
        var expected = ["1 ICS1004 - VCALENDAR begun on line 1 has no END"]
        for start in stride(from: 4, through: 12, by: 2) {
            let closed = start == 12 ? 13 : start + 2
            expected += ["\(start) ICS2102 x VEVENT has no DTSTAMP",
                         "\(start) ICS1004 x VEVENT begun on line \(start) has no END; closed at line \(closed)",
                         "\(start) ICS2104 x VEVENT has no DTSTART (required when the calendar has no METHOD)"]
            if start < 12 {
                expected.append("\(start + 1) ICS2118 x UID x is used again without RECURRENCE-ID (the views show the one on line 12, SEQUENCE 0)")
            }
        }
        #expect(findings.map { "\($0.line ?? 0) \($0.code) \($0.uid ?? "-") \($0.message)" } == expected)
    }
}
