/// The merge of the triggers of the occurrences the reminder expansion has read but not yet
/// handed out: a ``MinHeap`` of reminders by (trigger, UID, sequence number).
struct ReminderHeap {
    struct Entry: Comparable {
        var trigger: Int
        var uid: String
        var sequence: Int
        var reminder: Reminder

        static func < (a: Entry, b: Entry) -> Bool {
            if a.trigger != b.trigger { return a.trigger < b.trigger }
            if a.uid != b.uid { return a.uid < b.uid }
            return a.sequence < b.sequence
        }

        /// Equal in the heap's order (the sequence numbers are unique, so only an entry equals itself).
        static func == (a: Entry, b: Entry) -> Bool {
            a.trigger == b.trigger && a.uid == b.uid && a.sequence == b.sequence
        }
    }

    private var items = MinHeap<Entry>()

    var top: Entry? { items.min }
    var count: Int { items.count }

    /// - Complexity: O(log n).
    mutating func push(_ entry: Entry) { items.push(entry) }

    /// Removes and returns the first entry. - Complexity: O(log n).
    mutating func pop() -> Entry? { items.popMin() }
}
