import Foundation
import Synchronization

/// The results of ``SimpleLineReader/read(nameID:_:in:)`` for the lines read lately by the converter that holds it,
/// keyed by a line's bytes and its context: a line that events repeat (DTSTAMP, STATUS,
/// LOCATION, CATEGORIES, ORGANIZER, ATTENDEE, an alarm's ACTION and TRIGGER) is read once, and
/// every event that repeats it shares the strings and arrays of that one reading, one buffer
/// instead of one per event (memory, and the time of reading).
///
/// Direct-mapped and bounded: ``slotCount`` entries of lines of at most ``maxLineBytes`` bytes
/// (with their values, under 1 MB); a line whose slot is taken replaces what was there. Used by
/// one thread at a time, so no lock on a lookup: a converter takes one from a small pool and
/// gives it back (``Pool``). UID, DTSTART, DTEND, RECURRENCE-ID, CREATED, LAST-MODIFIED and
/// EXDATE lines are never kept: each event has its own (``ownPerEvent``). The TZIDs of zoned values are shared too (``maxZones`` of them).
final class SimpleLineCache {
    /// How many lines are kept.
    static let slotCount = 4096
    /// Longer lines are read every time, not kept.
    static let maxLineBytes = 160

    /// The slots, in parallel arrays: a lookup compares a hash (0: an empty slot) and, on a
    /// match, the kept bytes in place, so a miss copies nothing and a hit copies only the value.
    /// Only the hashes are set up front; a slot's context, key and property are initialized when
    /// it is first filled, and only filled slots are torn down. An import of one small resource
    /// (a CalDAV collection or a vdir is thousands of them) fills a few dozen slots, and setting
    /// up and tearing down all 4,096 was most of its time.
    private let hashes: UnsafeMutablePointer<UInt64>
    private let contexts: UnsafeMutablePointer<SimpleLineReader.Context>
    private let keys: UnsafeMutablePointer<[UInt8]>
    private let properties: UnsafeMutablePointer<SimpleProperty?>
    /// The slots filled so far, in the order they were first filled: the ones to tear down.
    private var filled: [UInt16] = []

    init() {
        hashes = .allocate(capacity: Self.slotCount)
        hashes.initialize(repeating: 0, count: Self.slotCount)
        contexts = .allocate(capacity: Self.slotCount)
        keys = .allocate(capacity: Self.slotCount)
        properties = .allocate(capacity: Self.slotCount)
    }

    deinit {
        for slot in filled {
            (keys + Int(slot)).deinitialize(count: 1)
            (properties + Int(slot)).deinitialize(count: 1)
        }
        hashes.deallocate()
        contexts.deallocate()
        keys.deallocate()
        properties.deallocate()
    }

