import Foundation
import Testing
@testable import ICSKit

/// jCal (RFC 7265). The expected arrays follow the RFC's own examples (its section 3.4–3.6 and
/// appendix B): lower-case names, a parameter object, the value type, then the values.
@Suite struct JCalWriterTests {
    @Test func anEventAsJCal() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VEVENT", "UID:abc@x", "DTSTAMP:20240101T120000Z", "DTSTART;TZID=Europe/Berlin:20240610T090000",
            "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO,WE", "EXDATE;VALUE=DATE:20240612",
            "SUMMARY:Team\\, weekly", "CATEGORIES:A,B\\,C", "GEO:52.5;13.4",
            "ATTENDEE;CN=\"Doe, Jane\";PARTSTAT=ACCEPTED:mailto:jane@x", "X-CUSTOM;X-P=1:raw\\,value", "END:VEVENT"]))
        let json = JCalWriter(icsWriter: ICSWriter(addsMissingTimeZones: false)).text(for: calendar)
        // Well-formed JSON.
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any]
        #expect(parsed?.first as? String == "vcalendar")
        let expected = [
            #"["uid",{},"text","abc@x"]"#,
            #"["dtstamp",{},"date-time","2024-01-01T12:00:00Z"]"#,
            #"["dtstart",{"tzid":"Europe/Berlin"},"date-time","2024-06-10T09:00:00"]"#,
            #"["duration",{},"duration","PT1H"]"#,
            #"["rrule",{},"recur",{"freq":"WEEKLY","count":3,"byday":["MO","WE"]}]"#,
            #"["exdate",{},"date","2024-06-12"]"#,
            #"["summary",{},"text","Team, weekly"]"#,
            #"["categories",{},"text","A","B,C"]"#,
            #"["geo",{},"float",[52.5,13.4]]"#,
            #"["attendee",{"cn":"Doe, Jane","partstat":"ACCEPTED"},"cal-address","mailto:jane@x"]"#,
            #"["x-custom",{"x-p":"1"},"unknown","raw\\,value"]"#,
        ]
        for piece in expected { #expect(json.contains(piece), "\(piece)") }
        #expect(json.hasPrefix(#"["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//ICSKit tests//EN"]],[["vevent",["#))
    }

    @Test func timeZonesAndOffsets() throws {
        let calendar = try ICalendar(parsing: calendarText([
            "BEGIN:VTIMEZONE", "TZID:X", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+005328", "TZOFFSETTO:-0500",
            "END:STANDARD", "END:VTIMEZONE"]))
        let json = JCalWriter().text(for: calendar)
        #expect(json.contains(#"["vtimezone",[["tzid",{},"text","X"]],[["standard",[["dtstart",{},"date-time","1970-01-01T00:00:00"],["tzoffsetfrom",{},"utc-offset","+00:53:28"],["tzoffsetto",{},"utc-offset","-05:00"]],[]]]]"#))
    }
}
