"""Independent readers of `icsview export`: for each fixture and its export, Python's icalendar
reads both and must find the same components (kind, UID, RECURRENCE-ID, DTSTART, DTEND, DUE,
SUMMARY, RRULE), and recurring-ical-events must find the same occurrences (UID, start, end,
summary) over the years the fixture uses; libical's error counts (from libical_check) must not
grow. Usage: check.py LIST LIBICAL_REPORT, LIST holding "fixture<TAB>export" lines.
Prints one line per difference and a summary; exits 1 when any file differs.

Compared as ICSKit reads and writes them (each documented in docs/export.md):
- an RRULE without WKST=MO (the default, which the model does not tell from its absence), without
  a COUNT <= 0 (read as no COUNT), and an empty RRULE as none (read as no rule);
- text without control characters (no content line may hold one, RFC 5545 3.1);
- text the library could not decode in the fixture (U+FFFD: a character folded across lines, or
  bytes that are not UTF-8, which ICSKit reads as Latin-1) is not compared.
SKIPS lists the fixtures where the readers disagree on the fixture itself."""

from __future__ import annotations

import sys
from datetime import date, datetime, timedelta, timezone

import icalendar
import recurring_ical_events

KINDS = ("VEVENT", "VTODO", "VJOURNAL")

# Fixtures that the two readers read differently before any export, with the reason.
SKIPS = {
    "Fixtures/validation/invalid/ICS2017-utc-time-with-tzid.ics":
        "DTSTART;TZID=…:…Z: the library applies the TZID, ICSKit the Z (the export writes UTC)",
    "Fixtures/recurrence/fixed-offset-tzid.ics":
        "TZID=UTC-04:00 and GMT+1 with no VTIMEZONE: the library reads floating times, ICSKit the fixed offset (ICS3011)",
    "Fixtures/validation/invalid/ICS3011-fixed-offset-tzid.ics":
        "the same fixed-offset TZID: floating for the library, the offset for ICSKit",
    "Fixtures/validation/invalid/ICS2106-repeated-property.ics":
        "SUMMARY twice: the library keeps both, ICSKit the last (the export writes one)",
    "Fixtures/bounds/yearly-every-second-first-and-last.ics":
        "a yearly rule naming every second, BYSETPOS=1,-1: the library (dateutil) lists the 31 million "
        "candidates of each year before it picks two, past the machine's memory",
    "Fixtures/bounds/vtimezone-every-second.ics":
        "a VTIMEZONE rule naming every second: the library expands its onsets without bound (ICSKit "
        "ignores such a rule, ObservanceSchedule.yearOnsetLimit)",
}


def rule(value):
    """An RRULE's text as ICSKit means it (see the module's notes)."""
    if value is None:
        return None
    text = value.to_ical().decode() if hasattr(value, "to_ical") else str(value)
    parts = [p for p in text.split(";") if p and p != "WKST=MO" and not (p.startswith("COUNT=") and p[6:].lstrip("-").isdigit() and int(p[6:]) <= 0)]
    return ";".join(parts) or None


def norm(value):
    """A date or time as text: aware ones in UTC, naive and dates as written."""
    if value is None:
        return None
    v = getattr(value, "dt", value)
    if isinstance(v, datetime):
        if v.tzinfo is not None:
            return v.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        return v.strftime("%Y%m%dT%H%M%S")
    if isinstance(v, date):
        return v.strftime("%Y%m%d")
    return str(v)


def text(value):
    """A TEXT value without control characters (but HTAB and line breaks): a content line may
    hold none (RFC 5545 3.1), so the writer drops them."""
    text = "".join(ch for ch in str(value) if ch in "\t\n" or (ord(ch) >= 0x20 and ord(ch) != 0x7F))
    return "(undecodable)" if "\ufffd" in text else text


def components(cal):
    out = []
    for kind in KINDS:
        for c in cal.walk(kind):
            out.append((kind, str(c.get("UID")), norm(c.get("RECURRENCE-ID")), norm(c.get("DTSTART")),
                        norm(c.get("DTEND")), norm(c.get("DUE")), text(c.get("SUMMARY")),
                        rule(c.get("RRULE"))))
    return sorted(out, key=repr)


SUB_DAILY = ("SECONDLY", "MINUTELY", "HOURLY")


