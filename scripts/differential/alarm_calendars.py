#!/usr/bin/env python3
"""Reminders of published calendars against an independent implementation: `icsview remind
--format json` beside recurring-ical-events' VALARM occurrences (the pins of requirements.txt), on
every calendar with a VALARM that the two pinned Python packages ship with their own tests (about
forty: Thunderbird, Etar, Google and macOS exports, edited, snoozed and acknowledged alarms,
RFC 5545 and RFC 9074 examples). Nothing is copied into this repository: the files are read from
the installed packages, so the set is fixed by the pins.

Each calendar is compared over the years its events and absolute triggers name (from the first
one's January to three years after the last one's), in Europe/Berlin (the zone floating times are
read in). Each calendar says what is expected (`EXPECTED`): the same trigger instants, or the name
of a difference argued in docs/library.md ("Reminders against recurring-ical-events"). Exits 1 when
an outcome is not the expected one: a new difference, or an argued one that has gone.

    scripts/differential.sh runs it after alarm_shapes.py (so in CI); alone: VENV/bin/python scripts/differential/alarm_calendars.py BIN
"""
import datetime
import pathlib
import sys
import zoneinfo

import icalendar
import recurring_ical_events

from alarm_shapes import ZONE, ours, theirs

# File name → the argued difference (docs/library.md); every other calendar must be the same.
EXPECTED = {
    "alarm_thunderbird_2_notification_5_min_postponed.ics": "thunderbird-snooze",
    "alarm_thunderbird_2_notification_5_min_postponed_and_popped_up.ics": "thunderbird-snooze",
    "alarm_thunderbird_snoozed_until_1457.ics": "thunderbird-snooze",
    "issue_151_macos_linux_difference.ics": "action-none",
    "issue_151_macos_linux_difference2.ics": "action-none",
    "rfc_9074_example_proximity.ics": "oracle-fails",
    "issue_173_only_modifications_error.ics": "oracle-fails",
    "issue_186_invalid_trigger.ics": "oracle-fails",
    "issue_4_weidenrinde.ics": "oracle-fails",
}


def calendars():
    """The calendars with a VALARM that the pinned packages ship, by package and path."""
    found = []
    for package in (icalendar, recurring_ical_events):
        root = pathlib.Path(package.__file__).parent
        for path in sorted(root.rglob("*.ics")):
            if b"BEGIN:VALARM" in path.read_bytes():
                found.append(path)
    return found


def window(calendar_text):
    """January of the first year the events and absolute triggers name, to three years after the last."""
    years = []
    for component in icalendar.Calendar.from_ical(calendar_text).walk():
        if component.name in ("VEVENT", "VTODO"):
            names = ("DTSTART", "DUE", "RECURRENCE-ID")
        elif component.name == "VALARM":
            names = ("TRIGGER",)
        else:
            continue
        for name in names:
            value = component.get(name)
            moment = getattr(value, "dt", None)
            if isinstance(moment, (datetime.date, datetime.datetime)):
                years.append(moment.year)
    zone = zoneinfo.ZoneInfo(ZONE)
    first, last = (min(years), max(years)) if years else (2024, 2024)
    return datetime.datetime(first, 1, 1, tzinfo=zone), datetime.datetime(last + 3, 1, 1, tzinfo=zone)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/icsview"
    unexpected = 0
    found = calendars()
    for path in found:
        calendar_text = path.read_bytes()
        start, end = window(calendar_text)
        mine, other = ours(binary, str(path), start, end), theirs(calendar_text, start, end)
        expected = EXPECTED.get(path.name, "same")
        outcome = "same" if mine == other else expected if expected != "same" else "differs"
        label = f"{path.parent.name}/{path.name} ({start.year}–{end.year - 1})"
        if outcome != expected or (expected != "same" and mine == other):
            unexpected += 1
            print(f"UNEXPECTED {label}: expected {expected}\n  icsview: {mine}\n  oracle:  {other}")
        else:
            count = len(mine) if isinstance(mine, list) else 0
            print(f"{'same' if expected == 'same' else 'argued (' + expected + ')':<40} {label}: {count} triggers")
    argued = sum(1 for path in found if path.name in EXPECTED)
    print(f"alarm calendars: {len(found)} ({len(found) - argued} the same, {argued} differences argued in docs/library.md), "
          f"{unexpected} unexpected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
