import Foundation
import ICSKit

/// The JSON object of one occurrence, shared by `--agenda --format json` (one per line),
/// `search --format json`, `--week --format json` and `--month --format json` (the
/// `occurrences` array). The README's "JSON output" has a table of every key.
///
/// Keys, in this order: `component`, `uid`, `recurrenceId`, `summary`, `location`, `status`,
/// `start`, `end`, `allDay`, `timeZone`, `calendar` (the keys of the first version), then
/// `calendarId`, `description`, `url`, `categories`, `color`, `transparency`, `organizer`,
/// `attendees`, `alarms`, `startEpoch`, `endEpoch`. Times: a DATE as `YYYY-MM-DD` (end
/// exclusive); floating as `YYYY-MM-DDTHH:MM:SS`; UTC as `…Z`; zoned as the local time with its
/// offset in the event's own zone (`2024-03-10T09:00:00-04:00`), with `timeZone` the IANA name.
/// `startEpoch` and `endEpoch` are seconds since 1970 UTC; for a DATE or a floating time, of
/// that wall time in the display zone (`--tz`).
enum OccurrenceJSON {
    /// What the objects of one run share: per calendar (by position in the expanded list) its
    /// name, identity and colour; the display zone; the alarm triggers.
    struct Context {
        let names: [String?]
        let ids: [String]
        let colors: [String]
        let zone: TimeZone
        /// The display zone's offsets, looked up once for every DATE and floating time's epoch.
        let clock: DisplayZoneClock
        let triggers: AlarmTriggers
        /// The display zone's midnights of the dates seen last (all-day starts and ends).
        let dayEpochs = DayEpochMemo()
        /// The text of the days of the instants written last (their times and alarms).
        let dayTexts = DayTextMemo()

        init(calendars: [ICalendar], zone: TimeZone) {
            names = calendarNames(calendars)
            ids = calendars.map { CalendarIdentity.id(source: $0.source) }
            colors = calendars.map(CalendarStyle.init).withDistinctColors().enumerated().map { $1.resolvedColor(index: $0).description }
            self.zone = zone
            clock = DisplayZoneClock(zone)
            triggers = AlarmTriggers(calendars: calendars, viewerTimeZone: zone)
        }
    }

    static func object(_ occurrence: Occurrence, context: Context) -> JSON {
        var out = JSONBytes()
        write(occurrence, context: context, to: &out)
        return .raw(out.bytes)
    }

    /// The `calendar` value of each calendar: its name, else its source.
    static func calendarNames(_ calendars: [ICalendar]) -> [String?] {
        calendars.map { $0.name ?? $0.source }
    }

    // Small readers of the model's fields, so that a change of their types touches one line each.
    /// The position of the occurrence's calendar in the expanded list.
    static func position(_ occurrence: Occurrence) -> Int { occurrence.calendarIndex }
    static func statusText(_ incidence: Incidence) -> String? { incidence.status?.rawValue }
    static func transparencyText(_ incidence: Incidence) -> String? { incidence.transparency?.rawValue }
    static func roleText(_ user: CalendarUser) -> String { user.role.rawValue }
    static func participationText(_ user: CalendarUser) -> String { user.participationStatus.rawValue }

    /// Writes the object as bytes.
    ///
    /// The incidence is read out of the occurrence's box once (each read of
    /// `occurrence.incidence` copies it out of its class box).
    /// - Parameter plansAlarmsAlone: whether the alarms' triggers are worked out for this
    ///   occurrence alone (``AlarmTriggers/series(of:)``, for an event with one instance) instead
    ///   of through the run's table of plans, which keeps one per series.
    static func write(_ occurrence: Occurrence, context: Context, plansAlarmsAlone: Bool = false, to out: inout JSONBytes) {
        let incidence = occurrence.incidence
        head(incidence, to: &out)
        let rid = instantRecurrenceID(occurrence, context: context, to: &out)
        middle(incidence, to: &out)
        instantTimes(occurrence, recurrenceIDText: rid, zoneText: nil, context: context, to: &out)
        tail(incidence, calendarIndex: position(occurrence), context: context, to: &out)
        let alarms = incidence.alarms.isEmpty ? nil
            : plansAlarmsAlone ? context.triggers.series(of: occurrence).instants(for: occurrence) : context.triggers.instants(for: occurrence)
        instantEnd(occurrence, alarms: alarms, context: context, to: &out)
    }

