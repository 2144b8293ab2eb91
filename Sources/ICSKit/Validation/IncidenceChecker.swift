/// The checks of one VEVENT, VTODO or VJOURNAL that need its converted values: the order
/// of its start and end, and its RRULEs against DTSTART.
struct IncidenceChecker {
    let incidence: Incidence
    let facts: BlockFacts
    let file: String
    /// The calendar's zones; nil in the per-block pass, where only values of the same form are compared.
    let resolve: TimeOrder.Resolve?
    private(set) var findings: [Finding] = []

    init(incidence: Incidence, facts: BlockFacts, file: String, resolve: TimeOrder.Resolve?) {
        self.incidence = incidence
        self.facts = facts
        self.file = file
        self.resolve = resolve
    }

    private mutating func add(_ code: DiagnosticCode, _ message: String, line: Int?, property: String?) {
        findings.append(Finding(file: file, line: line ?? facts.line, code: code, message: message, uid: incidence.uid, property: property))
    }

    /// Start/end order: in the per-block pass when both have the same form, in the calendar pass otherwise.
    mutating func checkOrder() {
        guard let start = incidence.start else { return }
        let perBlock = resolve == nil
        if let end = incidence.end, incidence.kind == .event {
            if start.isDate != end.isDate {
                if perBlock {
                    add(.mixedStartEndTypes, "DTSTART is a \(start.isDate ? "DATE" : "DATE-TIME") but DTEND is a \(end.isDate ? "DATE" : "DATE-TIME")\(start.isDate ? "; read as a timed event from midnight" : "")",
                        line: facts.endLine, property: "DTEND")
                }
            } else if TimeOrder.sameForm(start, end) == perBlock, let order = TimeOrder.compare(end, start, resolve: resolve), order <= 0 {
                add(.endNotAfterStart, order < 0 ? "DTEND is before DTSTART" : "DTEND is equal to DTSTART",
                    line: facts.endLine, property: "DTEND")
            }
        }
        if perBlock { checkConventions(start) }
        if let due = incidence.due, incidence.kind == .todo, start.isDate == due.isDate,
           TimeOrder.sameForm(start, due) == perBlock, let order = TimeOrder.compare(due, start, resolve: resolve), order <= 0 {
            add(.dueNotAfterStart, order < 0 ? "DUE is before DTSTART" : "DUE is equal to DTSTART", line: facts.dueLine, property: "DUE")
        }
    }

    /// The times the views read by a convention of real feeds rather than as written (``SeriesClock``, ``EventSpan``).
    private mutating func checkConventions(_ start: TimeValue) {
        if !start.isDate, start.tzid != nil || { if case .utc = start { return true } else { return false } }() {
            let zone = start.tzid.map { "DTSTART's zone \($0)" } ?? "UTC, as DTSTART"
            let isFloating: (TimeValue) -> Bool = { if case .floating = $0 { return true } else { return false } }
            // The first floating value of each, found in place: the RDATE starts were mapped into
            // an array of their own (32 MB for a million RDATEs, at validation's peak).
            let candidates: [(String, Int?, TimeValue?)] = [
                ("DTEND", facts.endLine, incidence.end.flatMap { isFloating($0) ? $0 : nil }),
                ("DUE", facts.dueLine, incidence.due.flatMap { isFloating($0) ? $0 : nil }),
                ("RECURRENCE-ID", facts.recurrenceIDLine, incidence.recurrenceID.flatMap { isFloating($0) ? $0 : nil }),
                ("EXDATE", facts.exceptionLines.first, incidence.exceptionDates.first(where: isFloating)),
                ("RDATE", nil, incidence.recurrenceDates.lazy.map(\.start).first(where: isFloating)),
            ]
            for (property, line, value) in candidates {
                guard let floating = value else { continue }
                add(.floatingTimeOnZonedSeries, "\(property) \(floating) is a floating time beside DTSTART \(start); read in \(zone)",
                    line: line, property: property)
            }
        }
        if start.isDate, incidence.kind == .event, incidence.end == nil, let duration = incidence.duration, duration.exactSeconds != 0 {
            add(.dateStartTimedDuration, "DTSTART is a DATE but DURATION \(duration) has hours; read as a timed event from midnight",
                line: facts.startLine, property: "DURATION")
        }
    }

