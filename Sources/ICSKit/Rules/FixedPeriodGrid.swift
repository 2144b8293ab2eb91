/// The candidates of a rule whose periods all hold the same ones (DAILY without day tests, WEEKLY
/// with at most plain BYDAY, no BYSETPOS: ``CompiledRule/fixedDayOffsets``): a grid that repeats
/// every period, so that what whole periods produce is counted by arithmetic instead of walked.
/// This is what lets a COUNT rule jump to a window (``RuleIterator/skip(toWallSeconds:)``): the
/// instances it passes still count toward COUNT (RFC 5545 3.3.10, EXDATE'd ones included, which
/// the engine never sees), except those the engine drops, at wall times a zone skips.
struct FixedPeriodGrid {
    /// The first day (days since 1970) of the period that holds DTSTART: the grid's origin.
    let firstDay: Int
    /// Days from one period's first day to the next's: INTERVAL, times 7 for WEEKLY.
    let stepDays: Int
    /// The days of a period that hold candidates, as offsets from its first day, sorted (each
    /// less than ``stepDays``, so periods never share a day).
    let dayOffsets: [Int]
    /// The seconds into the day of each candidate, sorted.
    let times: [Int]

    /// The candidates of one period.
    var perPeriod: Int { dayOffsets.count * times.count }

    /// How many candidates of the first period lie at or before the wall time `wall`.
    ///
    /// - Complexity: O(days × log times) for the period's days and times of day.
    func firstPeriodCandidates(through wall: Int) -> Int {
        var count = 0
        for offset in dayOffsets {
            let midnight = (firstDay + offset) * 86_400
            if midnight + times[times.count - 1] <= wall { count += times.count; continue }
            if midnight > wall { break }
            // The times of day at or before `wall`: the first index past it, by binary search.
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if midnight + times[middle] <= wall { low = middle + 1 } else { high = middle }
            }
            count += low
            break
        }
        return count
    }

    /// Whether the day `day` (since 1970, on or after ``firstDay``) holds candidates.
    func holdsCandidates(day: Int) -> Bool {
        let offset = day - firstDay - floorDivide(day - firstDay, stepDays) * stepDays
        return dayOffsets.contains(offset)
    }

    /// How many candidates in the wall range [`start`, `end`) (on or after ``firstDay``) lie at
    /// wall times that `zone` skips (``ZoneCache/resolve(wallSeconds:)`` finds them nonexistent):
    /// the candidates the engine drops without counting them. Only the days of the zone's
    /// spring-forward gaps (``ZoneCache/gapRanges(from:to:)``) are looked at.
    ///
    /// - Complexity: O(gaps × times) for the zone's gaps between the two.
    func skippedCandidates(from start: Int, to end: Int, in zone: ZoneCache) -> Int {
        var skipped = 0
        for gap in zone.gapRanges(from: start, to: end) {
            for day in floorDivide(gap.lowerBound, 86_400) ... floorDivide(gap.upperBound - 1, 86_400) where holdsCandidates(day: day) {
                for time in times {
                    let wall = day * 86_400 + time
                    if gap.contains(wall) && !zone.resolve(wallSeconds: wall).exists { skipped += 1 }
                }
            }
        }
        return skipped
    }
}
