import Foundation
import Testing

/// `--grep` remembers its answer per shared incidence (the instances of a series read one
/// component, so its text is folded once): each instance is still judged by the component it
/// shows, so an override (RECURRENCE-ID) and the later instances that a RANGE=THISANDFUTURE
/// override changes are matched by their own text, not by the series'.
///
/// Expected instances worked out by hand from RFC 5545 3.8.4.4 (RANGE=THISANDFUTURE: the
/// override's changes apply to its instance and every later one: here one hour later, and
/// SUMMARY "Retro").
@Suite struct GrepMemoTests {
    /// Six daily instances from 3 June 2024 09:00Z; the one of 4 June renamed (and given an
    /// accent); from 6 June on, moved to 10:00Z and renamed "Retro".
    static let ics = Data("""
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//EN\r
        BEGIN:VEVENT\r
        UID:s\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240603T090000Z\r
        DURATION:PT30M\r
        RRULE:FREQ=DAILY;COUNT=6\r
        SUMMARY:Standup\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:s\r
        DTSTAMP:20240101T000000Z\r
        RECURRENCE-ID;RANGE=THISANDFUTURE:20240606T090000Z\r
        DTSTART:20240606T100000Z\r
        DURATION:PT30M\r
        SUMMARY:Retro\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:s\r
        DTSTAMP:20240101T000000Z\r
        RECURRENCE-ID:20240604T090000Z\r
        DTSTART:20240604T090000Z\r
        DURATION:PT30M\r
        SUMMARY:Standup moved to the café\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.utf8)

    static func starts(grep: String) throws -> [String] {
        let result = try CLI.run(["-", "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC",
                                  "--grep", grep, "--format", "json"], input: ics)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map {
            let object = try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            return "\(object["summary"] as? String ?? "?") \(object["start"] as? String ?? "?")"
        }
    }

    @Test func eachInstanceByTheComponentItShows() throws {
        // "standup": the series' own instances before 6 June and the renamed 4 June one.
        #expect(try Self.starts(grep: "standup") == [
            "Standup 2024-06-03T09:00:00Z", "Standup moved to the café 2024-06-04T09:00:00Z", "Standup 2024-06-05T09:00:00Z",
        ])
        // "retro": the THISANDFUTURE instance and the two after it, an hour later.
        #expect(try Self.starts(grep: "retro") == [
            "Retro 2024-06-06T10:00:00Z", "Retro 2024-06-07T10:00:00Z", "Retro 2024-06-08T10:00:00Z",
        ])
        // "cafe" (no accent, other case): the one override alone.
        #expect(try Self.starts(grep: "CAFE") == ["Standup moved to the café 2024-06-04T09:00:00Z"])
    }

    @Test func theTextAgendaAgrees() throws {
        let result = try CLI.run(["-", "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC",
                                  "--grep", "retro", "--color", "never"], input: Self.ics)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains("Retro") }.count == 3)
        #expect(!result.stdout.contains("Standup"))
    }
}
