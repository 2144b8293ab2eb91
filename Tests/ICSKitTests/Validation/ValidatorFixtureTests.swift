import Foundation
import Testing
@testable import ICSKit

/// Every check against its fixture: each invalid fixture raises exactly the codes the manifest
/// lists (as errors or warnings; a listed note must appear), and the valid fixtures raise nothing.
/// The expected codes were worked out by hand from RFC 5545 for each fixture.
@Suite struct ValidatorFixtureTests {
    @Test func manifestCoversEveryInvalidFixture() throws {
        let directory = ValidationSupport.fixtures.appendingPathComponent("invalid").path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".ics") }
        #expect(Set(files.map { "invalid/" + $0 }) == Set(ValidationSupport.manifest.map(\.file)))
        #expect(ValidationSupport.manifest.count >= 40)
    }

    @Test(arguments: ValidationSupport.manifest)
    func invalidFixtureRaisesItsCodes(_ entry: ValidationSupport.ManifestEntry) {
        let path = ValidationSupport.fixtures.appendingPathComponent(entry.file).path
        let report = Validator().validate(path: path)
        #expect(report.failures.isEmpty)
        let raised = Set(report.findings.filter { $0.severity != .note }.map(\.code.rawValue))
        let all = Set(report.findings.map(\.code.rawValue))
        #expect(entry.codes.isSubset(of: all), "missing: \(entry.codes.subtracting(all))")
        #expect(raised.isSubset(of: entry.codes), "extra: \(raised.subtracting(entry.codes))")
        for finding in report.findings {
            #expect(finding.line != nil && finding.column == 1)
            #expect(!finding.hint.isEmpty)
        }
    }

    @Test(arguments: ValidationSupport.validFixtures)
    func validFixtureRaisesNothing(_ name: String) {
        let report = Validator().validate(path: ValidationSupport.fixtures.appendingPathComponent("valid/" + name).path)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(!report.fails(strict: true))
    }

    @Test func everyCodeIsRegisteredOnceAndNumbered() {
        let codes = DiagnosticCode.all.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in DiagnosticCode.all {
            #expect(code.rawValue.hasPrefix("ICS") && code.rawValue.count == 7 && Int(code.rawValue.dropFirst(3)) != nil)
            #expect(!code.title.isEmpty && !code.hint.isEmpty)
        }
    }

    /// Every code is raised by a fixture, by a file `scripts/validate-fixtures.sh` generates (the
    /// size limits, also tested in ValidatorCheckTests), or is one the validator does not raise
    /// (``Validator/codesNotRaised``), which says what it reports instead.
    @Test func everyCodeHasAFixtureOrIsNotRaisedByTheValidator() {
        let byFixture = Set(ValidationSupport.manifest.flatMap(\.codes))
        let generated: Set<String> = ["ICS1003", "ICS1008"]
        let notRaised = Set(Validator.codesNotRaised.keys.map(\.rawValue))
        #expect(byFixture.isDisjoint(with: notRaised))
        for code in DiagnosticCode.all.map(\.rawValue) {
            #expect(byFixture.contains(code) || generated.contains(code) || notRaised.contains(code), "\(code) has no fixture")
        }
        for other in Validator.codesNotRaised.values {
            #expect(other.instead.allSatisfy { byFixture.contains($0.rawValue) })
        }
    }

    @Test func directoriesAreSearchedRecursivelyInOrder() {
        let report = Validator().validate(paths: [ValidationSupport.fixtures.appendingPathComponent("valid").path])
        #expect(report.files.count == ValidationSupport.validFixtures.count)
        #expect(report.files == report.files.sorted())
        #expect(report.findings.isEmpty)
    }

    @Test func unreadableFileIsAFailureNotAFinding() {
        let report = Validator().validate(paths: ["/nonexistent/cal.ics"])
        #expect(report.files.isEmpty)
        #expect(report.failures.count == 1)
        #expect(report.failures[0].message.hasPrefix("cannot open"))
    }

    @Test func inputsMixFilesAndSourcesInOrder() {
        let valid = ValidationSupport.fixtures.appendingPathComponent("valid/" + ValidationSupport.validFixtures[0]).path
        let report = Validator().validate(inputs: ["ftp://example.com/cal.ics", valid, "/nonexistent/cal.ics"])
        #expect(report.files == [valid])
        #expect(report.failures.map(\.file) == ["ftp://example.com/cal.ics", "/nonexistent/cal.ics"])
        #expect(report.failures[0].message.hasPrefix("unsupported URL scheme 'ftp'"))
    }
}
