import Foundation
internal import CLibical

extension LibicalValues {
    /// The values of one of `icalrecurrencetype`'s fixed `short` arrays, up to the
    /// `ICAL_RECURRENCE_ARRAY_MAX` terminator.
    private static func shorts<T>(_ tuple: T) -> [Int16] {
        withUnsafeBytes(of: tuple) { raw in
            var out: [Int16] = []
            for value in raw.bindMemory(to: Int16.self) {
                if value == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                out.append(value)
            }
            return out
        }
    }

    private static func weekday(_ day: icalrecurrencetype_weekday) -> Weekday? {
        Weekday(rawValue: Int(day.rawValue))
    }

    /// An RRULE value (`icalvalue_get_recur`), fully typed; nil when libical has no FREQ.
    static func recurrenceRule(of property: OpaquePointer) -> RecurrenceRule? {
        guard let value = icalproperty_get_value(property) else { return nil }
        return recurrenceRule(icalvalue_get_recur(value))
    }

    static func recurrenceRule(_ r: icalrecurrencetype) -> RecurrenceRule? {
        let frequency: RecurrenceRule.Frequency
        switch r.freq {
        case ICAL_SECONDLY_RECURRENCE: frequency = .secondly
        case ICAL_MINUTELY_RECURRENCE: frequency = .minutely
        case ICAL_HOURLY_RECURRENCE: frequency = .hourly
        case ICAL_DAILY_RECURRENCE: frequency = .daily
        case ICAL_WEEKLY_RECURRENCE: frequency = .weekly
        case ICAL_MONTHLY_RECURRENCE: frequency = .monthly
        case ICAL_YEARLY_RECURRENCE: frequency = .yearly
        default: return nil
        }
        var rule = RecurrenceRule(frequency: frequency, interval: max(1, Int(r.interval)))
        if r.count > 0 { rule.count = Int(r.count) }
        rule.until = timeValue(r.until, tzid: nil)
        rule.bySecond = shorts(r.by_second).map(Int.init)
        rule.byMinute = shorts(r.by_minute).map(Int.init)
        rule.byHour = shorts(r.by_hour).map(Int.init)
        rule.byDay = shorts(r.by_day).compactMap { encoded in
            guard let day = weekday(icalrecurrencetype_day_day_of_week(encoded)) else { return nil }
            let position = Int(icalrecurrencetype_day_position(encoded))
            return RecurrenceRule.WeekdayNumber(day, ordinal: position == 0 ? nil : position)
        }
        rule.byMonthDay = shorts(r.by_month_day).map(Int.init)
        rule.byYearDay = shorts(r.by_year_day).map(Int.init)
        rule.byWeekNumber = shorts(r.by_week_no).map(Int.init)
        rule.byMonth = shorts(r.by_month).map { encoded in
            RecurrenceRule.MonthNumber(Int(icalrecurrencetype_month_month(encoded)),
                                       isLeap: icalrecurrencetype_month_is_leap(encoded) != 0)
        }
        rule.bySetPosition = shorts(r.by_set_pos).map(Int.init)
        rule.weekStart = weekday(r.week_start) ?? .monday
        rule.rscale = string(r.rscale).flatMap { $0.isEmpty ? nil : $0.uppercased() }
        switch r.skip {
        case ICAL_SKIP_BACKWARD: rule.skip = .backward
        case ICAL_SKIP_FORWARD: rule.skip = .forward
        default: rule.skip = .omit
        }
        return rule
    }
}

extension LibicalValues {
    /// An RRULE from its text (`icalrecurrencetype_from_string`); nil when libical cannot read it.
    ///
    /// Ownership: the RSCALE string that `icalrecurrencetype_from_string` allocates is the
    /// caller's in libical 3.0 (see ``LibicalRecurrence``); it is copied, then freed here.
    static func recurrenceRule(text: String) -> RecurrenceRule? {
        icskit_clear_errno()
        let recurrence = icalrecurrencetype_from_string(text)
        defer { free(recurrence.rscale) }
        if recurrence.freq == ICAL_NO_RECURRENCE { return nil }
        return recurrenceRule(recurrence)
    }
}
