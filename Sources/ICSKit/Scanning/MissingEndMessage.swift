/// The scanner's message for a component closed without its END line, written into one string
/// buffer: "VEVENT begun on line 4 has no END; closed at line 6".
///
/// Every unclosed block has one, and a file of 300,000 lone `BEGIN:VEVENT` lines has 300,000:
/// string interpolation appended the five pieces one by one, growing the string as it went
/// (about 4,000 instructions a message, more than the rest of the scan of such a line); this
/// writes the bytes once into a string of the right size.
enum MissingEndMessage {
    /// "`name` begun on line `begun` has no END; closed at line `closed`".
    /// - Complexity: O(n) in the name's length.
    static func text(_ name: String, begun: Int, closed: Int) -> String {
        var name = name
        return name.withUTF8 { nameBytes in
            let capacity = nameBytes.count + middle.utf8CodeUnitCount + tail.utf8CodeUnitCount + 2 * maxDigits
            return String(unsafeUninitializedCapacity: capacity) { buffer in
                var end = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    for byte in bytes {
                        buffer[end] = byte
                        end += 1
                    }
                }
                func put(_ number: Int) {
                    // Digits from the last; a negative line (never written by the scanner) keeps its sign.
                    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
                    let count = withUnsafeMutableBytes(of: &digits) { scratch in
                        var value = number.magnitude, count = 0
                        repeat {
                            scratch[scratch.count - 1 - count] = UInt8(truncatingIfNeeded: value % 10) + 0x30
                            value /= 10
                            count += 1
                        } while value > 0
                        if number < 0 {
                            scratch[scratch.count - 1 - count] = 0x2D
                            count += 1
                        }
                        return count
                    }
                    withUnsafeBytes(of: &digits) { scratch in put(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self).suffix(count))) }
                }
                put(nameBytes)
                middle.withUTF8Buffer { put($0) }
                put(begun)
                tail.withUTF8Buffer { put($0) }
                put(closed)
                return end
            }
        }
    }

    private static let middle: StaticString = " begun on line "
    private static let tail: StaticString = " has no END; closed at line "
    /// The most characters an `Int` takes in decimal, with its sign.
    private static let maxDigits = 20
}
