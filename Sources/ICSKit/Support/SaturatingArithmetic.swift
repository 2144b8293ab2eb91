extension Int {
    /// `self + other`, or `Int.max` / `Int.min` when the sum does not fit: for sums of numbers a
    /// caller may build with any value (an ``ICSDuration`` made in code has parts up to
    /// ±2,147,483,647; one read from a file, nine digits), where a bound that is too large must
    /// stay too large rather than wrap or trap.
    ///
    /// ```swift
    /// Int.max.saturatingAdding(1)  // Int.max
    /// ```
    @inline(__always)
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, or the nearest bound when the difference does not fit.
    @inline(__always)
    func saturatingSubtracting(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self × other`, or the nearest bound when the product does not fit.
    @inline(__always)
    func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