def span(cal):
    """The years the fixture uses; for a calendar with a sub-daily rule (the bounds fixtures: a
    minutely series over years), the week from its first such DTSTART, or the hour for a secondly
    one, so that the comparison stays a few thousand occurrences instead of millions (a week of a
    secondly series is 604,800 of them, most of this check's time)."""
    years, fast, secondly = [], [], False
    for kind in KINDS:
        for c in cal.walk(kind):
            start = c.get("DTSTART")
            if start is not None and isinstance(getattr(start, "dt", None), date):
                years.append(start.dt.year)
                rrule = c.get("RRULE")
                text = rrule.to_ical().decode() if hasattr(rrule, "to_ical") else str(rrule or "")
                if any(f"FREQ={f}" in text.upper() for f in SUB_DAILY):
                    d = start.dt
                    fast.append(date(d.year, d.month, d.day))
                    secondly = secondly or "FREQ=SECONDLY" in text.upper()
    if not years:
        return None
    if fast:
        first = min(fast)
        if secondly:
            start = datetime(first.year, first.month, first.day, tzinfo=timezone.utc)
            return start, start + timedelta(hours=1)
        return first, first + timedelta(days=7)
    return date(max(min(years) - 1, 1900), 1, 1), date(min(max(years) + 3, 2200), 1, 1)


def occurrences(cal, bounds):
    out = set()
    for c in recurring_ical_events.of(cal, components=["VEVENT"]).between(*bounds):
        out.add((str(c.get("UID")), norm(c.get("DTSTART")), norm(c.get("DTEND")), text(c.get("SUMMARY"))))
    return out


def main() -> int:
    pairs = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
    libical = {}
    for line in open(sys.argv[2]):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 3:
            libical[parts[0]] = (int(parts[1]), int(parts[2]))
    failures = checked = skipped = 0
    for fixture, exported in pairs:
        if fixture in SKIPS:
            print(f"{fixture}: skipped: {SKIPS[fixture]}")
            skipped += 1
            continue
        problems = []
        o_components, o_errors = libical.get(fixture, (0, 0))
        e_components, e_errors = libical.get(exported, (0, -1))
        if e_errors < 0:
            problems.append("libical could not read the export")
        elif e_errors > o_errors:
            problems.append(f"libical reports {e_errors} errors in the export, {o_errors} in the fixture")
        try:
            original = icalendar.Calendar.from_ical(open(fixture, "rb").read())
        except Exception:  # the library cannot read the fixture itself: nothing to compare with
            original = None
            skipped += 1
        try:
            written = icalendar.Calendar.from_ical(open(exported, "rb").read())
        except Exception as error:
            problems.append(f"icalendar cannot read the export: {error}")
            written = None
        if original is not None:
            try:
                a = components(original)
            except Exception:  # a value the library cannot read in the fixture itself
                a, original = None, None
                skipped += 1
        if original is not None and written is not None:
            b = components(written)
            # The library could not decode these in the fixture: their text is not compared.
            blind = {x[1] for x in a if x[6] == "(undecodable)"}
            a = [x[:6] + ("(undecodable)",) + x[7:] if x[1] in blind else x for x in a]
            b = [x[:6] + ("(undecodable)",) + x[7:] if x[1] in blind else x for x in b]
            if a != b:
                diff = [x for x in a if x not in b][:2] + ["→"] + [x for x in b if x not in a][:2]
                problems.append(f"components differ: {diff}")
            bounds = span(original)
            if bounds is not None:
                try:
                    expected = occurrences(original, bounds)
                except Exception:
                    expected = None
                if expected is not None:
                    try:
                        found = occurrences(written, bounds)
                        expected = {x[:3] + ("(undecodable)",) if x[0] in blind else x for x in expected}
                        found = {x[:3] + ("(undecodable)",) if x[0] in blind else x for x in found}
                        if found != expected:
                            problems.append(f"occurrences differ: {sorted(expected - found)[:2]} → {sorted(found - expected)[:2]}")
                    except Exception as error:
                        problems.append(f"recurring-ical-events fails on the export only: {error}")
        checked += 1
        if problems:
            failures += 1
            for p in problems:
                print(f"{fixture}: {p}")
    print(f"export-readers: {checked} exports checked ({skipped} fixtures icalendar cannot read itself), {failures} differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
