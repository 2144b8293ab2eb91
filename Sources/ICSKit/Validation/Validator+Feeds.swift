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
    ///
    /// ```swift
    /// let report = await Validator().validateFeed(try FeedSource("webcal://example.com/team.ics"))
    /// ```
    ///
    /// Reading a file and checking the body run on a thread of their own, the transfer on another:
    /// no thread of Swift's cooperative pool waits for them.
    public func validateFeed(_ source: FeedSource, fetchOptions: FetchOptions = FetchOptions()) async -> ValidationReport {
        let validator = self
        guard case .remote(let url) = source.kind else {
            return await BlockingWork.run { validator.validate(paths: [source.description]) }
        }
        do {
            let response = try await FetchRequest.fetch(url, source: source, options: fetchOptions, validators: FetchValidators())
            return await BlockingWork.run { validator.validate(response, of: source) }
        } catch {
            return ValidationReport(failures: [.init(file: source.description, message: error.message)])
        }
    }

    /// ``validateFeed(_:fetchOptions:)`` for command-line tools: blocks the calling thread until
    /// done. Do not call it on an app's main thread.
    public func validateFeedBlocking(_ source: FeedSource, fetchOptions: FetchOptions = FetchOptions()) -> ValidationReport {
        guard case .remote(let url) = source.kind else { return validate(paths: [source.description]) }
        do {
            return validate(try FetchRequest.fetchBlocking(url, source: source, options: fetchOptions, validators: FetchValidators()), of: source)
        } catch {
            return ValidationReport(failures: [.init(file: source.description, message: error.message)])
        }
    }

    private func validate(_ response: FetchResponse, of source: FeedSource) -> ValidationReport {
        validate(bytes: response.body ?? [], file: source.description)
    }
}
