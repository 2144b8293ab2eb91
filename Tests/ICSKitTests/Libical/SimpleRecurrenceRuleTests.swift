import Testing
@testable import ICSKit

/// The RRULEs read in Swift (``SimpleLineReader/recurrenceRule(_:)``): parts worked out by hand
/// from RFC 5545 3.3.10; that libical gives the same rules is checked in `SimpleLineEquivalenceTests`.
@Suite struct SimpleRecurrenceRuleTests {
    private func read(_ text: String) -> RecurrenceRule? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { SimpleLineReader.recurrenceRule(UnsafeBufferPointer($0)) }
    }

    @Test func theCommonPartsGiveTheirValues() {
        #expect(read("FREQ=DAILY") == RecurrenceRule(frequency: .daily))
        #expect(read("FREQ=YEARLY;COUNT=5") == RecurrenceRule(frequency: .yearly, count: 5))
        #expect(read("FREQ=DAILY;INTERVAL=3;UNTIL=20251231")
                == RecurrenceRule(frequency: .daily, interval: 3, until: .date(CivilDate(year: 2025, month: 12, day: 31))))
        #expect(read("FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20251231T235959Z")
                == RecurrenceRule(frequency: .monthly,
                                  until: .utc(CivilDateTime(year: 2025, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
                                  byDay: [RecurrenceRule.WeekdayNumber(.friday, ordinal: -1)]))
        #expect(read("FREQ=DAILY;UNTIL=20250301T090000")
                == RecurrenceRule(frequency: .daily, until: .floating(CivilDateTime(year: 2025, month: 3, day: 1, hour: 9))))
        #expect(read("COUNT=4;FREQ=HOURLY;INTERVAL=12") == RecurrenceRule(frequency: .hourly, interval: 12, count: 4))
        #expect(read("FREQ=WEEKLY;WKST=SU;BYDAY=TU")
                == RecurrenceRule(frequency: .weekly, byDay: [RecurrenceRule.WeekdayNumber(.tuesday)], weekStart: .sunday))
        #expect(read("FREQ=YEARLY;BYMONTH=3,11;BYMONTHDAY=1,-1")
                == RecurrenceRule(frequency: .yearly, byMonthDay: [1, -1], byMonth: [RecurrenceRule.MonthNumber(3), RecurrenceRule.MonthNumber(11)]))
        #expect(read("FREQ=MONTHLY;BYDAY=2TU;COUNT=3")
                == RecurrenceRule(frequency: .monthly, count: 3, byDay: [RecurrenceRule.WeekdayNumber(.tuesday, ordinal: 2)]))
    }

    /// Several BYDAY weekdays come out in the order of their distance from WKST (Monday when
    /// absent), wherever WKST stands: the order libical 3.0.16 gives them (checked against it below).
    @Test func severalWeekdaysAreSortedFromTheWeekStart() {
        func days(_ list: [Weekday], ordinals: [Int?]? = nil) -> [RecurrenceRule.WeekdayNumber] {
            list.indices.map { RecurrenceRule.WeekdayNumber(list[$0], ordinal: ordinals?[$0] ?? nil) }
        }
        #expect(read("FREQ=WEEKLY;BYDAY=FR,MO,WE;COUNT=9")
                == RecurrenceRule(frequency: .weekly, count: 9, byDay: days([.monday, .wednesday, .friday])))
        #expect(read("FREQ=WEEKLY;BYDAY=SU,MO") == RecurrenceRule(frequency: .weekly, byDay: days([.monday, .sunday])))
        #expect(read("FREQ=WEEKLY;BYDAY=MO,SU;WKST=SU")
                == RecurrenceRule(frequency: .weekly, byDay: days([.sunday, .monday]), weekStart: .sunday))
        #expect(read("FREQ=WEEKLY;WKST=SU;BYDAY=MO,SU")
                == RecurrenceRule(frequency: .weekly, byDay: days([.sunday, .monday]), weekStart: .sunday))
        // From Wednesday: Saturday is 3 days on, Tuesday 6.
        #expect(read("FREQ=WEEKLY;BYDAY=TU,SA;WKST=WE")
                == RecurrenceRule(frequency: .weekly, byDay: days([.saturday, .tuesday]), weekStart: .wednesday))
        #expect(read("FREQ=MONTHLY;BYDAY=-1FR,1MO")
                == RecurrenceRule(frequency: .monthly, byDay: days([.monday, .friday], ordinals: [1, -1])))
        #expect(read("FREQ=WEEKLY;BYDAY=SU,SA,FR,TH,WE,TU,MO")?.byDay
                == days([.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]))
    }

    /// Every set of weekdays, written in two orders, under every WKST written before and after
    /// BYDAY (and none), reads in Swift to the rule libical 3.0.16 gives for the same text
    /// (`icalrecurrencetype_from_string`, the independent reading): 127 × 2 × 15 rules.
    @Test func everyWeekdaySetReadsAsLibicalReadsIt() {
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var compared = 0
        for set in 1..<128 {
            let chosen = names.indices.filter { set & (1 << $0) != 0 }.map { names[$0] }
            for list in [chosen, chosen.reversed()] {
                let byDay = "BYDAY=" + list.joined(separator: ",")
                var texts = ["FREQ=WEEKLY;\(byDay);COUNT=10"]
                for start in names { texts += ["FREQ=WEEKLY;WKST=\(start);\(byDay)", "FREQ=WEEKLY;\(byDay);WKST=\(start)"] }
                for text in texts {
                    let swift = read(text)
                    #expect(swift != nil, "\(text) is read in Swift")
                    #expect(swift == LibicalValues.recurrenceRule(text: text), "\(text)")
                    compared += 1
                }
            }
        }
        #expect(compared == 127 * 2 * 15)
    }

    /// Each of these is left to libical (nil): a part not taken, a value out of range, a repeat,
    /// COUNT with UNTIL, lower case, a weekday named twice, an ordinal outside MONTHLY/YEARLY.
    @Test(arguments: ["", "FREQ=DAILY;", "INTERVAL=2", "freq=daily", "FREQ=daily", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;COUNT=0",
                      "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;INTERVAL=1000", "FREQ=DAILY;COUNT=1234567", "FREQ=DAILY;COUNT=-1",
                      "FREQ=DAILY;COUNT=3;UNTIL=20251231T000000Z", "FREQ=DAILY;UNTIL=20250230", "FREQ=DAILY;UNTIL=20251231T250000Z",
                      "FREQ=DAILY;UNTIL=2025", "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=MONTHLY;BYMONTHDAY=0", "FREQ=MONTHLY;BYMONTHDAY=1,,2",
                      "FREQ=YEARLY;BYMONTH=13", "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12,1", "FREQ=WEEKLY;BYDAY=MO,MO",
                      "FREQ=MONTHLY;BYDAY=1MO,-1MO", "FREQ=WEEKLY;BYDAY=MO,", "FREQ=WEEKLY;BYDAY=,MO", "FREQ=WEEKLY;BYDAY=MO,2TU",
                      "FREQ=WEEKLY;BYDAY=MO, TU", "FREQ=WEEKLY;BYDAY=MO,,TU",
                      "FREQ=WEEKLY;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=+2TU", "FREQ=MONTHLY;BYDAY=6TU", "FREQ=MONTHLY;BYDAY=-0TU",
                      "FREQ=MONTHLY;BYDAY=12TU", "FREQ=MONTHLY;BYDAY=tu", "FREQ=DAILY;BYSETPOS=1", "FREQ=DAILY;X-NAME=1",
                      "FREQ=WEEKLY;WKST=XX", "FREQ=DAILY;UNTIL=", "FREQ=FORTNIGHTLY", "FREQ=DAILY;COUNT=2,FREQ=WEEKLY", "=DAILY"])
    func otherRulesGoToLibical(text: String) {
        #expect(read(text) == nil)
    }
}

