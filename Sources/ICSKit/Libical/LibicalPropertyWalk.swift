internal import CLibical

/// One property of a component being converted: from libical's tree, or read in Swift.
///
/// A flat struct rather than an enum with payloads: Swift 6.3.1's optimizer (CopyPropagation)
/// crashed on switches over such an enum in the converter, in release builds.
struct PropertyItem {
    /// The name, upper-cased (the X- name for extension properties).
    let name: String
    /// The name's ``KnownNames/id(_:)`` (0 when it is not a known name).
    let nameID: UInt8
    /// The `icalproperty *`, borrowed from the tree being converted; nil for a line read in Swift.
    let pointer: OpaquePointer?
    /// For a libical property, the index into ``LibicalInput/lines`` of its line, when known.
    let inputLine: Int?
    /// For a line ``SimpleLineReader`` read: its value, and its index into ``ComponentBlock/lines``.
    let simple: SimpleProperty?
    let blockLine: Int

    /// A property of libical's tree; `nameID` is `name`'s ``KnownNames/id(of:)``.
    static func libical(_ name: String, nameID: UInt8, _ pointer: OpaquePointer, inputLine: Int?) -> PropertyItem {
        PropertyItem(name: name, nameID: nameID, pointer: pointer, inputLine: inputLine, simple: nil, blockLine: -1)
    }

    /// A line read in Swift; `nameID` is the line's ``ComponentBlock/Line/nameID``.
    static func simple(_ name: String, nameID: UInt8, _ property: SimpleProperty, blockLine: Int) -> PropertyItem {
        PropertyItem(name: name, nameID: nameID, pointer: nil, inputLine: nil, simple: property, blockLine: blockLine)
    }
}

/// Maps libical's properties back to the content lines they came from.
///
/// libical keeps file order, puts an X-LIC-ERROR where a line it could not read stood
/// (after the property, for a parameter error) and splits EXDATE, RDATE, CATEGORIES,
/// RESOURCES and FREEBUSY lists into one property per value (``LibicalInput/Line/valueCount``).
/// Walking both lists in step gives every property and every error its physical line; lines
/// libical dropped (unknown IANA properties, unreadable values) come back as raw ``Property``
/// values, so nothing is lost.
struct LibicalPropertyWalk {
    let block: ComponentBlock
    let input: LibicalInput
    let source: String?

    /// The name of a libical line (upper-cased, from the scanner).
    private func name(_ inputLine: Int) -> String {
        block.lines[input.lines[inputLine].blockLine].name
    }

    /// The physical line number of a line given to libical.
    func number(_ inputLine: Int?) -> Int? {
        inputLine.map { Int(block.lines[input.lines[$0].blockLine].number) }
    }

    /// The line's parts (name, parameters, raw value), split on the bytes libical got.
    private func split(_ inputLine: Int) -> (name: String, parameters: [Parameter], value: String)? {
        input.withBytes(of: inputLine) { ContentLineSyntax.split($0) }
    }

    /// The line as a raw property (name, parameters and value as written).
    func rawProperty(_ inputLine: Int) -> Property? {
        guard let parts = split(inputLine) else { return nil }
        return Property(name: parts.name, parameters: parts.parameters, value: parts.value, line: number(inputLine))
    }

    /// The parameters of a line, as written.
    func parameters(_ inputLine: Int?) -> [Parameter] {
        guard let inputLine, let parts = split(inputLine) else { return [] }
        return parts.parameters
    }

    /// The raw value of a line, as written.
    func rawValue(_ inputLine: Int?) -> String? {
        guard let inputLine else { return nil }
        return split(inputLine)?.value
    }

