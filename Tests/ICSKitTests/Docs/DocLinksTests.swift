import Foundation
import Testing

/// Every relative link of the README and of `docs/*.md` names a file or folder of the
/// repository, so that a page moved or renamed cannot leave a dead link behind.
struct DocLinksTests {
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// `](target)` links whose target is not a URL or an anchor, without their `#fragment`.
    static func relativeLinks(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            let target = String(text[Range(match.range(at: 1), in: text)!])
            if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { return nil }
            return String(target.split(separator: "#", maxSplits: 1).first ?? "")
        }
    }

    @Test func thePagesAreFound() {
        #expect(Self.pages.count >= 10)
    }

    @Test(arguments: pages)
    func linksResolve(_ page: String) throws {
        let url = Fixtures.root.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        for link in Self.relativeLinks(in: text) {
            let target = url.deletingLastPathComponent().appendingPathComponent(link).standardized
            #expect(FileManager.default.fileExists(atPath: target.path), "\(page): dead link \(link)")
        }
    }

    @Test func theLinkReaderFindsRelativeLinksOnly() {
        let text = "[a](docs/cli.md) [b](https://example.org/x) [c](#top) [d](limits.md#table) `[e](x)`"
        #expect(Self.relativeLinks(in: text) == ["docs/cli.md", "limits.md", "x"])
    }
}
