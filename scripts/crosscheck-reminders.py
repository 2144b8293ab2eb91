#!/usr/bin/env python3
"""Checks `icsview remind` against an independent implementation: the `Alarms` class of the
Python `icalendar` package (PyPI, 6.1 or later), on the reminder fixtures of single events and
to-dos (icalendar does not expand recurrence). Not part of CI (it needs the package):

    pip install --target /tmp/py icalendar && PYTHONPATH=/tmp/py python3 scripts/crosscheck-reminders.py

Components icalendar refuses (a to-do without DTSTART, an all-day end it cannot localise) are
reported as skipped. Exits 1 when a trigger differs.
"""
import datetime
import json
import subprocess
import sys
import zoneinfo

from icalendar import Calendar
from icalendar.alarms import Alarms

FIXTURES = ["related-end", "repeat-duration", "all-day-floating", "week-before-next-month", "vtodo-due-start"]
ICSVIEW = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/icsview"
failures = 0
for name in FIXTURES:
    args = open(f"Fixtures/reminders/{name}.args").read().split()
    tz = zoneinfo.ZoneInfo(args[args.index("--tz") + 1])
    calendar = Calendar.from_ical(open(f"Fixtures/reminders/{name}.ics", "rb").read())
    out = subprocess.run([ICSVIEW, "remind", f"Fixtures/reminders/{name}.ics"] + args + ["--format", "json", "--include-acknowledged"],
                         capture_output=True, text=True, check=True).stdout
    ours = [json.loads(line) for line in out.splitlines()]
    low = min((o["triggerEpoch"] for o in ours), default=0)
    high = max((o["triggerEpoch"] for o in ours), default=0)
    for component in calendar.walk():
        if component.name not in ("VEVENT", "VTODO"):
            continue
        uid = str(component.get("UID"))
        try:
            alarms = Alarms(component)
            alarms.set_local_timezone(tz)
            theirs = sorted(t.trigger.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") for t in alarms.times)
        except Exception as error:  # noqa: BLE001 - icalendar's own limits
            print(f"{name} {uid}: skipped, icalendar: {error}")
            continue
        mine = sorted(o["trigger"] for o in ours if o["uid"] == uid)
        # icalendar lists every trigger; icsview those in the range: compare inside our range.
        theirs = [t for t in theirs if low <= int(datetime.datetime.strptime(t, "%Y-%m-%dT%H:%M:%SZ")
                                                   .replace(tzinfo=datetime.timezone.utc).timestamp()) <= high]
        status = "ok" if mine == theirs else "DIFFERS"
        failures += mine != theirs
        print(f"{name} {uid}: {status} ({len(mine)} triggers){'' if mine == theirs else f' ours {mine} theirs {theirs}'}")
sys.exit(1 if failures else 0)
