import Foundation
import Testing
@testable import ICSKit

/// The model's compact layout (issue 12 item 2): ``CivilDate`` and ``CivilDateTime`` keep their
/// parts in 32 bits, which makes every date-time in an ``Incidence`` half as wide. The public
/// properties, equality and the coded form are those of the Int-stored structs they replace.
@Suite("Compact model layout")
struct CompactLayoutTests {
    @Test func datesKeepTheirPartsInThirtyTwoBits() {
        // Three 32-bit parts; a date-time adds three more (the Int parts took 24 and 48 bytes).
        #expect(MemoryLayout<CivilDate>.size == 12)
        #expect(MemoryLayout<CivilDateTime>.size == 24)
    }

    @Test func theCodedFormKeepsItsKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Keys as the Int-stored structs had them (written out by hand from their stored properties).
        let time = CivilDateTime(year: 2024, month: 6, day: 10, hour: 9, minute: 5, second: 7)
        let text = String(decoding: try encoder.encode(time), as: UTF8.self)
        #expect(text == #"{"date":{"day":10,"month":6,"year":2024},"hour":9,"minute":5,"second":7}"#)
        var event = Incidence(kind: .event)
        event.uid = "u1"
        event.start = .date(CivilDate(year: 2024, month: 2, day: 29))
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(event)) as? [String: Any])
        #expect(object["kind"] as? String == "VEVENT")
        #expect(object["uid"] as? String == "u1")
        #expect(object["sequence"] as? Int == 0)
        let back = try JSONDecoder().decode(Incidence.self, from: encoder.encode(event))
        #expect(back == event && back.start == .date(CivilDate(year: 2024, month: 2, day: 29)))
    }

    @Test func partsBeyondThirtyTwoBitsAreClampedNotTrapped() {
        // No calendar date has such parts; they are kept as the nearest 32-bit bound.
        var date = CivilDate(year: Int.max, month: -5_000_000_000, day: 40)
        #expect(date.year == 2_147_483_647 && date.month == -2_147_483_648 && date.day == 40)
        #expect(!date.isValid)
        date.year = 1_999
        date.month = 12
        date.day += 1  // 41: still unchecked, as with Int parts
        #expect(date.year == 1_999 && date.month == 12 && date.day == 41 && !date.isValid)
        let time = CivilDateTime(date: CivilDate(year: 2024, month: 1, day: 1), hour: 0, minute: 0, second: 86_400)
        // 2024-01-01 plus 86,400 s counted as seconds: 1,704,153,600 (1,704,067,200 + 86,400).
        #expect(time.second == 86_400 && time.secondsSinceEpoch == 1_704_153_600)
    }
}
