/// The storage of an ``Incidence``: its fields in one box, shared by copies until one changes.
extension Incidence {
    /// Every field of an incidence, as stored properties (their docs are on ``Incidence``'s
    /// accessors). Synthesized `Equatable` and `Codable`: `==` compares every field, and the
    /// encoded form has one key per field, as the plain struct had.
    struct Fields: Sendable, Hashable, Codable {
        var kind: Kind
        var uid: String? = nil
        var summary: String? = nil
        var notes: String? = nil
        var location: String? = nil
        var geo: Geo? = nil
        var url: String? = nil
        var status: EventStatus? = nil
        var transparency: Transparency? = nil
        var classification: Classification? = nil
        var priority: Int? = nil
        var categories: [String] = []
        var color: String? = nil
        var organizer: CalendarUser? = nil
        var attendees: [CalendarUser] = []
        var start: TimeValue? = nil
        var end: TimeValue? = nil
        var duration: ICSDuration? = nil
        var due: TimeValue? = nil
        var completed: TimeValue? = nil
        var percentComplete: Int? = nil
        var recurrenceRules: [RecurrenceRule] = []
        var recurrenceDates: [RecurrenceDate] = []
        var exceptionDates: [TimeValue] = []
        var recurrenceID: TimeValue? = nil
        var appliesToFutureInstances: Bool = false
        var sequence: Int = 0
        var created: TimeValue? = nil
        var lastModified: TimeValue? = nil
        var timestamp: TimeValue? = nil
        var alarms: [Alarm] = []
        var otherProperties: [Property] = []
        var otherComponents: [RawComponent] = []
        var line: Int? = nil

        init(kind: Kind) {
            self.kind = kind
        }
    }

    /// The box the fields live in.
    ///
    /// Sendable notes: `fields` is written only through ``Incidence/makeUnique()``, that is while
    /// this box is referenced by one incidence alone (copy on write); shared boxes are only read.
    final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// Gives this incidence a box of its own before a field changes.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// Equal when every field is equal (as the synthesized `==` of a plain struct).
    public static func == (lhs: Incidence, rhs: Incidence) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Decodes the fields (one key per field).
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    /// Encodes the fields (one key per field).
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }
}
