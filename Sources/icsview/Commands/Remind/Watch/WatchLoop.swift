#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ICSKit

/// The watcher's loop: advance the ``ReminderScheduler``, act on what is due, save the fired
/// set, sleep (``WatchWaiter``) until the next alarm, refresh or signal; again.
final class WatchLoop {
    private let arguments: [String]
    private var options: WatchOptions
    private var configuration: Configuration?
    private let configPath: String?
    private let environment: [String: String]
    private let zone: TimeZone
    private let waiter = WatchWaiter()
    private let clock = SystemClock()
    private var sources: WatchSources
    private var statePath: String
    private var notifier: AlarmNotifier
    /// The names of the scheduler's calendars, by position.
    private var names: [String] = []
    private var stateProblem: String?

    init(arguments: [String], options: WatchOptions, configuration: Configuration?, configPath: String?,
         environment: [String: String], zone: TimeZone) {
        self.arguments = arguments
        var options = options
        if options.refreshInterval == nil, let configured = configuration?.refreshInterval { options.refreshInterval = Double(configured) }
        self.options = options
        self.configuration = configuration
        self.configPath = configPath
        self.environment = environment
        self.zone = zone
        let inputs = ConfiguredInputs.resolve(options.base.inputs, configuration: configuration, options: options.base)
        let quiet = options.base.verbosity == .quiet
        sources = WatchSources(inputs, options: options, report: Self.reporter(quiet: quiet))
        statePath = WatchCommand.statePath(options, inputs: inputs, environment: environment)
        notifier = AlarmNotifier(mode: AlarmNotifier.mode(options, environment: environment), zone: zone,
                                 runner: AlarmCommandRunner(timeout: options.execTimeout, report: Self.reporter(quiet: false)))
    }

    /// Reports on standard error, one `icsview: …` line, feed text made safe.
    static func reporter(quiet: Bool) -> @Sendable (String) -> Void {
        { message in if !quiet { printError("icsview: \(TerminalMessage(said: message))\n") } }
    }

    private var say: (String) -> Void { Self.reporter(quiet: options.base.verbosity == .quiet) }

    /// Runs until SIGTERM or SIGINT; returns the exit code.
    func run() -> Int32 {
        waiter.catchSignals()
        sources.loadAll(uptime: clock.uptime())
        var fired = FiredReminders()
        do {
            fired = try FiredReminders.load(from: statePath)
        } catch {
            Self.reporter(quiet: false)("\(error); starting with no record of fired alarms")
        }
        var scheduler = ReminderScheduler(calendars: selectedCalendars(), viewerTimeZone: zone, clock: clock,
                                          policy: .init(catchUp: TimeInterval(options.catchUp)), fired: fired)
        var first = true
        var lastSave = Date.distantPast
        while true {
            let batch = scheduler.advance()
            if let jump = batch.clockJump {
                say("the clock jumped \(jump > 0 ? "forward" : "back") by \(RemindRenderer.length(Int(abs(jump).rounded())))")
            }
            let filter = SearchFilter(options.base)
            let keep = { (reminder: Reminder) in reminder.occurrence.map(filter.matches) ?? filter.matches(reminder.incidence) }
            notifier.reportMissed(batch.missed.filter(keep), names: names)
            notifier.fire(batch.due.filter(keep), names: names)
            // Saved when something fired or was missed, at the start, and at least hourly (the watermark
            // only bounds how far a restart looks back): not a disk write at every idle wake.
            if first || !batch.due.isEmpty || !batch.missed.isEmpty || batch.now.timeIntervalSince(lastSave) >= 3600 {
                save(scheduler.fired)
                lastSave = batch.now
            }
            if first {
                first = false
                announce(scheduler)
            }
            var wake = scheduler.nextWake
            if let refresh = sources.nextRefresh {
                let at = Date().addingTimeInterval(max(0, refresh - clock.uptime()))
                wake = wake.map { min($0, at) } ?? at
            }
            switch waiter.wait(until: wake) {
            case .signal(SIGHUP):
                reload()
                scheduler.replaceCalendars(selectedCalendars())
                announce(scheduler)
            case .signal:
                save(scheduler.fired)
                return 0
            case .posted:
                if sources.collect() { scheduler.replaceCalendars(selectedCalendars()) }
            case .timer, .clockSet:
                sources.refresh(dueBy: clock.uptime()) { [waiter] in waiter.post() }
            }
        }
    }

    /// The calendars `--calendar` keeps, with their names kept beside them.
    private func selectedCalendars() -> [ICalendar] {
        let filter = SearchFilter(options.base)
        let kept = zip(sources.calendars, sources.names).filter { filter.keeps($0.0) }
        names = kept.map(\.1)
        return kept.map(\.0)
    }

    /// Saves the fired set; a failure is reported once (until a save works again).
    private func save(_ fired: FiredReminders) {
        do {
            try fired.write(to: statePath)
            stateProblem = nil
        } catch {
            let text = "\(error)"
            if stateProblem != text { Self.reporter(quiet: false)("cannot save the fired alarms: \(text)") }
            stateProblem = text
        }
    }

    /// `watching 2 calendars; next alarm 2024-06-03T09:45:00+02:00: Stand-up` on standard error.
    private func announce(_ scheduler: ReminderScheduler) {
        let count = scheduler.calendars.count
        var line = "watching \(count) calendar\(count == 1 ? "" : "s")"
        if let next = scheduler.upcoming(after: Date(), limit: 1).first {
            line += "; next alarm " + AlarmEnvironment.iso(next.trigger, zone: zone) + ": " + (next.incidence.summary ?? "(no title)")
        } else {
            line += "; no alarm in the coming year"
        }
        say(line)
    }

    /// SIGHUP: the configuration and the sources again (a broken configuration is reported and the old one kept).
    private func reload() {
        do {
            configuration = try ConfigLocation.load(explicit: configPath, environment: environment)
        } catch {
            Self.reporter(quiet: false)("the configuration was not reloaded: " + error.text.description.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if var reparsed = try? WatchOptions.parse(arguments, defaults: configuration?.defaults ?? Options()) {
            if reparsed.refreshInterval == nil, let configured = configuration?.refreshInterval { reparsed.refreshInterval = Double(configured) }
            options = reparsed
        }
        let inputs = ConfiguredInputs.resolve(options.base.inputs, configuration: configuration, options: options.base)
        let previous = sources
        sources = WatchSources(inputs, options: options, report: Self.reporter(quiet: options.base.verbosity == .quiet))
        sources.adopt(previous)
        sources.loadAll(uptime: clock.uptime())
        let path = WatchCommand.statePath(options, inputs: inputs, environment: environment)
        if path != statePath { statePath = path }
    }
}
