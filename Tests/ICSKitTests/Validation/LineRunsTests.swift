import Testing
@testable import ICSKit

/// The line of each EXDATE value, kept as runs, against the plain list it replaced (one entry
/// per value, `repeatElement(line, count:)` appended per property line).
@Suite("Line numbers kept as runs")
struct LineRunsTests {
    @Test("Random appends give the same lines, first and count as the plain list")
    func sameAsThePlainList() {
        var random = SplitMix64(state: 5545)
        for _ in 0..<200 {
            var runs = LineRuns(), plain: [Int] = []
            var line = random.int(1...5)
            for _ in 0..<random.int(0...12) {
                // Lines grow through a block; the same line twice in a row joins its run, and a
                // count of 0 adds nothing.
                if random.chance(70) { line += random.int(1...3) }
                let count = random.int(0...4)
                runs.append(line, count: count)
                plain.append(contentsOf: repeatElement(line, count: count))
            }
            #expect(Array(runs) == plain)
            #expect(runs.first == plain.first)
            #expect(runs.count == plain.count)
        }
    }

    @Test("Five million values on one line are one run: the iterator gives them all")
    func aMillionValuesOnOneLine() {
        var runs = LineRuns()
        runs.append(7, count: 2)
        runs.append(9, count: 5_000_000)
        runs.append(10, count: 1)
        #expect(runs.count == 5_000_003)
        var iterator = runs.makeIterator()
        #expect(iterator.next() == 7)
        #expect(iterator.next() == 7)
        var nines = 0
        var next = iterator.next()
        while next == 9 { nines += 1; next = iterator.next() }
        #expect(nines == 5_000_000)
        #expect(next == 10)
        #expect(iterator.next() == nil)
    }
}
