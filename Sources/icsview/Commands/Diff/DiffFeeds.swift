import ICSKit

extension DiffCommand {
    /// `icsview diff` with no file: each configured feed's cached copy against a fresh fetch
    /// (which then replaces the cached copy, so the next run shows what changed since this one),
    /// in configuration order, each under its name. A feed with no cached copy yet is fetched
    /// and said so on standard error; files, CalDAV and vdir calendars have no earlier copy here
    /// and are skipped (with a line on standard error unless `--quiet`).
    /// - Returns: 0 when no feed changed, 1 when one did, 2 when one could not be read.
    static func feeds(_ configuration: Configuration, options: Options) -> Int32 {
        let context: ViewContext
        do {
            context = try ViewContext(options: options)
        } catch {
            return subcommand.usageError(error)
        }
        var changed = false, trouble = false
        for entry in configuration.calendars {
            guard entry.kind == .feed, let source = try? FeedSource(entry.source), source.isRemote else {
                if DiagnosticOutput.shared.verbosity != .quiet { printError("\(entry.key): not a feed (url); no earlier copy to compare\n") }
                continue
            }
            var cachedOnly = options
            cachedOnly.offline = true
            let old: ICalendar
            do {
                old = try InputLoader.subscription(for: source, options: cachedOnly, headers: entry.headers).refreshBlocking().calendar
            } catch {
                // No cached copy yet: this fetch makes the first one.
                do {
                    _ = try InputLoader.load(entry.source, options: options, headers: entry.headers)
                    if DiagnosticOutput.shared.verbosity != .quiet { printError("\(entry.key): no cached copy yet; fetched and cached now\n") }
                } catch {
                    printError("Error: \(entry.key): \(error)\n")
                    trouble = true
                }
                continue
            }
            do {
                let new = try InputLoader.load(entry.source, options: options, headers: entry.headers)
                let diff = CalendarDiff(old: old, new: new)
                changed = changed || !diff.isEmpty
                print(render(diff, options: options, context: context, calendar: entry.key), terminator: "")
            } catch {
                printError("Error: \(entry.key): \(error)\n")
                trouble = true
            }
        }
        return trouble ? 2 : changed ? 1 : 0
    }
}
