import Foundation
import ICSKit

/// What `icsview validate` checks for each input, read the way the views read it:
///
/// - a file, a directory, `-` or a URL (a configured `url = …` with its `header = …` lines):
///   as ``Validator/validate(inputs:fetchOptions:)`` reads it, a URL fetched now;
/// - a configured CalDAV calendar (each calendar of an account): every resource of its local
///   copy (``LocalCopies``), synced first when it is older than `refresh-interval`, each checked
///   on its own and named by its URL (credentials masked), so a finding's line is the resource's;
/// - a configured vdir calendar: its item files, as ``VdirCalendar`` takes them.
enum ValidateInputs {
    /// The report of every input named in `options`, in order.
    static func report(_ options: ValidateOptions, configuration: Configuration?) -> ValidationReport {
        var local = configuration?.defaults ?? Options()
        local.timeout = options.timeout
        local.maxSizeMB = options.maxSizeMB
        let fetch = FetchArguments.options(timeout: options.timeout, maxSizeMB: options.maxSizeMB)
        let validator = Validator()
        var report = ValidationReport()
        for input in ConfiguredInputs.resolve(options.inputs, configuration: configuration, options: local) {
            guard let source = input.local else {
                var withHeaders = fetch
                withHeaders.headers = input.entry?.headers ?? []
                report.append(validator.validate(inputs: [input.source], fetchOptions: withHeaders))
                continue
            }
            do throws(ICSError) {
                switch source {
                case .unavailable(let message):
                    throw ICSError(.unreadable, message)
                case .vdir(let path):
                    report.append(validator.validate(paths: try VdirCalendar.itemFiles(at: path)))
                case .caldav(let url):
                    for resource in try LocalCopies.resources(input, url: url, options: local) {
                        let name = FeedSource.mask(URL(string: resource.href, relativeTo: url)?.absoluteString ?? resource.href)
                        report.append(validator.validate(text: resource.data, file: name))
                    }
                }
            } catch {
                report.failures.append(.init(file: input.word, message: error.message))
            }
        }
        return report
    }
}
