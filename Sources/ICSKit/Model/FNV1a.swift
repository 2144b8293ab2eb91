/// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3): the one stable,
/// cheap hash behind cache file names, palette colours and calendar identities.
package struct FNV1a: Sendable {
    /// The hash of what was added so far.
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// Adds `bytes`.
    package mutating func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// Mixes in a whole 64-bit word in one FNV-1a step (XOR, then multiply by the prime).
    package mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }

    /// The hash of `bytes`.
    package static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var hasher = FNV1a()
        hasher.add(bytes)
        return hasher.value
    }

    /// `value` as 16 lower-case hex digits, zero-padded.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