    /// Writes the object as bytes (the agenda's hot path: no intermediate strings, no copy of the
    /// incidence), taking what does not change between the instances of a series from `cache`
    /// (written once, on its first instance): every byte as ``write(_:context:to:)`` writes it.
    static func write(_ occurrence: Occurrence, context: Context, cache: inout SeriesJSONCache, scratch: inout JSONBytes,
                      to out: inout JSONBytes) {
        // A single event (no RECURRENCE-ID) has one instance: nothing to share. Its alarms' plan
        // is made for it alone (``AlarmTriggers/instants(for:)`` would keep one per event).
        // (`case .none` reads the tag alone; `!= nil` copied the time to compare it.)
        if case .none = occurrence.recurrenceIDTime {
            write(occurrence, context: context, plansAlarmsAlone: true, to: &out)
            return
        }
        let owner = occurrence.sharedIncidenceKey, index = position(occurrence)
        let parts: SeriesJSONCache.Parts
        if let held = cache.parts(owner, calendarIndex: index) {
            parts = held
        } else {
            scratch.removeAll()
            let incidence = occurrence.incidence
            head(incidence, to: &scratch)
            let headEnd = scratch.count
            middle(incidence, to: &scratch)
            let middleEnd = scratch.count
            tail(incidence, calendarIndex: index, context: context, to: &scratch)
            parts = SeriesJSONCache.Parts(owner: owner, calendarIndex: index, bytes: scratch.written, headEnd: headEnd, middleEnd: middleEnd,
                                          alarms: incidence.alarms.isEmpty ? nil : context.triggers.series(of: occurrence))
            cache.store(parts)
        }
        out.append(parts.head)
        let rid = instantRecurrenceID(occurrence, context: context, to: &out)
        out.append(parts.middle)
        instantTimes(occurrence, recurrenceIDText: rid, zoneText: parts, context: context, to: &out)
        out.append(parts.tail)
        instantEnd(occurrence, alarms: parts.alarms?.instants(for: occurrence), context: context, to: &out)
    }

    // The object in the pieces that alternate between the series' own (head, middle, tail) and
    // the instance's (its recurrence id; its times; its alarms and epochs).

