import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides from a block's own lines, before libical sees it, whether a VEVENT cannot have an
/// occurrence in a view's window (``ImportOptions/window``), so that a windowed import can skip it.
///
/// Only what is proved cheaply is skipped: a VEVENT with exactly one DTSTART, at most one DTEND or
/// DURATION (not both), no RDATE, at most one RECURRENCE-ID and that without a RANGE parameter,
/// every value in a form read here byte by byte (`YYYYMMDD`, `YYYYMMDDThhmmss[Z]`, an RFC 5545
/// duration), and a UID (if any) without escapes; and then only
/// - a single event (no RRULE) whose start and end both lie before the window, or after it;
/// - an override (RECURRENCE-ID, no RRULE) whose own start and end, read as a single event's,
///   both lie before the window or after it: it stands for one instance of its master, shown
///   from its own DTSTART and DTEND or DURATION (``SeriesBuilder``); whatever instance it names,
///   it is taken back whenever a component of its UID is parsed (``SkippedBlocks``), so a
///   master that may show sees all its overrides, and an override moved into the window brings
///   back the others (and a RANGE=THISANDFUTURE one, which moves later instances, is parsed);
/// - a series (one RRULE with UNTIL, without COUNT or RSCALE) whose UNTIL, plus the length of one
///   instance, ends before the window; or whose DTSTART lies after the window;
/// - a plain yearly series (``YearlyBound``: FREQ=YEARLY with no BY part, any COUNT or UNTIL)
///   none of whose yearly positions on DTSTART's month and day, widened as a single event's
///   bounds are, overlaps the window;
/// - a series with COUNT whose rule has a ``CountBound``, if that bound plus the length of one
///   instance ends before the window: at once for a DATE start; for a start on a clock that may
///   have DST gaps (a TZID; UTC or floating, which X-WR-TIMEZONE puts on a zone) only once the
///   zone is known, with one period more per gap (``GapCheck``, decided by ``SkippedBlocks``).
///
/// Times are compared as if they were UTC, with a margin of ``margin`` (26 hours) each side: every
/// reading of a wall time (floating, in a zone of the system's tzdata, or in a VTIMEZONE whose
/// offsets stay within ±14 hours, which ``SkippedBlocks`` checks) lies within 14 hours of it, and
/// a UTC series read at the wall time of X-WR-TIMEZONE drifts by less than a day. A skipped block
/// is also judged with ``wideMargin`` (36 hours, for VTIMEZONEs whose offsets reach ±24 hours, as
/// made-up zones do): when a file has such a zone, only the blocks skipped with the wider margin
/// stay skipped. Either bound of
/// an event takes the widest of its readings: DTEND before DTSTART (swapped), a negative DURATION,
/// an end of one day (a DATE start without end, or an end libical would not read).
///
/// Everything else (VTODO, VJOURNAL, overrides of other shapes, RDATE, other COUNT rules, several RRULEs, values in other
/// forms, lines kept out of libical, nested components' own lines aside) is parsed as without a window.
///
/// - Complexity: O(n) in the block's lines; no allocation.
struct WindowFilter: Sendable {
    /// The margin added on each side of every bound, in seconds: 14 h of zone offset, 12 h of slack.
    static let margin = 26 * 3600
    /// The margin for a file with a VTIMEZONE whose offsets lie beyond ±14 hours but within ±24
    /// (``SkippedBlocks/fitsMargin(_:margin:)``): 24 h of zone offset, the same 12 h of slack.
    static let wideMargin = 36 * 3600
    /// The window, in seconds since 1970-01-01T00:00:00Z (start inclusive, end exclusive).
    let start: Int
    let end: Int

    init(window: DateInterval) {
        let limit = 1e15
        start = Int(max(-limit, min(limit, window.start.timeIntervalSince1970)).rounded(.down))
        end = Int(max(-limit, min(limit, window.end.timeIntervalSince1970)).rounded(.up))
    }

    /// What the filter decides for a block.
    enum Verdict: Equatable {
        /// It may have an occurrence in the window: parse it.
        case parse
        /// It cannot.
        case skip
        /// It cannot if its clock's DST gaps before the window are few enough: decided once the
        /// calendar's zones are known (``GapCheck``).
        case skipUnlessGaps(GapCheck)
    }

