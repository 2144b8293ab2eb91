import Foundation
import Testing
@testable import ICSKit

/// The model's compact layout (issue 12 item 2): ``CivilDate``, ``CivilDateTime`` and
/// ``ICSDuration`` keep their parts in 16 or 32 bits, which narrows every date-time and
/// duration in an ``Incidence``. The public
/// properties, equality and the coded form are those of the Int-stored structs they replace.
@Suite("Compact model layout")
struct CompactLayoutTests {
    @Test func datesKeepTheirPartsInFewBytes() {
        // A 32-bit year and 16-bit month and day; a date-time adds a 16-bit hour and minute and a
        // 32-bit second (the Int parts took 24 and 48 bytes).
        #expect(MemoryLayout<CivilDate>.size == 8)
        #expect(MemoryLayout<CivilDateTime>.size == 16)
        // A zoned value is the date-time and its TZID string (16), plus the case.
        #expect(MemoryLayout<TimeValue>.size == 33)
        #expect(MemoryLayout<TimeValue?>.stride == 40)
        // Five 32-bit parts and the sign (the Int parts took 48).
        #expect(MemoryLayout<ICSDuration>.size == 24)
        #expect(MemoryLayout<ICSDuration?>.size == 24)
    }

    @Test func anIncidenceStaysSmall() {
        // Measured: 745 bytes before the parts above were narrowed, 657 after (issue 12 item 2).
        #expect(MemoryLayout<Incidence>.size <= 657)
    }

    @Test func durationsKeepTheirCodedFormAndClampTheirParts() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let duration = ICSDuration(isNegative: true, weeks: 0, days: 1, hours: 2, minutes: 3, seconds: 4)
        let text = String(decoding: try encoder.encode(duration), as: UTF8.self)
        // The keys of the Int-stored struct, written out by hand.
        #expect(text == #"{"days":1,"hours":2,"isNegative":true,"minutes":3,"seconds":4,"weeks":0}"#)
        #expect(try JSONDecoder().decode(ICSDuration.self, from: Data(text.utf8)) == duration)
        // -P1DT2H3M4S: -(86,400 + 7,200 + 180 + 4) seconds.
        #expect(duration.approximateSeconds == -93_784)
        var big = ICSDuration(seconds: 5_000_000_000)
        #expect(big.seconds == 2_147_483_647)
        big.weeks = -3_000_000_000
        #expect(big.weeks == -2_147_483_648 && big.seconds == 2_147_483_647)
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
        // No calendar date has such parts; they are kept as the nearest bound (32 bits for the
        // year, 16 for the month and the day).
        var date = CivilDate(year: Int.max, month: -5_000_000_000, day: 40_000)
        #expect(date.year == 2_147_483_647 && date.month == -32_768 && date.day == 32_767)
        #expect(!date.isValid)
        date.year = 1_999
        date.month = 12
        date.day = 40
        date.day += 1  // 41: still unchecked, as with Int parts
        #expect(date.year == 1_999 && date.month == 12 && date.day == 41 && !date.isValid)
        let clamped = CivilDateTime(date: CivilDate(year: 2024, month: 1, day: 1), hour: 40_000, minute: -40_000, second: 0)
        #expect(clamped.hour == 32_767 && clamped.minute == -32_768)
        let time = CivilDateTime(date: CivilDate(year: 2024, month: 1, day: 1), hour: 0, minute: 0, second: 86_400)
        // 2024-01-01 plus 86,400 s counted as seconds: 1,704,153,600 (1,704,067,200 + 86,400).
        #expect(time.second == 86_400 && time.secondsSinceEpoch == 1_704_153_600)
    }
}
