#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Checks iCalendar files against RFC 5545 (and RFC 7986) and common interoperability
/// rules, with every finding on the physical line at fault: the check a team runs in CI.
///
/// It runs its own pass over the scanner's blocks (structure, syntax, value types) together
/// with libical's conversion of each block, in parallel over blocks as the importer does,
/// then the checks that look across the file (UIDs, overrides, time zones). See
/// ``DiagnosticCode/all`` for every code it reports.
///
/// ```swift
/// let report = Validator().validate(paths: ["calendars/"])
/// if report.fails(strict: true) { print(report.findings.map(\.description).joined(separator: "\n")) }
/// ```
public struct Validator: Sendable {
    /// How a validation reads its input.
    public struct Options: Sendable, Hashable {
        /// The bounds on lines, nesting and components; `maxDiagnosticsPerCode` caps the findings of one code per file.
        public var limits: ScanLimits
        /// How many threads check blocks at once; 0 means one per active processor.
        public var parallelism: Int

        /// Options with limits and the number of threads.
        public init(limits: ScanLimits = .standard, parallelism: Int = 0) {
            self.limits = limits
            self.parallelism = parallelism
        }
    }

    /// How the validator reads its input.
    public var options: Options

    /// A validator with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Validates iCalendar bytes.
    /// - Parameters:
    ///   - bytes: the whole stream.
    ///   - file: the name findings carry.
    /// - Returns: a report of one file; bytes that are not iCalendar give one ``DiagnosticCode/notICalendar`` finding.
    /// - Complexity: O(n) in the bytes, plus bounded recurrence walks.
    public func validate(bytes: [UInt8], file: String) -> ValidationReport {
        run(ByteStream(bytes: bytes), file: file)
    }

    /// Validates iCalendar text. See ``validate(bytes:file:)``.
    public func validate(text: String, file: String) -> ValidationReport {
        validate(bytes: Array(text.utf8), file: file)
    }

    /// Validates one file, read in chunks, or standard input for `-`.
    /// - Returns: a report of one file (input that is not iCalendar is an ``DiagnosticCode/notICalendar``
    ///   finding), or of one failure when it cannot be read.
    /// - Complexity: O(n) in the file.
    public func validate(path: String) -> ValidationReport {
        if path == "-" { return run(ByteStream(descriptor: 0), file: "-") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            return ValidationReport(failures: [.init(file: path, message: "cannot open: \(String(cString: strerror(errno)))", isUnreadable: true)])
        }
        defer { _ = close(fd) }
        return run(ByteStream(descriptor: fd), file: path)
    }

    /// Validates files, standard input (`-`) and directories (every `*.ics` below them,
    /// recursively, in sorted order), in the order given.
    ///
    /// In a directory, symbolic links to directories are not followed; a `*.ics` symbolic link
    /// to a file is validated as that file, and one that dangles or loops is a failure naming it.
    /// - Complexity: O(n) in the total size.
    public func validate(paths: [String]) -> ValidationReport {
        var report = ValidationReport()
        for path in paths {
            var isDirectory: ObjCBool = false
            if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let entries = CalendarFiles.entries(under: path)
                if entries.isEmpty {
                    report.failures.append(.init(file: path, message: "no .ics files in this directory", isUnreadable: true))
                }
                for entry in entries {
                    switch entry {
                    case .file(let file): report.append(validate(path: file))
                    case .unreadable(let file, let message): report.failures.append(.init(file: file, message: message, isUnreadable: true))
                    }
                }
            } else {
                report.append(validate(path: path))
            }
        }
        return report
    }

    private func run(_ stream: ByteStream, file: String) -> ValidationReport {
        do {
            let findings = try ValidationRun(file: file, options: options).run(stream)
            return ValidationReport(findings: findings, files: [file])
        } catch where error.code == .notICalendar {
            return ValidationReport(findings: [Finding(file: file, line: error.line ?? 1, code: .notICalendar, message: error.message)],
                                    files: [file])
        } catch {
            return ValidationReport(failures: [.init(file: file, message: error.message, isUnreadable: true)])
        }
    }
}