    /// `{"component":…,"uid":…,"recurrenceId":`
    private static func head(_ incidence: Incidence, to out: inout JSONBytes) {
        out.literal(#"{"component":"#)
        out.string(incidence.kind.rawValue)
        out.literal(#","uid":"#)
        out.string(incidence.uid)
        out.literal(#","recurrenceId":"#)
    }

    /// The `recurrenceId` value.
    /// - Returns: where its quoted text begins in `out` and how long it is (nil for `null`), so
    ///   that a start equal to it can copy it (``instantTimes(_:recurrenceIDText:zoneText:context:to:)``).
    private static func instantRecurrenceID(_ occurrence: Occurrence, context: Context, to out: inout JSONBytes) -> Range<Int>? {
        guard let rid = occurrence.recurrenceIDTime else {
            out.literal("null")
            return nil
        }
        let from = out.count
        time(rid, days: context.dayTexts, to: &out)
        return from..<out.count
    }

    /// `,"summary":…,"location":…,"status":…,"start":`
    private static func middle(_ incidence: Incidence, to out: inout JSONBytes) {
        out.literal(#","summary":"#)
        out.string(incidence.summary)
        out.literal(#","location":"#)
        out.string(incidence.location)
        out.literal(#","status":"#)
        out.string(statusText(incidence))
        out.literal(#","start":"#)
    }

    /// The `start` value, then `,"end":…,"allDay":…,"timeZone":…`
    ///
    /// The text of a time depends on its value alone: an instance that has not moved starts at
    /// its recurrence id, whose text (at `recurrenceIDText` in `out`) is copied. The zone's
    /// quoted name is taken from `zoneText` (the series' parts) when it holds the same name.
    private static func instantTimes(_ occurrence: Occurrence, recurrenceIDText: Range<Int>?, zoneText: SeriesJSONCache.Parts?,
                                     context: Context, to out: inout JSONBytes) {
        if let rid = recurrenceIDText, sameText(occurrence.recurrenceIDTime, occurrence.start) {
            out.appendCopy(of: rid)
        } else {
            time(occurrence.start, days: context.dayTexts, to: &out)
        }
        out.literal(#","end":"#)
        time(occurrence.end, days: context.dayTexts, to: &out)
        zoneKeys(occurrence.start, zoneText: zoneText, to: &out)
    }

    /// `,"allDay":…,"timeZone":…` of an occurrence that starts at `start`.
    ///
    /// The start is a parameter, not read from the occurrence here: switching over a stored
    /// property and binding its zone's name copied the whole time and destroyed the copy after
    /// (about 130 instructions an instance); the payload of a parameter is borrowed.
    private static func zoneKeys(_ start: OccurrenceTime, zoneText: SeriesJSONCache.Parts?, to out: inout JSONBytes) {
        switch start {
        case .instant(_, _, let zone):
            out.literal(#","allDay":false,"timeZone":"#)
            if let zoneText { zoneText.writeZone(zone, to: &out) } else { out.string(zone ?? "UTC") }
        case .date:
            out.literal(#","allDay":true,"timeZone":null"#)
        case .floating:
            out.literal(#","allDay":false,"timeZone":null"#)
        }
    }

    /// Whether `a` and `b` have the same text (``time(_:to:)``): the same date; the same floating
    /// wall time; instants at the same second, both in UTC or both zoned at the same offset (the
    /// zone's name is not part of a time's text). Reads only the numbers, so that neither time is
    /// copied (`a == b` would wrap `b` in an optional, copying it and its zone's name).
    static func sameText(_ a: OccurrenceTime?, _ b: OccurrenceTime) -> Bool {
        switch b {
        case .date(let day):
            if case .date(let other)? = a { return other == day }
        case .floating(let wall):
            if case .floating(let other)? = a { return other == wall }
        case .instant(let seconds, _, nil):
            if case .instant(let other, _, nil)? = a { return other == seconds }
        case .instant(let seconds, let offset, .some):
            if case .instant(let other, let otherOffset, .some)? = a { return other == seconds && otherOffset == offset }
        }
        return false
    }

    /// `,"calendar":…,"calendarId":…,"description":…,"url":…,"categories":[…],"color":…,`
    /// `"transparency":…,"organizer":…,"attendees":[…]`
    private static func tail(_ incidence: Incidence, calendarIndex index: Int, context: Context, to out: inout JSONBytes) {
        out.literal(#","calendar":"#)
        out.string(context.names[safe: index] ?? nil)
        out.literal(#","calendarId":"#)
        out.string(context.ids[safe: index])
        out.literal(#","description":"#)
        out.string(incidence.notes)
        out.literal(#","url":"#)
        out.string(incidence.url)
        out.literal(#","categories":"#)
        strings(incidence.categories, to: &out)
        out.literal(#","color":"#)
        out.string(incidence.color.flatMap(RGBColor.init(css:))?.description ?? context.colors[safe: index])
        out.literal(#","transparency":"#)
        out.string(transparencyText(incidence))
        out.literal(#","organizer":"#)
        if let organizer = incidence.organizer { user(organizer, attendee: false, to: &out) } else { out.literal("null") }
        out.literal(#","attendees":["#)
        for (i, attendee) in incidence.attendees.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            user(attendee, attendee: true, to: &out)
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// `,"alarms":[…],"startEpoch":…,"endEpoch":…}`; `alarms` nil for a component without alarms.
    private static func instantEnd(_ occurrence: Occurrence, alarms: [Date]?, context: Context, to out: inout JSONBytes) {
        if let alarms {
            AlarmJSON.write(alarms, days: context.dayTexts, to: &out)
            out.literal(#","startEpoch":"#)
        } else {
            out.literal(#","alarms":[],"startEpoch":"#)
        }
        out.int(epoch(occurrence.start, clock: context.clock, days: context.dayEpochs))
        out.literal(#","endEpoch":"#)
        out.int(epoch(occurrence.end, clock: context.clock, days: context.dayEpochs))
        out.byte(UInt8(ascii: "}"))
    }

    /// Seconds since 1970 UTC: an instant's own; a date's or floating time's as a wall time in `zone`.
    static func epoch(_ value: OccurrenceTime, zone: TimeZone) -> Int {
        if case .instant(let seconds, _, _) = value { return seconds }
        return Int(value.date(in: zone).timeIntervalSince1970.rounded(.down))
    }

    /// ``epoch(_:zone:)`` with the display zone's offsets looked up once (the same seconds: both
    /// resolve the wall time in the zone's tzdata offsets), a date's midnight through `days`.
    static func epoch(_ value: OccurrenceTime, clock: DisplayZoneClock, days: DayEpochMemo) -> Int {
        switch value {
        case .instant(let seconds, _, _): return seconds
        case .date(let date): return days.utcSeconds(ofMidnight: date, clock: clock)
        case .floating(let wall): return clock.utcSeconds(of: wall)
        }
    }

    /// `{"name":…,"address":…}`, and for an attendee also `role` and `participationStatus`
    /// (RFC 5545's defaults, REQ-PARTICIPANT and NEEDS-ACTION, when not written).
    private static func user(_ user: CalendarUser, attendee: Bool, to out: inout JSONBytes) {
        out.literal(#"{"name":"#)
        out.string(user.commonName)
        out.literal(#","address":"#)
        out.string(user.address)
        if attendee {
            out.literal(#","role":"#)
            out.string(roleText(user))
            out.literal(#","participationStatus":"#)
            out.string(participationText(user))
        }
        out.byte(UInt8(ascii: "}"))
    }

    private static func strings(_ values: [String], to out: inout JSONBytes) {
        out.byte(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(value)
        }
        out.byte(UInt8(ascii: "]"))
    }
}
