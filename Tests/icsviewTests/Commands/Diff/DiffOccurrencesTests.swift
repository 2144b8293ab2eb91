import Foundation
import Testing

/// `icsview diff --occurrences` on `Fixtures/diff/occurrences-{old,new}.ics`: a daily series given
/// an EXDATE, a moved and a cancelled instance; a renamed event, a deleted one, a new one; a weekly
/// rule changed from MO,TH to MO,WE. The lines are worked out by hand (RFC 5545 3.8.5.1, 3.8.4.4,
/// 3.3.10) over 3–9 June 2024, as OccurrenceDiffTests checks the same edits in the library.
@Suite("icsview diff --occurrences")
struct DiffOccurrencesTests {
    static let files = ["Fixtures/diff/occurrences-old.ics", "Fixtures/diff/occurrences-new.ics"]

    @Test func textListsEachOccurrenceThatChanged() throws {
        let result = try CLI.run(["diff", "--occurrences", "--from", "2024-06-03", "--to", "2024-06-09"] + Self.files)
        #expect(result.status == 1)
        #expect(result.stdout == """
            + Wed, 5 Jun 2024 18:00 "Gym" (gym)
            + Fri, 7 Jun 2024 19:00 "Party" (party)
            - Wed, 5 Jun 2024 09:00 "Standup" (standup)
            - Wed, 5 Jun 2024 15:00 "Review" (review)
            - Thu, 6 Jun 2024 18:00 "Gym" (gym)
            > Thu, 6 Jun 2024 09:00 → Thu, 6 Jun 2024 10:00 "Standup" (standup)
            ~ Tue, 4 Jun 2024 09:00 "Standup" (standup) — STATUS
                STATUS: (none) → CANCELLED
            ~ Tue, 4 Jun 2024 12:00 "Team lunch" (lunch) — SUMMARY
                SUMMARY: "Lunch" → "Team lunch"
            2 added, 3 removed, 1 moved, 2 changed, 3 unchanged

            """)
    }

    @Test func jsonKeysEachOccurrenceByItsIdentity() throws {
        let result = try CLI.run(["diff", "--occurrences", "--from", "2024-06-03", "--days", "7", "--format", "json"] + Self.files)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["from"] as? String == "2024-06-03" && json["to"] as? String == "2024-06-09")
        func ids(_ key: String) -> [String] { (json[key] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? [] }
        let source = "source:Fixtures/diff/occurrences-old.ics"
        #expect(ids("added") == ["\(source)|gym|20240605T180000Z", "\(source)|party|"])
        #expect(ids("removed") == ["\(source)|standup|20240605T090000Z", "\(source)|review|", "\(source)|gym|20240606T180000Z"])
        #expect(ids("moved") == ["\(source)|standup|20240606T090000Z"])
        let moved = try #require((json["moved"] as? [[String: Any]])?.first)
        #expect((moved["start"] as? [String: String]) == ["old": "2024-06-06T09:00:00Z", "new": "2024-06-06T10:00:00Z"])
        #expect(ids("changed") == ["\(source)|standup|20240604T090000Z", "\(source)|lunch|"])
        #expect(json["unchanged"] as? Int == 3)
    }

    @Test func laterDaysShowOnlyTheRuleChange() throws {
        // 10–16 June: the daily series ended on the 7th; gym's last two instances were Mon 10 and
        // Thu 13 (MO,TH, COUNT=4) and are Mon 10 and Wed 12 (MO,WE): the 12th added, the 13th removed.
        let result = try CLI.run(["diff", "--occurrences", "--from", "2024-06-10", "--to", "2024-06-16"] + Self.files)
        #expect(result.status == 1)
        #expect(result.stdout == """
            + Wed, 12 Jun 2024 18:00 "Gym" (gym)
            - Thu, 13 Jun 2024 18:00 "Gym" (gym)
            1 added, 1 removed, 0 moved, 0 changed, 1 unchanged

            """)
        // A week with no occurrence in either copy.
        let quiet = try CLI.run(["diff", "--occurrences", "--from", "2024-07-01", "--to", "2024-07-07"] + Self.files)
        #expect(quiet.status == 0 && quiet.stdout == "0 added, 0 removed, 0 moved, 0 changed, 0 unchanged\n")
    }

    @Test func theRangeNeedsOccurrences() throws {
        let result = try CLI.run(["diff", "--from", "2024-06-03"] + Self.files)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --from needs --occurrences (events are compared whole)\n"))
    }
}