    /// What decides whether a COUNT series on a zone's clock can reach the window: each instance
    /// that a DST gap drops is not counted (RFC 5545 §3.3.10, ``RuleIterator``), so the COUNT-th
    /// instance may come one period later per dropped instance. The rule shapes of ``CountBound``
    /// keep DTSTART's time of day, and a gap is at most a day long (tzdata's longest, Samoa's
    /// 2011-12-30, is 24 hours; ``SkippedBlocks/fitsMargin(_:)`` checks a VTIMEZONE's), so a gap
    /// drops at most one instance: with g gaps between the first start and the window start, the
    /// latest start is at most ``latestStart`` + g · ``period``. (A gap after the window start
    /// cannot matter: the bound tested lies before it.)
    struct GapCheck: Equatable, Sendable {
        /// The TZID of DTSTART; `nil` for a UTC or floating start, which recurs on the zone of
        /// X-WR-TIMEZONE when the calendar has one (``SeriesClock``), else on a clock without gaps.
        var tzid: String?
        /// ``CountBound/bound(_:start:)``: the latest start without gaps, and one period, in seconds.
        var latestStart: Int
        var period: Int
        /// The earliest reading of the first instance (wall seconds), and the longest instance, in seconds.
        var earliest: Int
        var length: Int

        /// Whether, with `gaps` gaps, no instance can reach the window starting at `windowStart`,
        /// each bound widened by `margin`.
        func endsBefore(_ windowStart: Int, gaps: Int, margin: Int = WindowFilter.margin) -> Bool {
            guard gaps >= 0, gaps <= CountBound.maxNumber else { return false }
            return max(latestStart + gaps * period, earliest) + length + margin <= windowStart
        }
    }

    /// What the filter finds out about a block (``judgement(_:)``).
    struct Judgement: Equatable {
        var verdict: Verdict
        /// For a block it skips, the ``SkippedBlocks/uidHash(_:)`` of its UID (as libical reads
        /// it, ``plainUID(_:text:)``); `nil` without a UID line or when parsed.
        var uidHash: UInt64?
        /// Whether it is skipped with ``wideMargin`` too (`false` when parsed).
        var widely = false
        /// Whether it is a skipped override (it has a RECURRENCE-ID).
        var isOverride = false
        /// A skipped override's RECURRENCE-ID as ``WallTime`` reads it (seconds in its own clock);
        /// `nil` when it is in another form, or the block is no skipped override.
        var recurrenceID: Int?

        static let parse = Judgement(verdict: .parse)
    }

    /// Whether `block` cannot produce an occurrence that overlaps the window.
    func skips(_ block: ComponentBlock) -> Bool {
        verdict(block) != .parse
    }

    /// The verdict on `block`.
    func verdict(_ block: ComponentBlock) -> Verdict {
        judgement(block).verdict
    }

    /// The verdict on `block`, and for a block it skips what ``SkippedBlocks`` needs to decide
    /// whether to parse it after all.
    func judgement(_ block: borrowing ComponentBlock) -> Judgement {
        guard block.name == "VEVENT", block.unparsed.isEmpty else { return .parse }
        return block.text.withUnsafeBufferPointer { text in
            guard let facts = EventLines(block, text: text), let reach = EventReach(facts, text: text),
                  let needsGapCheck = skips(reach, margin: Self.margin) else { return .parse }
            var verdict = Verdict.skip
            var gaps: GapCheck?
            if needsGapCheck {
                gaps = gapCheck(reach, facts: facts, text: text)
                guard let gaps else { return .parse }
                verdict = .skipUnlessGaps(gaps)
            }
            var widely = false
            switch skips(reach, margin: Self.wideMargin) {
            case nil: widely = false
            case false?: widely = true
            case true?: widely = (gaps ?? gapCheck(reach, facts: facts, text: text)) != nil
            }
            let uid = facts.uid.flatMap { WindowFilter.plainUID($0, text: text) }
                .map { SkippedBlocks.uidHash(UnsafeBufferPointer(rebasing: text[$0])) }
            return Judgement(verdict: verdict, uidHash: uid, widely: widely,
                             isOverride: reach.isOverride,
                             recurrenceID: facts.recurrenceID.flatMap { WallTime.read($0, text: text)?.seconds })
        }
    }

