/// What a `RANGE=THISANDFUTURE` override carries to the later instances of its series
/// (RFC 5545 3.8.4.4): its time shift (computed by the expansion) and the properties it
/// changed, not its whole component. A later instance keeps the master's other properties,
/// its own recurrence id, and the length the override gives; a later override of its own wins.
enum ThisAndFuture {
    /// The component the later instances show: `master`, with each descriptive property that
    /// `override` has and that differs from the master's taken from the override.
    static func carried(from override: Incidence, onto master: Incidence) -> Incidence {
        var result = master
        func take<T: Equatable>(_ path: WritableKeyPath<Incidence, T?>) {
            if let value = override[keyPath: path], value != master[keyPath: path] { result[keyPath: path] = value }
        }
        func take<T: Equatable>(_ path: WritableKeyPath<Incidence, [T]>) {
            if !override[keyPath: path].isEmpty, override[keyPath: path] != master[keyPath: path] {
                result[keyPath: path] = override[keyPath: path]
            }
        }
        take(\.summary); take(\.notes); take(\.location); take(\.geo); take(\.url); take(\.status)
        take(\.transparency); take(\.classification); take(\.priority); take(\.color); take(\.organizer)
        take(\.categories); take(\.attendees); take(\.alarms)
        // Properties the model has no field for: the override's, beside the master's of other names.
        let changed = override.otherProperties.filter { property in
            !master.otherProperties.contains { $0.name == property.name && $0.value == property.value && $0.parameters == property.parameters }
        }
        if !changed.isEmpty {
            let names = Set(changed.map(\.name))
            result.otherProperties = master.otherProperties.filter { !names.contains($0.name) } + changed
        }
        return result
    }
}
