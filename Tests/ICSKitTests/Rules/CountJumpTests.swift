import Foundation
import Testing
@testable import ICSKit

/// A COUNT rule with the same candidates in every period jumps to a window
/// (``RuleIterator/skip(toWallSeconds:)``) and counts what it passed over: checked against the
/// walk from DTSTART (the same engine, not jumping) on many generated rules, zones and windows,
/// and on cases worked out by hand from RFC 5545 3.3.10 and the zones' changes of offset
/// (checked with Python's zoneinfo, an independent reading of tzdata).
@Suite("Recurrence: COUNT rules jump to a window")
struct CountJumpTests {
    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// A DAILY or WEEKLY rule with COUNT and no day filters other than plain BYDAY: times of day
    /// often at the hours and half hours that DST changes skip (02:00, 02:30 and, for Apia's
    /// skipped day, every hour of it).
    static func randomRule(_ random: inout SplitMix64) -> String {
        var parts: [String] = []
        if Bool.random(using: &random) {
            parts.append("FREQ=DAILY")
        } else {
            parts.append("FREQ=WEEKLY")
            if Int.random(in: 0..<4, using: &random) > 0 {
                let days = Self.weekdays.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
                if !days.isEmpty { parts.append("BYDAY=" + days.joined(separator: ",")) }
            }
            if Int.random(in: 0..<4, using: &random) == 0 { parts.append("WKST=" + Self.weekdays.randomElement(using: &random)!) }
        }
        let interval = [1, 1, 1, 2, 3, 5].randomElement(using: &random)!
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        if Int.random(in: 0..<3, using: &random) > 0 {
            let hours = Set((0..<Int.random(in: 1...3, using: &random)).map { _ in [0, 1, 2, 2, 3, 9, 23].randomElement(using: &random)! })
            parts.append("BYHOUR=" + hours.sorted().map(String.init).joined(separator: ","))
            let minutes = Set((0..<Int.random(in: 1...2, using: &random)).map { _ in [0, 15, 30, 45].randomElement(using: &random)! })
            parts.append("BYMINUTE=" + minutes.sorted().map(String.init).joined(separator: ","))
        }
        parts.append("COUNT=\(Int.random(in: 1...600, using: &random))")
        return parts.joined(separator: ";")
    }

    /// Every instance of the rule, walked from DTSTART (at most `limit`).
    static func walk(_ rule: RecurrenceRule, _ start: CivilDateTime, isDate: Bool = false, zone: ZoneCache?) -> [RuleInstance] {
        var iterator = RuleIterator(rule: rule, start: start, isDate: isDate, zone: zone)
        var all: [RuleInstance] = []
        while let next = iterator.next() { all.append(next) }
        return all
    }

    /// The instances after a jump to `target`.
    static func jumped(_ rule: RecurrenceRule, _ start: CivilDateTime, isDate: Bool = false, zone: ZoneCache?,
                       to target: Int) -> [RuleInstance] {
        var iterator = RuleIterator(rule: rule, start: start, isDate: isDate, zone: zone)
        #expect(iterator.canSkip)
        iterator.skip(toWallSeconds: target)
        var all: [RuleInstance] = []
        while let next = iterator.next() { all.append(next) }
        return all
    }

