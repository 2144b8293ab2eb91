#!/usr/bin/env python3
"""Alarm shapes against an independent implementation: `icsview remind --format json` beside
recurring-ical-events' VALARM occurrences (3.8.2, with icalendar 7.3), on small calendars written
here, each a shape real feeds write (relative and absolute triggers, REPEAT, RELATED=END,
overrides with and without alarms, EXDATE, DST, X-WR-TIMEZONE, copied alarms, to-dos) or a rule
the RFC forbids (a bad RRULE part, COUNT with UNTIL, an absolute trigger not in UTC).

Each shape says what is expected: `same` (the same trigger instants), or the name of a
difference argued in docs/library.md ("Reminders against recurring-ical-events"). Exits 1 when a
shape's outcome is not the expected one: a new difference, or an argued one that has gone.

    scripts/differential.sh runs it first; alone: VENV/bin/python scripts/differential/alarm_shapes.py BIN
"""
import datetime
import json
import subprocess
import sys
import zoneinfo

import icalendar
import recurring_ical_events

ZONE = "Europe/Berlin"
START = datetime.datetime(2024, 5, 20, tzinfo=zoneinfo.ZoneInfo(ZONE))
END = datetime.datetime(2024, 7, 1, tzinfo=zoneinfo.ZoneInfo(ZONE))
ALARM = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM"]


def alarm(trigger, *extra):
    return ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", trigger, *extra, "END:VALARM"]


def event(*lines, uid="a"):
    return ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z", f"SUMMARY:{uid}", *lines, "END:VEVENT"]


