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
        let head = UnsafeBufferPointer(rebasing: bytes[..<colon])
        // No `;` before the value: the head is the name alone, which the caller found among the
        // known names (letters, digits and `-`), so there are no parameters and nothing to check.
        guard let firstSemicolon = head.firstIndex(of: 0x3B) else { return [] }
        guard !head.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x3A || $0 == 0x5C || $0 < 0x20 }) else { return nil }
        // With no quote in the head, the parameters are the parts between `;`s, the name skipped.
        var parameters: [Parameter] = []
        parameters.reserveCapacity(4)
        var start = firstSemicolon + 1
        while true {
            var end = start
            while end < colon, bytes[end] != 0x3B { end += 1 }
            var equals = start
            while equals < end, bytes[equals] != 0x3D { equals += 1 }
            // A value (not empty, no blank at either end) and a name of name bytes.
            guard equals + 1 < end, bytes[equals + 1] != 0x20, bytes[end - 1] != 0x20 else { return nil }
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[start..<equals])
            let valueBytes = UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])
            guard nameBytes.allSatisfy(ContentLineSyntax.isNameByte) else { return nil }
            let isExtension = nameBytes.count >= 2 && nameBytes[0] | 0x20 == 0x78 && nameBytes[1] == 0x2D  // X-
            let id = KnownNames.id(nameBytes)
            guard isExtension || (id != 0 && allowed.takes(id, valueBytes)) else { return nil }
            let name = id != 0 ? KnownNames.names[Int(id) - 1] : ContentLineSyntax.upperASCII(nameBytes)
            // Each name at most once (a line has a few parameters: compared pairwise, no set built).
            guard !parameters.contains(where: { $0.name == name }) else { return nil }
            parameters.append(Parameter(name: name, value: String(decoding: valueBytes, as: UTF8.self)))
            if end == colon { return parameters }
            start = end + 1
        }
    }
}
