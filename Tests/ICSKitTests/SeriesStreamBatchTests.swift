import Testing
@testable import ICSKit

/// ``SeriesStreamBatch``: items come out in the order they went in, each exactly once, and a batch
/// dropped before it is drained frees what it still holds (checked through a weak reference to
/// the incidence box the occurrences share).
@Suite("Recurrence: stream batch")
struct SeriesStreamBatchTests {
    static func item(_ key: Int, _ box: SharedIncidence) -> SeriesStream.Item {
        let time = OccurrenceTime.instant(secondsSinceEpoch: key, utcOffset: 0, zone: nil)
        return SeriesStream.Item(key: key, rank: key % 3,
                                 occurrence: Occurrence(shared: box, calendarID: .unspecified, calendarIndex: 0, start: time,
                                                        end: time, recurrenceID: nil, recurrenceIDTime: nil),
                                 diagnostic: nil)
    }

    @Test("Items come out in order, then the batch is drained")
    func order() {
        let box = SharedIncidence(Incidence(kind: .event))
        let batch = SeriesStreamBatch(capacity: 4)
        for key in [10, 20, 30] { batch.append(Self.item(key, box)) }
        #expect(!batch.isFull && batch.count == 3)
        var keys: [Int] = []
        while !batch.isDrained {
            let next = batch.next
            let item = batch.removeFirst()
            #expect(next.key == item.key && next.rank == item.rank)
            #expect(item.occurrence.shared === box)
            keys.append(item.key)
        }
        #expect(keys == [10, 20, 30])
        batch.append(Self.item(40, box))
        #expect(batch.isFull)
    }

    @Test("A batch dropped half read frees the items it still holds")
    func dropped() {
        weak var weakBox: SharedIncidence?
        do {
            let box = SharedIncidence(Incidence(kind: .event))
            weakBox = box
            let batch = SeriesStreamBatch(capacity: 8)
            for key in 0..<5 { batch.append(Self.item(key, box)) }
            #expect(batch.removeFirst().key == 0)
            #expect(batch.removeFirst().key == 1)
        }
        #expect(weakBox == nil)
    }
}
