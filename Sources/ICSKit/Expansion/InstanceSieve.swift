/// What an expansion asks before it makes an occurrence, for a caller that needs few of many
/// (a grid draws each day's count and its first occurrences, not thousands a day): an occurrence
/// that a sieve does not want is never made, so it costs neither its making nor its release.
///
/// A sieve is asked once about every occurrence the expansion would hand out, and sees them in
/// no particular order: the set-up asks it about each recurring series whole, as the series is
/// built (``SeriesDrain``), on each of its threads with a copy of its own, and the merge asks it
/// about the rest (``OccurrenceExpansion/collect(sieve:_:)`` returns each copy as it ends). What
/// it wants is handed out in the expansion's order.
package protocol InstanceSieve: Sendable {
    /// Whether the occurrence from `startSeconds` to `endSeconds` (instants, seconds since 1970:
    /// its start and end are both ``OccurrenceTime/instant(secondsSinceEpoch:utcOffset:zone:)``)
    /// is wanted; `cancelled`: its incidence has STATUS:CANCELLED. It is made only when wanted.
    mutating func wants(startSeconds: Int, endSeconds: Int, cancelled: Bool) -> Bool

    /// Whether `occurrence`, made first (a date, a floating time, an RDATE PERIOD's end), is wanted.
    mutating func wants(_ occurrence: Occurrence) -> Bool
}

/// A series' limit diagnostic with the start key and rank of the occurrence after which the series
/// stopped: a sieved expansion puts them in that order at the end, as an unsieved one meets them.
struct SievedDiagnostic: Sendable {
    var key: Int
    var rank: Int
    var diagnostic: Diagnostic
}

extension OccurrenceExpansion {
    /// ``collect(_:)`` through `sieve`: the occurrences the sieve wants, in order, to `body`; the
    /// others are counted by the sieve and never made. The same cap per series and the same
    /// diagnostics as ``collect()``.
    ///
    /// - Returns: each copy of the sieve as it was left (the merge's, and one for each part of
    ///   the set-up: what they counted adds up), and the diagnostics.
    /// - Parameter reserve: told, before the first occurrence, how many at least will come (those
    ///   the set-up already kept), to make room for them once.
    package func collect<Sieve: InstanceSieve>(sieve: Sieve, reserve: (Int) -> Void = { _ in },
                                               _ body: (Occurrence) -> Void) -> (sieves: [Sieve], diagnostics: [Diagnostic]) {
        var iterator = Iterator(self, capped: true, sieve: sieve)
        reserve(iterator.drainedLeft)
        while let next = iterator.nextSieved() { body(next) }
        let (sieves, diagnostics) = iterator.sieveEnding()
        // Each thread's sieve is a copy of `sieve`, so each is a `Sieve`.
        return (sieves.compactMap { $0 as? Sieve }, diagnostics)
    }
}
