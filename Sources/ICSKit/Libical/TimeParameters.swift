extension SimpleLineReader {
    /// What the parameters of a DATE or DATE-TIME line say (``TimeForm``), read from its bytes
    /// by the rules of ``plainParameters(_:colon:allowed:)`` with ``timeParameters`` (TZID with a
    /// plain value, VALUE of `DATE` or `DATE-TIME`, each at most once), but with no `[Parameter]`
    /// made: only a TZID's value becomes a string. A line with an X- parameter is read by
    /// ``plainParameters(_:colon:allowed:)`` itself (its X- names are compared with each other there).
    /// - Returns: nil when libical must read the line (as ``plainParameters(_:colon:allowed:)`` says).
    /// - Complexity: O(n) in the head's length; no allocation but the TZID's string.
    static func timeForm(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> TimeForm? {
        let head = UnsafeBufferPointer(rebasing: bytes[..<colon])
        guard let firstSemicolon = head.firstIndex(of: 0x3B) else { return TimeForm(type: nil) }
        guard !head.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x3A || $0 == 0x5C || $0 < 0x20 }) else { return nil }
        var type: String?, tzid: String?, tzidIsUTC = false
        var start = firstSemicolon + 1
        while true {
            var end = start
            while end < colon, bytes[end] != 0x3B { end += 1 }
            var equals = start
            while equals < end, bytes[equals] != 0x3D { equals += 1 }
            guard equals + 1 < end, bytes[equals + 1] != 0x20, bytes[end - 1] != 0x20 else { return nil }
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[start..<equals])
            let valueBytes = UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])
            guard nameBytes.allSatisfy(ContentLineSyntax.isNameByte) else { return nil }
            if nameBytes.count >= 2 && nameBytes[0] | 0x20 == 0x78 && nameBytes[1] == 0x2D {  // X-
                return plainParameters(bytes, colon: colon, allowed: timeParameters).map(TimeForm.init)
            }
            let id = KnownNames.id(nameBytes)
            guard id != 0, timeParameters.takes(id, valueBytes) else { return nil }
            switch id {
            case timeParameterIDs.tzid:
                guard tzid == nil else { return nil }
                let value = String(decoding: valueBytes, as: UTF8.self)
                tzid = value
                tzidIsUTC = isUTCName(value)
            case timeParameterIDs.value:
                guard type == nil else { return nil }
                // ``timeParameters`` takes only these two, as written.
                type = valueBytes.count == 4 ? "DATE" : "DATE-TIME"
            default:
                return nil
            }
            if end == colon { break }
            start = end + 1
        }
        return TimeForm(type: type, tzid: tzid, tzidIsUTC: tzidIsUTC)
    }

    /// The ``KnownNames/id(_:)`` of the two parameters ``timeParameters`` takes.
    private static let timeParameterIDs = (tzid: KnownNames.id(of: "TZID"), value: KnownNames.id(of: "VALUE"))
}
