/// The merge of the triggers of the occurrences the reminder expansion has read but not yet
/// handed out: a ``MinHeap`` of reminders by (trigger, UID, sequence number).
struct ReminderHeap {
    /// A reminder in the heap. The heap moves its entries on every push and pop; the reminder
    /// (a wide value of many references) and its UID sit in a box, so that a move copies one
    /// reference and two integers. Moving the reminder itself was most of `remind`'s time on a
    /// series with thousands of triggers in its range (a release and a retain per field per move).
    struct Entry: Comparable {
        var trigger: Int
        var sequence: Int
        private let box: Box

        /// What an entry keeps in its box.
        private final class Box: Sendable {
            let uid: String
            let reminder: Reminder

            init(uid: String, reminder: Reminder) {
                self.uid = uid
                self.reminder = reminder
            }
        }

        init(trigger: Int, uid: String, sequence: Int, reminder: Reminder) {
            self.trigger = trigger
            self.sequence = sequence
            box = Box(uid: uid, reminder: reminder)
        }

        var uid: String { box.uid }
        var reminder: Reminder { box.reminder }

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