    /// Whether `block` is skipped with ``wideMargin`` (a test's view of ``judgement(_:)``).
    func skipsWidely(_ block: ComponentBlock) -> Bool {
        judgement(block).widely
    }

    /// Whether the event cannot reach the window with each bound widened by `margin` (``margin``
    /// or ``wideMargin``): `nil` when it may, `false` when it cannot, `true` when it cannot if its
    /// clock's DST gaps before the window are few enough (a ``GapCheck``, which does not depend on
    /// the margin: ``SkippedBlocks`` tests it with the margin it needs).
    private func skips(_ reach: EventReach, margin: Int) -> Bool? {
        let lo = reach.lower, hi = reach.upper
        // An override is one instance, from its own start and end: read as a single event's (an
        // RRULE in it, which the expansion ignores, is left to the parse).
        if reach.isOverride && reach.rule != nil { return nil }
        // Every instance, the first and those of a rule, starts at or after the earlier bound.
        if lo - margin >= end { return false }
        guard let rule = reach.rule else { return hi + margin <= start ? false : nil }
        // A plain yearly rule: every instance on DTSTART's month and day, whatever COUNT or UNTIL.
        if rule.isPlainYearly,
           YearlyBound.mayReach(start: reach.start, extent: (lo - reach.start.seconds, hi - reach.start.seconds),
                                window: start..<end, margin: margin) == false {
            return false
        }
        if let until = rule.until {
            return max(until, lo) + (hi - lo) + margin <= start ? false : nil
        }
        // COUNT: at once for a DATE (no clock, no gaps); on a zone's clock once its gaps are known.
        guard let (last, _) = rule.count, max(last, lo) + (hi - lo) + margin <= start else { return nil }
        return !reach.start.isDate
    }

    /// The gap check of a COUNT series on a zone's clock; `nil` when its TZID cannot be read here.
    private func gapCheck(_ reach: EventReach, facts: EventLines, text: UnsafeBufferPointer<UInt8>) -> GapCheck? {
        guard let (last, period) = reach.rule?.count else { return nil }
        var tzid: String?
        if WallTime.hasTZID(facts.start, text: text) {
            guard let name = WallTime.tzid(facts.start, text: text) else { return nil }
            tzid = name
        }
        return GapCheck(tzid: tzid, latestStart: last, period: period, earliest: reach.lower, length: reach.upper - reach.lower)
    }
}

/// The lines of a VEVENT block that decide where it can occur, each as a range of the block's
/// text (the whole content line); `nil` when the block has a line that makes it undecidable here.
struct EventLines {
    /// What a property line is to the filter, by its name.
    private enum Role {
        case other, dtstart, dtend, duration, rrule, rdate, recurrenceID, uid
    }

    /// The ``Role`` of each ``KnownNames`` id (0, an unknown name, is ``Role/other``): one table
    /// read per line.
    private static let roles: [Role] = {
        var table = [Role](repeating: .other, count: 256)
        let named: [(String, Role)] = [("DTSTART", .dtstart), ("DTEND", .dtend), ("DURATION", .duration), ("RRULE", .rrule),
                                       ("RDATE", .rdate), ("RECURRENCE-ID", .recurrenceID), ("UID", .uid)]
        for (name, role) in named {
            let id = KnownNames.id(of: name)
            precondition(id != 0, "\(name) is a known name")
            table[Int(id)] = role
        }
        return table
    }()

    /// Whether a property of this ``KnownNames`` id is one that ``init(_:text:)`` reads at
    /// depth 1 (a block holding only those lines is judged as the whole block is, ``BlockSkim``).
    static func reads(_ id: UInt8) -> Bool {
        roles[Int(id)] != .other
    }

