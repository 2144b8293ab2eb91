#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICSKit

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

/// The entry point only wires: options → import → (expand → project) → render → exit code.
func run(_ commandLine: [String]) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let extracted: (path: String?, rest: [String])
    do {
        extracted = try ConfigLocation.extract(commandLine)
    } catch {
        printError("Error: \(error.message)\n\(Help.usage)\n  See 'icsview --help' for more information.\n")
        return 64
    }
    let configPath = extracted.path, arguments = extracted.rest
    let rest = Array(arguments.dropFirst())
    if arguments.first == "config" { return ConfigCommand.run(rest, explicitPath: configPath, environment: environment) }
    // A broken configuration stops every command but help: exit 64 with its errors, by line.
    let configuration: Configuration?
    do {
        configuration = try ConfigLocation.load(explicit: configPath, environment: environment)
    } catch {
        guard ConfigCommand.asksOnlyForHelp(arguments) else {
            printError(error.text)
            return 64
        }
        configuration = nil
    }
    if arguments.first == "validate" { return ValidateCommand.run(rest, configuration: configuration) }
    if arguments.first == "diff" { return DiffCommand.run(rest, configuration: configuration) }
    if arguments.first == "remind" { return RemindCommand.run(rest, configuration: configuration, configPath: configPath) }
    if arguments.first == "search" { return SearchCommand.run(rest, configuration: configuration) }
    if arguments.first == "browse" || arguments.first == "-i" {
        return BrowseCommand.run(rest, configuration: configuration, environment: environment)
    }
    let options: Options
    do {
        options = try OptionParser.parse(arguments, defaults: configuration?.defaults ?? Options(),
                                         configuredNames: configuration?.names ?? [])
    } catch {
        printError("Error: \(error.message)\n\(Help.usage)\n  See 'icsview --help' for more information.\n")
        return 64
    }
    if options.showHelp {
        print(Help.text, terminator: "")
        return 0
    }
    if options.showManPage {
        print(ManPage.text, terminator: "")
        return 0
    }
    if let shell = options.completionShell, let script = Completions.script(for: shell) {
        print(script, terminator: "")
        return 0
    }
    if options.showVersion {
        print(Help.version)
        return 0
    }
    DiagnosticOutput.shared.verbosity = options.verbosity
    if options.verbosity != .quiet { for warning in options.warnings { printError("warning: \(warning)\n") } }
    // A view imports only what can show in its range; the summary needs everything.
    let window = Views.importWindow(options: options)
    var (calendars, failures) = ConfiguredInputs.load(ConfiguredInputs.resolve(options.inputs, configuration: configuration),
                                                      options: options, window: window)
    // Failed inputs are not empty calendars: with none read, the errors alone.
    if calendars.isEmpty && !failures.isEmpty && !(options.view == .summary && options.format == .json) { exit(1) }
    let filter = SearchFilter(options)  // --grep, --calendar
    guard let selected = filter.select(calendars) else { exit(1) }
    calendars = selected
    if options.format != .json {
        for calendar in calendars { DiagnosticOutput.shared.report(calendar.diagnostics) }
    }
    switch options.view {
    case .summary:
        if options.format == .json {
            print(SummaryRenderer.json(calendars, failures: failures), terminator: "")
        } else {
            print(SummaryRenderer.text(calendars, context: try? ViewContext(options: options)), terminator: "")
        }
    case .month, .week, .agenda, .year, .todos:
        let context: ViewContext
        do {
            context = try ViewContext(options: options)
        } catch {
            printError("Error: \(error.message)\n\(Help.usage)\n  See 'icsview --help' for more information.\n")
            return 64
        }
        let views = Views(calendars: calendars, options: options, context: context, filter: filter)
        // Right-to-left locales: the grids marked to stay left to right (see LocalStrings.leftToRight).
        let rtl = options.format == .text && context.isRightToLeft
        let show = { (text: String) in print(rtl ? LocalStrings.leftToRight(text) : text, terminator: "") }
        switch options.view {
        case .agenda where options.format == .json: views.streamAgendaJSON()
        case .agenda: views.streamAgendaText(show)
        case .week: show(views.week())
        case .year: show(views.year())
        case .todos: show(views.todos())
        default: show(views.month())
        }
    }
    // Quiet by default: one line per input with problems (--verbose: every one; --quiet: none).
    DiagnosticOutput.shared.finish()
    if !failures.isEmpty && !calendars.isEmpty {
        let noun = options.inputs.count == 1 ? "calendar" : "calendars"
        printError("\(failures.count) of \(options.inputs.count) \(noun) could not be read\n")
    }
    // Exit here, with the calendars still alive: freeing a large model value by value takes
    // longer than the system takes to reclaim the process (0.15 s for 100,000 events).
    exit(failures.isEmpty ? 0 : 1)
}

exit(run(Array(CommandLine.arguments.dropFirst())))
