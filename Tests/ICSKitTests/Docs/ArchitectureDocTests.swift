import Foundation
import Testing

/// `docs/ARCHITECTURE.md` names every source folder of ICSKit and icsview (as `Folder/`, relative
/// to its target, in backquotes), so that the map cannot fall behind the code: a folder added
/// without a line there fails here.
@Suite struct ArchitectureDocTests {
    /// The folders under `Sources/<target>` that hold Swift files, relative to it (`Import/Window`).
    static func folders(of target: String) throws -> [String] {
        let base = Fixtures.root.appendingPathComponent("Sources/\(target)")
        let enumerator = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
        var found = Set<String>()
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let relative = url.deletingLastPathComponent().path.dropFirst(base.path.count).drop { $0 == "/" }
            if !relative.isEmpty { found.insert(String(relative)) }
        }
        return found.sorted()
    }

    @Test(arguments: ["ICSKit", "icsview"]) func everyFolderIsOnTheMap(_ target: String) throws {
        let map = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let folders = try Self.folders(of: target)
        #expect(folders.count >= 5)
        for folder in folders {
            #expect(map.contains("`\(folder)/`"), "docs/ARCHITECTURE.md does not name Sources/\(target)/\(folder)/")
        }
    }
}
