import Foundation

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
        /// ``CountBound/bound(_:text:start:)``: the latest start without gaps, and one period, in seconds.
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
    func judgement(_ block: ComponentBlock) -> Judgement {
        guard block.name == "VEVENT", block.unparsed.isEmpty else { return .parse }
        return block.text.withUnsafeBufferPointer { text in
            guard let facts = EventLines(block, text: text), var reading = Reading(facts, text: text) else { return .parse }
            let verdict = verdict(&reading, text: text, margin: Self.margin)
            guard verdict != .parse else { return .parse }
            let uid = facts.uid.flatMap { WindowFilter.plainUID($0, text: text) }
                .map { SkippedBlocks.uidHash(UnsafeBufferPointer(rebasing: text[$0])) }
            return Judgement(verdict: verdict, uidHash: uid,
                             widely: self.verdict(&reading, text: text, margin: Self.wideMargin) != .parse,
                             isOverride: facts.recurrenceID != nil,
                             recurrenceID: facts.recurrenceID.flatMap { WallTime.read($0, text: text)?.seconds })
        }
    }

    /// Whether `block` is skipped with ``wideMargin`` (a test's view of ``judgement(_:)``).
    func skipsWidely(_ block: ComponentBlock) -> Bool {
        judgement(block).widely
    }

    /// What the verdicts of a block are made from, read once for both margins: DTSTART, the
    /// earliest and latest bounds of its first instance (wall seconds), and what its RRULE's bytes
    /// say (read at the first verdict that needs them, kept for the second).
    private struct Reading {
        let facts: EventLines
        let start: WallTime.Value
        /// The first instance's reach: from its earliest reading to its latest end.
        let lo: Int, hi: Int
        /// ``WallTime/until(_:text:)`` of the rule, once read (`.some(nil)`: no UNTIL read).
        var until: Int??
        /// ``CountBound/bound(_:text:start:)`` of the rule, once read.
        var count: (latestStart: Int, period: Int)??
        /// DTSTART's TZID, once read.
        var zone: StartZone?

        enum StartZone {
            /// No TZID parameter: a UTC or floating start.
            case unnamed
            case named(String)
            /// A TZID parameter not read here: the block is parsed.
            case unreadable
        }

        /// Nil when DTSTART, DTEND or DURATION is in a form not read here, or for an override
        /// with an RRULE (read as a single event's by the expansion, which ignores the rule):
        /// the block is parsed.
        init?(_ facts: EventLines, text: UnsafeBufferPointer<UInt8>) {
            guard let start = WallTime.read(facts.start, text: text) else { return nil }
            var lo = start.seconds, hi = start.seconds + 86_400
            if let endLine = facts.end {
                guard let end = WallTime.read(endLine, text: text) else { return nil }
                lo = min(lo, end.seconds)
                hi = max(hi, end.seconds + (end.isDate ? 86_400 : 0))
            }
            if let durationLine = facts.duration {
                guard let duration = WallTime.duration(durationLine, text: text) else { return nil }
                lo = min(lo, start.seconds + duration)
                hi = max(hi, start.seconds + duration)
            }
            // An override is one instance, from its own start and end: read as a single event's (an
            // RRULE in it, which the expansion ignores, is left to the parse).
            if facts.recurrenceID != nil && facts.rule != nil { return nil }
            self.facts = facts
            self.start = start
            self.lo = lo
            self.hi = hi
        }
    }

    /// The verdict with each bound widened by `margin` (``margin`` or ``wideMargin``); a
    /// ``GapCheck`` does not depend on it (``SkippedBlocks`` tests it with the margin it needs).
    private func verdict(_ reading: inout Reading, text: UnsafeBufferPointer<UInt8>, margin: Int) -> Verdict {
        let facts = reading.facts, start = reading.start, lo = reading.lo, hi = reading.hi
        // Every instance, the first and those of a rule, starts at or after the earlier bound.
        if lo - margin >= end { return .skip }
        guard let rule = facts.rule else { return hi + margin <= self.start ? .skip : .parse }
        // A plain yearly rule: every instance on DTSTART's month and day, whatever COUNT or UNTIL.
        if YearlyBound.mayReach(rule, text: text, start: start, extent: (lo - start.seconds, hi - start.seconds),
                                window: self.start..<end, margin: margin) == false {
            return .skip
        }
        if reading.until == nil { reading.until = .some(WallTime.until(rule, text: text)) }
        if let until = reading.until! {
            return max(until, lo) + (hi - lo) + margin <= self.start ? .skip : .parse
        }
        // COUNT: at once for a DATE (no clock, no gaps); on a zone's clock once its gaps are known.
        if reading.count == nil { reading.count = .some(CountBound.bound(rule, text: text, start: start)) }
        guard let (last, period) = reading.count!,
              max(last, lo) + (hi - lo) + margin <= self.start else { return .parse }
        if start.isDate { return .skip }
        if reading.zone == nil {
            reading.zone = !WallTime.hasTZID(facts.start, text: text) ? .unnamed
                : WallTime.tzid(facts.start, text: text).map { .named($0) } ?? .unreadable
        }
        let tzid: String?
        switch reading.zone! {
        case .unnamed: tzid = nil
        case .named(let name): tzid = name
        case .unreadable: return .parse
        }
        return .skipUnlessGaps(GapCheck(tzid: tzid, latestStart: last, period: period, earliest: lo, length: hi - lo))
    }
}

