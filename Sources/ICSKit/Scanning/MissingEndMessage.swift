/// The scanner's message for a component closed without its END line, written into one string
/// buffer: "VEVENT begun on line 4 has no END; closed at line 6".
///
/// Every unclosed block has one, and a file of 300,000 lone `BEGIN:VEVENT` lines has 300,000:
/// string interpolation appended the five pieces one by one, growing the string as it went
/// (about 4,000 instructions a message, more than the rest of the scan of such a line); this
/// writes the bytes once into a string of the right size, each piece copied whole through a
/// pointer (a byte at a time through a closure cost 1,700 instructions a message). The scanner
/// keeps the facts of most (``ComponentBlock/forEachUnclosed(_:)``), and the message is made
/// only where it is read: by the import, and by validation only for the findings it keeps.
enum MissingEndMessage {
    /// "`name` begun on line `begun` has no END; closed at line `closed`".
    /// - Complexity: O(n) in the name's length.
    static func text(_ name: String, begun: Int, closed: Int) -> String {
        var name = name
        return name.withUTF8 { nameBytes in
            let capacity = nameBytes.count + middle.utf8CodeUnitCount + tail.utf8CodeUnitCount + 2 * maxDigits
            return String(unsafeUninitializedCapacity: capacity) { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                var end = base
                end = put(nameBytes, at: end)
                end = put(UnsafeBufferPointer(start: middle.utf8Start, count: middle.utf8CodeUnitCount), at: end)
                end = put(begun, at: end)
                end = put(UnsafeBufferPointer(start: tail.utf8Start, count: tail.utf8CodeUnitCount), at: end)
                end = put(closed, at: end)
                return end - base
            }
        }
    }

    /// The scanner's diagnostic for a component `name` begun on line `begun` and closed at line
    /// `closed` without its END, found in `source`.
    static func diagnostic(_ name: String, begun: Int, closed: Int, source: String?) -> Diagnostic {
        Diagnostic(.missingEnd, text(name, begun: begun, closed: closed), source: source, line: begun)
    }

    /// Copies `bytes` to `at`; returns the address after them.
    @inline(__always)
    private static func put(_ bytes: UnsafeBufferPointer<UInt8>, at: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard let source = bytes.baseAddress else { return at }
        at.update(from: source, count: bytes.count)
        return at + bytes.count
    }

    /// Writes `number` in decimal to `at` (a negative line, never written by the scanner, keeps
    /// its sign); returns the address after it.
    @inline(__always)
    private static func put(_ number: Int, at: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var count = 0, value = number.magnitude
        repeat {
            count += 1
            value /= 10
        } while value > 0
        let sign = number < 0 ? 1 : 0
        if sign == 1 { at.pointee = 0x2D }
        value = number.magnitude
        var digit = at + sign + count
        repeat {
            digit -= 1
            digit.pointee = UInt8(truncatingIfNeeded: value % 10) + 0x30
            value /= 10
        } while value > 0
        return at + sign + count
    }

    private static let middle: StaticString = " begun on line "
    private static let tail: StaticString = " has no END; closed at line "
    /// The most characters an `Int` takes in decimal, with its sign.
    private static let maxDigits = 20
}
