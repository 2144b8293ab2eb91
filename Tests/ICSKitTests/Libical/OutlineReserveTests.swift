import Testing
@testable import ICSKit

/// The room ``BlockOutline`` reserves for the simple lines of a block's top-level component: its
/// own property lines, not those of its alarms (an event of 100,000 alarms reserved room for
/// 600,000 lines it never held, 29 MB). Counts worked out from the blocks written here.
@Suite("Room reserved for a component's own lines")
struct OutlineReserveTests {
    static func block(_ lines: [String]) throws -> ComponentBlock {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN"] + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
        let blocks = try SimpleLineEquivalenceTests.blocks(Array(text.utf8), source: "r.ics")
        return try #require(blocks.first { $0.name == "VEVENT" })
    }

    @Test("An event of 1,000 alarms: room for its own four lines, not for 5,004")
    func alarmsAreNotCounted() throws {
        var lines = ["BEGIN:VEVENT", "UID:a@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "SUMMARY:Alarms"]
        for i in 0..<1_000 {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:A", "TRIGGER:-PT\(i + 1)M", "UID:a\(i)", "END:VALARM"]
        }
        let block = try Self.block(lines + ["END:VEVENT"])
        #expect(BlockOutline.topLevelProperties(of: block) == 4)
        var outline = BlockOutline(block: block, readsSimpleLines: true)
        #expect(outline.components.count == 1_001)
        let own = outline.takeSimpleLines(of: 0)
        #expect(own.count == 4)
        #expect(own.capacity < 100)
    }

    @Test("An event of 1,999 own lines and one alarm: room for the 1,999 at once")
    func ownLinesAreCounted() throws {
        var lines = ["BEGIN:VEVENT", "UID:r@x", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z"]
        // RDATE and EXDATE lines in turn: no two lines of one name next to each other, so none is
        // joined to the line before it (``DateRunTests`` has the runs).
        lines += (0..<1_996).map { "\($0 % 2 == 0 ? "RDATE" : "EXDATE"):202406\(String(format: "%02d", $0 % 28 + 1))T090000Z" }
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:A", "TRIGGER:-PT5M", "END:VALARM", "END:VEVENT"]
        let block = try Self.block(lines)
        #expect(BlockOutline.topLevelProperties(of: block) == 1_999)
        var outline = BlockOutline(block: block, readsSimpleLines: true)
        let own = outline.takeSimpleLines(of: 0)
        #expect(own.count == 1_999)
        #expect(own.capacity >= 1_999 && own.capacity < 2 * 1_999)
    }
}
