import Testing
@testable import ICSKit

/// UTF-8 validity follows RFC 3629's table; the Windows-1252 table is checked against
/// the code page's published mapping (0x80 → U+20AC, 0x9F → U+0178, 0xA0–0xFF = Latin-1).
@Suite struct TextDecodingTests {
    static func valid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { TextDecoding.isValidUTF8($0) }
    }

    static func windows1252(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.withUnsafeBufferPointer { TextDecoding.utf8FromWindows1252($0) }, as: UTF8.self)
    }

    @Test(arguments: [
        ([UInt8](), true),
        (Array("plain ASCII".utf8), true),
        (Array("Café 🎉 €".utf8), true),
        ([0xC3], false),                    // truncated 2-byte sequence
        ([0xC0, 0xAF], false),              // overlong "/"
        ([0xE0, 0x80, 0xAF], false),        // overlong 3-byte
        ([0xED, 0xA0, 0x80], false),        // UTF-16 surrogate D800
        ([0xF4, 0x90, 0x80, 0x80], false),  // above U+10FFFF
        ([0xF0, 0x9F, 0x8E], false),        // truncated 4-byte
        ([0xE9], false),                    // Latin-1 "é"
        ([0x80], false),                    // lone continuation byte
        ([0xEF, 0xBF, 0xBD], true),         // U+FFFD
        ([0xF4, 0x8F, 0xBF, 0xBF], true),   // U+10FFFF
    ] as [([UInt8], Bool)])
    func utf8Validity(bytes: [UInt8], expected: Bool) {
        #expect(Self.valid(bytes) == expected)
    }

    /// Against the standard library's own validation (an independent implementation): every
    /// fault above, and valid characters of each length, placed at each offset of an ASCII run
    /// (the eight-byte path must stop on the right byte), and random bytes.
    @Test func utf8ValidityAgreesWithTheStandardLibrary() {
        func standard(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }
        let pieces: [[UInt8]] = [[0xC3], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                 [0xF0, 0x9F, 0x8E], [0xE9], [0x80], [0xFF], [0xC3, 0xA9], [0xE6, 0x97, 0xA5],
                                 [0xF0, 0x9F, 0x8E, 0x89], [0xED, 0x9F, 0xBF], [0xDF, 0xBF], [0xEF, 0xBF, 0xBD]]
        for piece in pieces {
            for before in 0..<17 {
                for after in [0, 1, 9] {
                    let bytes = [UInt8](repeating: 0x61, count: before) + piece + [UInt8](repeating: 0x62, count: after)
                    #expect(Self.valid(bytes) == standard(bytes), "\(piece) after \(before) ASCII bytes, \(after) after")
                    #expect(Self.valid(bytes + [0xC3, 0xA9] + bytes) == standard(bytes + [0xC3, 0xA9] + bytes))
                }
            }
        }
        var generator = SplitMix64(state: 5545)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).map { _ -> UInt8 in
                let byte = UInt8(truncatingIfNeeded: generator.next())
                // Mostly ASCII and continuation bytes, so that valid sequences come up often.
                switch generator.next() % 4 {
                case 0: return byte & 0x7F
                case 1: return 0x80 | (byte & 0x3F)
                default: return byte
                }
            }
            #expect(Self.valid(bytes) == standard(bytes), "\(bytes)")
        }
    }

    /// ``TextDecoding/isCleanUTF8(_:)`` against its definition: no NUL and ``TextDecoding/isValidUTF8(_:)``
    /// (itself checked against the standard library above). Each fault and each character length,
    /// and a NUL, at every offset of a run of up to 40 ASCII bytes (both words of the sixteen-byte
    /// step, and the byte-by-byte tail), and random bytes of up to 80, a NUL among them at times.
    @Test func cleanUTF8IsNoNULAndValid() {
        func clean(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { TextDecoding.isCleanUTF8($0) } }
        func expected(_ bytes: [UInt8]) -> Bool { !bytes.contains(0) && Self.valid(bytes) }
        let pieces: [[UInt8]] = [[0x00], [0xC3], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                 [0xF0, 0x9F, 0x8E], [0xE9], [0x80], [0xFF], [0xC3, 0xA9], [0xE6, 0x97, 0xA5],
                                 [0xF0, 0x9F, 0x8E, 0x89], [0x01], [0x7F], [0xC3, 0x00], [0x00, 0x80]]
        for piece in pieces {
            for before in 0..<41 {
                for after in [0, 1, 15, 16, 17] {
                    let bytes = [UInt8](repeating: 0x61, count: before) + piece + [UInt8](repeating: 0x62, count: after)
                    #expect(clean(bytes) == expected(bytes), "\(piece) after \(before) ASCII bytes, \(after) after")
                    let twice = bytes + [0xE3, 0x83, 0x86] + bytes
                    #expect(clean(twice) == expected(twice))
                }
            }
        }
        #expect(clean(Array("Überblick résumé 日本語 テスト naïve".utf8)))
        #expect(!clean(Array("Überblick résumé 日本語 テスト naïve".utf8) + [0]))
        var generator = SplitMix64(state: 3629)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 80)
            let bytes = (0..<count).map { _ -> UInt8 in
                let byte = UInt8(truncatingIfNeeded: generator.next())
                switch generator.next() % 16 {
                case 0: return 0
                case 1...6: return 0x20 | (byte & 0x5F)
                case 7...9: return 0x80 | (byte & 0x3F)
                default: return byte
                }
            }
            #expect(clean(bytes) == expected(bytes), "\(bytes)")
        }
    }

    @Test(arguments: [
        ([0xE9] as [UInt8], "é"),
        ([0x80], "€"),
        ([0x9F], "Ÿ"),
        ([0x8A], "Š"),
        ([0x93, 0x94], "\u{201C}\u{201D}"),
        ([0x81], "\u{FFFD}"),               // undefined in Windows-1252
        ([0xA0], "\u{00A0}"),
        ([0xFF], "ÿ"),
        (Array("Caf".utf8) + [0xE9], "Café"),
    ] as [([UInt8], String)])
    func windows1252Decoding(bytes: [UInt8], expected: String) {
        #expect(Self.windows1252(bytes) == expected)
    }

    @Test func everyWindows1252ByteBecomesValidUTF8() {
        let all = (0...255).map(UInt8.init)
        let out = all.withUnsafeBufferPointer { TextDecoding.utf8FromWindows1252($0) }
        #expect(Self.valid(out))
        #expect(String(decoding: out, as: UTF8.self).unicodeScalars.count == 256)
    }
}
