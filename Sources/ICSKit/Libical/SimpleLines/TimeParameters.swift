extension SimpleLineReader {
    /// What the parameters of a DATE or DATE-TIME line say (``TimeForm``), read from its bytes
    /// by the rules of ``forEachPlainPart(_:colon:_:)`` with ``timeParameters`` (TZID with a
    /// plain value, VALUE of `DATE` or `DATE-TIME`, each at most once), but with no `[Parameter]`
    /// made: only a TZID's value becomes a string. A line with an X- parameter is read by
    /// ``plainParameters(_:colon:allowed:)`` itself (its X- names are compared with each other there).
    /// - Returns: nil when libical must read the line (as ``plainParameters(_:colon:allowed:)`` says).
    /// - Complexity: O(n) in the head's length; no allocation but the TZID's string.
    static func timeForm(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> TimeForm? {
        var type: String?, tzid: String?, tzidIsUTC = false, hasExtension = false
        let plain = forEachPlainPart(bytes, colon: colon) { part in
            guard !part.isExtension else {
                hasExtension = true
                return false
            }
            guard part.id != 0, timeParameters.takes(part.id, part.value) else { return false }
            switch part.id {
            case timeParameterIDs.tzid:
                guard tzid == nil else { return false }
                let value = String(decoding: part.value, as: UTF8.self)
                tzid = value
                tzidIsUTC = isUTCName(value)
            case timeParameterIDs.value:
                guard type == nil else { return false }
                // ``timeParameters`` takes only these two, as written.
                type = part.value.count == 4 ? "DATE" : "DATE-TIME"
            default:
                return false
            }
            return true
        }
        if hasExtension { return plainParameters(bytes, colon: colon, allowed: timeParameters).map(TimeForm.init) }
        return plain ? TimeForm(type: type, tzid: tzid, tzidIsUTC: tzidIsUTC) : nil
    }

    /// The ``KnownNames/id(_:)`` of the two parameters ``timeParameters`` takes.
    private static let timeParameterIDs = (tzid: KnownNames.id(of: "TZID"), value: KnownNames.id(of: "VALUE"))
}
