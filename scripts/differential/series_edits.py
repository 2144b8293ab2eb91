"""What the generator adds to a series: EXDATEs and RDATEs in each value type and zone, and
overrides (RECURRENCE-ID, also RANGE=THISANDFUTURE)."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from series import ZONES, Series, fmt_date, fmt_dt

def exdate_value(rng: random.Random, s: Series, wall, features: set, conventions: bool, prop: str) -> str:
    """An EXDATE or RDATE value for `wall` in one of the forms RFC 5545 allows (or a convention's)."""
    if s.kind == "date":
        return f"{prop};VALUE=DATE:{fmt_date(wall)}"
    form = rng.random()
    if s.kind == "zoned":
        if form < 0.5:
            return f"{prop};TZID={s.zone}:{fmt_dt(wall)}"
        if form < 0.75:
            return f"{prop}:{fmt_dt(s.instant(wall))}Z"
        if form < 0.9 or not conventions:
            other = rng.choice(ZONES)
            local = s.instant(wall).replace(tzinfo=timezone.utc).astimezone(ZoneInfo(other)).replace(tzinfo=None)
            features.add(f"{prop.lower()}-other-zone")
            return f"{prop};TZID={other}:{fmt_dt(local)}"
        features.add("floating-on-zoned")
        return f"{prop}:{fmt_dt(wall)}"
    if s.kind == "utc":
        return f"{prop}:{fmt_dt(wall)}Z"
    return f"{prop}:{fmt_dt(wall)}"


def add_exdates(rng: random.Random, s: Series, master: list[str], features: set, conventions: bool) -> None:
    if rng.random() > 0.4:
        return
    candidates = s.candidates(20)
    for wall in rng.sample(candidates, min(len(candidates), rng.randint(1, 3))):
        s.excluded |= {wall, wall.date() if isinstance(wall, datetime) else wall}
        if s.kind not in ("date",) and rng.random() < 0.1:
            master.append(f"EXDATE;VALUE=DATE:{fmt_date(wall.date())}")
            features.add("exdate-date-on-timed")
            continue
        master.append(exdate_value(rng, s, wall, features, conventions, "EXDATE"))
    features.add("exdate")


def add_rdates(rng: random.Random, s: Series, master: list[str], features: set) -> None:
    if rng.random() > 0.35:
        return
    features.add("rdate")
    periods: set = set()
    for _ in range(rng.randint(1, 2)):
        if s.kind == "date":
            wall = s.start + timedelta(days=rng.randint(-3, 40))
            master.append(f"RDATE;VALUE=DATE:{fmt_date(wall)}")
            continue
        wall = s.start + timedelta(days=rng.randint(0, 40), hours=rng.choice([0, 0, 3, -2]))
        if rng.random() < 0.1:
            wall = s.start
            features.add("rdate-at-dtstart")
        if rng.random() < 0.3:
            length = rng.choice(["PT2H", "PT45M", "P1D"])
            if wall in periods:  # two lengths for one start: RFC 5545 does not say which one wins
                continue
            periods.add(wall)
            features.add("rdate-period")
            if s.kind == "zoned":
                master.append(f"RDATE;VALUE=PERIOD;TZID={s.zone}:{fmt_dt(wall)}/{length}")
            elif s.kind == "utc":
                master.append(f"RDATE;VALUE=PERIOD:{fmt_dt(wall)}Z/{fmt_dt(wall + timedelta(hours=2))}Z")
            else:
                master.append(f"RDATE;VALUE=PERIOD:{fmt_dt(wall)}/{length}")
            continue
        master.append(exdate_value(rng, s, wall, features, False, "RDATE"))


def draw_overrides(rng: random.Random, s: Series, master: list[str], window: tuple[date, date],
                   features: set, conventions: bool) -> list[list[str]]:
    """Overrides (RECURRENCE-ID) that move instances across the range edges, cancel one, or
    (THISANDFUTURE) shift the rest of the series; each repeats the master's properties but
    the rule parts, so that a whole-component and a changed-properties reading agree. An
    EXDATE'd instance is never overridden: whether such an override stands is a convention
    (edits left behind by CalDAV clients), not RFC 5545."""
    out = []
    candidates = [c for c in s.candidates(30) if c not in s.excluded
                  and (c.date() if isinstance(c, datetime) else c) not in s.excluded]
    if not candidates:
        return out
    lo = datetime.combine(window[0], datetime.min.time())
    hi = datetime.combine(window[1] + timedelta(days=1), datetime.min.time())
    kept = [line for line in master if not line.startswith(("RRULE", "RDATE", "EXDATE", "DTSTART", "DTEND",
                                                            "DURATION", "SUMMARY", "UID", "DTSTAMP"))]
    for number, wall in enumerate(rng.sample(candidates, min(len(candidates), rng.randint(1, 2)))):
        future = rng.random() < 0.2
        if s.kind == "date":
            shift = timedelta(days=rng.choice([1, -1, 3, 10, -10]))
        else:
            base = wall
            edge = rng.random()
            if edge < 0.3:  # to just before the range start or just after its end
                shift = (lo - timedelta(hours=1)) - base if rng.random() < 0.5 else (hi + timedelta(minutes=30)) - base
            elif edge < 0.5:  # to just inside an edge
                shift = (lo + timedelta(minutes=30)) - base if rng.random() < 0.5 else (hi - timedelta(hours=1)) - base
            else:
                shift = timedelta(hours=rng.choice([1, -1, 2, 24, -48, 5]))
            if future:
                shift = timedelta(hours=rng.choice([1, 2, -1, 24]))
        new_start = wall + shift
        rid = s.value(wall, "RECURRENCE-ID")
        if s.kind == "zoned" and rng.random() < 0.3:
            rid = f"RECURRENCE-ID:{fmt_dt(s.instant(wall))}Z"
            features.add("recurrence-id-utc-form")
        if future:
            rid = rid.replace("RECURRENCE-ID", "RECURRENCE-ID;RANGE=THISANDFUTURE", 1)
            features.add("thisandfuture")
        lines = [f"UID:{s.uid}", "DTSTAMP:20240101T000000Z", rid, s.value(new_start, "DTSTART")]
        if future and conventions and rng.random() < 0.5:
            features.add("thisandfuture-partial")  # no end: only what it changes
        elif any(line.startswith(("DTEND", "DURATION")) for line in master):
            lines.append(s.value(new_start + s.duration, "DTEND"))
            s.check_order(new_start, new_start + s.duration, features)
        lines += kept
        if not future and rng.random() < 0.15:
            lines.append("STATUS:CANCELLED")
        lines.append(f"SUMMARY:{s.summary} {'future' if future else 'moved'} {number}")
        out.append(lines)
        features.add("override")
    return out
