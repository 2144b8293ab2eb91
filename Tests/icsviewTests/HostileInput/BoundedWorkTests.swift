import Foundation
import Testing

/// Inputs of a few hundred bytes whose work once grew with the numbers in them (centuries of
/// instances, REPEAT in the millions, alarms centuries early), through the command line: each
/// ends with output that follows the range asked for (counted here), and, where a cap applies, a
/// warning that says so, in JSON too. Peak memory is checked through `/usr/bin/time` when the
/// machine has it. The fixtures are in `Fixtures/bounds/`.
@Suite struct BoundedWorkTests {
    static func fixture(_ name: String) -> String { "Fixtures/bounds/\(name).ics" }

    /// Runs icsview through `/usr/bin/time -f %M` (when present) with stdout counted in lines:
    /// the line count and the peak resident size in KiB (nil without `/usr/bin/time`, or under a sanitizer).
    static func measured(_ arguments: [String]) throws -> (lines: Int, peakKiB: Int?, stderr: String) {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        // Under a sanitizer (scripts/asan.sh sets ICSKIT_SANITIZER) the shadow memory and the
        // quarantine are part of every peak: the memory bound is checked in ordinary builds only.
        let sanitized = ProcessInfo.processInfo.environment["ICSKIT_SANITIZER"] != nil
        let hasTime = !sanitized && FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let command = hasTime ? "/usr/bin/time -f 'peak %M' \"$ICSVIEW\" \(quoted) | wc -l" : "\"$ICSVIEW\" \(quoted) | wc -l"
        let result = try CLI.shell(command)
        let lines = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
        return (lines, peak, result.stderr)
    }

