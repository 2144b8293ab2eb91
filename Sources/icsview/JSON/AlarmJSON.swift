import Foundation
import ICSKit

/// The `alarms` key of an agenda object: the trigger instants of the occurrence's alarms, in
/// UTC (`["2024-06-03T07:45:00Z"]`), sorted; `[]` for a component without alarms.
enum AlarmJSON {
    /// - Parameter days: the text of the days written last, when the caller keeps it.
    static func write(_ instants: [Date], days: DayTextMemo? = nil, to out: inout JSONBytes) {
        out.literal(#","alarms":["#)
        for (i, instant) in instants.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            OccurrenceJSON.utcTime(secondsSinceEpoch: Int(instant.timeIntervalSince1970.rounded(.down)), days: days, to: &out)
        }
        out.byte(UInt8(ascii: "]"))
    }
}