    /// Walks the properties of `component`, whose property lines in libical's input are `lines`.
    /// - Returns: the properties with their lines, the lines libical dropped (as raw
    ///   properties), and the diagnostics for libical's X-LIC-ERRORs.
    func items(of component: OpaquePointer, lines: [Int]) -> (items: [PropertyItem], dropped: [Property], diagnostics: [Diagnostic]) {
        var items: [PropertyItem] = []
        var droppedLines: [Int] = []
        var diagnostics: [Diagnostic] = []
        var position = 0
        var lastMatched: Int?
        var remainingValues = 0
        var absent: Set<String> = []

        var properties: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let p = property {
            properties.append(p)
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        for (offset, p) in properties.enumerated() {
            if icalproperty_isa(p) == ICAL_XLICERROR_PROPERTY {
                // An X-LIC-ERROR line of the input itself (a file once written by a libical-based
                // program keeps the errors libical met then): a property as written, not a new
                // error. libical's own errors stand where the line it could not read stood, and
                // that line is not named X-LIC-ERROR.
                if position < lines.count, self.name(lines[position]) == "X-LIC-ERROR" {
                    droppedLines.append(lines[position])
                    position += 1
                    remainingValues = 0
                    continue
                }
                let type = LibicalValues.errorType(of: p)
                var message = LibicalValues.text(of: p) ?? "libical could not read a line"
                if let range = message.range(of: ". Removing entire property:") {
                    // The line is kept as a raw property, not removed: say so.
                    let head = String(message[..<range.lowerBound])
                    let rest = String(message[range.upperBound...]).trimmingSpaces
                    message = rest.isEmpty ? head : head + ": \"" + rest + "\" (kept as written)"
                }
                var lineIndex: Int?
                // A parameter error follows its property (libical adds the property first) unless
                // the property's value then failed too: libical removed the property, and the
                // value error that comes next stands for the same, next unmatched line.
                let valueErrorFollows = offset + 1 < properties.count && icalproperty_isa(properties[offset + 1]) == ICAL_XLICERROR_PROPERTY
                    && LibicalValues.errorType(of: properties[offset + 1]) == "VALUE-PARSE-ERROR"
                if type.hasPrefix("PARAMETER"), valueErrorFollows, position < lines.count {
                    lineIndex = lines[position]
                } else if type.hasPrefix("PARAMETER"), let lastMatched {
                    lineIndex = lines[lastMatched]
                } else if position < lines.count {
                    lineIndex = lines[position]
                    droppedLines.append(lines[position])
                    position += 1
                    remainingValues = 0
                }
                if !(type == "VALUE-PARSE-ERROR" && isEmptyText(lineIndex)) {
                    diagnostics.append(diagnostic(type: type, message: message, lineIndex: lineIndex))
                }
                continue
            }
            let kind = icalproperty_isa(p)
            let name: String, nameID: UInt8
            if kind != ICAL_X_PROPERTY, let known = LibicalPropertyWalk.kindName(kind) {
                (name, nameID) = (known.name, known.id)
            } else {
                if kind == ICAL_X_PROPERTY {
                    name = (LibicalValues.string(icalproperty_get_x_name(p)) ?? "X-").uppercased()
                } else {
                    name = LibicalValues.string(icalproperty_get_property_name(p)) ?? ""
                }
                nameID = KnownNames.id(of: name)
            }
            if let last = lastMatched, remainingValues > 0, self.name(lines[last]) == name {
                remainingValues -= 1
                // A later value of a split X- property: its line, kept whole, already holds it.
                if !name.hasPrefix("X-") { items.append(PropertyItem.libical(name, nameID: nameID, p, inputLine: lines[last])) }
                continue
            }
            // A name not found from `position` on is not found later either (`position` only
            // grows): remembered, so that many such properties cost one scan, not one each.
            var j = lines.count
            if !absent.contains(name) {
                j = position
                while j < lines.count && self.name(lines[j]) != name { j += 1 }
                if j == lines.count { absent.insert(name) }
            }
            if j < lines.count {
                droppedLines.append(contentsOf: lines[position..<j])
                lastMatched = j
                remainingValues = input.lines[lines[j]].valueCount - 1
                position = j + 1
                items.append(PropertyItem.libical(name, nameID: nameID, p, inputLine: lines[j]))
            } else {
                items.append(PropertyItem.libical(name, nameID: nameID, p, inputLine: nil))
            }
        }
        droppedLines.append(contentsOf: lines[min(position, lines.count)...])
        let dropped = droppedLines.compactMap { rawProperty($0) }
        return (items, dropped, diagnostics)
    }

    /// Whether the line has an empty value of a TEXT property (an X- property, or one whose
    /// default type is TEXT): RFC 5545 3.3.11 allows empty text, but libical 3.0 rejects it
    /// ("No value for LOCATION property"). The line is still kept as a raw property.
    private func isEmptyText(_ lineIndex: Int?) -> Bool {
        guard let lineIndex, rawValue(lineIndex)?.isEmpty == true else { return false }
        let name = self.name(lineIndex)
        if name.hasPrefix("X-") { return true }
        return icalproperty_kind_to_value_kind(icalproperty_string_to_kind(name)) == ICAL_TEXT_VALUE
    }

    private func diagnostic(type: String, message: String, lineIndex: Int?) -> Diagnostic {
        let code: DiagnosticCode
        switch type {
        case "PARAMETER-NAME-PARSE-ERROR", "PARAMETER-VALUE-PARSE-ERROR": code = .parameterParseError
        case "VALUE-PARSE-ERROR": code = .valueParseError
        case "PROPERTY-PARSE-ERROR": code = .propertyParseError
        case "COMPONENT-PARSE-ERROR": code = .malformedLine
        default: code = .libicalError
        }
        let property = lineIndex.map { name($0) }
        if code == .propertyParseError, let property, ContentLineSyntax.isIANAToken(property) {
            // RFC 5545 allows unregistered IANA names (iana-prop); libical 3.0 rejects them.
            return Diagnostic(.unknownProperty, "unknown property \(property); kept as written",
                              source: source, line: number(lineIndex), property: property)
        }
        return Diagnostic(code, message, source: source, line: number(lineIndex), property: property)
    }

    /// The name of a property kind libical knows (`icalproperty_kind_to_string`) and its
    /// ``KnownNames/id(of:)``; nil for the X-, ANY and NO kinds and any kind without a name.
    static func kindName(_ kind: icalproperty_kind) -> (name: String, id: UInt8)? {
        let raw = Int(kind.rawValue)
        return raw < kindNames.count ? kindNames[raw] : nil
    }

    /// ``kindName(_:)`` of every kind, indexed by its raw value and looked up once:
    /// `icalproperty_get_property_name` allocates on every call, and an array index costs less
    /// than the hash of a dictionary and the ID's lookup from the name.
    private static let kindNames: [(name: String, id: UInt8)?] = {
        (0...Int(ICAL_NO_PROPERTY.rawValue)).map { raw in
            let kind = icalproperty_kind(rawValue: UInt32(raw))
            if kind == ICAL_X_PROPERTY || kind == ICAL_ANY_PROPERTY || kind == ICAL_NO_PROPERTY { return nil }
            guard let name = LibicalValues.string(icalproperty_kind_to_string(kind)), !name.isEmpty else { return nil }
            return (name, KnownNames.id(of: name))
        }
    }()
}
