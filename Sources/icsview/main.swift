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
func run(_ arguments: [String]) -> Int32 {
    if arguments.first == "validate" { return ValidateCommand.run(Array(arguments.dropFirst())) }
    if arguments.first == "diff" { return DiffCommand.run(Array(arguments.dropFirst())) }
    if arguments.first == "remind" { return RemindCommand.run(Array(arguments.dropFirst())) }
    if arguments.first == "search" { return SearchCommand.run(Array(arguments.dropFirst())) }
    let options: Options
    do {
        options = try OptionParser.parse(arguments)
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
    var calendars: [ICalendar] = []
    var failures: [ICSError] = []
    for input in options.inputs {
        do {
            calendars.append(try InputLoader.load(input, options: options))
        } catch {
            failures.append(error)
            printError("Error: \(error)\n")
        }
    }
    // Failed inputs are not empty calendars: with none read, the errors alone.
    if calendars.isEmpty && !failures.isEmpty && !(options.view == .summary && options.format == .json) { exit(1) }
    var filter = SearchFilter(options)  // --grep, --calendar
    guard let selected = filter.select(calendars) else { exit(1) }
    calendars = selected
    if options.format != .json {
        for calendar in calendars {
            for diagnostic in calendar.diagnostics { printError("\(diagnostic)\n") }
        }
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
    if !failures.isEmpty && !calendars.isEmpty {
        let noun = options.inputs.count == 1 ? "calendar" : "calendars"
        printError("\(failures.count) of \(options.inputs.count) \(noun) could not be read\n")
    }
    // Exit here, with the calendars still alive: freeing a large model value by value takes
    // longer than the system takes to reclaim the process (0.15 s for 100,000 events).
    exit(failures.isEmpty ? 0 : 1)
}

exit(run(Array(CommandLine.arguments.dropFirst())))
