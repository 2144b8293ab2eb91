/// The validator's way into the semantics core: an ``InstanceMatcher`` for a series as
/// ``BlockFacts`` read it from a block's lines, with the clock the expansion would give it.
extension InstanceMatcher {
    /// - Parameters:
    ///   - targets: the times that will be asked about; the walk goes a day past the latest.
    ///   - resolver: the calendar's zones, as the expansion resolves them.
    init(series: BlockFacts.SeriesFacts, start: TimeValue, targets: [TimeValue], resolver: ZoneResolver) {
        self.init(start: start, rules: series.rules, dates: series.dates, targets: targets,
                  clock: SeriesWalk.clock(of: start, resolver: resolver, recurring: !series.rules.isEmpty), lookup: { resolver.zone(for: $0).map(ZoneCache.init) })
    }
}
