import Testing
@testable import ICSKit

/// ``EventSpan/start(of:)``: the start the expansion reads, without copying the incidence, must be
/// the start of ``EventSpan/timedFromMidnight(_:)``. Expected values by hand from the convention
/// in EventSpan's documentation (a DATE start with a DATE-TIME end is midnight in the end's form).
@Suite("Semantics: event span start")
struct EventSpanTests {
    static let day = CivilDate(year: 2025, month: 3, day: 4)

    static func event(start: TimeValue?, end: TimeValue? = nil, duration: ICSDuration? = nil) -> Incidence {
        var e = Incidence(kind: .event)
        e.start = start
        e.end = end
        e.duration = duration
        return e
    }

    @Test("A DATE start with a zoned DATE-TIME end: midnight in the end's zone")
    func zonedEnd() {
        let e = Self.event(start: .date(Self.day), end: .zoned(CivilDateTime(date: Self.day, hour: 4), tzid: "Europe/Berlin"))
        #expect(EventSpan.start(of: e) == .zoned(CivilDateTime(date: Self.day), tzid: "Europe/Berlin"))
        #expect(EventSpan.start(of: e) == EventSpan.timedFromMidnight(e).incidence.start)
        #expect(EventSpan.timedFromMidnight(e).reading == .timedFromMidnight)
    }

    @Test("A DATE start with a UTC end: midnight UTC; with a floating end: floating midnight")
    func utcAndFloatingEnd() {
        let utc = Self.event(start: .date(Self.day), end: .utc(CivilDateTime(date: Self.day, hour: 4)))
        #expect(EventSpan.start(of: utc) == .utc(CivilDateTime(date: Self.day)))
        let floating = Self.event(start: .date(Self.day), end: .floating(CivilDateTime(date: Self.day, hour: 4)))
        #expect(EventSpan.start(of: floating) == .floating(CivilDateTime(date: Self.day)))
    }

    @Test("A DATE start with a DURATION of hours: floating midnight; of whole days: the date")
    func durations() {
        let hours = Self.event(start: .date(Self.day), duration: ICSDuration(minutes: 600))
        #expect(EventSpan.start(of: hours) == .floating(CivilDateTime(date: Self.day)))
        let days = Self.event(start: .date(Self.day), duration: ICSDuration(days: 2))
        #expect(EventSpan.start(of: days) == .date(Self.day))
        #expect(EventSpan.timedFromMidnight(days).reading == .asWritten)
    }

    @Test("Read as written: a timed start, an all-day event, a todo, no start")
    func asWritten() {
        let timed = TimeValue.utc(CivilDateTime(date: Self.day, hour: 9))
        #expect(EventSpan.start(of: Self.event(start: timed, end: .date(Self.day))) == timed)
        #expect(EventSpan.start(of: Self.event(start: .date(Self.day), end: .date(Self.day.adding(days: 1)))) == .date(Self.day))
        var todo = Incidence(kind: .todo)
        todo.start = .date(Self.day)
        todo.end = .utc(CivilDateTime(date: Self.day, hour: 4))
        #expect(EventSpan.start(of: todo) == .date(Self.day))
        #expect(EventSpan.start(of: Self.event(start: nil)) == nil)
    }
}
