import Testing
@testable import ICSKit

/// The scanner's table of known names (``KnownNames``) and the fast paths built on it: a line's
/// name read by comparing bytes, and boundaries written straight into the block's text. Expected
/// names are RFC 5545's spellings (3.6–3.8), upper-cased by hand; every case is also checked
/// against the plain ASCII upper-casing the scanner used before the table.
@Suite struct KnownNamesTests {
    static func lookup(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { KnownNames.lookup($0) }
    }

    /// The old way, kept here as the independent reference: upper-case ASCII, decode the rest.
    static func plainUpper(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    @Test(arguments: [
        ("DTSTART", "DTSTART"), ("dtstart", "DTSTART"), ("DtStArT", "DTSTART"),
        ("uid", "UID"), ("x-wr-timezone", "X-WR-TIMEZONE"), ("Recurrence-Id", "RECURRENCE-ID"),
        ("refresh-interval", "REFRESH-INTERVAL"),  // 16 bytes: the longest kept in the table
        ("vevent", "VEVENT"), ("Tzid", "TZID"), ("cn", "CN"),
    ])
    func findsAKnownNameInAnyCase(written: String, expected: String) {
        #expect(Self.lookup(written) == expected)
        #expect(Self.plainUpper(written) == expected)
    }

    @Test(arguments: [
        "DTSTARTX", "DTSTAR", "X-FOO", "", "DTSTART ", " UID", "UID;", "DTSTÄRT",
        "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR",  // over 16 bytes: looked up the ordinary way
        "UIE", "UIC", "DTSTART\u{0}",
    ])
    func leavesOtherNamesAlone(written: String) {
        #expect(Self.lookup(written) == nil)
    }

    /// A known name's id is its place in ``KnownNames/names`` plus one (VCALENDAR is first, so
    /// 1; VEVENT second, so 2), the same in any case, from bytes or from a string; 0 otherwise.
    @Test func aKnownNameHasItsPlaceInTheTableAsItsID() {
        func id(_ text: String) -> UInt8 { Array(text.utf8).withUnsafeBufferPointer { KnownNames.id($0) } }
        #expect(id("VCALENDAR") == 1)
        #expect(id("vevent") == 2)
        #expect(KnownNames.id(of: "VEvent") == 2)
        #expect(id("X-FOO") == 0)
        #expect(KnownNames.id(of: "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR") == 0)  // over 16 bytes
        #expect(KnownNames.id(of: "") == 0)
        for (index, name) in KnownNames.names.enumerated() where name.utf8.count <= 16 {
            #expect(KnownNames.id(of: name.lowercased()) == UInt8(index + 1), "\(name)")
        }
    }

    /// A line's name and id are read together: the bytes before the first `;` or `:`.
    @Test func aLineGetsItsNameAndIDFromItsBytes() {
        func known(_ text: String) -> (name: String, id: UInt8) { Array(text.utf8).withUnsafeBufferPointer { ContentLineSyntax.knownName($0) } }
        #expect(known("dtStart;TZID=Europe/Berlin:20250101T090000") == ("DTSTART", KnownNames.id(of: "DTSTART")))
        #expect(known("summary:x") == ("SUMMARY", KnownNames.id(of: "SUMMARY")))
        #expect(known("x-Foo;a=b:c") == ("X-FOO", 0))
        let line = Array("Location:here".utf8).withUnsafeBufferPointer { ComponentBlock.Line(.property, number: 3, offset: 0, bytes: $0) }
        #expect(line.name == "LOCATION" && line.nameID == KnownNames.id(of: "LOCATION") && line.nameID != 0)
        let boundary = ComponentBlock.Line(.begin, name: "VALARM", number: 4, offset: 0, length: 12)
        #expect(boundary.nameID == KnownNames.id(of: "VALARM") && boundary.nameID != 0)
    }

    @Test func everyNameOfTheTableIsFoundAsWrittenAndLowerCased() {
        #expect(Set(KnownNames.names).count == KnownNames.names.count, "no name twice")
        for name in KnownNames.names {
            let expected: String? = name.utf8.count <= 16 ? name : nil
            #expect(Self.lookup(name) == expected)
            #expect(Self.lookup(name.lowercased()) == expected)
        }
    }

    @Test(arguments: ["dtStart", "X-Custom-Thing", "naïve", "x-apple-travel-advisory-behavior", "A", "Ümlaut", "summary"])
    func upperASCIIGivesWhatPlainUpperCasingGives(written: String) {
        let upper = Array(written.utf8).withUnsafeBufferPointer { ContentLineSyntax.upperASCII($0) }
        #expect(upper == Self.plainUpper(written))
    }

    // MARK: - The scanner's lines

    @Test func namesLinesByTheTableInAnyCaseAndAcrossFolds() throws {
        let scan = try BlockScannerTests.scan(ics([
            "BEGIN:VCALENDAR",                      // 1
            "BEGIN:VEVENT",                         // 2
            "dtstart;tzid=Europe/Berlin:20250101T090000",  // 3
            "DTST",                                 // 4: a name split by a fold…
            " ART:20250102T090000",                 // 5: …joined again
            "X-Own-Thing;X-P=1:value",              // 6: not in the table
            "Summary:a",                            // 7
            "END:VEVENT",                           // 8
            "END:VCALENDAR",                        // 9
        ]))
        let event = try #require(scan.blocks.first)
        #expect(event.lines.map(\.name) == ["VEVENT", "DTSTART", "DTSTART", "X-OWN-THING", "SUMMARY", "VEVENT"])
        #expect(event.lines.map(\.number) == [2, 3, 4, 6, 7, 8])
        #expect(BlockScannerTests.lines(event) == [
            "BEGIN:VEVENT", "dtstart;tzid=Europe/Berlin:20250101T090000", "DTSTART:20250102T090000",
            "X-Own-Thing;X-P=1:value", "Summary:a", "END:VEVENT",
        ])
        #expect(scan.diagnostics.isEmpty)
    }

    @Test func writesBoundariesInTheirCanonicalSpelling() throws {
        let scan = try BlockScannerTests.scan(ics([
            "BEGIN:VCALENDAR",      // 1
            "begin:vevent  ",       // 2: trailing blanks, lower case
            "UID:1",                // 3
            "BEGIN : valarm",       // 4: blanks around the delimiter
            "END:VALARM",           // 5
            "End:VEvent",           // 6
            "END:VCALENDAR",        // 7
        ]))
        let event = try #require(scan.blocks.first)
        #expect(BlockScannerTests.lines(event) == ["BEGIN:VEVENT", "UID:1", "BEGIN:VALARM", "END:VALARM", "END:VEVENT"])
        #expect(event.lines.map(\.name) == ["VEVENT", "UID", "VALARM", "VALARM", "VEVENT"])
        #expect(event.lines.map(\.kind) == [.begin, .property, .begin, .end, .end])
        // The lines' ranges tile the text with nothing between them.
        #expect(event.lines.map(\.offset) == [0, 12, 17, 29, 39])
        #expect(event.text.count == 49)
        // The blanks are still reported, on their lines (the spelling was not lost).
        #expect(scan.diagnostics.map(\.line) == [2, 4])
        #expect(scan.diagnostics.allSatisfy { $0.code == .malformedLine && $0.severity == .warning })
    }

    @Test func closesAMissingEndWithACanonicalLine() throws {
        let scan = try BlockScannerTests.scan(ics([
            "BEGIN:VCALENDAR",   // 1
            "BEGIN:VEVENT",      // 2
            "BEGIN:VALARM",      // 3
            "END:VEVENT",        // 4: closes the alarm first
            "END:VCALENDAR",     // 5
        ]))
        let event = try #require(scan.blocks.first)
        #expect(BlockScannerTests.lines(event) == ["BEGIN:VEVENT", "BEGIN:VALARM", "END:VALARM", "END:VEVENT"])
        #expect(event.lines.map(\.number) == [2, 3, 4, 4])
        #expect(scan.diagnostics.map(\.code) == [.missingEnd])
        let calendar = try #require(scan.blocks.last)
        #expect(BlockScannerTests.lines(calendar) == ["BEGIN:VCALENDAR", "END:VCALENDAR"])
    }

    @Test func namesARepairedLineFromItsRepairedBytes() throws {
        // A NUL inside the name is removed before the name is read: "DT\0START" is DTSTART.
        var bytes = Array(ics(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART:20250101", "END:VEVENT", "END:VCALENDAR"]).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "S"))!  // the S of DTSTART (BEGIN/VCALENDAR/VEVENT have none)
        bytes.insert(0, at: at)
        let scan = try BlockScannerTests.scan(bytes)
        let event = try #require(scan.blocks.first)
        #expect(event.lines.map(\.name) == ["VEVENT", "DTSTART", "VEVENT"])
        #expect(scan.diagnostics.map(\.code) == [.nulByte])
        #expect(scan.diagnostics.first?.line == 3)
    }
}

extension KnownNamesTests {
    /// The eight-at-once upper-casing against the byte-by-byte rule, for every ASCII byte in
    /// every position of a word.
    @Test func upperCasesEightASCIIBytesAtOnce() {
        for byte in UInt8(0)...UInt8(0x7F) {
            let expected = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            for position in 0..<8 {
                let shift = UInt64(8 * position)
                // The other bytes: 'z' (lower), '@' (just before 'A') and '{' (just after 'z').
                let others: UInt64 = 0x7A40_7B7A_407B_7A40 & ~(0xFF << shift)
                let word = others | (UInt64(byte) << shift)
                let upper = KnownNames.upperCased(word)
                #expect(UInt8(truncatingIfNeeded: upper >> shift) == expected)
                let upperOthers: UInt64 = 0x5A40_7B5A_407B_5A40 & ~(0xFF << shift)
                #expect(upper & ~(0xFF << shift) == upperOthers)
            }
        }
    }
}
