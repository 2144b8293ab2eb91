#!/usr/bin/env python3
"""Write the hostile calendars of the "Hostile views" benchmark rows.

Shapes (each deterministic; sizes scale with --scale, 1 = the sizes of the issue):
  attach     one hourly event with a 4 MB base64 ATTACH (month JSON indexes occurrences)
  exdate     one hourly event with one 15 MB EXDATE line (880,000 values: every odd hour
             from 2000 to 2200)
  longdaily  four daily series whose instances each last 1,000 days (every month overlaps
             about 4,000 instances)
  year1      one weekly event from 0001-01-01 whose instances last 3,000 years
  zones      a VTIMEZONE with 100,000 observances (one onset per 36 days, 0001-9999) and a
             yearly event in it from 0001 (10,000 instances over 0001-9999)

Usage: gen_hostile.py SHAPE [--scale F] --out FILE
Only the standard library is used.
"""

import argparse
import datetime as dt
import sys

HEAD = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//hostile//EN"]
TAIL = ["END:VCALENDAR"]


def fold(line):
    """Folds at 75 octets (ASCII content only)."""
    if len(line) <= 75:
        return [line]
    out = [line[:75]]
    out += [" " + line[i:i + 74] for i in range(75, len(line), 74)]
    return out


def attach(scale):
    size = int(4_000_000 * scale)
    blob = ("QUJD" * (size // 4 + 1))[:size]
    return ["BEGIN:VEVENT", "UID:attach@hostile", "DTSTAMP:20250101T000000Z",
            "DTSTART:20250101T000000Z", "DTEND:20250101T003000Z", "RRULE:FREQ=HOURLY",
            "SUMMARY:hourly with a big attachment",
            "ATTACH;FMTTYPE=application/octet-stream;ENCODING=BASE64;VALUE=BINARY:" + blob,
            "END:VEVENT"]


def exdate(scale):
    # Every other hour (the odd ones) from 2000 on: about 200 years, half the instances left.
    count = int(880_000 * scale)
    start = dt.datetime(2000, 1, 1)
    values = ",".join((start + dt.timedelta(hours=2 * h + 1)).strftime("%Y%m%dT%H%M%SZ") for h in range(count))
    return ["BEGIN:VEVENT", "UID:exdate@hostile", "DTSTAMP:20250101T000000Z",
            "DTSTART:20000101T000000Z", "DTEND:20000101T003000Z", "RRULE:FREQ=HOURLY",
            "SUMMARY:hourly with a 15 MB EXDATE line", "EXDATE:" + values, "END:VEVENT"]


def longdaily(scale):
    days = max(2, int(1000 * scale))
    lines = []
    for n in range(4):
        first = dt.date(2022, 1, 1) + dt.timedelta(days=n)
        end = first + dt.timedelta(days=days)
        lines += ["BEGIN:VEVENT", f"UID:long-{n}@hostile", "DTSTAMP:20250101T000000Z",
                  f"DTSTART;VALUE=DATE:{first:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}",
                  "RRULE:FREQ=DAILY", f"SUMMARY:long daily {n}", "END:VEVENT"]
    return lines


def year1(scale):
    years = max(1, int(3000 * scale))
    return ["BEGIN:VEVENT", "UID:year1@hostile", "DTSTAMP:20250101T000000Z",
            "DTSTART:00010101T000000Z", f"DTEND:{1 + years:04d}0101T000000Z",
            "RRULE:FREQ=WEEKLY", "SUMMARY:weekly since year 1", "END:VEVENT"]


def zones(scale):
    count = max(2, int(100_000 * scale))
    lines = ["BEGIN:VTIMEZONE", "TZID:Hostile/Many"]
    day = dt.date(1, 1, 1)
    step = dt.timedelta(days=max(1, (3_652_059 - 400) // count))
    for n in range(count):
        kind, frm, to = ("DAYLIGHT", "+0100", "+0200") if n % 2 == 0 else ("STANDARD", "+0200", "+0100")
        lines += [f"BEGIN:{kind}", f"TZOFFSETFROM:{frm}", f"TZOFFSETTO:{to}",
                  f"DTSTART:{day.year:04d}{day.month:02d}{day.day:02d}T030000", f"END:{kind}"]
        day += step
    lines += ["END:VTIMEZONE", "BEGIN:VEVENT", "UID:zoned@hostile", "DTSTAMP:20250101T000000Z",
              "DTSTART;TZID=Hostile/Many:00010615T120000", "DTEND;TZID=Hostile/Many:00010615T130000",
              "RRULE:FREQ=YEARLY", "SUMMARY:yearly in a zone of many observances", "END:VEVENT"]
    return lines


SHAPES = {"attach": attach, "exdate": exdate, "longdaily": longdaily, "year1": year1, "zones": zones}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    lines = HEAD + SHAPES[args.shape](args.scale) + TAIL
    with open(args.out, "w", newline="") as out:
        for line in lines:
            for part in fold(line):
                out.write(part + "\r\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
