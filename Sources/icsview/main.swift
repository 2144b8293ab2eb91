#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICSKit

/// Writes to standard error, each line made safe for the terminal (``TerminalText/safe(_:lineBreak:limit:)``):
/// messages quote feed text (a TZID, a value, a calendar's name) and file names.
func printError(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.safe($0) }
    FileHandle.standardError.write(Data(lines.joined(separator: "\n").utf8))
}

/// The entry point only wires: options → import → (expand → project) → render → exit code.
func run(_ commandLine: [String]) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let extracted: (path: String?, rest: [String])
    do {
        extracted = try ConfigLocation.extract(commandLine)
    } catch {
        return UsageError.report(error.message)
    }
    let configPath = extracted.path, arguments = extracted.rest
    let subcommand = Subcommands.named(arguments.first)
    let rest = Array(arguments.dropFirst())
    if let subcommand, !subcommand.loadsConfiguration {
        return subcommand.run(rest, CommandContext(configuration: nil, configPath: configPath, environment: environment))
    }
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
    if let subcommand {
        return subcommand.run(rest, CommandContext(configuration: configuration, configPath: configPath, environment: environment))
    }
    let options: Options
    do {
        options = try OptionParser.parse(arguments, defaults: configuration?.defaults ?? Options(),
                                         configuredNames: configuration?.names ?? [])
    } catch {
        return UsageError.report(error.message)
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
    var (calendars, failures) = ConfiguredInputs.load(ConfiguredInputs.resolve(options.inputs, configuration: configuration, options: options),
                                                      options: options, window: window)
    // Failed inputs are not empty calendars: with none read, the errors alone.
    if calendars.isEmpty && !failures.isEmpty && !(options.view == .summary && options.format == .json) { exit(1) }
    let filter = SearchFilter(options)  // --grep, --calendar
    guard let selected = filter.select(calendars) else { exit(1) }
    calendars = selected
    // In every format: a component that could not be read is said on stderr (one line per input
    // by default), whatever stdout holds.
    for calendar in calendars { DiagnosticOutput.shared.report(calendar.diagnostics) }
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
            return UsageError.report(error.message)
        }
        let views = Views(calendars: calendars, options: options, context: context, filter: filter)
        // Right-to-left locales: the grids marked to stay left to right (see LocalStrings.leftToRight).
        let rtl = options.format == .text && context.isRightToLeft
        let show = { (text: String) in print(rtl ? LocalStrings.leftToRight(text) : text, terminator: "") }
        // Long text to a terminal through the pager (after the warnings, which stay on the screen).
        if options.format == .text && !options.noPager { Pager.start(environment: ProcessInfo.processInfo.environment) }
        switch options.view {
        case .agenda where options.format == .json: views.streamAgendaJSON()
        case .agenda: views.streamAgendaText(show)
        case .week: show(views.week())
        case .year: show(views.year())
        case .todos where options.format == .json: print(views.todosJSON(), terminator: "")
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
    // --strict: also when something in an input could not be read.
    exit(failures.isEmpty && !(options.strict && DiagnosticOutput.shared.sawErrors) ? 0 : 1)
}

exit(run(Array(CommandLine.arguments.dropFirst())))
