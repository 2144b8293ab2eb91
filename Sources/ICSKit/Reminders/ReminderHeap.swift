/// The merge of the triggers of the occurrences the reminder expansion has read but not yet
/// handed out: a ``MinHeap`` of reminders by (trigger, UID, sequence number).
struct ReminderHeap {
    /// A reminder in the heap. The heap moves its entries on every push and pop; the reminder
    /// and its UID sit in a box, so that a move copies one reference and two integers. Moving the
    /// reminder itself was most of `remind`'s time on a series with thousands of triggers in its
    /// range (a release and a retain per field per move).
    ///
    /// A relative trigger is kept as what makes its reminder (``ReminderMaker/RelativeTrigger``:
    /// the occurrence, which shares its incidence, and five integers), and the reminder, with its
    /// own copy of the incidence and the alarm, is made when it is handed out: the heap holds
    /// every trigger of the days its lookahead spans, and 1.57 million reminders held whole were
    /// 1.5 GB (3,000 overrides of a minutely series, each with an alarm repeated 1,000 times).
    struct Entry: Comparable {
        var trigger: Int
        var sequence: Int
        private let box: Box

        /// What an entry keeps: a reminder made already (absolute triggers, made once per
        /// component), or a relative trigger (its payload: an `indirect` reminder costs the box
        /// one reference, not the reminder's width).
        private enum Content {
            indirect case made(Reminder)
            case relative(ReminderMaker.RelativeTrigger)
        }

        /// What an entry keeps in its box.
        private final class Box: Sendable {
            let uid: String
            let content: Content

            init(uid: String, content: Content) {
                self.uid = uid
                self.content = content
            }
        }

        init(trigger: Int, uid: String, sequence: Int, reminder: Reminder) {
            self.trigger = trigger
            self.sequence = sequence
            box = Box(uid: uid, content: .made(reminder))
        }

        init(uid: String, sequence: Int, relative: ReminderMaker.RelativeTrigger) {
            trigger = relative.utc
            self.sequence = sequence
            box = Box(uid: uid, content: .relative(relative))
        }

        var uid: String { box.uid }
        var reminder: Reminder {
            switch box.content {
            case .made(let reminder): return reminder
            case .relative(let relative): return relative.reminder
            }
        }

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
