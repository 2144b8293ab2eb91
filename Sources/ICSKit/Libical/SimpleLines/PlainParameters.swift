extension SimpleLineReader {
    /// The parameters a kind of line may carry when it is read in Swift, by ``KnownNames/id(_:)``:
    /// for each, any value or only the values listed (as written, case-sensitive).
    struct ParameterTable {
        private enum Rule {
            case anyValue
            /// The UTF-8 bytes of each value taken.
            case oneOf([[UInt8]])
        }

        /// Indexed by ``KnownNames/id(_:)``: nil for a parameter that is not taken.
        private let rules: [Rule?]

        /// Parameter names (each a ``KnownNames`` name) and, when not nil, the values taken.
        init(_ table: [String: Set<String>?]) {
            var rules = [Rule?](repeating: nil, count: KnownNames.names.count + 1)
            for (name, values) in table {
                let id = KnownNames.id(of: name)
                precondition(id != 0, "\(name), a parameter read in Swift, is a known name")
                rules[Int(id)] = values.map { .oneOf($0.map { Array($0.utf8) }) } ?? .anyValue
            }
            self.rules = rules
        }

        /// Whether the parameter `id` may have `value` (an X- parameter is not looked up here).
        func takes(_ id: UInt8, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
            switch rules[Int(id)] {
            case nil: return false
            case .anyValue: return true
            case .oneOf(let values): return values.contains { $0.elementsEqual(value) }
            }
        }
    }

    /// The parameters when each is `NAME=value` with a name of `allowed` (or an X- name), given
    /// at most once, with a plain value (no quote, comma, colon or blank at either end) that is
    /// one of the listed values when there is a list; [] when the head has no `;`. The checks
    /// are made on the bytes, and a known name is handed out as its constant string (no
    /// allocation), so only the values are made into strings.
    /// - Complexity: O(n) in the head's length.
    static func plainParameters(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int, allowed: ParameterTable) -> [Parameter]? {
        var parameters: [Parameter] = []
        let plain = forEachPlainPart(bytes, colon: colon) { part in
            guard part.isExtension || (part.id != 0 && allowed.takes(part.id, part.value)) else { return false }
            let name = part.id != 0 ? KnownNames.names[Int(part.id) - 1] : ContentLineSyntax.upperASCII(part.name)
            // Each name at most once (a line has a few parameters: compared pairwise, no set built).
            guard !parameters.contains(where: { $0.name == name }) else { return false }
            if parameters.isEmpty { parameters.reserveCapacity(4) }
            parameters.append(Parameter(name: name, value: String(decoding: part.value, as: UTF8.self)))
            return true
        }
        return plain ? parameters : nil
    }
}
