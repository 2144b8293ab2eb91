/// A binary min-heap: the one priority queue of the package's k-way merges (the expansion's
/// merge of series, each series' reorder buffer, the reminders' merge of triggers).
///
/// The smallest element by `<` is at the top; equal elements come out in no particular order,
/// so merges that need a total order put a tie-breaker (a rank, a position) in the element.
///
/// ```swift
/// var heap = MinHeap<Int>()
/// for x in [5, 1, 4] { heap.push(x) }
/// heap.popMin()   // 1
/// ```
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    init() {}

    /// A heap of `elements`. - Complexity: O(n).
    init(_ elements: [Element]) {
        items = elements
        var i = items.count / 2
        while i > 0 {
            i -= 1
            siftDown(from: i)
        }
    }

    /// The smallest element, or nil when the heap is empty. - Complexity: O(1).
    var min: Element? { items.first }
    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    /// Adds `element`. - Complexity: O(log n).
    mutating func push(_ element: Element) {
        items.append(element)
        items.withUnsafeMutableBufferPointer { items in
            Self.siftUp(element, from: items.count - 1, in: items)
        }
    }

    /// Removes and returns the smallest element, or nil when the heap is empty. - Complexity: O(log n).
    @discardableResult
    mutating func popMin() -> Element? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
        siftDown(from: 0)
        return top
    }

    /// Replaces the smallest element by `element` (one sift instead of a pop and a push), and
    /// returns the element replaced. The heap must not be empty (a caller bug). - Complexity: O(log n).
    ///
    /// The sift is bottom-up (Floyd's): the hole at the top goes down along the smaller child to
    /// a leaf, one comparison a level, and `element` goes up from there. In a merge the element
    /// that comes in (the same source's next one) mostly belongs near the bottom, so this takes
    /// about half the comparisons of a sift that also compares it on the way down. Equal elements
    /// may end in other places than that sift would leave them; the callers' elements are ordered
    /// totally (a merge's tie-breaking rank) or are plain keys, so nothing they hand out changes.
    @discardableResult
    mutating func replaceMin(with element: Element) -> Element {
        precondition(!items.isEmpty, "replaceMin on an empty heap")
        return items.withUnsafeMutableBufferPointer { items in
            let top = items[0]
            let count = items.count
            var i = 0
            while true {
                let l = 2 * i + 1
                if l >= count { break }
                let r = l + 1
                let m = r < count && items[r] < items[l] ? r : l
                items[i] = items[m]
                i = m
            }
            Self.siftUp(element, from: i, in: items)
            return top
        }
    }

    /// Puts `element` in the hole at `hole`, or above it: the parents larger than it move down.
    @inline(__always)
    private static func siftUp(_ element: Element, from hole: Int, in items: UnsafeMutableBufferPointer<Element>) {
        var i = hole
        while i > 0 {
            let parent = (i - 1) / 2
            if !(element < items[parent]) { break }
            items[i] = items[parent]
            i = parent
        }
        items[i] = element
    }

    /// Moves the element at `start` down to its place (moving a hole, not swapping).
    private mutating func siftDown(from start: Int) {
        items.withUnsafeMutableBufferPointer { items in
            let count = items.count
            let item = items[start]
            var i = start
            while true {
                let l = 2 * i + 1
                if l >= count { break }
                let r = l + 1
                let m = r < count && items[r] < items[l] ? r : l
                if !(items[m] < item) { break }
                items[i] = items[m]
                i = m
            }
            items[i] = item
        }
    }
}

/// A heap of sendable elements is a value that may cross threads (a sieve's per-day heaps).
extension MinHeap: Sendable where Element: Sendable {}
