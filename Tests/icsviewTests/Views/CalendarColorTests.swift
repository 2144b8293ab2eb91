import Foundation
import Testing

/// Calendars without a colour of their own get distinct palette colours, the same whatever
/// order they are named in, in the text views, JSON and the pages; and a calendar's tag is kept
/// when an agenda line is cut. "Work", "Holidays" and "Gym" all hash to the palette's first
/// entry (64-bit FNV-1a of the UTF-8 name modulo 8, worked out with a ten-line Python FNV-1a:
/// Holidays 3898200293143046584, Work 11161871519290268064, Gym 16954480405358309472), so before
/// they were drawn in one colour. Now the smallest hash keeps the entry and the others take the
/// next free ones: Holidays #4E79A7, Work #F28E2B, Gym #E15759.
@Suite struct CalendarColorTests {
    static func calendar(_ name: String, _ summary: String, day: Int) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nX-WR-CALNAME:\(name)\r\nBEGIN:VEVENT\r\nUID:\(name)-1\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:202406\(day)T090000Z\r\nDTEND:202406\(day)T100000Z\r\nSUMMARY:\(summary)\r\n"
            + "LOCATION:Conference room on the third floor of the north building\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// Three calendar files in a folder the caller removes.
    static func files() throws -> (dir: URL, paths: [String: String]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-colors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var paths: [String: String] = [:]
        for (name, summary, day) in [("Work", "Planning", 10), ("Holidays", "Whit Monday", 11), ("Gym", "Weekly strength and conditioning session with the whole group", 12)] {
            let path = dir.appendingPathComponent("\(name.lowercased()).ics").path
            try Data(calendar(name, summary, day: day).utf8).write(to: URL(fileURLWithPath: path))
            paths[name] = path
        }
        return (dir, paths)
    }

    static let expected = ["Holidays": "#4E79A7", "Work": "#F28E2B", "Gym": "#E15759"]

    @Test func distinctInJSONWhateverTheOrder() throws {
        let (dir, paths) = try Self.files()
        defer { try? FileManager.default.removeItem(at: dir) }
        let agenda = ["--agenda", "--format", "json", "--from", "2024-06-10", "--to", "2024-06-12", "--tz", "UTC"]
        for order in [["Work", "Holidays", "Gym"], ["Gym", "Work", "Holidays"], ["Holidays", "Gym", "Work"]] {
            let result = try CLI.run(agenda + order.map { paths[$0]! })
            #expect(result.status == 0)
            var colors: [String: String] = [:]
            for line in result.stdout.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                colors[object["calendar"] as? String ?? ""] = object["color"] as? String
            }
            #expect(colors == Self.expected, "\(order)")
        }
        // One calendar alone keeps its own hash's entry, as before.
        let alone = try CLI.run(agenda + [paths["Gym"]!])
        #expect(alone.stdout.contains("\"color\":\"#4E79A7\""))
    }

    /// The agenda's dots (24-bit colour) and the HTML page's legend use the same colours.
    @Test func distinctInTextAndPages() throws {
        let (dir, paths) = try Self.files()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = ["Work", "Holidays", "Gym"].map { paths[$0]! }
        let text = try CLI.run(["--agenda", "--from", "2024-06-10", "--to", "2024-06-12", "--tz", "UTC", "--color", "always"] + inputs,
                               environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
        #expect(text.status == 0)
        for (rgb, summary) in [("242;142;43", "Planning"), ("78;121;167", "Whit Monday"), ("225;87;89", "Weekly strength")] {
            #expect(text.stdout.contains("\u{1B}[38;2;\(rgb)m●\u{1B}[0m 09:00–10:00 \(summary)"), "\(summary)")
        }
        let page = try CLI.run(["--month", "2024-06", "--format", "html", "--tz", "UTC", "--today", "2024-06-01"] + inputs)
        #expect(page.status == 0)
        for (name, color) in Self.expected {
            #expect(page.stdout.contains("style=\"background: \(color)\"></span>\(name)</li>"), "\(name)")
        }
    }

    /// At 80 columns the calendar's tag stays whole; the location, then the title, is cut.
    @Test func theTagIsKeptWhenALineIsCut() throws {
        let (dir, paths) = try Self.files()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(["--agenda", "--from", "2024-06-10", "--to", "2024-06-12", "--tz", "UTC"] + ["Work", "Holidays", "Gym"].map { paths[$0]! },
                                 environment: ["COLUMNS": "80"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  ● 09:00–10:00 Planning · Conference room on the third floor of the nor… [Work]"))
        #expect(lines.contains("  ● 09:00–10:00 Weekly strength and conditioning session with the whole g… [Gym]"))
        #expect(lines.allSatisfy { $0.count <= 80 })
    }
}
