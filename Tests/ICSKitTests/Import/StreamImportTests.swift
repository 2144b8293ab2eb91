import Testing
@testable import ICSKit

/// A pipe may hand over its first bytes in very small reads (`curl … | icsview -`):
/// the result must not depend on how the input is cut into reads.
@Suite struct StreamImportTests {
    static func importInChunks(_ bytes: [UInt8], chunkSize: Int) throws(ICSError) -> ICalendar {
        try CalendarImporter(source: "-", options: ImportOptions()).run(ByteStream(bytes: bytes, chunkSize: chunkSize))
    }

    @Test(arguments: [1, 2, 3, 5, 6, 7, 64])
    func smallReadsGiveTheSameCalendar(chunkSize: Int) throws {
        let bytes = try Fixtures.bytes("outlook-exchange.ics")   // begins with a BOM
        let whole = try ICalendar(bytes: bytes, source: "-")
        let cut = try Self.importInChunks(bytes, chunkSize: chunkSize)
        #expect(cut == whole)
        #expect(cut.events.count == 3)
        #expect(cut.diagnostics.isEmpty)
    }

    @Test(arguments: [1, 4])
    func smallReadsOfHTMLAreStillRecognised(chunkSize: Int) {
        let html = Array("<!DOCTYPE html>\n<html><body>Sign in</body></html>\n".utf8)
        #expect {
            _ = try Self.importInChunks(html, chunkSize: chunkSize)
        } throws: { error in
            (error as? ICSError)?.message == "not an iCalendar file: line 1 looks like an HTML page: \"<!DOCTYPE html>\""
        }
    }
}
