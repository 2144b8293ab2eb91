/// A binary min-heap of reminders by (trigger, UID, sequence number): the merge of the
/// triggers of the occurrences the reminder expansion has read but not yet handed out.
struct ReminderHeap {
    struct Entry {
        var trigger: Int
        var uid: String
        var sequence: Int
        var reminder: Reminder

        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            if a.trigger != b.trigger { return a.trigger < b.trigger }
            if a.uid != b.uid { return a.uid < b.uid }
            return a.sequence < b.sequence
        }
    }

    private var items: [Entry] = []

    var top: Entry? { items.first }
    var count: Int { items.count }

    /// - Complexity: O(log n).
    mutating func push(_ entry: Entry) {
        items.append(entry)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Entry.precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the first entry. - Complexity: O(log n).
    mutating func pop() -> Entry? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let first = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var best = parent
            if left < items.count, Entry.precedes(items[left], items[best]) { best = left }
            if right < items.count, Entry.precedes(items[right], items[best]) { best = right }
            if best == parent { break }
            items.swapAt(parent, best)
            parent = best
        }
        return first
    }
}
