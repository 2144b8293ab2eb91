import Foundation
import Testing
@testable import ICSKit

/// The model's compact layout: ``CivilDate``, ``CivilDateTime`` and
/// ``ICSDuration`` keep their parts in 16 or 32 bits, which narrows every date-time and
/// duration in an ``Incidence``. The public
/// properties, equality and the coded form are those of the Int-stored structs they replace.
@Suite("Compact model layout")
struct CompactLayoutTests {
    @Test func datesKeepTheirPartsInFewBytes() {
        // A 32-bit year and 16-bit month and day (the Int parts took 24 bytes); a date-time packs
        // a 24-bit year and 8-bit month, day, hour, minute and second into one 64-bit word (the
        // Int parts took 48).
        #expect(MemoryLayout<CivilDate>.size == 8)
        #expect(MemoryLayout<CivilDateTime>.size == 8)
        // A zoned value is the date-time (8) and its TZID string (16), plus a byte for the case
        // (a UInt64 has no spare bits to hold it); the optional uses a spare value of that byte.
        #expect(MemoryLayout<TimeValue>.size == 25)
        #expect(MemoryLayout<TimeValue?>.size == 25)
        #expect(MemoryLayout<TimeValue?>.stride == 32)
        // Five 32-bit parts and the sign (the Int parts took 48).
        #expect(MemoryLayout<ICSDuration>.size == 24)
        #expect(MemoryLayout<ICSDuration?>.size == 24)
    }

    @Test func anIncidenceStaysSmall() {
        // Measured: 745 bytes before the parts above were narrowed, 657 after, 473 with 8-byte
        // date-times and the fields most events lack `@Sparse`, 481 with the sparse text
        // parameters, 488 in stride. Worked out by hand from the stored properties in order
        // (alignment 8): uid, summary, notes, location 4 × 16 = 64, textParameters 8, geo 8, url
        // 8, status, transparency, classification 3 × 16 (to 136), priority Int? 9 (+7),
        // categories 8, color 8, organizer 24, attendees 8 (to 200), start 25, kind 1,
        // appliesToFutureInstances 1 (+5, to 232), end 25 (+7), duration, due, completed,
        // percentComplete 4 × 8, three arrays 24, recurrenceID 8, sequence 8 (to 336), created
        // 25 (+7), lastModified 25 (+7), timestamp 25 (+3), line 4 (to 432), alarms,
        // otherProperties, otherComponents 3 × 8: 456.
        #expect(MemoryLayout<CompactLine>.size == 4)
        #expect(MemoryLayout<Incidence>.size == 456)
        #expect(MemoryLayout<Incidence>.stride == 456)
    }

    @Test func anAlarmStaysSmall() {
        // Was 168 (two Int? lines at the end, 16 each). By hand: action 16, trigger 25 (+3),
        // line 4, triggerLine 4 (to 52, +4), notes, summary 2 × 16 (to 88), duration 24,
        // repeatCount Int? 9 (+7, to 128), attendees, otherProperties 2 × 8: 144.
        #expect(MemoryLayout<Alarm.Trigger?>.size == 25)
        #expect(MemoryLayout<Alarm>.size == 144)
    }

