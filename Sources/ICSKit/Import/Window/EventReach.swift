/// What a VEVENT's lines say about where its occurrences can lie, read once from the block's text
/// (``EventLines``), so that ``WindowFilter`` decides with both of its margins by arithmetic alone:
/// the values (DTSTART, DTEND or DURATION, the rule's UNTIL or COUNT bound) do not depend on the
/// margin, only the comparisons do.
struct EventReach {
    /// DTSTART as ``WallTime`` reads it.
    var start: WallTime.Value
    /// The earliest and latest instant the event's first instance reaches (as a single event's
    /// bounds are widened: DTEND before DTSTART, a negative DURATION, a day without an end).
    var lower: Int
    var upper: Int
    /// Whether it is an override (a RECURRENCE-ID).
    var isOverride: Bool
    /// What its RRULE allows, if it has one.
    var rule: Rule?

    /// What an RRULE allows, read from its bytes.
    struct Rule {
        /// Whether it is a plain yearly rule (``YearlyBound``): every instance on DTSTART's month and day.
        var isPlainYearly: Bool
        /// The latest start its UNTIL allows (``WallTime/until(_:)``).
        var until: Int?
        /// Without an UNTIL, for a COUNT rule of a ``CountBound`` shape: its latest start and one
        /// period, in seconds.
        var count: (latestStart: Int, period: Int)?
    }

    /// The reach of the event whose lines are `facts`; `nil` when a value is in a form
    /// ``WallTime`` does not read (the block is then parsed).
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
        self.start = start
        lower = lo
        upper = hi
        isOverride = facts.recurrenceID != nil
        guard let line = facts.rule else { return }
        let parts = RuleParts(line, text: text)
        let until = WallTime.until(parts)
        rule = Rule(isPlainYearly: YearlyBound.isPlainYearly(parts), until: until,
                    count: until == nil ? CountBound.bound(parts, start: start) : nil)
    }
}
