import Foundation
import Testing
@testable import ICSKit

/// The reading of WebDAV answers through libxml2's SAX2 parser (``DAVXMLReader``): what a
/// multistatus holds comes through as XML 1.0 defines it, and what an answer must never do
/// (declare entities, name files, nest without end) is refused. Expected values are worked out
/// by hand from XML 1.0 (4.6 predefined entities, 4.1 character references, 2.7 CDATA sections)
/// and Namespaces in XML 1.0.
@Suite("WebDAV XML reading")
struct DAVXMLReaderTests {
    private func parse(_ xml: String) throws -> DAVElement {
        try DAVElement.parse(Array(xml.utf8))
    }

    @Test func textKeepsEntitiesReferencesAndCDATA() throws {
        let root = try parse("""
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:href>/a&amp;b/&lt;c&gt;/&#233;&#x1F600;/&quot;&apos;</D:href>\
            <C:calendar-data><![CDATA[BEGIN:VCALENDAR <&>]]>\nEND</C:calendar-data>\
            <C:supported-calendar-component-set><C:comp name="VEVENT" D:x="1"/></C:supported-calendar-component-set>\
            </D:multistatus>
            """)
        #expect(root.namespace == "DAV:" && root.name == "multistatus")
        #expect(root.child("href")?.text == "/a&b/<c>/\u{E9}\u{1F600}/\"'")
        #expect(root.child("calendar-data", DAVElement.caldav)?.text == "BEGIN:VCALENDAR <&>\nEND")
        let comp = root.child("supported-calendar-component-set", DAVElement.caldav)?.child("comp", DAVElement.caldav)
        #expect(comp?.attributes == ["name": "VEVENT", "D:x": "1"])
    }

    @Test func aDefaultNamespaceAndAnotherEncodingAreRead() throws {
        // ISO-8859-1 as declared: the byte E9 is é.
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><multistatus xmlns=\"DAV:\"><href>/caf".utf8)
        bytes += [0xE9] + Array("</href></multistatus>".utf8)
        let root = try DAVElement.parse(bytes)
        #expect(root.namespace == "DAV:" && root.child("href")?.text == "/caf\u{E9}")
    }

    /// "Billion laughs": ten entities of ten references each would be 10^9 "lol"s. No entity is
    /// ever declared, so the first reference is an error, at once and without memory.
    @Test func declaredEntitiesAreNeverExpanded() throws {
        var dtd = "<!DOCTYPE multistatus [<!ENTITY lol0 \"lol\">"
        for i in 1...9 { dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">" }
        dtd += "]>"
        let xml = "<?xml version=\"1.0\"?>" + dtd + "<multistatus xmlns=\"DAV:\"><href>&lol9;</href></multistatus>"
        #expect(throws: ICSError.self) { try parse(xml) }
    }

    /// An external entity naming a file (here a file of the test's own, with a marker) is neither
    /// read nor expanded.
    @Test func externalEntitiesAreNeverRead() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("davxml-\(UUID().uuidString).txt")
        try "SECRET-MARKER".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE multistatus [<!ENTITY x SYSTEM \"\(file.absoluteString)\">]>"
            + "<multistatus xmlns=\"DAV:\"><href>&x;</href></multistatus>"
        do {
            let root = try parse(xml)
            #expect(root.child("href")?.text.contains("SECRET") == false)
        } catch {
            #expect("\(error)".contains("SECRET") == false)
        }
    }

    @Test func deepNestingStops() {
        let xml = "<multistatus xmlns=\"DAV:\">" + String(repeating: "<a>", count: 100_000)
        #expect(throws: ICSError.self) { try parse(xml) }
        do {
            _ = try parse(xml)
        } catch {
            #expect("\(error)".contains("nested too deeply"))
        }
    }

    /// A broken answer: the reason names the line, and the server's own bytes (an escape in a
    /// tag name) reach the message only as printable ASCII.
    @Test func aBrokenAnswerSaysWhereInPrintableText() {
        let xml = "<?xml version=\"1.0\"?>\n<multistatus xmlns=\"DAV:\">\n<href>/a</href>\n</multi\u{1B}]0;owned\u{7}status>"
        do {
            _ = try parse(xml)
            Issue.record("a mismatched end tag parsed")
        } catch {
            let message = "\(error)"
            #expect(message.contains("line 4"))
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    @Test func anEmptyOrTruncatedAnswerIsAnError() {
        #expect(throws: ICSError.self) { try parse("") }
        #expect(throws: ICSError.self) { try parse("<multistatus xmlns=\"DAV:\"><response>") }
    }

    /// A status line's code (RFC 4918 14.28: an HTTP Status-Line): by hand for the usual forms,
    /// and the same as splitting the line at its spaces (the reading it replaces) on odd ones.
    @Test func statusLinesGiveTheirCode() {
        #expect(Multistatus.status("HTTP/1.1 404 Not Found") == 404)
        #expect(Multistatus.status("HTTP/1.1 200 OK") == 200)
        #expect(Multistatus.status("  HTTP/1.1   507  Insufficient") == 507)
        #expect(Multistatus.status(nil) == nil)
        let odd = ["", " ", "HTTP/1.1", "HTTP/1.1 ", "HTTP/1.1 4O4 x", "HTTP/1.1 +200", "HTTP/1.1 -1 x", "a b c",
                   "HTTP/1.1 99999999999999999999 big", "HTTP/1.1\t404", "HTTP/1.1 404\u{E9}", "\u{E9} 201 caf\u{E9}"]
        for line in odd {
            let parts = line.split(separator: " ")
            #expect(Multistatus.status(line) == (parts.count > 1 ? Int(parts[1]) : nil), "\(line)")
        }
    }

    /// calendar-data's line ends: every LF ends as CRLF, CRs before it kept (hand-worked), and the
    /// same as the two replacements it stands for (CRLF to LF, then LF to CRLF) on odd texts.
    @Test func calendarDataLinesEndInCRLF() {
        #expect(calendarDataLines("BEGIN:VCALENDAR\nEND:VCALENDAR\n") == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        #expect(calendarDataLines("A\r\nB\nC") == "A\r\nB\r\nC")
        #expect(calendarDataLines("") == "")
        let odd = ["\n", "\r", "\r\r\n", "\n\n\r", "caf\u{E9}\n\u{1F600}\r\n", "x\r\ny\rz\n\r\n", "\r\n\r\n", "plain"]
        for text in odd {
            let before = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
            #expect(calendarDataLines(text) == before, "\(Array(text.utf8))")
        }
    }
}