    /// UNTIL against DTSTART, and whether each rule yields an instance after DTSTART.
    mutating func checkRules() {
        guard let start = incidence.start else { return }
        for rule in incidence.recurrenceRules {
            if let until = rule.until {
                if until.isDate != start.isDate {
                    add(.untilTypeMismatch, "RRULE UNTIL is a \(until.isDate ? "DATE" : "DATE-TIME") but DTSTART is a \(start.isDate ? "DATE" : "DATE-TIME")",
                        line: facts.rruleLine, property: "RRULE")
                    continue
                }
                switch start {
                case .zoned, .utc:
                    if case .utc = until {} else {
                        add(.untilNotUTC, "RRULE UNTIL is not in UTC though DTSTART is \(start.tzid.map { "in \($0)" } ?? "in UTC")",
                            line: facts.rruleLine, property: "RRULE")
                        continue
                    }
                default: break
                }
            }
            if InstanceSource.untilPrecedesStart(of: rule, start: start, clock: SeriesWalk.clock(of: start, resolver: nil)) {
                add(.untilBeforeStart, "RRULE UNTIL \(rule.until.map { "\($0)" } ?? "") is before DTSTART \(start): the views show no instance of the rule, DTSTART included (as Google Calendar and Nextcloud mean it when they split a series)",
                    line: facts.rruleLine, property: "RRULE")
                continue
            }
            if rule.count == 1 || Self.surelyYields(rule) { continue }
            // First in wall time only (no zone to look up): an instance found there settles it for
            // all but rules whose next instance is within a zone offset of UNTIL or in a DST gap,
            // which stay unreported. Nothing found: walk again in the series' zone to be sure.
            guard var quick = SeriesWalk(rule: rule, start: start, clock: SeriesWalk.clock(of: start, resolver: nil)) else {
                let message = rule.rscale.map { "RRULE cannot be expanded: RSCALE=\($0) names a calendar libical does not know" }
                    ?? "RRULE \(rule) cannot be expanded: libical refuses it"
                add(.unsupportedRecurrence, message, line: facts.rruleLine, property: "RRULE")
                continue
            }
            if quick.next() != nil { continue }
            guard var walk = SeriesWalk(rule: rule, start: start, clock: SeriesWalk.clock(of: start, resolver: nil)) else { continue }
            if walk.next() == nil {
                let within = walk.gaveUp ? " in a whole 400-year cycle of the calendar" : ""
                add(.ruleYieldsNoInstance, "RRULE \(rule) yields no instance after DTSTART\(within)", line: facts.rruleLine, property: "RRULE")
            }
        }
    }

    /// Whether a rule has an instance after DTSTART whatever DTSTART is, so that it need not be
    /// walked: a Gregorian rule without UNTIL and without BY-parts (it repeats DTSTART's own
    /// date and time, which every Gregorian cycle brings back), or a WEEKLY one whose only
    /// BY-part is weekdays without ordinals (every week has each weekday).
    static func surelyYields(_ rule: RecurrenceRule) -> Bool {
        guard rule.until == nil, !InstanceSource.needsLibical(rule) else { return false }
        let others = rule.bySecond.isEmpty && rule.byMinute.isEmpty && rule.byHour.isEmpty && rule.byMonthDay.isEmpty
            && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty && rule.byMonth.isEmpty && rule.bySetPosition.isEmpty
        guard others else { return false }
        return rule.byDay.isEmpty || (rule.frequency == .weekly && rule.byDay.allSatisfy { $0.ordinal == nil })
    }
}
