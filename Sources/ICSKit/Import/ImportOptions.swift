/// How an import reads its input.
public struct ImportOptions: Sendable, Hashable {
    /// The bounds on lines, nesting and components.
    public var limits: ScanLimits
    /// How many threads parse blocks at once; 0 means one per active processor.
    public var parallelism: Int

    /// Whether recurring series written in UTC, in a calendar with X-WR-TIMEZONE, recur at the
    /// wall time of that zone (Google Calendar's exports, read as the `x-wr-timezone` tool reads
    /// them: a weekly 08:00Z meeting in `Europe/Berlin` stays at 09:00 Berlin in summer). `false`
    /// reads them as RFC 5545 says, at a constant instant. Single events keep their instant either way.
    public var readsUTCSeriesInCalendarZone: Bool

    /// Options for an import; the defaults suit any calendar (see ``ScanLimits/standard``).
    public init(limits: ScanLimits = .standard, parallelism: Int = 0, readsUTCSeriesInCalendarZone: Bool = true) {
        self.limits = limits
        self.parallelism = parallelism
        self.readsUTCSeriesInCalendarZone = readsUTCSeriesInCalendarZone
    }
}
