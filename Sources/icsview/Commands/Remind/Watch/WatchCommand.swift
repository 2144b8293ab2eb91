#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ICSKit

/// `icsview remind --watch`: a long-running process that acts on each alarm when it is due
/// (``WatchLoop``); this parses its options and sets it up.
enum WatchCommand {
    static let usage = "USAGE: icsview remind --watch [--exec <command>] [--exec-timeout <seconds>] [--refresh-interval <seconds>] "
        + "[--catch-up <length>] [--state-file <path>] [--tz <zone>] [--format text|json] [<file|url|name> ...]"

    static let help = """
    OVERVIEW: Wait for the reminders (VALARMs) of calendars and act on each when it is due.

    \(usage)

    ARGUMENTS:
      <file|url|name>         An .ics file, an http(s):// or webcal(s):// URL, or a configured calendar's
                              name (default: every configured calendar).

    OPTIONS:
      --exec <command>        Run the command through /bin/sh -c for each alarm, with ICSVIEW_SUMMARY,
                              ICSVIEW_START, ICSVIEW_END (ISO 8601 with the offset, in the display zone;
                              a date for all-day events), ICSVIEW_LOCATION, ICSVIEW_DESCRIPTION,
                              ICSVIEW_URL, ICSVIEW_MEETING_URL (a Zoom, Meet, Teams, Webex, Jitsi, …
                              link), ICSVIEW_CALENDAR, ICSVIEW_UID, ICSVIEW_TRIGGER (when it was due) and
                              ICSVIEW_ACTION in its environment. Without it: notify-send when it is
                              installed and a display is there, else a line on standard output.
      --exec-timeout <seconds>
                              Kill a command (and its process group) still running after this long
                              (default: 60).
      --refresh-interval <seconds>
                              Read the sources again this often (default: a feed's REFRESH-INTERVAL or
                              X-PUBLISHED-TTL, else 5 minutes; a file is checked every 15 s).
      --catch-up <length>     At start (and after the machine slept), still fire alarms missed by no
                              more than this: 90s, 15m, 2h, 1d (default: none; missed ones are
                              reported).
      --state-file <path>     Where the fired alarms are recorded (default: a file per set of sources
                              under $XDG_STATE_HOME/icsview, else ~/.local/state/icsview).
      --no-notify             Print a line even where notify-send could be used.
      --tz <zone>             Display time zone, IANA or Windows name (default: $TZ or the system's).
      --format <format>       text, or json: one object per alarm with missed, summary, start, end,
                              location, description, url, meetingUrl, calendar, uid, trigger, action.
      --grep <text>, --calendar <name>
                              Only the alarms of matching events, or of these calendars.
      --offline, --refresh, --no-cache, --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As for URLs in 'icsview --help'.
      -q, --quiet             No start-up line, no warnings about sources.
      -h, --help              Show help information.

    Each alarm fires once: a restarted watcher does not fire again what went off. SIGTERM and SIGINT
    end it (exit 0); SIGHUP reads the configuration and the sources again. A source that cannot be
    read keeps its last copy; a command that fails or hangs is reported and never stops the watcher.

    EXIT STATUS:
      0 stopped by SIGTERM or SIGINT, 64 usage error.

    """

    /// Runs the watcher on the arguments after `remind` (`--watch` among them); returns the exit code.
    static func run(_ arguments: [String], configuration: Configuration?, configPath: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let options: WatchOptions
        let context: ViewContext
        do throws(UsageError) {
            options = try WatchOptions.parse(arguments, defaults: configuration?.defaults ?? Options())
            if options.base.showHelp {
                print(help, terminator: "")
                return 0
            }
            context = try ViewContext(options: options.base, environment: environment)
        } catch {
            return UsageError.report(error.message, usage: usage, command: "remind")
        }
        let loop = WatchLoop(arguments: arguments, options: options, configuration: configuration, configPath: configPath,
                             environment: environment, zone: context.zone)
        return loop.run()
    }

    /// The state file: `--state-file`, else `remind-watch-<hash of the sources>.fired` under
    /// `$XDG_STATE_HOME/icsview` (else `~/.local/state/icsview`), so that watchers of different
    /// calendars keep apart.
    static func statePath(_ options: WatchOptions, inputs: [ResolvedInput], environment: [String: String]) -> String {
        if let path = options.stateFile { return path }
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        let key = inputs.map(\.source).sorted().joined(separator: "\n")
        return base + "/icsview/remind-watch-" + FNV1a.hex(FNV1a.hash(key.utf8)) + ".fired"
    }
}
