/// A property parameter as written (`CN=Jane Doe`, `MEMBER="mailto:a@x","mailto:b@x"`).
public struct Parameter: Sendable, Hashable, Codable {
    /// The name, upper-cased (`CN`, `X-FOO`).
    public var name: String
    /// The value as written, without surrounding quotes for a single quoted value.
    public var value: String

    /// A parameter with its name (upper-cased) and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A property kept as the file wrote it: what the model has no typed field for
/// (`X-` properties, IANA properties it does not model), so that nothing is lost.
public struct Property: Sendable, Hashable, Codable {
    /// The name, upper-cased (`X-MICROSOFT-CDO-BUSYSTATUS`).
    public var name: String
    /// Its parameters, in file order (`TZID`, `VALUE`, `X-` ones, …).
    public var parameters: [Parameter]
    /// The value as iCalendar text (escapes of TEXT values resolved).
    public var value: String
    /// The physical line the content line starts on, when known.
    public var line: Int?

    /// A property with its name, parameters, value as written, and its line in the file.
    public init(name: String, parameters: [Parameter] = [], value: String, line: Int? = nil) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// The value of the first parameter named `name` (case-insensitive).
    public func parameter(_ name: String) -> String? {
        let upper = name.uppercased()
        return parameters.first { $0.name == upper }?.value
    }
}

extension Array where Element == Parameter {
    /// The value of the first parameter named `name` (case-insensitive).
    public subscript(parameter name: String) -> String? {
        let upper = name.uppercased()
        return first { $0.name == upper }?.value
    }
}

/// A component the model keeps whole: X- components, VFREEBUSY, VAVAILABILITY and
/// any other component it has no type for, with its properties and children.
public struct RawComponent: Sendable, Hashable, Codable {
    /// The name, upper-cased (`VFREEBUSY`, `X-FOO`).
    public var name: String
    /// Its properties, in file order.
    public var properties: [Property]
    /// Its subcomponents, in file order.
    public var components: [RawComponent]
    /// The physical line of its BEGIN, when known.
    public var line: Int?

    /// A component with its name, properties and subcomponents.
    public init(name: String, properties: [Property] = [], components: [RawComponent] = [], line: Int? = nil) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
    }
}
