import ICSKit

/// `validate --format junit`: the run as a JUnit XML report, the format GitLab, Jenkins, Azure
/// DevOps and Buildkite read as test results.
///
/// One `<testsuite>` for the run (inside `<testsuites>`), one `<testcase>` per file checked, one
/// `<failure>` per error (per warning too with `--strict`) whose message starts with the file
/// and line. Warnings that do not fail and notes go to the test case's `<system-out>`; a file
/// that could not be read is a test case with an `<error>` (the test could not run). `tests`,
/// `failures` and `errors` count test cases, as JUnit does.
enum JUnitReport {
    /// The whole document, ending with a line break.
    /// - Parameters:
    ///   - strict: whether warnings fail (`--strict`), and so are failures.
    ///   - seconds: how long the run took, the suite's `time`.
    /// - Complexity: O(n) in the findings and files.
    static func document(_ report: ValidationReport, strict: Bool, seconds: Double) -> String {
        var byFile: [String: [Finding]] = [:]
        for finding in report.findings { byFile[finding.file, default: []].append(finding) }
        var cases: [String] = []
        var failing = 0
        for file in report.files {
            let findings = byFile[file] ?? []
            let failures = findings.filter { fails($0, strict: strict) }
            let rest = findings.filter { !fails($0, strict: strict) }
            if !failures.isEmpty { failing += 1 }
            var body = ""
            for finding in failures {
                body += "      <failure message=\"\(XMLText.attribute(message(finding)))\" type=\"\(finding.code.rawValue)\">"
                body += XMLText.content("\(finding)\n    hint: \(finding.hint)") + "</failure>\n"
            }
            if !rest.isEmpty {
                let text = rest.map { "\($0)\n    hint: \($0.hint)\n" }.joined()
                body += "      <system-out>" + XMLText.content(text) + "</system-out>\n"
            }
            cases.append(testCase(file, body: body))
        }
        for failure in report.failures {
            let body = "      <error message=\"\(XMLText.attribute(failure.message))\" type=\"unreadable\">"
                + XMLText.content("\(failure.file): \(failure.message)") + "</error>\n"
            cases.append(testCase(failure.file, body: body))
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"\(report.failures.count)\""
        let time = decimal(seconds)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="icsview validate" \(counts) time="\(time)">
              <testsuite name="icsview validate" \(counts) skipped="0" time="\(time)">

            """ + cases.joined() + """
              </testsuite>
            </testsuites>

            """
    }

    /// Whether `finding` is a failure of its file's test case.
    static func fails(_ finding: Finding, strict: Bool) -> Bool {
        finding.severity == .error || (strict && finding.severity == .warning)
    }

    /// `line 8, column 1: DTEND is before DTSTART [ICS2103]`: what a report lists beside the test case.
    static func message(_ finding: Finding) -> String {
        var location = ""
        if let line = finding.line {
            location = "line \(line)" + (finding.column.map { ", column \($0)" } ?? "") + ": "
        }
        return "\(location)\(finding.message) [\(finding.code.rawValue)]"
    }

    private static func testCase(_ file: String, body: String) -> String {
        let name = XMLText.attribute(file)
        let open = "    <testcase name=\"\(name)\" classname=\"icsview validate\" file=\"\(name)\""
        return body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
    }

    /// `seconds` with three decimals (`0.012`), without Foundation's locale-dependent formatting.
    static func decimal(_ seconds: Double) -> String {
        let millis = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
