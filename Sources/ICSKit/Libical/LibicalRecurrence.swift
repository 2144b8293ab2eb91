import Foundation
internal import CLibical

/// libical's recurrence iterator (`icalrecur_iterator`) behind the engine's seam: the
/// fallback for rules with an RSCALE other than GREGORIAN (or a SKIP), and the
/// independent reference of the differential tests.
///
/// Ownership: the iterator is created by `icalrecur_iterator_new` and freed exactly once
/// by `icalrecur_iterator_free` in `deinit`; the RSCALE string that
/// `icalrecurrencetype_from_string` allocates is not freed by the iterator
/// (libical 3.0 leaves it to the caller) and is freed here after it.
///
/// Sendable notes: not Sendable; one owner uses it on one thread.
final class LibicalRecurrence {
    private let iterator: OpaquePointer
    private var rscale: UnsafeMutablePointer<CChar>?
    private var done = false

    /// Starts libical's iterator for `rule` from `start` (a wall time, or a DATE when `isDate`).
    /// Returns nil when libical cannot read the rule or refuses to start.
    init?(rule: RecurrenceRule, start: CivilDateTime, isDate: Bool) {
        var text = rule.description
        if let until = rule.until, case .zoned(let t, _) = until {
            // libical reads UNTIL as floating or UTC; a TZID has no place in the rule text.
            text = text.replacingOccurrences(of: "UNTIL=\(until)", with: "UNTIL=\(TimeValue.floating(t))")
        }
        icskit_clear_errno()
        let recurrence = icalrecurrencetype_from_string(text)
        if recurrence.freq == ICAL_NO_RECURRENCE { return nil }
        var dtstart = icaltime_null_time()
        dtstart.year = Int32(start.date.year)
        dtstart.month = Int32(start.date.month)
        dtstart.day = Int32(start.date.day)
        dtstart.is_date = isDate ? 1 : 0
        if !isDate {
            dtstart.hour = Int32(start.hour)
            dtstart.minute = Int32(start.minute)
            dtstart.second = Int32(start.second)
        }
        guard let iterator = icalrecur_iterator_new(recurrence, dtstart) else {
            free(recurrence.rscale)
            return nil
        }
        self.iterator = iterator
        self.rscale = recurrence.rscale
    }

    deinit {
        icalrecur_iterator_free(iterator)
        free(rscale)
    }

    /// The next instance as a wall time (`icalrecur_iterator_next`), or nil at the end.
    func next() -> CivilDateTime? {
        if done { return nil }
        let t = icalrecur_iterator_next(iterator)
        if icaltime_is_null_time(t) != 0 {
            done = true
            return nil
        }
        return CivilDateTime(year: Int(t.year), month: Int(t.month), day: Int(t.day),
                             hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
    }
}

@available(*, unavailable)
extension LibicalRecurrence: Sendable {}