/// The lines of a VEVENT block that decide where it can occur, each as a range of the block's
/// text (the whole content line); `nil` when the block has a line that makes it undecidable here.
struct EventLines {
    /// The ``KnownNames`` ids of the names that matter here (0, an unknown name, is none of them).
    private enum Names {
        static let dtstart = KnownNames.id(of: "DTSTART"), dtend = KnownNames.id(of: "DTEND")
        static let duration = KnownNames.id(of: "DURATION"), rrule = KnownNames.id(of: "RRULE")
        static let rdate = KnownNames.id(of: "RDATE"), recurrenceID = KnownNames.id(of: "RECURRENCE-ID")
        static let uid = KnownNames.id(of: "UID")
    }

    /// Whether a property of this ``KnownNames`` id is one that ``init(_:text:)`` reads at
    /// depth 1 (a block holding only those lines is judged as the whole block is, ``BlockSkim``).
    static func reads(_ id: UInt8) -> Bool {
        switch id {
        case 0: return false
        case Names.dtstart, Names.dtend, Names.duration, Names.rrule, Names.rdate, Names.recurrenceID, Names.uid: return true
        default: return false
        }
    }

    var start: Range<Int>
    var end: Range<Int>?
    var duration: Range<Int>?
    var rule: Range<Int>?
    /// The UID line, if any (its value is plain, ``WindowFilter/plainUID(_:text:)``).
    var uid: Range<Int>?
    /// The RECURRENCE-ID line of an override, if any (without a RANGE parameter).
    var recurrenceID: Range<Int>?

    init?(_ block: ComponentBlock, text: UnsafeBufferPointer<UInt8>) {
        var start: Range<Int>?, end: Range<Int>?, duration: Range<Int>?, rule: Range<Int>?, uid: Range<Int>?
        var recurrenceID: Range<Int>?
        var depth = 0
        // Through the buffer: a line's fields are read in place, its name (a String) is not
        // copied and retained; the names are told apart by their KnownNames ids.
        let decided: Bool = block.lines.withUnsafeBufferPointer { lines in
            for index in lines.indices {
                switch lines[index].kind {
                case .begin: depth += 1; continue
                case .end: depth -= 1; continue
                case .property: guard depth == 1 else { continue }
                }
                let id = lines[index].nameID, offset = Int(lines[index].offset)
                let range = offset..<(offset + Int(lines[index].length))
                switch id {
                case Names.dtstart:
                    guard start == nil else { return false }
                    start = range
                case Names.dtend:
                    guard end == nil else { return false }
                    end = range
                case Names.duration:
                    guard duration == nil else { return false }
                    duration = range
                case Names.rrule:
                    guard rule == nil else { return false }
                    rule = range
                case Names.rdate:
                    return false
                case Names.recurrenceID:
                    guard recurrenceID == nil, !EventLines.hasRange(range, text: text) else { return false }
                    recurrenceID = range
                case Names.uid:
                    guard uid == nil, WindowFilter.plainUID(range, text: text) != nil else { return false }
                    uid = range
                default:
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
        guard let colon = ContentLineSyntax.valueStart(bytes), colon + 1 < bytes.count else { return nil }
        for i in (colon + 1)..<bytes.count where bytes[i] == 0x5C { return nil }
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
