import Foundation
import Testing
@testable import ICSKit

/// A view's import keeps, of the masters without a start of each (kind, UID), only the first and
/// the last of the highest SEQUENCE (``StartlessMasters``). The references are the full import,
/// which keeps them all (expanded over the window, both give the same occurrences in the same
/// order, and the calendars have the same identity), and the view's import that keeps every
/// master (``ImportOptions/leavesOutLosingMasters`` false: the same expansion warnings, ICS2118
/// counting every master).
@Suite struct StartlessMastersTests {
    static let june = WindowedImportEquivalenceTests.interval(2024, 6, 1, days: 30)

    /// A deterministic generator (SplitMix64), so that a failure names its seed.
    struct Mix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Components of three UIDs (and some of none), as events and as to-dos: masters without a
    /// start, dated masters in June 2024 or years before it (skipped by the window, then revived
    /// by their UID), weekly series, overrides of June instances, to-dos with a DUE, SEQUENCEs
    /// from -1 to 2 (and absent).
    static func calendar(seed: UInt64, count: Int) -> String {
        var mix = Mix(state: seed)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN"]
        for i in 0..<count {
            let kind = mix.next(4) == 0 ? "VTODO" : "VEVENT"
            var block = ["BEGIN:\(kind)"]
            let uid = mix.next(8)
            if uid < 7 { block.append("UID:u\(uid % 3)") }
            block.append("SUMMARY:c\(i)")
            let sequence = mix.next(5)
            if sequence < 4 { block.append("SEQUENCE:\(sequence - 1)") }
            switch mix.next(6) {
            case 0, 1:
                break  // no start
            case 2:
                block.append("DTSTART:202406\(String(format: "%02d", 1 + mix.next(28)))T090000Z")
            case 3:
                block.append("DTSTART:2019010\(1 + mix.next(7))T090000Z")
                block.append("DTEND:2019010\(1 + mix.next(7))T100000Z")
            case 4:
                block.append("DTSTART:20240603T0\(mix.next(10))0000Z")
                block.append("RRULE:FREQ=WEEKLY;COUNT=\(1 + mix.next(6))")
            default:
                block.append("RECURRENCE-ID:202406\(["03", "10", "17"][mix.next(3)])T090000Z")
                block.append("DTSTART:202406\(String(format: "%02d", 1 + mix.next(28)))T110000Z")
            }
            if kind == "VTODO" && mix.next(3) == 0 { block.append("DUE:20240620T120000Z") }
            block.append("END:\(kind)")
            lines += block
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func expanded(_ calendar: ICalendar) -> (occurrences: [Occurrence], diagnostics: [Diagnostic]) {
        OccurrenceExpansion(calendars: [calendar], from: june.start, to: june.end, viewerTimeZone: TimeZone(identifier: "UTC")!).collect()
    }

    @Test(arguments: 0..<60)
    func aViewsImportShowsWhatTheFullImportShows(seed: Int) throws {
        let text = Self.calendar(seed: UInt64(seed), count: 10 + seed % 40)
        let full = try ICalendar(parsing: text, source: "mix.ics")
        let windowed = try ICalendar(parsing: text, source: "mix.ics", options: ImportOptions(window: Self.june))
        var keepingAll = ImportOptions(window: Self.june)
        keepingAll.leavesOutLosingMasters = false
        let all = try ICalendar(parsing: text, source: "mix.ics", options: keepingAll)
        let (fullOccurrences, _) = Self.expanded(full)
        let (windowedOccurrences, windowedWarnings) = Self.expanded(windowed)
        #expect(windowedOccurrences == fullOccurrences, "seed \(seed)")
        // The warnings are those of the view's import that keeps every master (which, like every
        // view, says nothing of a UID whose components all lie outside the window).
        #expect(windowedWarnings == Self.expanded(all).diagnostics, "seed \(seed)")
        #expect(windowed.id == full.id, "seed \(seed)")
        // The pipeline (a stream of unknown size) keeps and leaves out the same.
        let piped = try WindowedInlineImportTests.piped(Array(text.utf8), options: ImportOptions(window: Self.june), source: "mix.ics")
        #expect(piped == windowed, "seed \(seed)")
    }

    /// Hand-worked: five masters of UID x without a start (SEQUENCE 0, 2, 1, 2, 0) around a dated
    /// master of SEQUENCE 1 in June. The last of the highest SEQUENCE without a start is the
    /// fourth (SEQUENCE 2); it beats the dated one, so the UID shows nothing, and the warning
    /// counts six masters and names the fourth's line. Kept: the first (in place) and the fourth.
    @Test func onlyTheFirstAndTheWinnerAreKept() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN"]
        for (i, sequence) in [0, 2, 1].enumerated() {
            lines += ["BEGIN:VEVENT", "UID:x", "SUMMARY:s\(i)", "SEQUENCE:\(sequence)", "END:VEVENT"]
        }
        lines += ["BEGIN:VEVENT", "UID:x", "SUMMARY:dated", "SEQUENCE:1", "DTSTART:20240610T090000Z", "END:VEVENT"]
        for (i, sequence) in [2, 0].enumerated() {
            lines += ["BEGIN:VEVENT", "UID:x", "SUMMARY:s\(i + 3)", "SEQUENCE:\(sequence)", "END:VEVENT"]
        }
        lines += ["BEGIN:VEVENT", "UID:y", "SUMMARY:other", "DTSTART:20240611T090000Z", "END:VEVENT", "END:VCALENDAR"]
        let text = lines.joined(separator: "\r\n") + "\r\n"
        let windowed = try ICalendar(parsing: text, source: "x.ics", options: ImportOptions(window: Self.june))
        #expect(windowed.events.map(\.summary) == ["s0", "dated", "s3", "other"])
        let (occurrences, warnings) = Self.expanded(windowed)
        #expect(occurrences.map(\.incidence.summary) == ["other"])
        // The fourth master without a start (s3) begins on line 4 + 3 * 5 + 6 = 25.
        #expect(warnings.map(\.message) == ["UID x has 6 components without RECURRENCE-ID: shown is the one on line 25 (SEQUENCE 2), 5 dropped"])
        #expect(windowed.id == (try ICalendar(parsing: text, source: "x.ics")).id)

        var keepingAll = ImportOptions(window: Self.june)
        keepingAll.leavesOutLosingMasters = false
        let all = try ICalendar(parsing: text, source: "x.ics", options: keepingAll)
        #expect(all.events.map(\.summary) == ["s0", "s1", "s2", "dated", "s3", "s4", "other"])
    }

    /// 30,000 masters of one UID without a start: two events kept, whatever their number.
    @Test func manyMastersOfOneUIDKeepTwo() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n" + String(repeating: "BEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\n", count: 30_000) + "END:VCALENDAR\r\n"
        let windowed = try ICalendar(parsing: text, source: "x.ics", options: ImportOptions(window: Self.june))
        #expect(windowed.events.count == 2)
        #expect(windowed.startlessMastersLeftOut == ["VEVENT:x": 29_998])
        let (_, warnings) = Self.expanded(windowed)
        #expect(warnings.map(\.message).first?.hasPrefix("UID x has 30000 components without RECURRENCE-ID: shown is the one on line ") == true)
    }
}