    @Test func aLineKeepsItsValueAndItsCodedForm() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var alarm = Alarm(line: 7)
        #expect(alarm.line == 7 && alarm.triggerLine == nil)
        // A nil line is no key, as for an Int? (the keys written out by hand).
        #expect(String(decoding: try encoder.encode(alarm), as: UTF8.self)
            == #"{"attendees":[],"line":7,"otherProperties":[]}"#)
        #expect(try JSONDecoder().decode(Alarm.self, from: encoder.encode(alarm)) == alarm)
        alarm.triggerLine = 2_147_483_647
        alarm.line = nil
        #expect(alarm.line == nil && alarm.triggerLine == 2_147_483_647)
        // Beyond 32 bits: the nearest bound, never a trap, and never nil.
        alarm.triggerLine = Int.max
        #expect(alarm.triggerLine == 2_147_483_647)
        alarm.triggerLine = Int.min
        #expect(alarm.triggerLine == -2_147_483_647)
        var event = Incidence(kind: .todo)
        event.line = 123_456
        event.appliesToFutureInstances = true
        let back = try JSONDecoder().decode(Incidence.self, from: encoder.encode(event))
        #expect(back == event && back.line == 123_456 && back.kind == .todo && back.appliesToFutureInstances)
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
        // A date-time keeps its year in 24 bits (-8,388,608…8,388,607) and its other parts in 8
        // (-128…127).
        let clamped = CivilDateTime(date: CivilDate(year: 2024, month: 1, day: 1), hour: 40_000, minute: -40_000, second: 300)
        #expect(clamped.hour == 127 && clamped.minute == -128 && clamped.second == 127)
        #expect(clamped.date == CivilDate(year: 2024, month: 1, day: 1))
        let far = CivilDateTime(date: CivilDate(year: 10_000_000, month: 200, day: -200), hour: 1)
        #expect(far.date.year == 8_388_607 && far.date.month == 127 && far.date.day == -128 && far.hour == 1)
        #expect(CivilDateTime(date: CivilDate(year: -9_000_000, month: 1, day: 1)).date.year == -8_388_608)
        // Every value a two-digit field can write (99) is kept as written, not clamped.
        let time = CivilDateTime(year: 2024, month: 99, day: 99, hour: 99, minute: 99, second: 99)
        #expect(time.date.month == 99 && time.date.day == 99 && time.hour == 99 && time.minute == 99 && time.second == 99)
        // 2024-01-01T00:00:99 counted as seconds: 1,704,067,200 + 99.
        let late = CivilDateTime(date: CivilDate(year: 2024, month: 1, day: 1), second: 99)
        #expect(late.secondsSinceEpoch == 1_704_067_299)
    }

    @Test func aDateTimesPartsAreSetOneByOne() {
        var time = CivilDateTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 60)
        #expect(time.description == "2024-02-29T23:59:60")
        time.hour = 7
        time.minute = -1
        time.second = 0
        time.date.day += 1  // 30 February: unchecked, as with Int parts
        #expect(time.date == CivilDate(year: 2024, month: 2, day: 30) && time.hour == 7 && time.minute == -1 && time.second == 0)
        time.date = CivilDate(year: -44, month: 3, day: 15)
        #expect(time.date.year == -44 && time.date.month == 3 && time.date.day == 15 && time.hour == 7 && time.minute == -1)
        time.minute = 500
        #expect(time.minute == 127 && time.hour == 7 && time.second == 0)
    }

    /// `<`, `==` and hashing on the packed word agree with the comparison of the parts as a tuple
    /// (Swift's tuple `<`, the order of the Int-stored struct), negative and clamped parts included.
    @Test func theOrderIsThatOfThePartsInTurn() {
        let times = [
            CivilDateTime(year: 2024, month: 6, day: 10, hour: 9),
            CivilDateTime(year: 2024, month: 6, day: 10, hour: 9, minute: 0, second: 1),
            CivilDateTime(year: 2024, month: 6, day: 10, hour: 8, minute: 59, second: 59),
            CivilDateTime(year: 2024, month: 6, day: 9, hour: 23, minute: 59, second: 60),
            CivilDateTime(year: 2024, month: 5, day: 31),
            CivilDateTime(year: 2023, month: 12, day: 31, hour: 23),
            CivilDateTime(year: -1, month: 1, day: 1),
            CivilDateTime(year: 0, month: 1, day: 1),
            CivilDateTime(year: 2024, month: 0, day: -5, hour: -1, minute: -128, second: -3),
            CivilDateTime(year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: -1),
            CivilDateTime(year: 2024, month: 1, day: 1),
            CivilDateTime(year: 8_388_607, month: 127, day: 127, hour: 127, minute: 127, second: 127),
            CivilDateTime(year: -8_388_608, month: -128, day: -128, hour: -128, minute: -128, second: -128),
        ]
        func parts(_ t: CivilDateTime) -> (Int, Int, Int, Int, Int, Int) {
            (t.date.year, t.date.month, t.date.day, t.hour, t.minute, t.second)
        }
        for a in times {
            for b in times {
                #expect((a < b) == (parts(a) < parts(b)), "\(a) < \(b)")
                #expect((a == b) == (parts(a) == parts(b)), "\(a) == \(b)")
            }
        }
        #expect(Set(times + times).count == times.count)
        #expect(times.sorted().first == times.last && times.sorted().last == times[11])
    }
}
