/// One incidence that the occurrences of a series share: each holds this reference, so an
/// occurrence copies one pointer instead of the 35 fields of an ``Incidence`` (issue 13 item 7:
/// the sharing lives on the occurrence side, and ``Incidence`` is a plain struct).
///
/// Equality and hashing are by value (``Incidence``'s), so two occurrences made from equal
/// incidences through different references are equal.
///
/// Sendable notes: `value` is written only through ``Occurrence/incidence``'s `_modify`, after
/// `isKnownUniquelyReferenced` made sure that no other occurrence (or thread) holds this box.
final class SharedIncidence: @unchecked Sendable, Hashable {
    var value: Incidence

    init(_ value: Incidence) { self.value = value }

    static func == (lhs: SharedIncidence, rhs: SharedIncidence) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}
