import Foundation
import Testing
@testable import ICSKit

/// ``FindingTally`` reports what the whole list, sorted and cut, reports: checked against that
/// rule written out plainly here (sort every finding by line, then arrival; keep the first
/// `maxPerCode` of each code; sum up the rest of each code on the line of its last), on lists
/// of many codes, lines out of order and ties, while it holds at most 2 × `maxPerCode` per code.
@Suite struct FindingTallyTests {
    /// The reference: the whole list in memory, sorted and cut.
    static func reference(_ findings: [Finding], maxPerCode: Int) -> [Finding] {
        let sorted = findings.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        guard maxPerCode > 0 else { return sorted }
        var out: [Finding] = [], counts: [DiagnosticCode: Int] = [:], last: [DiagnosticCode: Finding] = [:]
        for finding in sorted {
            counts[finding.code, default: 0] += 1
            if counts[finding.code]! <= maxPerCode { out.append(finding) } else { last[finding.code] = finding }
        }
        for code in counts.keys.sorted(by: { $0.rawValue < $1.rawValue }) where counts[code]! > maxPerCode {
            var more = last[code]!
            more.message = "\(counts[code]! - maxPerCode) more \(code.rawValue) findings like the ones above (the last on line \(more.line ?? 0))"
            more.uid = nil
            more.property = nil
            out.append(more)
        }
        return out
    }

    /// `count` findings of three codes on pseudo-random lines (some without one), numbered in their messages.
    static func findings(_ count: Int, seed: UInt64) -> [Finding] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let codes: [DiagnosticCode] = [.missingUID, .missingTimestamp, .longLine]
        return (0..<count).map { i in
            let line = next(10) == 0 ? nil : next(count / 2 + 1)
            return Finding(file: "f.ics", line: line, code: codes[next(codes.count)], message: "finding \(i)",
                           uid: "u\(i)", property: "P")
        }
    }

    @Test(arguments: [(0, 5), (1, 5), (40, 5), (3_000, 5), (3_000, 100), (500, 0), (2_000, 1)])
    func reportsWhatTheWholeSortedListReports(count: Int, maxPerCode: Int) {
        for seed in [1, 2, 3] as [UInt64] {
            let findings = Self.findings(count, seed: seed)
            var tally = FindingTally(maxPerCode: maxPerCode)
            var mostHeld = 0
            for finding in findings {
                tally.add(finding)
                mostHeld = max(mostHeld, tally.held)
            }
            #expect(tally.ordered() == Self.reference(findings, maxPerCode: maxPerCode), "\(count) findings, seed \(seed)")
            if maxPerCode > 0 { #expect(mostHeld <= 3 * 2 * maxPerCode) }
        }
    }

    @Test func unclosedBeginsOnEveryLineAreReportedAsTheWholeListCut() throws {
        // 2,000 BEGIN:VEVENT lines never closed, each a block with the same findings: the report
        // (100 of each code and a sum of the rest) is the whole list of findings (no cap) cut by
        // the reference rule.
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\n" + String(repeating: "BEGIN:VEVENT\r\n", count: 2_000)
        let report = Validator().validate(text: text, file: "nested.ics")
        let uncapped = Validator(options: Validator.Options(limits: ScanLimits(maxDiagnosticsPerCode: 0))).validate(text: text, file: "nested.ics")
        #expect(uncapped.findings.count > 3 * 2_000)
        #expect(report.findings == Self.reference(uncapped.findings, maxPerCode: 100))
        #expect(Dictionary(grouping: report.findings, by: \.code).values.allSatisfy { $0.count == 101 })
    }
}
