/// A deterministic generator (SplitMix64: Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", 2014), so that every run of a randomised test sees the same numbers.
/// A `RandomNumberGenerator`, for `Int.random(in:using:)` and friends, with a few helpers.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number of `range` (by the remainder: a slight bias, no matter for tests).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// Between 1 and `most` distinct numbers of `range`, sorted.
    mutating func some(_ range: ClosedRange<Int>, most: Int) -> [Int] {
        Array(Set((0..<int(1...most)).map { _ in int(range) })).sorted()
    }
}
