internal import CLibical

/// Conversions from libical's value structs to the model's Swift values.
/// Every `const char *` is copied at once (`String(cString:)`).
enum LibicalValues {
    /// A string from libical, copied; nil for NULL.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The civil parts of an `icaltimetype`.
    static func civil(_ t: icaltimetype) -> CivilDateTime {
        CivilDateTime(year: Int(t.year), month: Int(t.month), day: Int(t.day),
                      hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
    }

    /// An `icaltimetype` as the model's DATE / floating / UTC / zoned value; nil for a null time.
    static func timeValue(_ t: icaltimetype, tzid: String?) -> TimeValue? {
        if icaltime_is_null_time(t) != 0 { return nil }
        if t.is_date != 0 { return .date(CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))) }
        if icaltime_is_utc(t) != 0 { return .utc(civil(t)) }
        if let tzid, !tzid.isEmpty {
            if tzid.uppercased() == "UTC" || tzid.uppercased() == "GMT" { return .utc(civil(t)) }
            return .zoned(civil(t), tzid: tzid)
        }
        return .floating(civil(t))
    }

    /// The TZID parameter of a property (`icalproperty_get_parameter_as_string`, a ring-buffer string, copied).
    static func tzid(of property: OpaquePointer) -> String? {
        string(icalproperty_get_parameter_as_string(property, "TZID"))
    }

    /// The DATE or DATE-TIME value of a property (`icalvalue_get_datetimedate`).
    static func time(of property: OpaquePointer) -> TimeValue? {
        guard let value = icalproperty_get_value(property) else { return nil }
        return timeValue(icalvalue_get_datetimedate(value), tzid: tzid(of: property))
    }

    static func duration(_ d: icaldurationtype) -> ICSDuration {
        ICSDuration(isNegative: d.is_neg != 0, weeks: Int(d.weeks), days: Int(d.days),
                    hours: Int(d.hours), minutes: Int(d.minutes), seconds: Int(d.seconds))
    }

    /// The DURATION value of a property (`icalvalue_get_duration`).
    static func durationValue(of property: OpaquePointer) -> ICSDuration? {
        guard let value = icalproperty_get_value(property) else { return nil }
        return duration(icalvalue_get_duration(value))
    }

    /// A TEXT value, unescaped (`icalvalue_get_text`).
    static func text(of property: OpaquePointer) -> String? {
        guard let value = icalproperty_get_value(property) else { return nil }
        if icalvalue_isa(value) == ICAL_TEXT_VALUE { return string(icalvalue_get_text(value)) }
        return string(icalproperty_get_value_as_string(property))
    }

    /// The value as iCalendar text (`icalproperty_get_value_as_string`, ring buffer, copied).
    static func valueText(of property: OpaquePointer) -> String? {
        string(icalproperty_get_value_as_string(property))
    }

    /// One RDATE value: a DATE, DATE-TIME or PERIOD (`icalvalue_get_datetimeperiod`).
    static func recurrenceDate(of property: OpaquePointer) -> RecurrenceDate? {
        guard let value = icalproperty_get_value(property) else { return nil }
        let tzid = tzid(of: property)
        let dtp = icalvalue_get_datetimeperiod(value)
        if icalperiodtype_is_null_period(dtp.period) == 0, let start = timeValue(dtp.period.start, tzid: tzid) {
            if let end = timeValue(dtp.period.end, tzid: tzid) { return .period(start: start, end: .time(end)) }
            return .period(start: start, end: .duration(duration(dtp.period.duration)))
        }
        return timeValue(dtp.time, tzid: tzid).map { .time($0) }
    }

    /// TRIGGER (`icalvalue_get_trigger`); `toEnd` from `RELATED=END`.
    static func trigger(of property: OpaquePointer, relatedToEnd: Bool) -> Alarm.Trigger? {
        guard let value = icalproperty_get_value(property) else { return nil }
        let trigger = icalvalue_get_trigger(value)
        if let time = timeValue(trigger.time, tzid: nil) { return .absolute(time) }
        return .relative(duration(trigger.duration), toEnd: relatedToEnd)
    }

    /// GEO (`icalvalue_get_geo`).
    static func geo(of property: OpaquePointer) -> Geo? {
        guard let value = icalproperty_get_value(property) else { return nil }
        let g = icalvalue_get_geo(value)
        return Geo(latitude: g.lat, longitude: g.lon)
    }

    /// A UTC-OFFSET value in seconds (`icalvalue_get_utcoffset`).
    static func utcOffset(of property: OpaquePointer) -> Int? {
        guard let value = icalproperty_get_value(property) else { return nil }
        return Int(icalvalue_get_utcoffset(value))
    }

    /// The X-LIC-ERRORTYPE of an X-LIC-ERROR property (`icalparameter_get_xlicerrortype`), as libical writes it.
    static func errorType(of property: OpaquePointer) -> String {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_XLICERRORTYPE_PARAMETER) else { return "" }
        switch icalparameter_get_xlicerrortype(parameter) {
        case ICAL_XLICERRORTYPE_COMPONENTPARSEERROR: return "COMPONENT-PARSE-ERROR"
        case ICAL_XLICERRORTYPE_PROPERTYPARSEERROR: return "PROPERTY-PARSE-ERROR"
        case ICAL_XLICERRORTYPE_PARAMETERNAMEPARSEERROR: return "PARAMETER-NAME-PARSE-ERROR"
        case ICAL_XLICERRORTYPE_PARAMETERVALUEPARSEERROR: return "PARAMETER-VALUE-PARSE-ERROR"
        case ICAL_XLICERRORTYPE_VALUEPARSEERROR: return "VALUE-PARSE-ERROR"
        default: return "OTHER"
        }
    }
}