/// TEXT values with RFC 5545 3.3.11's escapes, read in Swift (``TextForm``); expected text
/// worked out by hand from the RFC (libical's agreement is checked in `SimpleLineEquivalenceTests`).
@Suite struct TextFormTests {
    private func form(_ text: String) -> TextForm? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { TextForm(UnsafeBufferPointer($0)) }
    }

    private func unescaped(_ text: String) -> String {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { TextForm.unescaped(UnsafeBufferPointer($0)) }
    }

    @Test func escapesBecomeTheirCharacters() {
        #expect(form("plain text") == .plain)
        #expect(form(#"a\,b\;c\\d\ne\Nf"#) == .escaped)
        #expect(unescaped(#"a\,b\;c\\d\ne\Nf"#) == "a,b;c\\d\ne\nf")
        #expect(unescaped(#"\\n"#) == "\\n")
        #expect(unescaped(#"Zürich\, Bahnhof"#) == "Zürich, Bahnhof")
    }

    /// Longer values are looked at eight bytes at a time: a byte that needs a look is found at
    /// any place in a word, and bytes of 0x80 and above (UTF-8) never need one.
    @Test func everyPlaceOfAWordIsLookedAt() {
        #expect(form("Zürich Hauptbahnhof, Gleis 7 – Café") == .plain)
        for place in 0..<17 {
            var bytes = Array("abcdefghijklmnopq".utf8)
            for special: UInt8 in [0x01, 0x1F, 0x22, 0x7F] {
                bytes[place] = special
                #expect(bytes.withUnsafeBufferPointer { TextForm($0) } == nil, "byte \(special) at \(place)")
            }
            bytes = Array("abcdefghijklmnopq".utf8)
            bytes[place] = 0x5C  // a backslash, then the byte after it: an escape where that is `n`
            let expected: TextForm? = place < 16 && bytes[place + 1] == 0x6E ? .escaped : nil
            #expect(bytes.withUnsafeBufferPointer { TextForm($0) } == expected, "backslash at \(place)")
        }
        #expect(form("abcdefgh\\,ijklmnop\\nqr") == .escaped)
        #expect(unescaped("abcdefgh\\,ijklmnop\\nqr") == "abcdefgh,ijklmnop\nqr")
    }

    @Test(arguments: ["", " a", "a ", #"a\"#, #"a\tb"#, #"a\:b"#, #"a\"b"#, "a\"b", "a\u{7}b", #"a\ b"#, "abcdefghijklmno\\"])
    func otherValuesGoToLibical(text: String) {
        #expect(form(text) == nil)
    }
}