    /// A weekly all-day event from 0001-01-01 whose instances each last until 9999-12-31: on
    /// 2024-01-01 (738,885 days = 105,555 weeks after 0001-01-01, a Monday in the proleptic
    /// Gregorian calendar, so an instance starts that day) the 105,555 instances begun before are
    /// all running, and each later Monday adds one: 521 more up to 2033-12-31 (3,652 days on).
    /// The text agenda lists each once, on its first visible day, but of those running in from
    /// before the range only the first 10,000 (with ICS3002): 1 heading + 10,000 + 1 lines, then
    /// a blank line, a heading and a line per Monday. Memory follows what is printed, not the
    /// instances times the days they cover (3.4 GB before the agenda placed each day on its own).
    @Test func anAgendaOfCenturiesLongInstancesFollowsItsOutput() throws {
        let run = try Self.measured([Self.fixture("weekly-all-day-0001-9999"), "--agenda", "--from", "2024-01-01",
                                     "--to", "2033-12-31", "--tz", "UTC"])
        #expect(run.lines == 1 + 10_001 + 521 * 3)
        // The cap is the agenda's, which `validate` does not show: the summary says it (``CapSummaryTests``).
        #expect(run.stderr.contains("Fixtures/bounds/weekly-all-day-0001-9999.ics:4: warning: listed 10000 instances of the series "
                                    + "that began before the range and still run in it, and left out the rest of those [ICS3002]"), "\(run.stderr)")
        if let peak = run.peakKiB { #expect(peak < 200 * 1024, "peak \(peak) KiB") }
    }

    /// Events that run from 2024 to 9999 (one cancelled), one on 5000-06-15 and one on
    /// 9999-12-31, over an agenda and a `search` of every day to 9999: each shows on its first day
    /// alone, the long ones with the year they end in (worked out by hand: 9999-12-30 is a
    /// Thursday, 5000-06-15 a Sunday, 9999-12-31 a Friday), the cancelled one only when asked for.
    /// The three million days between print nothing and are not walked (4.7 s and 149 MB before,
    /// 0.02 s now: `scripts/bench-reproducers.sh`).
    @Test func anAgendaToTheLastYearListsEachLongEventOnce() throws {
        let range = ["--from", "2024-01-01", "--to", "9999-12-31", "--tz", "UTC", "--color", "never"]
        let agenda = try CLI.run([Self.fixture("long-events-to-9999"), "--agenda"] + range)
        #expect(agenda.status == 0, "\(agenda.stderr)")
        #expect(agenda.stdout == """
            Mon, 1 Jan 2024
              ● all day     Forever (until Thu, 30 Dec 9999)

            Sun, 15 Jun 5000
              ● all day     Middle

            Fri, 31 Dec 9999
              ● 10:00–11:00 Last

            """)
        let cancelled = try CLI.run([Self.fixture("long-events-to-9999"), "--agenda", "--show-cancelled"] + range)
        #expect(cancelled.stdout.contains("Tue, 2 Jan 2024\n  ● all day     ✗ Gone (until Thu, 30 Dec 9999)\n"))
        let search = try CLI.run(["search", "Last", Self.fixture("long-events-to-9999")] + range)
        #expect(search.stdout == "Fri, 31 Dec 9999\n  ● 10:00–11:00 Last\n", "\(search.stderr)")
    }

    /// REPEAT:100000000 every minute on a minutely event: a week of `remind` would hold a
    /// hundred million reminders; the series stops at the reminder limit (50,000) with an
    /// ICS3002 warning on stderr.
    @Test func remindStopsARepeatInTheMillionsAtTheLimit() throws {
        let run = try Self.measured(["remind", Self.fixture("minutely-repeat-100000000"), "--from", "2024-06-01",
                                     "--next", "7d", "--tz", "UTC", "--format", "json", "--verbose"])
        #expect(run.lines == 50_000)
        #expect(run.stderr.contains("ICS3002") && run.stderr.contains("stopped listing the reminders of the series after 50000"))
        if let peak = run.peakKiB { #expect(peak < 200 * 1024, "peak \(peak) KiB") }
    }

    /// The month's JSON of the same series: 10,000 instances (the instance cap), each with
    /// 10,001 triggers (REPEAT at its worked-out limit of 10,000, plus the first): the series lists
    /// 50,000 triggers in all (four instances whole, 9,996 of the fifth, then none), and `limits`
    /// names both caps.
    @Test func theMonthJSONListsAtMostTheSeriesTriggerLimit() throws {
        let result = try CLI.run([Self.fixture("minutely-repeat-100000000"), "--month", "2024-06", "--tz", "UTC", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let month = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let occurrences = try #require(month["occurrences"] as? [[String: Any]])
        #expect(occurrences.count == 10_000)
        let alarms = occurrences.map { ($0["alarms"] as? [String])?.count ?? -1 }
        #expect(alarms.reduce(0, +) == 50_000)
        #expect(Array(alarms.prefix(6)) == [10_001, 10_001, 10_001, 10_001, 9_996, 0])
        let limits = try #require(month["limits"] as? [[String: Any]])
        #expect(limits.compactMap { $0["code"] as? String } == ["ICS3002", "ICS3002"])
        #expect((limits.last?["message"] as? String)?.hasPrefix("stopped listing the alarm triggers of the series after 50000") == true)
    }

    /// A minutely series whose title is 20,000 letters: its month JSON lists 10,000 instances
    /// (the cap), each with the title, so at least 200,000,000 bytes are written; the month is
    /// written as it is made, one occurrence's text at a time, so memory stays far below the output
    /// (the whole object was built first: 3.7 GB and 16 s for a 94 KB title in a debug build).
    @Test func theMonthJSONOfALongTitleIsWrittenAsItIsMade() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("long-title.ics")
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN", "BEGIN:VEVENT", "UID:long@bounds",
                     "DTSTAMP:20240101T000000Z", "DTSTART:20240601T000000Z", "DURATION:PT1M", "RRULE:FREQ=MINUTELY",
                     "SUMMARY:" + String(repeating: "x", count: 20_000), "END:VEVENT", "END:VCALENDAR"]
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: file)
        let sanitized = ProcessInfo.processInfo.environment["ICSKIT_SANITIZER"] != nil
        let hasTime = !sanitized && FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let run = "\"$ICSVIEW\" '\(file.path)' --month 2024-06 --tz UTC --format json"
        let result = try CLI.shell(hasTime ? "/usr/bin/time -f 'peak %M' \(run) | wc -c" : "\(run) | wc -c")
        let bytes = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(bytes > 10_000 * 20_000)
        let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
        if let peak { #expect(peak < 120 * 1024, "peak \(peak) KiB for \(bytes) bytes written") }
    }

    /// TRIGGER:-P9999W: the first half hour of June 2024 holds one reminder a minute, of the
    /// occurrences 9,999 weeks later (2216-01-20, from Python's datetime); the series is sought
    /// there, not walked minute by minute for 191 years.
    @Test func remindSeeksAFarTrigger() throws {
        let result = try CLI.run(["remind", Self.fixture("minutely-trigger-9999-weeks"), "--from", "2024-06-01",
                                  "--next", "30m", "--tz", "UTC", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 30)
        #expect(lines.first?.contains("2216-01-20T00:00:00Z") == true, "\(lines.first ?? "")")
        #expect(!result.stderr.contains("ICS3002"))
    }

    /// A minutely series that began on Monday 3 June, viewed in the week of 10 June (Monday
    /// first): the cap of 10,000 instances counts from the shown week (10,080 minutes), so the
    /// week lists its first 10,000 minutes from 10 June 00:00, and the JSON says a series was cut.
    @Test func theWeekCountsItsCapFromTheShownWeek() throws {
        let result = try CLI.run([Self.fixture("minutely-from-the-week-before"), "--week", "2024-06-12", "--first-weekday", "mon",
                                  "--tz", "UTC", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let week = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let occurrences = try #require(week["occurrences"] as? [[String: Any]])
        #expect(occurrences.count == 10_000)
        #expect(occurrences.first?["start"] as? String == "2024-06-10T00:00:00Z")
        let limits = try #require(week["limits"] as? [[String: Any]])
        #expect(limits.map { $0["code"] as? String } == ["ICS3002"])
        // A week with no cap hit has no `limits`.
        let quiet = try CLI.run([Self.fixture("minutely-from-the-week-before"), "--week", "2024-05-29", "--tz", "UTC", "--format", "json"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [String: Any])
        #expect(plain["limits"] == nil && (plain["occurrences"] as? [Any])?.isEmpty == true)
    }

    /// `search` that matches one override of a SECONDLY series: the series' own text does not
    /// match, so it is not expanded (31 million instances a year); the override is found alone.
    @Test func searchDoesNotExpandASeriesThatCannotMatch() throws {
        let result = try CLI.run(["search", "needle", Self.fixture("secondly-one-override"), "--from", "2024-01-01", "--to", "2024-12-31",
                                  "--tz", "UTC", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"start\":\"2024-01-05T00:00:10Z\"") == true)
    }

    /// A yearly rule with every BYMONTH, BYMONTHDAY, BYHOUR, BYMINUTE and BYSECOND names every
    /// second of the year (31,622,400 in 2024); BYSETPOS=1,-1 keeps the first and the last. The
    /// December grid (to Sunday 5 January 2025) shows 2024-12-31T23:59:59Z and
    /// 2025-01-01T00:00:00Z. Each year's candidates were once listed before BYSETPOS picked two
    /// (325 MB for one view); now they are read as days × times of day.
    @Test func aYearOfEverySecondIsNotListed() throws {
        let run = try Self.measured([Self.fixture("yearly-every-second-first-and-last"), "--month", "2024-12", "--tz", "UTC",
                                     "--format", "json"])
        if let peak = run.peakKiB { #expect(peak < 200 * 1024, "peak \(peak) KiB") }
        let result = try CLI.run([Self.fixture("yearly-every-second-first-and-last"), "--month", "2024-12", "--tz", "UTC",
                                  "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let month = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let occurrences = try #require(month["occurrences"] as? [[String: Any]])
        #expect(occurrences.map { $0["start"] as? String } == ["2024-12-31T23:59:59Z", "2025-01-01T00:00:00Z"])
    }

    /// A VTIMEZONE whose DAYLIGHT rule names every second of the year (it hung for minutes and
    /// passed 1 GB): the rule is ignored, so the observance begins at its DTSTART, 2000-01-01
    /// 00:00 in +01:00, and +02:00 holds from then on. 09:00 on 10 June 2024 there is 07:00 UTC
    /// (epoch 1,718,002,800).
    @Test func aZoneRuleOfEverySecondIsIgnored() throws {
        let arguments = [Self.fixture("vtimezone-every-second"), "--agenda", "--from", "2024-06-10", "--days", "1",
                         "--tz", "UTC", "--format", "json"]
        let run = try Self.measured(arguments)
        if let peak = run.peakKiB { #expect(peak < 200 * 1024, "peak \(peak) KiB") }
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"startEpoch\":1718002800") == true)
    }

    /// An EXDATE of a million commas (1 MB): 1,000,001 empty values, each not a DATE-TIME
    /// (ICS2009). `validate` shows the first 100 and counts the other 1,000,001 - 100 = 999,901
    /// on the last line of that code; the block's checks keep that many, not a million findings
    /// (a 5 MB line took 2.2 GB before).
    @Test func validateKeepsAFewOfAMillionFaultyValues() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-values-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("commas.ics").path
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN", "BEGIN:VEVENT", "UID:commas@bounds",
                     "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY",
                     "SUMMARY:A million commas", "EXDATE:" + String(repeating: ",", count: 1_000_000), "END:VEVENT", "END:VCALENDAR"]
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        let run = try Self.measured(["validate", path])
        if let peak = run.peakKiB { #expect(peak < 200 * 1024, "peak \(peak) KiB") }
        let result = try CLI.run(["validate", path])
        #expect(result.status == 1)
        let shown = result.stdout.split(separator: "\n").filter { $0.hasSuffix("[ICS2009]") }
        #expect(shown.count == 101)
        #expect(shown.last?.hasSuffix(":11:1: error: 999901 more ICS2009 findings like the ones above (the last on line 11) [ICS2009]") == true)
    }

    /// Writes `lines` (CRLF) into a new temporary directory; returns the file's path and the directory.
    static func write(_ name: String, _ lines: [String]) throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        return (path, directory)
    }

    /// An ATTENDEE of 300,000 empty parameters (line 10, 300,029 bytes: over the 256 KiB that
    /// libical is given, so kept as written): `validate` shows the first 100 "empty parameter"
    /// findings and counts the other 299,900, and both it and the month's note on stderr report
    /// the line kept as written and its parameters cut to 1,000 (two ICS1003 warnings). The views
    /// kept all 300,000 as values before (five million: 304 MB).
    @Test func aLineOfEmptyParametersKeepsAThousand() throws {
        let attendee = "ATTENDEE" + String(repeating: ";", count: 300_000) + ":mailto:a@example.com"
        let file = try Self.write("params.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN", "BEGIN:VEVENT",
                                                "UID:params@bounds", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "DURATION:PT1H",
                                                "SUMMARY:Parameters", attendee, "END:VEVENT", "END:VCALENDAR"])
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try CLI.run(["validate", file.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix(":10:1: error: empty parameter in ATTENDEE [ICS1016]") }.count == 100)
        #expect(lines.contains { $0.hasSuffix(":10:1: error: 299900 more ICS1016 findings like the ones above (the last on line 10) [ICS1016]") })
        #expect(lines.contains { $0.hasSuffix(":10:1: warning: content line of 300029 bytes (ATTENDEE) is too long to parse; kept as written [ICS1003]") })
        #expect(lines.contains { $0.hasSuffix(":10:1: warning: content line (ATTENDEE) has 300000 parameters; the first 1000 are kept [ICS1003]") })
        let month = try CLI.run(["--today", "2024-06-15", "--month", "--tz", "UTC", file.path])
        #expect(month.status == 0)
        #expect(month.stderr.hasPrefix("2 problems in \(file.path); run 'icsview validate \(file.path)' for details"))
    }

    /// 150 stray `END:VEVENT` lines (lines 4 to 153): `validate` shows the first 100 and counts
    /// the other 50 on the last one's line; the import caps them as they come too, so the month's
    /// note counts the 100 it shows (its count of the rest is a note, not a problem; 300,000 such
    /// lines held 150 MB before).
    @Test func strayEndsAreCountedNotKept() throws {
        let file = try Self.write("ends.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN"]
                                  + Array(repeating: "END:VEVENT", count: 150) + ["END:VCALENDAR"])
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try CLI.run(["validate", file.path])
        #expect(result.status == 1)
        let stray = result.stdout.split(separator: "\n").filter { $0.hasSuffix("[ICS1005]") }
        #expect(stray.count == 101)
        #expect(stray.first?.hasSuffix(":4:1: error: END:VEVENT without a matching BEGIN [ICS1005]") == true)
        #expect(stray.dropLast().last?.hasSuffix(":103:1: error: END:VEVENT without a matching BEGIN [ICS1005]") == true)
        #expect(stray.last?.hasSuffix(":153:1: error: 50 more ICS1005 findings like the ones above (the last on line 153) [ICS1005]") == true)
        let month = try CLI.run(["--today", "2024-06-15", "--month", "--tz", "UTC", file.path])
        #expect(month.status == 0)
        #expect(month.stderr.hasPrefix("100 problems in \(file.path); run 'icsview validate \(file.path)' for details"))
    }

    /// 150 lone `BEGIN:VTODO` lines (lines 4 to 153), each a block that holds only its BEGIN line,
    /// checked and parsed once per shape. Worked out by hand: each to-do has no UID, no DTSTAMP
    /// and no END (the next BEGIN closes it); `validate` keeps 100 of each code in line order (the
    /// calendar's own missing END on line 1 first) and counts the rest on the last one's line; the
    /// month leaves the undated to-dos out and notes the import's 100 kept diagnostics; `--todos`
    /// still lists all 150.
    @Test func loneBeginLinesAreCheckedOncePerShape() throws {
        let file = try Self.write("todos.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN"]
                                  + Array(repeating: "BEGIN:VTODO", count: 150))
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try CLI.run(["validate", file.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        for code in ["ICS2101", "ICS2102", "ICS1004"] {
            #expect(lines.filter { $0.hasSuffix("[\(code)]") }.count == 101)
        }
        #expect(lines.first?.hasSuffix(":1:1: error: VCALENDAR begun on line 1 has no END [ICS1004]") == true)
        #expect(lines.contains { $0.hasSuffix(":4:1: error: VTODO has no UID [ICS2101]") })
        #expect(lines.contains { $0.hasSuffix(":103:1: error: VTODO has no DTSTAMP [ICS2102]") })
        #expect(lines.contains { $0.hasSuffix(":102:1: error: VTODO begun on line 102 has no END; closed at line 103 [ICS1004]") })
        #expect(!lines.contains { $0.hasSuffix(":103:1: error: VTODO begun on line 103 has no END; closed at line 104 [ICS1004]") })
        #expect(lines.suffix(4) == [
            "\(file.path):153:1: error: 51 more ICS1004 findings like the ones above (the last on line 153) [ICS1004]",
            "\(file.path):153:1: error: 50 more ICS2101 findings like the ones above (the last on line 153) [ICS2101]",
            "\(file.path):153:1: error: 50 more ICS2102 findings like the ones above (the last on line 153) [ICS2102]",
            "303 errors, 0 warnings in 1 file",
        ])
        let month = try CLI.run(["--today", "2024-06-15", "--month", "--tz", "UTC", file.path])
        #expect(month.status == 0)
        #expect(month.stderr.hasPrefix("100 problems in \(file.path); run 'icsview validate \(file.path)' for details"))
        let todos = try CLI.run(["--todos", "--ascii", file.path])
        #expect(todos.status == 0)
        #expect(todos.stdout.split(separator: "\n").count == 150)
    }

    /// 150 events that each hold an empty VALARM (lines 4–303: VEVENT on 4, 6 … 302, VALARM on
    /// 5, 7 … 303), whose blocks share their shape's result, worked out by hand: per event no UID,
    /// no DTSTAMP, no DTSTART (no METHOD), per alarm no ACTION, no TRIGGER, and each component
    /// unclosed (an event closed where the next begins, two lines on; an alarm on the next line;
    /// the last of each at line 303). Of the 301 ICS1004 (with the calendar's on line 1) the first
    /// 100 by line end on line 102; the other codes keep lines up to 202 (events) or 203 (alarms).
    @Test func eventsWithAnEmptyAlarmShareOneResult() throws {
        let file = try Self.write("alarms.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN"]
                                  + Array(repeating: ["BEGIN:VEVENT", "BEGIN:VALARM"], count: 150).flatMap { $0 })
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try CLI.run(["validate", file.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        for code in ["ICS1004", "ICS2101", "ICS2102", "ICS2104", "ICS2107", "ICS2108"] {
            #expect(lines.filter { $0.hasSuffix("[\(code)]") }.count == 101, "\(code)")
        }
        #expect(lines.contains("\(file.path):102:1: error: VEVENT begun on line 102 has no END; closed at line 104 [ICS1004]"))
        #expect(!lines.contains { $0.hasSuffix(":103:1: error: VALARM begun on line 103 has no END; closed at line 104 [ICS1004]") })
        #expect(lines.contains("\(file.path):202:1: error: VEVENT has no DTSTART (required when the calendar has no METHOD) [ICS2104]"))
        #expect(lines.contains("\(file.path):203:1: error: VALARM has no TRIGGER [ICS2108]"))
        #expect(!lines.contains { $0.hasPrefix("\(file.path):204:") })
        #expect(lines.suffix(7) == [
            "\(file.path):303:1: error: 201 more ICS1004 findings like the ones above (the last on line 303) [ICS1004]",
            "\(file.path):302:1: error: 50 more ICS2101 findings like the ones above (the last on line 302) [ICS2101]",
            "\(file.path):302:1: error: 50 more ICS2102 findings like the ones above (the last on line 302) [ICS2102]",
            "\(file.path):302:1: error: 50 more ICS2104 findings like the ones above (the last on line 302) [ICS2104]",
            "\(file.path):303:1: error: 50 more ICS2107 findings like the ones above (the last on line 303) [ICS2107]",
            "\(file.path):303:1: error: 50 more ICS2108 findings like the ones above (the last on line 303) [ICS2108]",
            "606 errors, 0 warnings in 1 file",
        ])
    }

    /// 150 lone `BEGIN:VTIMEZONE` lines (4–153), worked out by hand: each zone has no TZID, no
    /// STANDARD or DAYLIGHT and no END; being without a TZID, none is a duplicate of another or
    /// unused. The calendar-wide checks keep one definition of the 150 (the first of its TZID).
    @Test func loneZonesShareOneResult() throws {
        let file = try Self.write("zones.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//bounds//EN"]
                                  + Array(repeating: "BEGIN:VTIMEZONE", count: 150))
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try CLI.run(["validate", file.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(lines.count == 304)
        #expect(lines.first == "\(file.path):1:1: error: VCALENDAR begun on line 1 has no END [ICS1004]")
        #expect(lines.contains("\(file.path):102:1: error: VTIMEZONE begun on line 102 has no END; closed at line 103 [ICS1004]"))
        #expect(lines.contains("\(file.path):103:1: error: VTIMEZONE has no STANDARD or DAYLIGHT [ICS3008]"))
        #expect(lines.suffix(4) == [
            "\(file.path):153:1: error: 51 more ICS1004 findings like the ones above (the last on line 153) [ICS1004]",
            "\(file.path):153:1: error: 50 more ICS2122 findings like the ones above (the last on line 153) [ICS2122]",
            "\(file.path):153:1: error: 50 more ICS3008 findings like the ones above (the last on line 153) [ICS3008]",
            "303 errors, 0 warnings in 1 file",
        ])
    }
}
