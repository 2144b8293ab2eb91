import Testing
@testable import ICSKit

/// ``SeriesStreamBatch``: items come out in the order they went in, each exactly once, and a batch
/// dropped before it is drained frees what it still holds (checked through a weak reference to
/// the incidence box the occurrences share).
@Suite("Recurrence: stream batch")
struct SeriesStreamBatchTests {
    static func occurrence(_ key: Int, _ box: SharedIncidence) -> Occurrence {
        let time = OccurrenceTime.instant(secondsSinceEpoch: key, utcOffset: 0, zone: nil)
        return Occurrence(shared: box, calendarID: .unspecified, calendarIndex: 0, start: time, end: time,
                          recurrenceID: nil, recurrenceIDTime: nil)
    }

    static func append(_ key: Int, _ box: SharedIncidence, to batch: SeriesStreamBatch, diagnostic: Diagnostic? = nil) {
        batch.append(key: key, rank: key % 3, occurrence: occurrence(key, box), diagnostic: diagnostic)
    }

    @Test("Items come out in order, then the batch is drained")
    func order() {
        let box = SharedIncidence(Incidence(kind: .event))
        let batch = SeriesStreamBatch(capacity: 4)
        let limit = Diagnostic(.recurrenceLimit, "stopped", source: nil, line: 7, uid: "a", property: "RRULE")
        Self.append(10, box, to: batch)
        Self.append(20, box, to: batch, diagnostic: limit)
        Self.append(32, box, to: batch)
        #expect(!batch.isFull && batch.count == 3)
        var seen: [(key: Int, rank: Int, start: OccurrenceTime, line: Int?)] = []
        while !batch.isDrained {
            let next = batch.next
            let diagnostic = batch.nextDiagnostic
            let occurrence = batch.removeFirst()
            #expect(occurrence.shared === box)
            seen.append((next.key, next.rank, occurrence.start, diagnostic?.line))
        }
        #expect(seen.map(\.key) == [10, 20, 32])
        #expect(seen.map(\.rank) == [1, 2, 2])
        #expect(seen.map(\.start) == [10, 20, 32].map { .instant(secondsSinceEpoch: $0, utcOffset: 0, zone: nil) })
        #expect(seen.map(\.line) == [nil, 7, nil])
        Self.append(40, box, to: batch)
        #expect(batch.isFull)
    }

    @Test("A batch dropped half read frees the items it still holds")
    func dropped() {
        weak var weakBox: SharedIncidence?
        do {
            let box = SharedIncidence(Incidence(kind: .event))
            weakBox = box
            let batch = SeriesStreamBatch(capacity: 8)
            for key in 0..<5 { Self.append(key, box, to: batch) }
            #expect(batch.removeFirst().start == .instant(secondsSinceEpoch: 0, utcOffset: 0, zone: nil))
            #expect(batch.removeFirst().start == .instant(secondsSinceEpoch: 1, utcOffset: 0, zone: nil))
        }
        #expect(weakBox == nil)
    }
}
