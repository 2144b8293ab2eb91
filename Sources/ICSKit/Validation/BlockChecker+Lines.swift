extension BlockChecker {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    private static let tzidBytes = Array("TZID".utf8)
    private static let valueBytes = Array("VALUE".utf8)
    private static let closedParameterNames = PropertyTable.closedParameters.map { (bytes: Array($0.key.utf8), values: $0.value) }

    /// What the parameters of a content line say that the value checks need.
    struct LineParameters {
        var tzid: String?
        var valueType: String?
    }

    /// Checks one property line: control characters, name, parameters, value.
    mutating func property(_ line: ComponentBlock.Line, bytes: Bytes) {
        let number = Int(line.number)
        let name = line.name
        if ValueSyntax.mayHaveControlCharacter(bytes) || ValueControls.mayHoldC1(bytes) {
            checkControlCharacters(bytes, line: number, property: Self.shortened(name))
        }
        var nameEnd = 0
        var nameValid = true
        var hash = PropertyTable.hashSeed
        while nameEnd < bytes.count, bytes[nameEnd] != 0x3B, bytes[nameEnd] != 0x3A {
            let b = bytes[nameEnd]
            if !ContentLineSyntax.isNameByte(b) { nameValid = false }
            hash = PropertyTable.hashStep(hash, b)
            nameEnd += 1
        }
        // A valid name holds no quote, so the first ':' right after it starts the value.
        let colon = nameValid && nameEnd < bytes.count && bytes[nameEnd] == 0x3A ? nameEnd : ContentLineSyntax.valueStart(bytes)
        guard let colon else {
            syntax(.malformedLine, "content line has no ':' between its name and its value", line: number, property: nil)
            return
        }
        if nameEnd == 0 || !nameValid {
            syntax(.invalidPropertyName, nameEnd == 0 ? "content line has no property name" : "property name \"\(Self.shortened(name))\" is malformed",
                   line: number, property: nil)
            return
        }
        var parameters = LineParameters()
        if nameEnd < colon {
            guard checkParameters(Bytes(rebasing: bytes[(nameEnd + 1)..<colon]), into: &parameters, line: number, property: name) else { return }
        }
        if let id = PropertyTable.id(Bytes(rebasing: bytes[0..<nameEnd]), hash: hash) {
            count(id, name: name, line: number)
            checkValue(id, Bytes(rebasing: bytes[(colon + 1)...]), parameters: parameters, line: line)
        }
        if let tzid = parameters.tzid {
            facts.addZoneUse(tzid, line: number, property: name)
        }
    }

    /// A name as a message quotes it: its first 40 characters and "…" when it is longer than 60
    /// bytes (a malformed name can be megabytes long).
    static func shortened(_ name: String) -> String {
        name.messageExcerpt()
    }

    /// Control characters, the first of a line: those RFC 5545 3.3.11 excludes from TEXT (below
    /// U+0020 but TAB, and DEL), and the C1 controls U+0080–U+009F of a line read as UTF-8 (a
    /// line that is not is Windows-1252, whose 0x80–0x9F are printable). RFC 5545's grammar lets
    /// C1 through (its NON-US-ASCII is any UTF-8 character), so the message says so; but they are
    /// controls, not text (U+009B is the 8-bit CSI), and `export` and `validate --fix` remove
    /// them with the others (``ValueControls``): what `--fix` changes is what is reported here.
    private mutating func checkControlCharacters(_ bytes: Bytes, line: Int, property: String) {
        let utf8 = !bytes.contains(0xC2) || TextDecoding.isValidUTF8(bytes)
        guard let first = ValueControls.controls(in: bytes, utf8: utf8).distinct.first else { return }
        let c1 = first.value >= 0x80
        add(.controlCharacter, c1
                ? "control character \(first.codePointText) in \(property) (a C1 control: RFC 5545's grammar allows it, but it is no text; export and --fix remove it)"
                : "control character \(first.codePointText) in \(property)",
            line: line, property: property)
    }

    /// Splits `;`-separated parameters (quotes respected) and checks each one.
    /// - Returns: false when a parameter is malformed (the value is then not checked).
    private mutating func checkParameters(_ bytes: Bytes, into parameters: inout LineParameters, line: Int, property: String) -> Bool {
        var start = 0
        var quoted = false
        var ok = true
        for i in 0...bytes.count {
            if i < bytes.count {
                if bytes[i] == 0x22 { quoted.toggle() }
                if bytes[i] != 0x3B || quoted { continue }
            }
            ok = checkParameter(Bytes(rebasing: bytes[start..<i]), into: &parameters, line: line, property: property) && ok
            start = i + 1
        }
        return ok
    }

    private mutating func checkParameter(_ bytes: Bytes, into parameters: inout LineParameters, line: Int, property: String) -> Bool {
        guard let eq = bytes.firstIndex(of: 0x3D) else {
            let text = String(decoding: bytes, as: UTF8.self)
            syntax(.malformedParameter, text.isEmpty ? "empty parameter in \(property)" : "parameter \"\(text)\" of \(property) has no '=' and value",
                   line: line, property: property)
            return false
        }
        let nameBytes = Bytes(rebasing: bytes[0..<eq])
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(ContentLineSyntax.isNameByte) else {
            syntax(.malformedParameter, "parameter name \"\(ContentLineSyntax.upperASCII(nameBytes))\" of \(property) is malformed",
                   line: line, property: property)
            return false
        }
        func shownName() -> String { ContentLineSyntax.upperASCII(nameBytes) }
        let value = Bytes(rebasing: bytes[(eq + 1)...])
        // param-value *("," param-value), each paramtext (no DQUOTE) or a quoted-string.
        var i = 0
        while i <= value.count {
            var j = i
            if j < value.count, value[j] == 0x22 {
                j += 1
                while j < value.count, value[j] != 0x22 { j += 1 }
                guard j < value.count else {
                    syntax(.malformedParameter, "parameter \(shownName()) of \(property) has an unclosed quote", line: line, property: property)
                    return false
                }
                j += 1
                guard j == value.count || value[j] == 0x2C else {
                    syntax(.malformedParameter, "parameter \(shownName()) of \(property) has text after its closing quote", line: line, property: property)
                    return false
                }
            } else {
                while j < value.count, value[j] != 0x2C {
                    if value[j] == 0x22 {
                        syntax(.malformedParameter, "parameter \(shownName()) of \(property) has a quote inside its value", line: line, property: property)
                        return false
                    }
                    j += 1
                }
            }
            i = j + 1
        }
        // Only the parameters checked below need their name and value as text.
        let closed = Self.closedParameterNames.first { ContentLineSyntax.equalsIgnoringCase(nameBytes, $0.bytes) }
        guard closed != nil || ContentLineSyntax.equalsIgnoringCase(nameBytes, Self.tzidBytes)
                || ContentLineSyntax.equalsIgnoringCase(nameBytes, Self.valueBytes) else { return true }
        let name = ContentLineSyntax.upperASCII(nameBytes)
        var text = String(decoding: value, as: UTF8.self)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        switch name {
        case "TZID":
            if text.isEmpty {
                syntax(.invalidParameterValue, "TZID parameter of \(property) is empty", line: line, property: property)
                return false
            }
            parameters.tzid = text
        case "VALUE":
            parameters.valueType = text.uppercased()
        default:
            if let allowed = closed?.values, !allowed.contains(text.uppercased()) {
                syntax(.invalidParameterValue,
                       "\(name)=\(text) is not allowed (\(allowed.sorted().joined(separator: ", ")))", line: line, property: property)
            }
        }
        return true
    }
}
