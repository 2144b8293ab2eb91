/// How an import reads its input.
public struct ImportOptions: Sendable, Hashable {
    /// The bounds on lines, nesting and components.
    public var limits: ScanLimits
    /// How many threads parse blocks at once; 0 means one per active processor.
    public var parallelism: Int

    public init(limits: ScanLimits = .standard, parallelism: Int = 0) {
        self.limits = limits
        self.parallelism = parallelism
    }
}
