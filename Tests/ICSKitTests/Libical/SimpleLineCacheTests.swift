import Testing
@testable import ICSKit

/// The per-thread cache of simple lines (``SimpleLineCache``): a line that events repeat is read
/// once and its value shared; the context and the UID are part of what decides.
/// Expected values are those of the RFC 5545 text of each line, read by hand.
@Suite struct SimpleLineCacheTests {
    /// The UTF-8 buffer a string's bytes live in (nil for a small string kept inline).
    static func buffer(_ text: String?) -> UnsafeRawPointer? {
        text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// The events converted one after the other on one thread (a cache is used by one thread at
    /// a time and given back to the import's own pool, so blocks converted in turn share its
    /// values, whatever other tests import at the same time).
    static func calendar(_ events: [[String]]) throws -> ICalendar {
        try ICalendar(parsing: calendarText(events.flatMap { ["BEGIN:VEVENT"] + $0 + ["END:VEVENT"] }),
                      options: ImportOptions(parallelism: 1))
    }

    /// A pool hands a cache to one user at a time, hands the last one given back out again, and
    /// keeps at most its capacity of idle ones (the rest are released, and the idle ones with the pool).
    @Test func thePoolLendsEachCacheToOneUserAtATime() {
        var pool: SimpleLineCache.Pool? = SimpleLineCache.Pool(capacity: 2)
        let a = pool!.take(), b = pool!.take()
        #expect(a !== b)
        pool!.giveBack(a)
        let again = pool!.take()
        #expect(again === a)
        pool!.giveBack(again)
        pool!.giveBack(b)
        // The pool is full: a third cache given back is released.
        weak var third: SimpleLineCache?
        do {
            let c = SimpleLineCache()
            third = c
            pool!.giveBack(c)
        }
        #expect(third == nil)
        // An idle cache lives as long as its pool.
        var other: SimpleLineCache.Pool? = SimpleLineCache.Pool(capacity: 1)
        weak var kept: SimpleLineCache?
        do {
            let d = SimpleLineCache()
            kept = d
            other!.giveBack(d)
        }
        #expect(kept != nil)
        other = nil
        #expect(kept == nil)
        pool = nil
    }

    @Test func eventsThatRepeatALineShareItsValue() throws {
        let location = "LOCATION:Alexanderplatz 1 10178 Berlin Germany"  // 37 bytes: a heap string
        let organizer = "ORGANIZER;CN=George Miller:mailto:george@example.com"
        let calendar = try Self.calendar((1...3).map { i in
            ["UID:share-\(i)@example.org", "DTSTART:2024061\(i)T090000Z", location, organizer]
        })
        let events = calendar.events
        try #require(events.count == 3)
        for event in events {
            #expect(event.location == "Alexanderplatz 1 10178 Berlin Germany")
            #expect(event.organizer?.address == "mailto:george@example.com")
            #expect(event.organizer?.commonName == "George Miller")
        }
        // One buffer for the three LOCATION values and the three ORGANIZER addresses.
        #expect(Self.buffer(events[0].location) != nil)
        #expect(Self.buffer(events[0].location) == Self.buffer(events[1].location))
        #expect(Self.buffer(events[1].location) == Self.buffer(events[2].location))
        #expect(Self.buffer(events[0].organizer?.address) == Self.buffer(events[2].organizer?.address))
        // Each keeps its own UID and start (2024-06-11/12/13 09:00 UTC).
        #expect(events.map(\.uid) == ["share-1@example.org", "share-2@example.org", "share-3@example.org"])
        #expect(events.map(\.start) == (1...3).map { .utc(CivilDateTime(year: 2024, month: 6, day: 10 + $0, hour: 9)) })
    }

    @Test func eventsInOneZoneShareItsName() throws {
        // Different DTSTART lines, one zone: "America/New_York" is 16 bytes, past what a string
        // keeps inline, and every value names it through the one string.
        let calendar = try Self.calendar((1...3).map { i in
            ["UID:zone-\(i)@example.org", "DTSTART;TZID=America/New_York:2024061\(i)T090000",
             "DTEND;TZID=America/New_York:2024061\(i)T100000"]
        })
        let times = calendar.events.flatMap { [$0.start, $0.end] }
        #expect(times == (1...3).flatMap { i in
            [TimeValue.zoned(CivilDateTime(year: 2024, month: 6, day: 10 + i, hour: 9), tzid: "America/New_York"),
             TimeValue.zoned(CivilDateTime(year: 2024, month: 6, day: 10 + i, hour: 10), tzid: "America/New_York")]
        })
        let buffers = Set(times.map { Self.buffer($0?.tzid) })
        #expect(buffers.count == 1 && buffers.first! != nil)
    }

    @Test func theContextIsPartOfTheKey() throws {
        // LOCATION is read in Swift in an event, but not in an alarm (RFC 5545 3.6.6 gives a VALARM
        // no LOCATION): there the same bytes go to libical and are kept as written.
        let line = "LOCATION:Conference room Everest B2"
        let calendar = try Self.calendar([[
            "UID:context@example.org", "DTSTART:20240611T090000Z", line,
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Soon", "TRIGGER:-PT15M", line, "END:VALARM",
        ]])
        let event = try #require(calendar.events.first)
        #expect(event.location == "Conference room Everest B2")
        let alarm = try #require(event.alarms.first)
        #expect(alarm.trigger == .relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false))
        #expect(alarm.otherProperties.map(\.name) == ["LOCATION"])
        #expect(alarm.otherProperties.first?.value == "Conference room Everest B2")
    }

    @Test func aCachedReadingEqualsAFreshOne() throws {
        let lines = [
            "DTSTAMP:20250601T120000Z", "STATUS:CONFIRMED", "CATEGORIES:Health,Personal,Family",
            "DTSTART;TZID=America/New_York:20250311T160000", "ATTENDEE;CN=Carla;PARTSTAT=ACCEPTED:mailto:carla@example.com",
            "LOCATION:with \\, escape", "EXDATE:20250101T000000Z,20250102T000000Z",
        ]
        let cache = SimpleLineCache()
        for line in lines {
            var bytes = Array(line.utf8)
            let name = String(line.prefix { $0 != ":" && $0 != ";" })
            let fresh = bytes.withUnsafeMutableBufferPointer { SimpleLineReader.read(name, UnsafeBufferPointer($0), in: .incidence) }
            for _ in 0..<2 {
                let cached = bytes.withUnsafeMutableBufferPointer { cache.read(name, UnsafeBufferPointer($0), in: .incidence) }
                #expect(Self.describe(cached) == Self.describe(fresh), "\(line)")
            }
        }
        // The escaped LOCATION is left to libical (nil) in both: the cache keeps that answer too.
        // The DTSTART and the EXDATE are read but not kept (each event has its own).
        #expect(cache.count == lines.count - 2)
    }

    @Test func linesOfEachEventsOwnAreNotKept() {
        // UID, DTSTART, DTEND, RECURRENCE-ID, CREATED, LAST-MODIFIED and EXDATE, in any case, are
        // read every time and not kept; a name that only begins like one of them (DTSTAMP) is kept.
        let cache = SimpleLineCache()
        let own = ["uid:a@example.org", "DTSTART:20250101T090000Z", "dtend;TZID=Europe/Berlin:20250101T100000",
                   "Recurrence-ID:20250101T090000Z", "CREATED:20240101T000000Z", "last-modified:20240102T000000Z",
                   "EXDATE:20250102T090000Z,20250103T090000Z"]
        for line in own {
            var bytes = Array(line.utf8)
            let name = String(line.prefix { $0 != ":" && $0 != ";" }).uppercased()
            let value = bytes.withUnsafeMutableBufferPointer { cache.read(name, UnsafeBufferPointer($0), in: .incidence) }
            #expect(value != nil, "\(line)")
        }
        #expect(cache.count == 0)
        var stamp = Array("DTSTAMP:20250101T090000Z".utf8)
        let value = stamp.withUnsafeMutableBufferPointer { cache.read("DTSTAMP", UnsafeBufferPointer($0), in: .incidence) }
        guard case .time(let time)? = value?.value else { Issue.record("DTSTAMP not read as a time"); return }
        #expect(time == .utc(CivilDateTime(year: 2025, month: 1, day: 1, hour: 9, minute: 0, second: 0)))
        #expect(cache.count == 1)
    }

    @Test func uidLinesAndLongLinesAreNotKept() {
        let cache = SimpleLineCache()
        var uid = Array("uid:someone@example.org".utf8)
        var long = Array(("DESCRIPTION:" + String(repeating: "x", count: SimpleLineCache.maxLineBytes)).utf8)
        let a = uid.withUnsafeMutableBufferPointer { cache.read("UID", UnsafeBufferPointer($0), in: .incidence) }
        let b = long.withUnsafeMutableBufferPointer { cache.read("DESCRIPTION", UnsafeBufferPointer($0), in: .incidence) }
        #expect(a?.text == "someone@example.org")
        #expect(b?.text == String(repeating: "x", count: SimpleLineCache.maxLineBytes))
        #expect(cache.count == 0)
    }

    @Test func theCacheIsBounded() {
        // More distinct lines than slots: what is kept never exceeds the slot count.
        let cache = SimpleLineCache()
        for i in 0..<(SimpleLineCache.slotCount * 2) {
            var bytes = Array("SUMMARY:Meeting number \(i)".utf8)
            let value = bytes.withUnsafeMutableBufferPointer { cache.read("SUMMARY", UnsafeBufferPointer($0), in: .incidence) }
            #expect(value?.text == "Meeting number \(i)")
        }
        #expect(cache.count <= SimpleLineCache.slotCount)
        #expect(cache.count > 0)
        // Read again, in the other order: slots filled once, and slots whose line was replaced
        // (filled a second time), give each line its own value.
        for i in (0..<(SimpleLineCache.slotCount * 2)).reversed() {
            var bytes = Array("SUMMARY:Meeting number \(i)".utf8)
            let value = bytes.withUnsafeMutableBufferPointer { cache.read("SUMMARY", UnsafeBufferPointer($0), in: .incidence) }
            #expect(value?.text == "Meeting number \(i)")
        }
    }

    /// A cache that was never filled, or filled in a few slots only, is freed without touching
    /// the slots it never used (they are not initialized); the ASan run checks the memory.
    @Test func aCacheFilledInAFewSlotsIsFreed() {
        _ = SimpleLineCache()
        let cache = SimpleLineCache()
        var bytes = Array("SUMMARY:One line".utf8)
        let value = bytes.withUnsafeMutableBufferPointer { cache.read("SUMMARY", UnsafeBufferPointer($0), in: .incidence) }
        #expect(value?.text == "One line")
        #expect(cache.count == 1)
    }

    /// A reading as text, to compare two of them.
    static func describe(_ property: SimpleProperty?) -> String {
        guard let property else { return "nil" }
        return "\(property.value) \(property.parameters)"
    }
}
