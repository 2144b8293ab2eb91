/// One incidence that the occurrences of a series share: each holds this reference, so an
/// occurrence copies one pointer instead of the 35 fields of an ``Incidence`` (
/// the sharing lives on the occurrence side, and ``Incidence`` is a plain struct).
///
/// Equality and hashing are by value (``Incidence``'s), so two occurrences made from equal
/// incidences through different references are equal.
///
/// `value` is a `let`: a box is never written once made (``Occurrence/incidence``'s setter and
/// `_modify` put a new box in the occurrence), so a read borrows it in place, with no
/// exclusivity check and no copy of the incidence out of the box.
///
/// Sendable notes: immutable (a `let` of a Sendable value).
@usableFromInline final class SharedIncidence: Sendable, Hashable {
    @usableFromInline let value: Incidence

    init(_ value: Incidence) { self.value = value }

    @usableFromInline static func == (lhs: SharedIncidence, rhs: SharedIncidence) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    @usableFromInline func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}