UTC_DAILY = ["DTSTART:20240603T090000Z", "DURATION:PT1H"]
SHAPES = [
    # name, components, calendar properties, expected
    ("relative trigger, UTC series", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=3", *ALARM), [], "same"),
    ("relative trigger across DST, one day before", event("DTSTART;TZID=Europe/Berlin:20240329T090000", "DURATION:PT1H",
                                                         "RRULE:FREQ=DAILY;COUNT=4", *alarm("TRIGGER:-P1D")), [], "same"),
    ("RELATED=END after DTEND", event("DTSTART;TZID=Europe/Berlin:20240603T090000", "DTEND;TZID=Europe/Berlin:20240603T100000",
                                      "RRULE:FREQ=DAILY;COUNT=5", *alarm("TRIGGER;RELATED=END:PT5M")), [], "same"),
    ("REPEAT and DURATION", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=3",
                                  *alarm("TRIGGER:-PT30M", "REPEAT:2", "DURATION:PT10M")), [], "same"),
    ("absolute UTC trigger on a zoned series", event("DTSTART;TZID=Europe/Berlin:20240603T090000", "DURATION:PT1H",
                                                     "RRULE:FREQ=DAILY;COUNT=5", *alarm("TRIGGER;VALUE=DATE-TIME:20240604T070000Z")), [], "same"),
    ("floating series", event("DTSTART:20240603T090000", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=5", *ALARM), [], "same"),
    ("moved override with its own alarm", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=3", *ALARM)
     + event("RECURRENCE-ID:20240604T090000Z", "DTSTART:20240604T120000Z", "DURATION:PT1H", *ALARM), [], "same"),
    ("override without an alarm", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=3", *ALARM)
     + event("RECURRENCE-ID:20240604T090000Z", "DTSTART:20240604T120000Z", "DURATION:PT1H"), [], "same"),
    ("EXDATE", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=4", "EXDATE:20240604T090000Z", *ALARM), [], "same"),
    ("X-WR-TIMEZONE on a UTC series", event("DTSTART:20240603T070000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3", *ALARM),
     ["X-WR-TIMEZONE:America/New_York"], "same"),
    ("X-WR-TIMEZONE on a floating series", event("DTSTART:20240603T090000", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=2", *ALARM),
     ["X-WR-TIMEZONE:America/New_York"], "same"),
    ("two copies of one alarm", event(*UTC_DAILY, *ALARM, *ALARM), [], "same"),
    ("lower-case rule", event(*UTC_DAILY, "RRULE:freq=daily;count=5", *ALARM), [], "same"),
    ("rule with a trailing semicolon", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=5;", *ALARM), [], "same"),
    ("INTERVAL=0", event(*UTC_DAILY, "RRULE:FREQ=DAILY;INTERVAL=0;COUNT=10", *ALARM), [], "same"),
    ("BYMONTHDAY=0", event(*UTC_DAILY, "RRULE:FREQ=MONTHLY;BYMONTHDAY=0,3", *ALARM), [], "same"),
    ("numbered BYDAY in a WEEKLY rule", event(*UTC_DAILY, "RRULE:FREQ=WEEKLY;BYDAY=1MO,WE;COUNT=6", *ALARM), [], "same"),
    ("to-do with DUE, trigger relative to the end", ["BEGIN:VTODO", "UID:t", "DTSTAMP:20240101T000000Z", "SUMMARY:t",
     "DUE:20240605T090000Z", *alarm("TRIGGER;RELATED=END:-PT1H"), "END:VTODO"], [], "same"),
    # Argued differences (docs/library.md).
    ("to-do with DUE only, trigger relative to the start", ["BEGIN:VTODO", "UID:t", "DTSTAMP:20240101T000000Z", "SUMMARY:t",
     "DUE:20240605T090000Z", *alarm("TRIGGER:-PT1H"), "END:VTODO"], [], "start-trigger-without-dtstart"),
    ("unknown rule part", event(*UTC_DAILY, "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;X-FOO=1", *ALARM), [], "bad-rule"),
    ("unknown weekday", event(*UTC_DAILY, "RRULE:FREQ=WEEKLY;BYDAY=MO,XX", *ALARM), [], "bad-rule"),
    ("BYHOUR=25", event(*UTC_DAILY, "RRULE:FREQ=DAILY;BYHOUR=9,25;COUNT=10", *ALARM), [], "bad-rule"),
    ("COUNT and UNTIL", event(*UTC_DAILY, "RRULE:FREQ=DAILY;COUNT=10;UNTIL=20240606T090000Z", *ALARM), [], "count-and-until"),
    ("all-day series, trigger in hours", event("DTSTART;VALUE=DATE:20240603", "RRULE:FREQ=DAILY;COUNT=5",
                                               *alarm("TRIGGER:-PT15H")), [], "oracle-fails"),
    ("absolute trigger in local time", event("DTSTART;TZID=Europe/Berlin:20240603T090000", "DURATION:PT1H",
                                             *alarm("TRIGGER;VALUE=DATE-TIME:20240603T080000")), [], "oracle-fails"),
    ("UNTIL as a DATE on a timed series", event("DTSTART;TZID=Europe/Berlin:20240603T090000", "DURATION:PT1H",
                                                "RRULE:FREQ=DAILY;UNTIL=20240606", *ALARM), [], "until-date"),
]


def text(components, properties):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit alarm shapes//EN", *properties, *components, "END:VCALENDAR"]
    return "\r\n".join(lines) + "\r\n"


def stamp(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def theirs(calendar_text, start=START, end=END):
    """The oracle's trigger instants in [start, end), or why it failed."""
    try:
        calendar = icalendar.Calendar.from_ical(calendar_text)
        found = []
        for component in recurring_ical_events.of(calendar, components=["VALARM"]).between(start, end):
            for valarm in component.walk("VALARM"):
                moment = valarm["TRIGGER"].dt
                if moment.tzinfo is None:
                    moment = moment.replace(tzinfo=zoneinfo.ZoneInfo(ZONE))
                found.append(stamp(moment))
        return sorted(found)
    except Exception as error:  # noqa: BLE001 - the oracle's own limits are a result here
        return f"fails ({type(error).__name__})"


def ours(binary, path, start=START, end=END):
    """icsview's trigger instants from start's day to the day before end's (`--to` is inclusive), or
    its exit status and message."""
    last = end - datetime.timedelta(days=1)
    result = subprocess.run([binary, "remind", path, "--from", start.strftime("%Y-%m-%d"), "--to", last.strftime("%Y-%m-%d"), "--tz", ZONE,
                             "--format", "json", "--include-acknowledged", "--quiet"], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        return f"exit {result.returncode}: {result.stderr.strip()}"
    return sorted(stamp(datetime.datetime.fromtimestamp(json.loads(line)["triggerEpoch"], datetime.timezone.utc))
                  for line in result.stdout.splitlines() if line.strip())


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/icsview"
    import tempfile
    unexpected = 0
    with tempfile.TemporaryDirectory() as directory:
        for index, (name, components, properties, expected) in enumerate(SHAPES):
            path = f"{directory}/shape-{index}.ics"
            calendar_text = text(components, properties)
            with open(path, "w") as handle:
                handle.write(calendar_text)
            mine, other = ours(binary, path), theirs(calendar_text)
            outcome = "same" if mine == other else expected if expected != "same" else "differs"
            if outcome != expected or (expected != "same" and mine == other):
                unexpected += 1
                print(f"UNEXPECTED {name}: expected {expected}\n  icsview: {mine}\n  oracle:  {other}")
            else:
                print(f"{'same' if expected == 'same' else 'argued (' + expected + ')':<40} {name}")
    same = sum(1 for shape in SHAPES if shape[3] == "same")
    print(f"alarm shapes: {len(SHAPES)} ({same} the same, {len(SHAPES) - same} differences argued in docs/library.md), "
          f"{unexpected} unexpected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