    /// ``SimpleLineReader/read(nameID:_:in:)``, or what it gave for the same bytes in the same context.
    /// - Complexity: O(n) in the line's length.
    func read(nameID name: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, in context: SimpleLineReader.Context) -> SimpleProperty? {
        guard !bytes.isEmpty, bytes.count <= Self.maxLineBytes, !Self.ownPerEvent[Int(name)] else {
            // Not kept, but its zone is still shared with the other events'.
            var property = SimpleLineReader.read(nameID: name, bytes, in: context)
            if property != nil { shareZones(&property!.value) }
            return property
        }
        let hash = Self.hash(bytes, context) | 1
        let slot = Int(truncatingIfNeeded: hash >> 20) & (Self.slotCount - 1)
        if hashes[slot] == hash, contexts[slot] == context, keys[slot].count == bytes.count,
           keys[slot].withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return properties[slot]
        }
        var property = SimpleLineReader.read(nameID: name, bytes, in: context)
        if property != nil { shareZones(&property!.value) }
        if hashes[slot] == 0 {
            filled.append(UInt16(slot))
            (contexts + slot).initialize(to: context)
            (keys + slot).initialize(to: Array(bytes))
            (properties + slot).initialize(to: property)
        } else {
            contexts[slot] = context
            // The slot's array is reused: no allocation once it has grown to the line's length.
            keys[slot].removeAll(keepingCapacity: true)
            keys[slot].append(contentsOf: bytes)
            properties[slot] = property
        }
        hashes[slot] = hash
        return property
    }

    /// TZIDs seen lately (the few zones of a calendar), each kept once.
    private var zones: [String] = []
    /// How many TZIDs ``zones`` keeps.
    static let maxZones = 32

    /// The TZID of zoned values, as the one string kept for it: the DTSTART and DTEND lines of
    /// events differ, but name the same few zones, whose names (`America/New_York`) are often
    /// longer than the 15 bytes a string holds inline.
    private func shareZones(_ value: inout SimpleProperty.Value) {
        switch value {
        case .time(let time): value = .time(shared(time))
        case .times(let times) where times.contains(where: { $0.tzid != nil }): value = .times(times.map(shared))
        default: break
        }
    }

    private func shared(_ time: TimeValue) -> TimeValue {
        guard case .zoned(let civil, let tzid) = time, tzid.utf8.count > 15 else { return time }
        if let kept = zones.first(where: { $0 == tzid }) { return .zoned(civil, tzid: kept) }
        if zones.count < Self.maxZones { zones.append(tzid) }
        return time
    }

    /// The number of lines kept (for tests).
    var count: Int { filled.count }

    /// Whether lines of this ``KnownNames/id(_:)`` hold a value each event has of its own, so that
    /// keeping them would only push out lines that events share (and cost a hash and a copy of
    /// the bytes for nothing): UID, DTSTART, DTEND, RECURRENCE-ID, and CREATED, LAST-MODIFIED and
    /// EXDATE (a time of its own per event, a list of its own per series; on the 10,000-event
    /// benchmark 2,962 of 2,967 CREATED lines, 2,960 LAST-MODIFIED and 900 of 911 EXDATE lines differ).
    /// Indexed by the id; the name was found by the scanner, so no byte is compared here.
    private static let ownPerEvent: [Bool] = {
        var table = [Bool](repeating: false, count: KnownNames.names.count + 1)
        for name in ["UID", "DTSTART", "DTEND", "RECURRENCE-ID", "CREATED", "LAST-MODIFIED", "EXDATE"] {
            let id = KnownNames.id(of: name)
            precondition(id != 0, "\(name) is a known name")
            table[Int(id)] = true
        }
        return table
    }()

    /// FNV-1a over the bytes, eight at a time, and the context.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ context: SimpleLineReader.Context) -> UInt64 {
        var hasher = FNV1a()
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while i + 8 <= raw.count {
            hasher.mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = UInt64(raw.count) << 56
        var shift: UInt64 = 0
        while i < raw.count {
            tail |= UInt64(raw[i]) << shift
            shift += 8
            i += 1
        }
        hasher.mix(tail)
        hasher.mix(UInt64(context.rawValue))
        // Fold the high bits down: the slot is taken from the middle bits.
        return hasher.value ^ (hasher.value >> 29)
    }

    // MARK: A pool shared by the converting threads

    /// The pool that converters outside an import (validation, tests) take their caches from
    /// (``Pool/take()``), keeping one idle cache per converting thread. An import has its own
    /// (``CalendarImporter``), so that what its blocks share does not depend on what else runs.
    static let shared = Pool(capacity: 4)

    /// Idle caches, handed to one user at a time. A block takes one for its reading and gives it
    /// back: kept in the pool, a cache is neither made nor freed again (4,096 slots each time) and
    /// what it holds is still warm for the next block, whichever thread reads it.
    final class Pool: Sendable {
        /// Caches not in use, each as the bit pattern of a retained reference (an integer, so the
        /// pool is `Sendable`; a cache is only ever used by the one thread that took it).
        private let idle = Mutex<[UInt]>([])
        /// How many idle caches the pool keeps; any more given back are released.
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
        }

        deinit {
            for bits in idle.withLock({ $0 }) {
                if let raw = UnsafeRawPointer(bitPattern: bits) { Unmanaged<SimpleLineCache>.fromOpaque(raw).release() }
            }
        }

        /// A cache for the caller's use until it gives it back (``giveBack(_:)``): the last one
        /// given back, or a new one.
        /// - Complexity: O(1), one lock.
        func take() -> SimpleLineCache {
            guard let bits = idle.withLock({ $0.popLast() }), let raw = UnsafeRawPointer(bitPattern: bits) else { return SimpleLineCache() }
            return Unmanaged<SimpleLineCache>.fromOpaque(raw).takeRetainedValue()
        }

        /// Puts back a cache from ``take()``; the caller does not use it any more.
        /// - Complexity: O(1), one lock.
        func giveBack(_ cache: SimpleLineCache) {
            let raw = Unmanaged.passRetained(cache).toOpaque()
            let capacity = capacity
            let kept = idle.withLock { idle in
                guard idle.count < capacity else { return false }
                idle.append(UInt(bitPattern: raw))
                return true
            }
            if !kept { Unmanaged<SimpleLineCache>.fromOpaque(raw).release() }
        }
    }
}

@available(*, unavailable)
extension SimpleLineCache: Sendable {}