    var start: Range<Int>
    var end: Range<Int>?
    var duration: Range<Int>?
    var rule: Range<Int>?
    /// The UID line, if any (its value is plain, ``WindowFilter/plainUID(_:text:)``).
    var uid: Range<Int>?
    /// The RECURRENCE-ID line of an override, if any (without a RANGE parameter).
    var recurrenceID: Range<Int>?

    init?(_ block: borrowing ComponentBlock, text: UnsafeBufferPointer<UInt8>) {
        var start: Range<Int>?, end: Range<Int>?, duration: Range<Int>?, rule: Range<Int>?, uid: Range<Int>?
        var recurrenceID: Range<Int>?
        var depth = 0
        // Through the buffer: a line's fields are read in place, its name (a String) is not
        // copied and retained; the names are told apart by their KnownNames ids.
        let roles = EventLines.roles
        let decided: Bool = block.lines.withUnsafeBufferPointer { lines in
            for index in lines.indices {
                switch lines[index].kind {
                case .begin: depth += 1; continue
                case .end: depth -= 1; continue
                case .property: guard depth == 1 else { continue }
                }
                let role = roles[Int(lines[index].nameID)]
                if role == .other { continue }
                let offset = Int(lines[index].offset)
                let range = offset..<(offset + Int(lines[index].length))
                switch role {
                case .dtstart:
                    guard start == nil else { return false }
                    start = range
                case .dtend:
                    guard end == nil else { return false }
                    end = range
                case .duration:
                    guard duration == nil else { return false }
                    duration = range
                case .rrule:
                    guard rule == nil else { return false }
                    rule = range
                case .rdate:
                    return false
                case .recurrenceID:
                    guard recurrenceID == nil, !EventLines.hasRange(range, text: text) else { return false }
                    recurrenceID = range
                case .uid:
                    guard uid == nil, WindowFilter.plainUID(range, text: text) != nil else { return false }
                    uid = range
                case .other:
                    continue
                }
            }
            return true
        }
        guard decided else { return nil }
        guard let start, end == nil || duration == nil else { return nil }
        self.start = start
        self.end = end
        self.duration = duration
        self.rule = rule
        self.uid = uid
        self.recurrenceID = recurrenceID
    }

    /// Whether the parameters of a line (its bytes before the value) spell `RANGE` anywhere, in
    /// any case: a RECURRENCE-ID with RANGE=THISANDFUTURE changes later instances too. (A TZID
    /// that happens to hold the word only makes the block parsed.)
    static func hasRange(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        let head = ContentLineSyntax.valueStart(bytes) ?? bytes.count
        let word: [UInt8] = [0x52, 0x41, 0x4E, 0x47, 0x45]  // RANGE
        guard head >= word.count else { return false }
        for i in 0...(head - word.count) where ContentLineSyntax.upper(bytes[i]) == word[0] {
            if (1..<word.count).allSatisfy({ ContentLineSyntax.upper(bytes[i + $0]) == word[$0] }) { return true }
        }
        return false
    }
}

extension WindowFilter {
    /// The value of a UID line when libical's text is the same bytes (not empty, no backslash
    /// escape), as the range of its bytes; `nil` otherwise.
    static func plainUID(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        guard let colon = ContentLineSyntax.valueStart(bytes), colon + 1 < bytes.count, let base = bytes.baseAddress,
              memchr(base + colon + 1, 0x5C, bytes.count - colon - 1) == nil else { return nil }
        return (line.lowerBound + colon + 1)..<line.upperBound
    }

    /// The UID of a block the filter skipped, as libical would read it (the filter skips no
    /// block whose UID it could not read so); `nil` when it has none.
    static func uid(of block: ComponentBlock) -> String? {
        block.text.withUnsafeBufferPointer { text in
            var depth = 0
            for line in block.lines {
                switch line.kind {
                case .begin: depth += 1
                case .end: depth -= 1
                case .property:
                    guard depth == 1, line.name == "UID" else { continue }
                    let range = Int(line.offset)..<Int(line.offset + line.length)
                    guard let value = plainUID(range, text: text) else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: text[value]), as: UTF8.self)
                }
            }
            return nil
        }
    }
}
