import Testing
@testable import ICSKit

/// ``BlockScanner/isPlainASCII(_:)``, the scanner's one-pass check of a usual line: true only when
/// every byte is ASCII and none is NUL (worked out by hand for each row; the rows put the odd byte
/// in the first word, in a later word and in the tail after the last full word of eight bytes).
@Suite struct PlainASCIITests {
    @Test(arguments: [
        ([], true),
        (Array("SUMMARY:x".utf8), true),                                       // one word and a tail
        (Array("DTSTART:20250601T090000Z".utf8), true),                        // three words exactly
        (Array("SUMMARY:".utf8) + [0x7F], true),                               // DEL is ASCII
        ([0x53, 0x00, 0x4D, 0x4D, 0x41, 0x52, 0x59, 0x3A], false),             // NUL in the first word
        (Array("SUMMARY:".utf8) + [0x61, 0x62, 0x00, 0x63, 0x64, 0x65, 0x66, 0x67], false),  // in the second
        (Array("SUMMARY:".utf8) + [0x61, 0x00], false),                        // in the tail
        (Array("SUMMARY:".utf8) + [0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01], true),   // 0x01 bytes borrow, no NUL
        (Array("LOCATION:Café".utf8), false),                                  // é is two bytes over 0x7F
        (Array("SUMMARY:".utf8) + [0x80, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41], false),
    ] as [([UInt8], Bool)])
    func plainASCIIOnly(bytes: [UInt8], plain: Bool) {
        #expect(bytes.withUnsafeBufferPointer { BlockScanner.isPlainASCII($0) } == plain, "\(bytes)")
    }
}
