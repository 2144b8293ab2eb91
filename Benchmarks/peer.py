"""The Python peer of `icsview FILE --agenda --from F --to T --tz UTC --format json`, for
scripts/bench.sh: icalendar parses the file, recurring-ical-events expands every event over
F 00:00 to the day after T 00:00 (UTC), and each occurrence is written as one JSON line
(uid, recurrence id, summary, start, end), in the library's order (icsview sorts its agenda).

    python peer.py FILE FROM TO        (run with the differential harness's pinned venv)
"""

import json
import sys
from datetime import date, datetime, timedelta, timezone

import icalendar
import recurring_ical_events


def text(value):
    return value.isoformat() if value is not None else None


def main():
    path, from_day, to_day = sys.argv[1:4]
    start = datetime.combine(date.fromisoformat(from_day), datetime.min.time(), timezone.utc)
    end = datetime.combine(date.fromisoformat(to_day) + timedelta(days=1), datetime.min.time(), timezone.utc)
    with open(path, "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    query = recurring_ical_events.of(calendar, components=["VEVENT"])
    out = sys.stdout
    count = 0
    for event in query.between(start, end):
        rid = event.get("RECURRENCE-ID")
        out.write(json.dumps({
            "uid": str(event.get("UID")),
            "recurrenceId": text(rid.dt) if rid is not None else None,
            "summary": str(event.get("SUMMARY", "")),
            "start": text(event.get("DTSTART").dt),
            "end": text(event.get("DTEND").dt) if event.get("DTEND") is not None else None,
        }))
        out.write("\n")
        count += 1
    print(f"peer: {count} occurrences", file=sys.stderr)


if __name__ == "__main__":
    main()
