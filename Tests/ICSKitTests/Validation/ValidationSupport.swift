import Foundation
@testable import ICSKit

/// Paths and helpers for the validation tests.
enum ValidationSupport {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Fixtures/validation")

    /// One line of `Fixtures/validation/manifest.tsv`.
    struct ManifestEntry: CustomStringConvertible, Sendable {
        var file: String
        var codes: Set<String>
        var description: String { file }
    }

    static let manifest: [ManifestEntry] = {
        let text = (try? String(contentsOf: fixtures.appendingPathComponent("manifest.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: "\t")
            guard parts.count == 2 else { return nil }
            return ManifestEntry(file: String(parts[0]), codes: Set(parts[1].split(separator: ",").map(String.init)))
        }
    }()

    static let validFixtures: [String] = {
        let directory = fixtures.appendingPathComponent("valid").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }()

    /// Findings of an iCalendar text made of CRLF-joined lines.
    static func findings(_ lines: [String], limits: ScanLimits = .standard) -> [Finding] {
        let text = lines.joined(separator: "\r\n") + "\r\n"
        return Validator(options: .init(limits: limits)).validate(text: text, file: "test.ics").findings
    }

    /// A calendar around the given component lines.
    static func calendar(_ components: [String]) -> [String] {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//Tests//EN"] + components + ["END:VCALENDAR"]
    }

    /// A valid VEVENT with extra lines.
    static func event(_ extra: [String] = [], start: String = "DTSTART:20240610T090000Z") -> [String] {
        ["BEGIN:VEVENT", "UID:t@example.com", "DTSTAMP:20240101T120000Z", start] + extra + ["END:VEVENT"]
    }
}
