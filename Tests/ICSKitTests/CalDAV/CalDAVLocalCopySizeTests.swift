#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ICSKit

/// A CalDAV collection's local copy is read as the vdir copies are (``CacheFile/read(_:limit:)``):
/// its size is looked at first, and a copy larger than ``CalDAVLocalCopy/maximumBytes`` is not
/// read but taken as no copy, which ``CalDAVLocalCopy/stored()`` tells apart and a sync says in
/// a warning. Before, a sparse file of two gigabytes in its place was read whole. The copies are
/// written by the library itself; the sync's server is a port on 127.0.0.1 that nothing listens
/// on, so the sync fails and the outcome is what the copy gave.
@Suite struct CalDAVLocalCopySizeTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "icskit-caldav-copy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let collection = URL(string: "http://127.0.0.1:9/cal/")!

    static func state() -> CalDAVSyncState {
        var state = CalDAVSyncState(collection: collection)
        state.resources["/cal/a.ics"] = CalDAVResource(href: "/cal/a.ics", etag: "\"1\"", data:
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240610T090000Z\r\nSUMMARY:Standup\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        return state
    }

    /// A copy of exactly the limit is read; one byte less of limit and it is too large (its size
    /// given), neither loaded nor served by a failed sync, which warns.
    @Test func aCopyOverTheLimitIsNotRead() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var copy = CalDAVLocalCopy(collection: Self.collection, directory: folder)
        #expect(copy.maximumBytes == 256 << 20)
        try copy.save(Self.state())
        let size = try #require(try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int)
        copy.maximumBytes = size
        #expect(copy.load()?.resources.count == 1)
        copy.maximumBytes = size - 1
        guard case .tooLarge(let found) = copy.stored() else {
            Issue.record("a copy over the limit was read")
            return
        }
        #expect(found == size)
        #expect(copy.load() == nil)
        let outcome = copy.sync(with: CalDAVClient(options: FetchOptions(connectTimeout: 2)))
        #expect(outcome.error != nil)
        #expect(outcome.isFirst)
        #expect(outcome.calendar.events.isEmpty)
        let warning = try #require(outcome.calendar.diagnostics.first { $0.code == .localCopyTooLarge })
        #expect(warning.message == "the local copy \(copy.path) is \(size) bytes, more than the \(size - 1) bytes a copy may hold; "
                + "read as no copy, and the collection synced whole")
    }

    /// A sparse copy of two gigabytes (`truncate`) under the default limit of 256 MiB: not read.
    @Test func aTwoGigabyteCopyIsNotRead() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = CalDAVLocalCopy(collection: Self.collection, directory: folder)
        try copy.save(Self.state())
        #expect(truncate(copy.path, 2 << 30) == 0)
        guard case .tooLarge(let found) = copy.stored() else {
            Issue.record("a copy of two gigabytes was read")
            return
        }
        #expect(found == 2 << 30)
        #expect(copy.cachedCalendar() == nil)
    }

    /// A link in the copy's place is not followed: no copy, even when it names a good one.
    @Test func aLinkIsNotFollowed() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = CalDAVLocalCopy(collection: Self.collection, directory: folder)
        try copy.save(Self.state())
        let elsewhere = folder + "/elsewhere.json"
        try FileManager.default.moveItem(atPath: copy.path, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: copy.path, withDestinationPath: elsewhere)
        #expect(copy.load() == nil)
        #expect(CalDAVLocalCopy(collection: Self.collection, directory: folder).load() == nil)
    }
}
