import Foundation

/// The results of ``SimpleLineReader/read(_:_:in:)`` for the lines read lately on this thread,
/// keyed by a line's bytes and its context: a line that events repeat (DTSTAMP, STATUS,
/// LOCATION, CATEGORIES, ORGANIZER, ATTENDEE, an alarm's ACTION and TRIGGER) is read once, and
/// every event that repeats it shares the strings and arrays of that one reading, one buffer
/// instead of one per event (issue 12 item 2: memory, and the time of reading).
///
/// Direct-mapped and bounded: ``slotCount`` entries of lines of at most ``maxLineBytes`` bytes
/// (with their values, under 1 MB); a line whose slot is taken replaces what was there. One
/// per thread, so no lock (``current``), released with its thread. UID lines are never kept:
/// each event has its own. The TZIDs of zoned values are shared too (``maxZones`` of them).
final class SimpleLineCache {
    /// How many lines are kept.
    static let slotCount = 4096
    /// Longer lines are read every time, not kept.
    static let maxLineBytes = 160

    private struct Entry {
        var hash: UInt64
        var context: SimpleLineReader.Context
        var key: [UInt8]
        var property: SimpleProperty?
    }

    private let slots: UnsafeMutablePointer<Entry?>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: nil, count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// ``SimpleLineReader/read(_:_:in:)``, or what it gave for the same bytes in the same context.
    /// - Complexity: O(n) in the line's length.
    func read(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, in context: SimpleLineReader.Context) -> SimpleProperty? {
        guard !bytes.isEmpty, bytes.count <= Self.maxLineBytes, !Self.isUID(bytes) else { return SimpleLineReader.read(name, bytes, in: context) }
        let hash = Self.hash(bytes, context)
        let slot = slots + Int(truncatingIfNeeded: hash >> 20) & (Self.slotCount - 1)
        if let entry = slot.pointee, entry.hash == hash, entry.context == context,
           entry.key.count == bytes.count,
           entry.key.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return entry.property
        }
        var property = SimpleLineReader.read(name, bytes, in: context)
        if property != nil { shareZones(&property!.value) }
        slot.pointee = Entry(hash: hash, context: context, key: Array(bytes), property: property)
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
    var count: Int { (0..<Self.slotCount).count { slots[$0] != nil } }

    /// Whether the line is a UID (any case), whose value no other event shares.
    private static func isUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count > 3 && bytes[0] | 0x20 == 0x75 && bytes[1] | 0x20 == 0x69 && bytes[2] | 0x20 == 0x64
            && (bytes[3] == 0x3A || bytes[3] == 0x3B)
    }

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

    // MARK: One per thread

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // pthread_key_create(3): the destructor runs at thread exit with the thread's non-NULL value.
        let status = pthread_key_create(&key) { value in
            guard let value else { return }
            Unmanaged<SimpleLineCache>.fromOpaque(value).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// This thread's cache (made on first use; its thread keeps it, and releases it when it ends).
    static var current: SimpleLineCache {
        if let value = pthread_getspecific(key) {
            return Unmanaged<SimpleLineCache>.fromOpaque(value).takeUnretainedValue()
        }
        let cache = SimpleLineCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }
}

@available(*, unavailable)
extension SimpleLineCache: Sendable {}
