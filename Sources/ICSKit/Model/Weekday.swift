/// A day of the week, numbered as Foundation numbers them (1 = Sunday … 7 = Saturday),
/// so that it meets `Calendar.firstWeekday` without conversion.
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// The two-letter iCalendar name (`SU`, `MO`, …).
    public var icsName: String {
        switch self {
        case .sunday: return "SU"
        case .monday: return "MO"
        case .tuesday: return "TU"
        case .wednesday: return "WE"
        case .thursday: return "TH"
        case .friday: return "FR"
        case .saturday: return "SA"
        }
    }

    /// The weekday for an iCalendar name (`SU` … `SA`, case-insensitive).
    public init?(icsName: some StringProtocol) {
        switch icsName.uppercased() {
        case "SU": self = .sunday
        case "MO": self = .monday
        case "TU": self = .tuesday
        case "WE": self = .wednesday
        case "TH": self = .thursday
        case "FR": self = .friday
        case "SA": self = .saturday
        default: return nil
        }
    }

    /// The ISO number: 1 = Monday … 7 = Sunday.
    public var isoNumber: Int { self == .sunday ? 7 : rawValue - 1 }

    /// The weekday for an ISO number (1 = Monday … 7 = Sunday).
    public init(isoNumber: Int) {
        self = isoNumber == 7 ? .sunday : Weekday(rawValue: isoNumber + 1)!
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension CivilDate {
    /// The day of the week.
    public var weekday: Weekday { Weekday(isoNumber: isoWeekday) }
}
