/// A DURATION value (RFC 5545 3.3.6), kept in its parts because they differ in
/// meaning: weeks and days are nominal (a day is a calendar day, 23 or 25 hours
/// across a DST change), hours, minutes and seconds are exact.
///
/// Stored in 32-bit parts (24 bytes, where the `Int`s took 48: an event's DURATION and an alarm's
/// TRIGGER hold one); a part beyond ±2,147,483,647 (libical's own parts are C `int`s) is kept as
/// the nearest of those bounds.
public struct ICSDuration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether the duration is negative (`-PT15M`, before a trigger's reference).
    public var isNegative: Bool
    private var storedWeeks: Int32
    private var storedDays: Int32
    private var storedHours: Int32
    private var storedMinutes: Int32
    private var storedSeconds: Int32

    /// Weeks (nominal: 7 days each).
    public var weeks: Int {
        get { Int(storedWeeks) }
        set { storedWeeks = Int32(clamping: newValue) }
    }
    /// Days (nominal: a day is a calendar day, 23 or 25 hours across a DST change).
    public var days: Int {
        get { Int(storedDays) }
        set { storedDays = Int32(clamping: newValue) }
    }
    /// Hours (exact).
    public var hours: Int {
        get { Int(storedHours) }
        set { storedHours = Int32(clamping: newValue) }
    }
    /// Minutes (exact).
    public var minutes: Int {
        get { Int(storedMinutes) }
        set { storedMinutes = Int32(clamping: newValue) }
    }
    /// Seconds (exact).
    public var seconds: Int {
        get { Int(storedSeconds) }
        set { storedSeconds = Int32(clamping: newValue) }
    }

    /// The coded form: the keys of the `Int`-stored struct this replaces.
    private enum CodingKeys: String, CodingKey {
        case isNegative, storedWeeks = "weeks", storedDays = "days", storedHours = "hours"
        case storedMinutes = "minutes", storedSeconds = "seconds"
    }

    /// A duration from its parts (RFC 5545 3.3.6).
    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        storedWeeks = Int32(clamping: weeks)
        storedDays = Int32(clamping: days)
        storedHours = Int32(clamping: hours)
        storedMinutes = Int32(clamping: minutes)
        storedSeconds = Int32(clamping: seconds)
    }

    /// The nominal part in days (weeks × 7 + days), signed.
    public var nominalDays: Int { (isNegative ? -1 : 1) * (weeks * 7 + days) }

    /// The exact part in seconds, signed.
    public var exactSeconds: Int { (isNegative ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds) }

    /// The whole duration in seconds, counting a day as 86,400 seconds.
    public var approximateSeconds: Int { nominalDays * 86_400 + exactSeconds }

    /// iCalendar text, e.g. `P1DT2H`, `-PT15M`, `P2W`.
    public var description: String {
        var s = isNegative ? "-P" : "P"
        if weeks != 0 { s += "\(weeks)W" }
        if days != 0 { s += "\(days)D" }
        if hours != 0 || minutes != 0 || seconds != 0 {
            s += "T"
            if hours != 0 { s += "\(hours)H" }
            if minutes != 0 { s += "\(minutes)M" }
            if seconds != 0 { s += "\(seconds)S" }
        }
        if s.hasSuffix("P") { s += "T0S" }
        return s
    }
}
