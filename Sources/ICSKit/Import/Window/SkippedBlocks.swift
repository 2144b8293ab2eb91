import Foundation

/// What a windowed import (``ImportOptions/window``) left out, and what it must parse after all.
///
/// Blocks that ``WindowFilter`` skips are kept, unparsed, with their UID and their place among
/// the events, until the end of the input. Then those that share a UID with a parsed component
/// are parsed too (the simplest correct rule: the rules that compare the components of one UID,
/// SEQUENCE and overrides, see them all, whatever their order in the file); those skipped by a
/// ``CountBound`` on a zone's clock (``WindowFilter/GapCheck``) when the zone, found as the
/// expansion finds it (``ZoneResolver`` over the file's VTIMEZONEs and X-WR-TIMEZONE), has too
/// many DST gaps before the window, or is not found; and all of them when a VTIMEZONE of the
/// file has offsets beyond what the filter's margin allows.
///
/// Memory: the skipped blocks' raw bytes stay until the end of the input, packed in a
/// ``KeptBlockStore`` (no allocation per block) by the windowed scan, which skims and judges each
/// top-level VEVENT on the scanning thread (``BlockScanner/windowed(by:)``, ``BlockSkim``); here
/// each has a UID hash and two flags; revival is a hash lookup per block.
struct SkippedBlocks {
    /// What decides which blocks are skipped (`nil`: none are).
    let filter: WindowFilter?
    /// One skipped block, with what decides whether it is revived.
    private struct Kept {
        /// ``uidHash(_:)`` of its UID; `nil` without one.
        var uidHash: UInt64?
        /// The check of a bound that a zone's DST gaps may void (``WindowFilter/Verdict/skipUnlessGaps(_:)``).
        var gapCheck: WindowFilter.GapCheck?
        /// The number of events before it.
        var events: Int
    }
    /// The skipped blocks in file order (their lines in the scan's ``KeptBlockStore``, at the same positions).
    private var kept: [Kept] = []
    /// ``uidHash(_:)`` of the UIDs of the parsed components: a skipped block whose UID hashes to
    /// one of them is revived (two UIDs of one hash revive a block for nothing, which is harmless:
    /// a full import parses it too).
    private var parsedUIDs: Set<UInt64> = []
    /// After ``revived()``: the wrapping sum of ``uidHash(_:)`` of the UIDs (a missing one as
    /// empty) of the events that stay skipped, for ``ICalendar/id``.
    private(set) var stillSkippedUIDHashSum: UInt64 = 0
    /// Events added so far.
    private var events = 0
    /// Whether a time zone's offsets lie beyond the filter's margin (then nothing stays skipped).
    private var zoneBeyondMargin = false
    /// The calendar's X-WR-TIMEZONE (then UTC and floating series recur on its zone).
    private var calendarZone: String?
    /// The file's VTIMEZONEs, for the zones of ``WindowFilter/GapCheck``s.
    private var zones: [TimeZoneDefinition] = []

    init(window: DateInterval?) {
        filter = window.map(WindowFilter.init)
    }

    /// The FNV-1a of a UID's bytes followed by the unit separator 0x1F: the value ``ICalendar/id``
    /// sums for each UID.
    static func uidHash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var hasher = FNV1a()
        hasher.add(bytes)
        hasher.add(CollectionOfOne(0x1F))
        return hasher.value
    }

    /// Takes a windowed batch and the parses of its blocks (in order), notes the blocks skipped
    /// among them (``SkipMark``, their texts in the scan's ``KeptBlockStore``) and returns the parses in order.
    mutating func sift(_ batch: WindowedBatch, _ results: [ParsedBlock]) -> [ParsedBlock] {
        precondition(results.count == batch.blocks.count, "one result per block")
        var parsed: [ParsedBlock] = []
        parsed.reserveCapacity(results.count)
        var marks = batch.skips.makeIterator()
        var mark = marks.next()
        for (index, result) in results.enumerated() {
            while let skip = mark, skip.blocksBefore == index {
                keep(skip)
                mark = marks.next()
            }
            note(result)
            parsed.append(result)
        }
        while let skip = mark {
            keep(skip)
            mark = marks.next()
        }
        return parsed
    }

    private mutating func keep(_ skip: SkipMark) {
        var check: WindowFilter.GapCheck?
        if case .skipUnlessGaps(let gaps) = skip.verdict { check = gaps }
        kept.append(Kept(uidHash: skip.uidHash, gapCheck: check, events: events))
    }

    /// Notes what a parsed block tells the revival: an event's place and UID, a zone, X-WR-TIMEZONE.
    private mutating func note(_ result: ParsedBlock) {
        switch result.component {
        case .incidence(let incidence)?:
            if incidence.kind == .event { events += 1 }
            if let uid = incidence.uid { parsedUIDs.insert(Self.uidHash(uid.utf8)) }
        case .timeZone(let zone)?:
            if !SkippedBlocks.fitsMargin(zone) { zoneBeyondMargin = true }
            zones.append(zone)
        case .calendarProperties(let properties)?:
            if calendarZone == nil { calendarZone = properties.defaultTimeZone }  // the first, as CalendarAssembler takes it
        default:
            break
        }
    }

    /// The kept blocks to parse after all, in file order, each with the number of events
    /// (parsed in the first pass) that came before it in the file: those whose UID a parsed
    /// component has (one hash lookup each), those whose bound X-WR-TIMEZONE voids, and all
    /// when a zone's offsets lie beyond the margin.
    /// - Parameter store: the skipped blocks' texts, numbered as they were marked (``run(windowed:)``).
    mutating func revived(from store: KeptBlockStore) -> [(eventsBefore: Int, block: ComponentBlock)] {
        precondition(store.count == kept.count, "one kept block per skip mark")
        var revived: [(eventsBefore: Int, block: ComponentBlock)] = []
        var sum: UInt64 = 0
        let empty = Self.uidHash(EmptyCollection())
        var gaps = ZoneGaps(zones: zones, calendarZone: calendarZone)
        for (index, item) in kept.enumerated() {
            let voided = item.gapCheck.map { check in
                guard let windowStart = filter?.start, let count = gaps.count(check, before: windowStart) else { return true }
                return !check.endsBefore(windowStart, gaps: count)
            } ?? false
            if zoneBeyondMargin || voided || item.uidHash.map(parsedUIDs.contains) == true {
                revived.append((item.events, store.block(index)))
            } else {
                sum = sum &+ (item.uidHash ?? empty)
            }
        }
        stillSkippedUIDHashSum = sum
        kept = []
        return revived
    }

    /// Whether a VTIMEZONE's offsets keep every wall time within ``WindowFilter/margin`` of its
    /// instant: each within ±14 hours, and the zone's offsets less than a day apart (a UTC series
    /// read at the wall time of X-WR-TIMEZONE drifts by their difference).
    static func fitsMargin(_ zone: TimeZoneDefinition) -> Bool {
        let offsets = zone.observances.flatMap { [$0.offsetFrom, $0.offsetTo] }
        guard let low = offsets.min(), let high = offsets.max() else { return true }
        return low >= -14 * 3600 && high <= 14 * 3600 && high - low <= 24 * 3600
    }
}
