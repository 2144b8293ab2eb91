#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICSKit

/// Writes to standard error: a message whose quoted parts (a TZID, a value, a calendar's name, a
/// file name) were made safe each on its own (``TerminalMessage``), then each line made safe whole
/// keeping its words (``TerminalText/safeLine(_:)``), for text the message took as it was.
func printError(_ message: TerminalMessage) {
    let lines = message.description.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.safeLine($0) }
    FileHandle.standardError.write(Data(lines.joined(separator: "\n").utf8))
}

/// icsview's one entry point: runs the command line `arguments` (without the program's name)
/// with `environment` and returns the exit status (0, 1, 64 …); it never exits the process.
/// Output goes to the process's stdout and stderr, flushed before it returns.
///
/// The executable (`Sources/icsviewMain/main.swift`) is `exit(run(arguments:environment:))`;
/// the in-process fuzz target (`Fuzz/ICSViewFuzz`) calls it once per input.
///
/// It only wires: options → import → (expand → project) → render → exit code.
public func run(arguments commandLine: [String], environment: [String: String]) -> Int32 {
    DiagnosticOutput.shared.reset()
    defer { fflush(nil) }  // print()'s buffered stdout, before the caller goes on
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
    // `icsview --cache-dir D sync` read `sync` as a file that could not be opened: a command
    // comes first, and saying so is clearer (a file of that name is still read as one).
    if let command = options.inputs.first(where: { Subcommands.named($0) != nil && !FileManager.default.fileExists(atPath: $0) }) {
        return UsageError.report("'\(command)' is a command, and a command comes first: icsview \(command) [options]")
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
    if calendars.isEmpty && !failures.isEmpty && !(options.view == .summary && options.format == .json) { return 1 }
    let filter = SearchFilter(options)  // --grep, --calendar
    guard let selected = filter.select(calendars) else { return 1 }
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
        if options.format == .text && !options.noPager { Pager.start(environment: environment) }
        switch options.view {
        case .agenda where options.format == .json: views.streamAgendaJSON()
        case .agenda: views.streamAgendaText(show)
        case .week: show(views.week())
        case .year where options.format == .json: views.streamMonthJSON(year: true)
        case .year: show(views.year())
        case .todos where options.format == .json: print(views.todosJSON(), terminator: "")
        case .todos: show(views.todos())
        default:
            if options.format == .json { views.streamMonthJSON(year: false) } else { show(views.month()) }
        }
    }
    // Quiet by default: one line per input with problems (--verbose: every one; --quiet: none).
    DiagnosticOutput.shared.finish()
    if !failures.isEmpty && !calendars.isEmpty {
        let noun = options.inputs.count == 1 ? "calendar" : "calendars"
        printError("\(failures.count) of \(options.inputs.count) \(noun) could not be read\n")
    }
    // The calendars stay alive until the next run: the executable exits with them, since
    // freeing a large model value by value takes longer than the system takes to reclaim the
    // process (0.15 s for 100,000 events).
    LastCalendars.keep(calendars)
    // --strict: also when something in an input could not be read.
    return failures.isEmpty && !(options.strict && DiagnosticOutput.shared.sawErrors) ? 0 : 1
}

/// The calendars of the last ``run(arguments:environment:)``, kept so that returning does not
/// free them (see its end); the next run replaces them.
enum LastCalendars {
    nonisolated(unsafe) private static var kept: [ICalendar] = []

    static func keep(_ calendars: [ICalendar]) { kept = calendars }
}
