extension Validator {
    /// Validates what each input names, in order: a file, standard input (`-`), a directory
    /// (as ``validate(paths:)``), or an `http(s)://` / `webcal(s)://` feed, fetched now and
    /// never from a cache (a check of what the server serves; see ``validateFeedBlocking(_:fetchOptions:)``).
    ///
    /// ```swift
    /// let report = Validator().validate(inputs: ["calendars/", "https://example.com/public.ics"])
    /// ```
    /// - Complexity: O(n) in the total size, plus the transfers.
    public func validate(inputs: [String], fetchOptions: FetchOptions = FetchOptions()) -> ValidationReport {
        var report = ValidationReport()
        for input in inputs {
            let source: FeedSource
            do {
                source = try FeedSource(input)
            } catch {
                report.failures.append(.init(file: error.source ?? input, message: error.message))
                continue
            }
            report.append(source.isRemote ? validateFeedBlocking(source, fetchOptions: fetchOptions) : validate(paths: [input]))
        }
        return report
    }

    /// Fetches a feed and validates its body; the findings name the feed's URL (credentials masked).
    /// A failed transfer (refused, HTTP 404, too large, timed out) is a ``ValidationReport/Failure``;
    /// a body that is not iCalendar (a login page) is a ``DiagnosticCode/notICalendar`` finding.
    /// Blocks the calling thread: not for an app's main thread.
    public func validateFeedBlocking(_ source: FeedSource, fetchOptions: FetchOptions = FetchOptions()) -> ValidationReport {
        guard case .remote(let url) = source.kind else { return validate(paths: [source.description]) }
        do {
            let response = try FetchRequest.fetchBlocking(url, source: source, options: fetchOptions, validators: FetchValidators())
            return validate(bytes: response.body ?? [], file: source.description)
        } catch {
            return ValidationReport(failures: [.init(file: source.description, message: error.message)])
        }
    }
}
