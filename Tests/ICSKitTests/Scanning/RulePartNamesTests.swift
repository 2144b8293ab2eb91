import Foundation
import Testing
@testable import ICSKit

/// The window filter reads an RRULE's part names (``RuleParts``) byte by byte and its weekdays
/// by a two-byte switch (``CountBound/weekday(_:)``). Both are checked here against a plain reading written
/// in the test with Foundation's strings (split at `;` and `=`, names compared upper-cased, as
/// RFC 5545 3.1 says names are read in any case), over every spelling in upper, lower and mixed
/// case, and over near misses (a letter more or less, another part, a non-ASCII letter).
@Suite struct RulePartNamesTests {
    static let names: [(String, RuleParts.Name)] = [
        ("FREQ", .freq), ("INTERVAL", .interval), ("COUNT", .count), ("UNTIL", .until),
        ("WKST", .wkst), ("BYDAY", .byDay), ("BYMONTHDAY", .byMonthDay), ("RSCALE", .rscale),
    ]

    /// The value of the first part named `name` (any case) in `value`, by the plain reading; `nil`
    /// when no part is so named or it has no `=`.
    static func plainValue(_ value: String, _ name: String) -> String? {
        for part in value.split(separator: ";", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces[0].uppercased() == name else { continue }
            return pieces.count == 2 ? String(pieces[1]) : nil
        }
        return nil
    }

    /// What ``RuleParts`` reads of `RRULE:` + `value`: each known part's value, and whether it saw
    /// a part of another name.
    static func read(_ value: String) -> (values: [RuleParts.Name: String], other: Bool) {
        let bytes = Array(("RRULE:" + value).utf8)
        return bytes.withUnsafeBufferPointer { text in
            let parts = RuleParts(0..<text.count, text: text)
            var values: [RuleParts.Name: String] = [:]
            for (_, name) in names {
                if let found = parts.value(name) { values[name] = String(decoding: found, as: UTF8.self) }
            }
            return (values, parts.hasOther)
        }
    }

    /// Every name in three spellings (upper, lower, alternating case), each with a value.
    static let spellings: [String] = names.flatMap { name, _ -> [String] in
        let alternating = String(name.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })
        return [name, name.lowercased(), alternating]
    }

    @Test(arguments: spellings)
    func aNameInAnyCase(spelling: String) {
        let rule = "\(spelling)=V1;FREQ=WEEKLY"
        let (values, other) = Self.read(rule)
        #expect(!other, "\(rule)")
        for (name, part) in Self.names {
            #expect(values[part] == Self.plainValue(rule, name), "\(rule): \(name)")
        }
    }

    /// Near misses are other parts: none of them is read as a known one.
    @Test(arguments: ["FRE", "FREQQ", "INTERVA", "INTERVALS", "COUNTS", "BYMONTH", "BYMONTHDAYS", "BYDAYS",
                      "WKS", "RSCALEX", "UNTIl_", "FRÉQ", "CÖUNT", "BYMONTHDA", "X-FREQ", "", "BYSETPOS", "BYHOUR"])
    func nearMisses(name: String) {
        let rule = "\(name)=7;COUNT=3"
        let (values, other) = Self.read(rule)
        #expect(other, "\(rule)")
        #expect(values == [.count: "3"], "\(rule)")
    }

    /// Every pair of ASCII letters in either case, and a few other bytes: a weekday exactly
    /// when the upper-cased pair is one of RFC 5545's (3.3.10, weekday), with Monday first.
    @Test func weekdaysOfTwoBytes() {
        let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let bytes: [UInt8] = Array(0x41...0x5A) + Array(0x61...0x7A) + [0x30, 0x2C, 0xC3, 0x00]
        var found = 0
        for a in bytes {
            for b in bytes {
                let pair = [a, b]
                let expected = days.firstIndex(of: String(decoding: pair, as: UTF8.self).uppercased())
                let read = pair.withUnsafeBufferPointer { CountBound.weekday($0) }
                #expect(read == expected, "\(pair)")
                if read != nil { found += 1 }
            }
        }
        #expect(found == 7 * 4)  // each weekday in four spellings: MO, Mo, mO, mo
        for other in ["M", "MON", ""] {
            #expect(Array(other.utf8).withUnsafeBufferPointer { CountBound.weekday($0) } == nil)
        }
    }
}
