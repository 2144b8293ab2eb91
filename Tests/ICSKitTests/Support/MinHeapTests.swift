import Testing
@testable import ICSKit

/// `MinHeap` against sorting (the reference): random pushes, pops and replacements from a
/// fixed seed give the elements in sorted order, ties broken by a second field.
@Suite struct MinHeapTests {
    /// A key with many duplicates and a unique tie-breaker, as the merges use them.
    struct Entry: Comparable {
        var key: Int
        var id: Int
        static func < (a: Entry, b: Entry) -> Bool { (a.key, a.id) < (b.key, b.id) }
    }

    @Test func emptyHeap() {
        var heap = MinHeap<Int>()
        #expect(heap.min == nil)
        #expect(heap.popMin() == nil)
        #expect(heap.isEmpty)
    }

    @Test(arguments: [1, 2, 3, 10, 1_000])
    func heapifiedArrayPopsSorted(_ n: Int) {
        var random = SplitMix64(state: 5545 &+ UInt64(n))
        let values = (0..<n).map { _ in Int.random(in: -50...50, using: &random) }
        var heap = MinHeap(values)
        #expect(heap.count == n)
        var popped: [Int] = []
        while let v = heap.popMin() { popped.append(v) }
        #expect(popped == values.sorted())
    }

    @Test(arguments: [1, 7, 12_345])
    func randomOperationsMatchASortedModel(_ seed: UInt64) {
        var random = SplitMix64(state: seed)
        var heap = MinHeap<Entry>()
        var model: [Entry] = []  // kept sorted
        var popped: [Entry] = [], expected: [Entry] = []
        for id in 0..<5_000 {
            let entry = Entry(key: Int.random(in: 0..<200, using: &random), id: id)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                heap.push(entry)
                model.insert(entry, at: model.firstIndex { entry < $0 } ?? model.count)
            case 5..<8:
                popped.append(heap.popMin() ?? Entry(key: -1, id: -1))
                expected.append(model.isEmpty ? Entry(key: -1, id: -1) : model.removeFirst())
            default:
                guard !model.isEmpty else { continue }
                // As a merge does: the top's series hands in its next element.
                popped.append(heap.replaceMin(with: entry))
                expected.append(model.removeFirst())
                model.insert(entry, at: model.firstIndex { entry < $0 } ?? model.count)
            }
            #expect(heap.min == model.first)
        }
        while let e = heap.popMin() { popped.append(e) }
        expected += model
        #expect(popped == expected)
        #expect(popped.count > 1_000)
    }

    /// A k-way merge as the expansion runs one: each source's next element replaces its last at
    /// the top (it mostly sinks to the bottom, where the bottom-up sift ends), ties between
    /// sources broken by the source. The merged sequence is the sorted union (the reference).
    @Test(arguments: [1, 2, 5, 64, 1_000])
    func aMergeOfSortedSourcesComesOutSorted(_ sources: Int) {
        var random = SplitMix64(state: 28 &+ UInt64(sources))
        // Each source: increasing keys with repeats across sources (steps of 0 to 3).
        let lists: [[Int]] = (0..<sources).map { _ in
            var key = Int.random(in: 0..<20, using: &random)
            return (0..<Int.random(in: 1...40, using: &random)).map { _ in
                key += Int.random(in: 0...3, using: &random)
                return key
            }
        }
        var next = [Int](repeating: 1, count: sources)
        var heap = MinHeap(lists.indices.map { Entry(key: lists[$0][0], id: $0) })
        var merged: [Entry] = []
        while let top = heap.min {
            let source = top.id
            if next[source] < lists[source].count {
                merged.append(heap.replaceMin(with: Entry(key: lists[source][next[source]], id: source)))
                next[source] += 1
            } else {
                merged.append(heap.popMin()!)
            }
        }
        let expected = lists.indices.flatMap { source in lists[source].map { Entry(key: $0, id: source) } }.sorted()
        #expect(merged == expected)
    }
}
