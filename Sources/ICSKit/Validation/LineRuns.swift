/// A sequence of line numbers kept as runs of one line: the line of each value of a
/// multi-valued property, where one line can hold millions of values (an EXDATE of five million
/// values was five million integers, 40 MB; it is one run).
struct LineRuns: Sendable, Sequence {
    /// Each run: a line and how many times it occurs in a row (at least once).
    private var runs: [(line: Int, count: Int)] = []

    init() {}

    /// Adds `line` `count` times after the lines already there (a count of 0 or less adds nothing).
    /// - Complexity: O(1) amortized.
    mutating func append(_ line: Int, count: Int) {
        guard count > 0 else { return }
        if let last = runs.last, last.line == line {
            runs[runs.count - 1].count += count
        } else {
            runs.append((line, count))
        }
    }

    /// The first line, nil when there is none.
    var first: Int? { runs.first?.line }

    /// How many lines there are, counting each run's repetitions.
    var count: Int { runs.reduce(0) { $0 + $1.count } }

    /// The lines in order, each run's line as many times as it occurs.
    func makeIterator() -> Iterator {
        Iterator(runs: runs)
    }

    /// Walks the runs, one line at a time.
    struct Iterator: IteratorProtocol {
        fileprivate let runs: [(line: Int, count: Int)]
        private var run = 0
        private var used = 0

        fileprivate init(runs: [(line: Int, count: Int)]) {
            self.runs = runs
        }

        mutating func next() -> Int? {
            while run < runs.count, used == runs[run].count {
                run += 1
                used = 0
            }
            guard run < runs.count else { return nil }
            used += 1
            return runs[run].line
        }
    }
}
