import Foundation

/// What a windowed import (``ImportOptions/window``) left out, and what it must parse after all.
///
/// Blocks that ``WindowFilter`` skips are kept, unparsed, with their UID and their place among
/// the events, until the end of the input. Then those that share a UID with a parsed component
/// are parsed too (the rules that compare the components of one UID, SEQUENCE and overrides,
/// see them all, whatever their order in the file), except an override that can change nothing
/// in the window (``OverrideReach``: its master is parsed and known, the instance it names
/// lies far from the window as its own start and end do, and no parsed override names an
/// instance near it, with which it would compete by SEQUENCE); every override of a master that is
/// parsed only now (revived) is parsed too; those skipped by a
/// ``CountBound`` on a zone's clock (``WindowFilter/GapCheck``) when the zone, found as the
/// expansion finds it (``ZoneResolver`` over the file's VTIMEZONEs and X-WR-TIMEZONE), has too
/// many DST gaps before the window, or is not found. When a VTIMEZONE of the file has offsets
/// beyond what the filter's margin allows (``fitsMargin(_:margin:)``), the margin that covers
/// them is used instead: ``WindowFilter/wideMargin`` for offsets within ±24 hours (then only the
/// blocks the filter skips with it too stay skipped), and none beyond (then all are revived).
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
        /// Whether the filter skips it with ``WindowFilter/wideMargin`` too.
        var widely: Bool
        /// Whether it is an override, and its RECURRENCE-ID (``WindowFilter/Judgement/recurrenceID``).
        var isOverride: Bool
        var recurrenceID: Int?
    }
    /// The skipped blocks in file order (their lines in the scan's ``KeptBlockStore``, at the same positions).
    private var kept: [Kept] = []
    /// What the parsed components of one UID tell the revival of its skipped ones.
    private struct ParsedUID {
        /// Whether a master of the UID is parsed, and how far an instance of its parsed masters
        /// reaches (``OverrideReach/reach(of:)``, `Int.max` when no override of the UID may stay skipped).
        var hasMaster = false
        var masterReach = 0
        /// The RECURRENCE-IDs its parsed overrides name (seconds of their wall time, as the filter
        /// reads a skipped one's), sorted at ``revived(from:)``: a skipped override naming an
        /// instance near one of them is revived (the two compete by SEQUENCE).
        var overrideIDs: [Int] = []
        /// Whether a parsed override has RANGE=THISANDFUTURE (it moves the instances after it).
        var movesFuture = false

        /// Whether every skipped override of the UID is revived: no master is parsed (its length
        /// is unknown), or a parsed override moves the instances after it.
        var revivesEveryOverride: Bool { !hasMaster || movesFuture }

        mutating func addMaster(reach: Int) {
            hasMaster = true
            if reach > masterReach { masterReach = reach }
        }

        mutating func addOverride(naming seconds: Int, movesFuture: Bool) {
            if movesFuture { self.movesFuture = true }
            if !self.movesFuture { overrideIDs.append(seconds) }
        }
    }
    /// ``uidHash(_:)`` of the UIDs of the parsed components, with what they tell: a skipped block
    /// whose UID hashes to one of them is revived, unless it is an override that ``OverrideReach``
    /// proves idle and that names no instance near one a parsed override names (two UIDs of one
    /// hash revive a block for nothing, which is harmless: a full import parses it too).
    private var parsedUIDs: [UInt64: ParsedUID] = [:]
    /// After ``revived()``: the wrapping sum of ``uidHash(_:)`` of the UIDs (a missing one as
    /// empty) of the events that stay skipped, for ``ICalendar/id``.
    private(set) var stillSkippedUIDHashSum: UInt64 = 0
    /// Events added so far.
    private var events = 0
    /// The margin the file's time zones need (``WindowFilter/margin`` unless a VTIMEZONE's offsets
    /// lie beyond it); `nil` when they lie beyond ``WindowFilter/wideMargin`` too (then nothing
    /// stays skipped).
    private var margin: Int? = WindowFilter.margin
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
    /// among them (``SkipMark``, their texts in the scan's ``KeptBlockStore``) and returns the
    /// parses as they came (the same array: no parse is copied).
    mutating func sift(_ batch: WindowedBatch, _ results: consuming [ParsedBlock]) -> [ParsedBlock] {
        precondition(results.count == batch.blocks.count, "one result per block")
        var marks = batch.skips.makeIterator()
        var mark = marks.next()
        for index in results.indices {
            while let skip = mark, skip.blocksBefore == index {
                keep(skip)
                mark = marks.next()
            }
            note(&results[index])
        }
        while let skip = mark {
            keep(skip)
            mark = marks.next()
        }
        return results
    }

    private mutating func keep(_ skip: SkipMark) {
        var check: WindowFilter.GapCheck?
        let judgement = skip.judgement
        if case .skipUnlessGaps(let gaps) = judgement.verdict { check = gaps }
        kept.append(Kept(uidHash: judgement.uidHash, gapCheck: check, events: events, widely: judgement.widely,
                         isOverride: judgement.isOverride, recurrenceID: judgement.recurrenceID))
    }

    /// Notes what a parsed block tells the revival: an event's place and UID, a zone, X-WR-TIMEZONE.
    /// An incidence is taken out of the block and put back (moved twice): bound from the block
    /// in place, it was copied, a dozen references retained and released, a third of the
    /// assembly thread's work.
    private mutating func note(_ result: inout ParsedBlock) {
        if case .incidence? = result.component, case .incidence(let incidence)? = result.component.take() {
            // Counted as the assembler keeps them (a windowed import leaves out the events that show nothing).
            if incidence.kind == .event && !CalendarAssembler.showsNothing(incidence) { events += 1 }
            if var uid = incidence.uid {
                // Hashed from the string's own bytes (its UTF-8 view, read byte by byte, cost eight times as much).
                let hash = uid.withUTF8 { Self.uidHash($0) }
                // One lookup each: the UID's entry made or changed in place.
                if let recurrenceID = incidence.recurrenceID {
                    // An override: its master, skipped, is revived, and a skipped override naming
                    // an instance near the one it names is revived too.
                    parsedUIDs[hash, default: ParsedUID()].addOverride(naming: recurrenceID.civil.secondsSinceEpoch,
                                                                       movesFuture: incidence.appliesToFutureInstances)
                } else {
                    parsedUIDs[hash, default: ParsedUID()].addMaster(reach: OverrideReach.reach(of: incidence))
                }
            }
            result.component = .incidence(incidence)
            return
        }
        switch result.component {
        case .timeZone(let zone)?:
            if let current = margin, !SkippedBlocks.fitsMargin(zone, margin: current) {
                margin = SkippedBlocks.fitsMargin(zone, margin: WindowFilter.wideMargin) ? WindowFilter.wideMargin : nil
            }
            zones.append(zone)
        case .calendarProperties(let properties)?:
            if calendarZone == nil { calendarZone = properties.defaultTimeZone }  // the first, as CalendarAssembler takes it
        default:
            break
        }
    }

    /// The kept blocks to parse after all, in file order, each with the number of events
    /// (parsed in the first pass) that came before it in the file: those whose UID a parsed
    /// component has (one hash lookup each) but overrides ``OverrideReach`` proves idle, those
    /// whose bound a zone's DST gaps void, those not skipped with the wider margin when a zone
    /// needs it, the overrides of a master revived, and all when a zone's offsets lie beyond
    /// every margin.
    /// - Parameter store: the skipped blocks' texts, numbered as they were marked (``run(windowed:)``).
    mutating func revived(from store: KeptBlockStore) -> [(eventsBefore: Int, block: ComponentBlock)] {
        precondition(store.count == kept.count, "one kept block per skip mark")
        var revived: [(eventsBefore: Int, block: ComponentBlock)] = []
        var sum: UInt64 = 0
        let empty = Self.uidHash(EmptyCollection())
        var gaps = ZoneGaps(zones: zones, calendarZone: calendarZone)
        let wide = margin == WindowFilter.wideMargin
        // First the other blocks (masters, single events), then the overrides: an override of a
        // master parsed only now is parsed too, whatever it names.
        var revive = [Bool](repeating: false, count: kept.count)
        var revivedUIDs: Set<UInt64> = []
        for (index, item) in kept.enumerated() where !item.isOverride {
            let voided = item.gapCheck.map { check in
                guard let margin, let windowStart = filter?.start,
                      let count = gaps.count(check, before: windowStart, margin: margin) else { return true }
                return !check.endsBefore(windowStart, gaps: count, margin: margin)
            } ?? false
            revive[index] = margin == nil || (wide && !item.widely) || voided || item.uidHash.map { parsedUIDs[$0] != nil } == true
            if revive[index], let hash = item.uidHash { revivedUIDs.insert(hash) }
        }
        // The parsed overrides' RECURRENCE-IDs of each UID, sorted in place for a binary search
        // (walked by index: a loop over the keys would hold the table and copy it at the first change).
        var entry = parsedUIDs.startIndex
        while entry != parsedUIDs.endIndex {
            if parsedUIDs.values[entry].overrideIDs.count > 1 { parsedUIDs.values[entry].overrideIDs.sort() }
            parsedUIDs.formIndex(after: &entry)
        }
        for (index, item) in kept.enumerated() where item.isOverride {
            guard let margin, !(wide && !item.widely) else { revive[index] = true; continue }
            guard let hash = item.uidHash else { continue }
            if revivedUIDs.contains(hash) { revive[index] = true; continue }
            guard let parsed = parsedUIDs[hash] else { continue }
            guard !parsed.revivesEveryOverride else { revive[index] = true; continue }
            revive[index] = !OverrideReach.isIdle(recurrenceID: item.recurrenceID, masterReach: parsed.masterReach, filter: filter, margin: margin)
                || Self.namesNear(item.recurrenceID, parsed.overrideIDs, within: margin + OverrideReach.slack)
        }
        for (index, item) in kept.enumerated() {
            if revive[index] {
                revived.append((item.events, store.block(index)))
            } else {
                sum = sum &+ (item.uidHash ?? empty)
            }
        }
        stillSkippedUIDHashSum = sum
        kept = []
        return revived
    }

    /// Whether a skipped override's RECURRENCE-ID (`nil`: not read) lies within `distance` of one
    /// in `sorted` (the parsed overrides' of its UID): the same instance may be named in UTC by
    /// one and in a zone by the other, or by its local day.
    private static func namesNear(_ recurrenceID: Int?, _ sorted: [Int], within distance: Int) -> Bool {
        guard let recurrenceID else { return true }
        guard !sorted.isEmpty else { return false }
        let index = sorted.partitioningIndex(where: { $0 >= recurrenceID })
        if index < sorted.count, sorted[index] - recurrenceID <= distance { return true }
        return index > 0 && recurrenceID - sorted[index - 1] <= distance
    }

    /// Whether a VTIMEZONE's offsets keep every wall time within `margin` of its instant: each
    /// within ±(`margin` − 12 hours) (±14 hours for ``WindowFilter/margin``, ±24 hours for
    /// ``WindowFilter/wideMargin``), and the zone's offsets less than a day apart (a UTC series
    /// read at the wall time of X-WR-TIMEZONE drifts by their difference, and a DST gap then drops
    /// at most one instance of a daily rule, ``WindowFilter/GapCheck``).
    static func fitsMargin(_ zone: TimeZoneDefinition, margin: Int = WindowFilter.margin) -> Bool {
        let offsets = zone.observances.flatMap { [$0.offsetFrom, $0.offsetTo] }
        guard let low = offsets.min(), let high = offsets.max() else { return true }
        let reach = margin - 12 * 3600
        return low >= -reach && high <= reach && high - low <= 24 * 3600
    }
}
