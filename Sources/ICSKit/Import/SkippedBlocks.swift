import Foundation

/// What a windowed import (``ImportOptions/window``) left out, and what it must parse after all.
///
/// Blocks that ``WindowFilter`` skips are kept, unparsed, with their UID and their place among
/// the events, until the end of the input. Then those that share a UID with a parsed component
/// are parsed too (the simplest correct rule: the rules that compare the components of one UID,
/// SEQUENCE and overrides, see them all, whatever their order in the file), and all of them when a
/// VTIMEZONE of the file has offsets beyond what the filter's margin allows.
///
/// Memory: the skipped blocks' lines stay until the end of the input, in storage of their own
/// size: less than their model would take.
struct SkippedBlocks {
    /// What decides which blocks are skipped (`nil`: none are).
    let filter: WindowFilter?
    /// The skipped blocks in file order, each with the number of events before it.
    private var kept: [(uid: String?, events: Int, block: ComponentBlock)] = []
    private var parsedUIDs: Set<String> = []
    /// After ``revived()``: the UIDs of the events that stay skipped (for ``ICalendar/id``).
    private(set) var stillSkippedUIDs: [String?] = []
    /// Events added so far.
    private var events = 0
    /// Whether a time zone's offsets lie beyond the filter's margin (then nothing stays skipped).
    private var zoneBeyondMargin = false

    init(window: DateInterval?) {
        filter = window.map(WindowFilter.init)
    }

    /// Takes a batch and its parse results (`nil` for each block ``filter`` skipped), keeps the skipped
    /// blocks and returns the parsed ones in order.
    mutating func sift(_ batch: [ComponentBlock], _ results: [ParsedBlock?]) -> [ParsedBlock] {
        guard filter != nil else { return results.map { $0! } }
        var parsed: [ParsedBlock] = []
        parsed.reserveCapacity(results.count)
        for (block, result) in zip(batch, results) {
            guard let result else {
                kept.append((WindowFilter.uid(of: block), events, SkippedBlocks.compacted(block)))
                continue
            }
            switch result.component {
            case .incidence(let incidence)?:
                if incidence.kind == .event { events += 1 }
                if let uid = incidence.uid { parsedUIDs.insert(uid) }
            case .timeZone(let zone)?:
                if !SkippedBlocks.fitsMargin(zone) { zoneBeyondMargin = true }
            default:
                break
            }
            parsed.append(result)
        }
        return parsed
    }

    /// The kept blocks to parse after all, in file order, each with the number of events
    /// (parsed in the first pass) that came before it in the file.
    mutating func revived() -> [(eventsBefore: Int, block: ComponentBlock)] {
        let all = zoneBeyondMargin, parsedUIDs = self.parsedUIDs
        let revive = { (uid: String?) in all || uid.map(parsedUIDs.contains) == true }
        let revived = kept.filter { revive($0.uid) }.map { ($0.events, $0.block) }
        stillSkippedUIDs = kept.filter { !revive($0.uid) }.map(\.uid)
        kept = []
        return revived
    }

    /// The block with its text and lines in storage of their own size (the scanner reserves 1 KiB
    /// of text for each block): most blocks of a long feed are kept, few are ever parsed.
    static func compacted(_ block: ComponentBlock) -> ComponentBlock {
        var copy = block
        copy.text = exactCopy(block.text)
        copy.lines = exactCopy(block.lines)
        return copy
    }

    private static func exactCopy<T>(_ array: [T]) -> [T] {
        array.withUnsafeBufferPointer { source in
            [T](unsafeUninitializedCapacity: source.count) { buffer, count in
                _ = buffer.initialize(fromContentsOf: source)
                count = source.count
            }
        }
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
