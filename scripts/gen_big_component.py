#!/usr/bin/env python3
"""Writes a calendar whose one VEVENT is big, for the "Big components" benchmark rows
: many ATTENDEE, X- or EXDATE lines, many VALARMs, or many EXDATE/RDATE values
packed into a few lines.

Usage: scripts/gen_big_component.py SHAPE N [--lines L] [--out FILE]

SHAPE is one of
  attendees      N ATTENDEE lines, each with CN, ROLE, PARTSTAT and RSVP parameters
  xprops         N X-ACME-NOTE lines
  exdate-lines   N EXDATE lines of one value each (a daily series from 2000-01-01)
  exdate-zones   N EXDATE lines, each with a TZID of its own (none defined)
  alarms         N VALARMs of four lines each
  exdate-values  N EXDATE values spread over L lines (default 1000)
  rdate-values   N RDATE values spread over L lines (default 1000)
"""
import argparse
import datetime
import sys

HEAD = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//gen_big_component//EN",
        "BEGIN:VEVENT", "UID:big@example.org", "DTSTAMP:20240101T000000Z",
        "DTSTART:20000101T090000Z", "DTEND:20000101T100000Z", "SUMMARY:Big"]
TAIL = ["END:VEVENT", "END:VCALENDAR"]


def stamp(i):
    """The i-th day from 2000-01-01, 09:00 UTC, as a DATE-TIME."""
    day = datetime.date(2000, 1, 1) + datetime.timedelta(days=i)
    return day.strftime("%Y%m%d") + "T090000Z"


def body(shape, n, lines):
    if shape == "attendees":
        for i in range(n):
            yield (f"ATTENDEE;CN=Person {i};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE:"
                   f"mailto:p{i}@example.org")
    elif shape == "xprops":
        for i in range(n):
            yield f"X-ACME-NOTE:note {i}"
    elif shape == "exdate-lines":
        yield "RRULE:FREQ=DAILY"
        for i in range(n):
            yield "EXDATE:" + stamp(2 * i + 1)
    elif shape == "exdate-zones":
        yield "RRULE:FREQ=DAILY"
        for i in range(n):
            yield f"EXDATE;TZID=Zone/Number-{i}:" + stamp(2 * i + 1)[:-1]
    elif shape == "alarms":
        for i in range(n):
            yield "BEGIN:VALARM"
            yield "ACTION:DISPLAY"
            yield f"DESCRIPTION:Alarm {i}"
            yield f"TRIGGER:-PT{i % 1440 + 1}M"
            yield "END:VALARM"
    elif shape in ("exdate-values", "rdate-values"):
        name = "EXDATE" if shape == "exdate-values" else "RDATE"
        if name == "EXDATE":
            yield "RRULE:FREQ=DAILY"
        per_line = -(-n // lines)
        for start in range(0, n, per_line):
            count = min(per_line, n - start)
            # 1M days run past year 9999: values repeat every 2,900,000 days (about 7,900 years).
            yield name + ":" + ",".join(stamp((start + k) % 2_900_000) for k in range(count))
    else:
        raise SystemExit(f"unknown shape {shape!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shape")
    parser.add_argument("n", type=int)
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--out")
    args = parser.parse_args()
    out = open(args.out, "w", newline="") if args.out else sys.stdout
    with out:
        for line in HEAD:
            out.write(line + "\r\n")
        for line in body(args.shape, args.n, args.lines):
            out.write(line + "\r\n")
        for line in TAIL:
            out.write(line + "\r\n")


if __name__ == "__main__":
    main()