    /// Skip-then-iterate against iterate-and-drop: after a jump to a target, the instances are
    /// the walk's last ones (same wall times, same instants), every walked instance at or after
    /// the target among them, and none from before the period that holds the target.
    @Test(arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "UTC", "floating"])
    func jumpAgreesWithTheWalk(zoneName: String) {
        var random = SplitMix64(state: UInt64(truncatingIfNeeded: zoneName.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        // Around Apia's skipped 30 December 2011 and the other zones' changes of 2010–2013.
        let first = CivilDate(year: 2010, month: 1, day: 1).daysSinceEpoch
        // One zone for every jump, as in an expansion: its memo of gaps serves (and widens for) them all.
        let shared = zoneName == "floating" ? nil : RecurrenceText.zone(zoneName)
        for _ in 0..<160 {
            let text = Self.randomRule(&random)
            let rule = RecurrenceText.rule(text)
            let day = first + Int.random(in: 0..<(3 * 365), using: &random)
            let start = CivilDateTime(secondsSinceEpoch: day * 86_400 + [0, 2, 9, 23].randomElement(using: &random)! * 3600
                                      + [0, 30].randomElement(using: &random)! * 60)
            let zone = zoneName == "floating" ? nil : RecurrenceText.zone(zoneName)
            let all = Self.walk(rule, start, zone: zone)
            for _ in 0..<4 {
                let target = start.secondsSinceEpoch + Int.random(in: -86_400 ... 5 * 365 * 86_400, using: &random)
                let got = Self.jumped(rule, start, zone: shared, to: target)
                let context = "\(text) from \(start) in \(zoneName), jump to \(CivilDateTime(secondsSinceEpoch: target))"
                #expect(got.count <= all.count && Array(all.suffix(got.count)) == got, "\(context): not the walk's last instances")
                let due = all.filter { $0.wallSeconds >= target }.count
                #expect(got.count >= due, "\(context): \(due - got.count) instances at or after the target lost")
                // What comes before the target is at most one period of the rule (INTERVAL weeks).
                if let earliest = got.first, got.count > due {
                    #expect(earliest.wallSeconds > target - rule.interval * 7 * 86_400, "\(context): more than a period before the target")
                }
            }
        }
    }

    /// The wall times of the instances after a jump to `target`.
    func walls(_ rule: String, _ start: String, zone: String?, to target: String) -> [String] {
        let cache = zone.map(RecurrenceText.zone)
        return Self.jumped(RecurrenceText.rule(rule), RecurrenceText.civil(start), zone: cache,
                           to: RecurrenceText.civil(target).secondsSinceEpoch).map(\.wall.description)
    }

    @Test func aSpringForwardGapIsNotCounted() {
        // Daily at 02:30 from Tuesday 5 March 2024: 02:30 on 10 March does not exist in New York
        // (02:00 EST → 03:00 EDT), so the ten instances are 5–9 and 11–15 March. Jumping to
        // 14 March passes over eight of them and the skipped one: 14 and 15 March are left.
        #expect(walls("FREQ=DAILY;BYHOUR=2;BYMINUTE=30;COUNT=10", "20240305T023000", zone: "America/New_York", to: "20240314T000000")
                == ["2024-03-14T02:30:00", "2024-03-15T02:30:00"])
        // Floating, the same rule has no gap: the tenth instance is 14 March.
        #expect(walls("FREQ=DAILY;BYHOUR=2;BYMINUTE=30;COUNT=10", "20240305T023000", zone: nil, to: "20240314T000000")
                == ["2024-03-14T02:30:00"])
    }

    @Test func lordHowesHalfHourGap() {
        // Sundays at 02:00, 02:15, 02:30 and 02:45 from 22 September 2024. Lord Howe moves from
        // +10:30 to +11:00 at 02:00 on Sunday 6 October: 02:00 and 02:15 do not exist that day.
        // Twelve instances: four on 22 and 29 September, two on 6 October, then 02:00 and 02:15
        // on 13 October.
        #expect(walls("FREQ=WEEKLY;BYDAY=SU;BYHOUR=2;BYMINUTE=0,15,30,45;COUNT=12", "20240922T020000",
                      zone: "Australia/Lord_Howe", to: "20241013T000000")
                == ["2024-10-13T02:00:00", "2024-10-13T02:15:00"])
    }

    @Test func apiasSkippedDay() {
        // Samoa skipped Friday 30 December 2011 (from −10:00 to +14:00 at its midnight): daily at
        // 10:00 from 28 December, COUNT=5 gives 28, 29, 31 December, 1 and 2 January.
        #expect(walls("FREQ=DAILY;COUNT=5", "20111228T100000", zone: "Pacific/Apia", to: "20120101T000000")
                == ["2012-01-01T10:00:00", "2012-01-02T10:00:00"])
    }

    @Test func aCountReachedBeforeTheTargetEndsTheRule() {
        // Weekly on Monday and Wednesday from Monday 1 January 2024, COUNT=4: 1, 3, 8 and 10 January.
        #expect(walls("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4", "20240101T090000", zone: "Europe/London", to: "20240201T000000") == [])
        // A DTSTART that the rule does not match is counted (Tuesday 2 January): then 3, 8 and 10 January.
        #expect(walls("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4", "20240102T090000", zone: "Europe/London", to: "20240109T000000")
                == ["2024-01-08T09:00:00", "2024-01-10T09:00:00"])
    }

    @Test func rulesThatCannotJump() {
        func canSkip(_ rule: String) -> Bool {
            RuleIterator(rule: RecurrenceText.rule(rule), start: RecurrenceText.civil("20240101T090000"), isDate: false).canSkip
        }
        #expect(canSkip("FREQ=DAILY;COUNT=3") && canSkip("FREQ=WEEKLY;BYDAY=MO,FR;COUNT=3") && canSkip("FREQ=MONTHLY"))
        // Periods that differ (month lengths, BYSETPOS, day tests), or COUNT with UNTIL: walked.
        #expect(!canSkip("FREQ=MONTHLY;COUNT=3") && !canSkip("FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1;COUNT=3")
                && !canSkip("FREQ=DAILY;BYDAY=MO;COUNT=3"))
        let withUntil = RuleIterator(rule: RecurrenceText.rule("FREQ=DAILY;COUNT=3"), start: RecurrenceText.civil("20240101T090000"),
                                     isDate: false, until: .wall(RecurrenceText.civil("20250101T000000").secondsSinceEpoch))
        #expect(!withUntil.canSkip)
    }

    /// Through the expansion, whose window makes the series jump: EXDATE'd instances still count
    /// toward COUNT (RFC 5545 3.8.5.1: EXDATE removes instances from the set COUNT made).
    @Test func exdatesCountThroughTheExpansion() {
        let ny = TimeZone(identifier: "America/New_York")!
        var event = Incidence(kind: .event)
        event.uid = "jump"
        event.start = RecurrenceText.time("20240101T090000", tzid: "America/New_York")
        event.recurrenceRules = [RecurrenceText.rule("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8")]
        // Mondays and Wednesdays from 1 January 2024: 1, 3, 8, 10, 15, 17, 22 and 24 January;
        // 3 and 8 January excluded still count, so the series ends on 24 January.
        event.exceptionDates = [RecurrenceText.time("20240103T090000", tzid: "America/New_York"),
                                RecurrenceText.time("20240108T090000", tzid: "America/New_York")]
        var calendar = ICalendar()
        calendar.events = [event]
        func starts(from: String, to: String) -> [String] {
            func date(_ text: String) -> Date {
                Date(timeIntervalSince1970: TimeInterval(FoundationZone(zone: ny).resolve(RecurrenceText.civil(text)).utcSeconds))
            }
            return OccurrenceExpansion(calendars: [calendar], from: date(from), to: date(to), viewerTimeZone: ny, instanceLimit: 100)
                .collect().occurrences.map { $0.start.wallTime.description }
        }
        #expect(starts(from: "20240120T000000", to: "20240301T000000") == ["2024-01-22T09:00:00", "2024-01-24T09:00:00"])
        // The whole series, walked from DTSTART (the window starts before it).
        #expect(starts(from: "20231201T000000", to: "20240301T000000")
                == ["2024-01-01T09:00:00", "2024-01-10T09:00:00", "2024-01-15T09:00:00", "2024-01-17T09:00:00",
                    "2024-01-22T09:00:00", "2024-01-24T09:00:00"])
    }
}
