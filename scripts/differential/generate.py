"""Seeded generator of calendars for the differential harness.

Each calendar is drawn from its own `random.Random(f"{seed}:{index}")`, so calendar N of a seed
is the same whatever the count, and a failing one can be regenerated alone. A calendar has one
query (the agenda's --from/--to/--tz, from small fixed lists so that icsview can be run once per
query over many files) and one to four series drawn around that query's range: every FREQ with
its BY-part shapes, INTERVAL, COUNT, UNTIL in each form, EXDATE and RDATE in each value type and
zone, overrides that move instances across the range edges, THISANDFUTURE, zones with DST gaps
and overlaps (also 30-minute ones), all-day, floating, UTC, and X-WR-TIMEZONE.

Shapes that depend on conventions icsview is adopting are generated only
when `conventions=True` (DIFF_CONVENTIONS=1); see CONVENTIONS.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from rules import draw_rule
from series import ZONES, Series, fmt_dt
from series_edits import add_exdates, add_rdates, draw_overrides

# Zones of the viewer (--tz): floating and all-day times are read in it.
VIEW_ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"]
# Ranges (inclusive days): around the 2024 DST changes, single DST days, a year, a week.
WINDOWS = [("2024-03-01", "2024-04-15"), ("2024-09-25", "2024-11-10"), ("2024-01-01", "2024-12-31"),
           ("2024-03-10", "2024-03-10"), ("2024-03-31", "2024-03-31"), ("2024-10-27", "2024-11-03"),
           ("2024-04-06", "2024-04-07"), ("2025-01-01", "2025-06-30")]
# Days on which some zone above changes its offset (2024), to put instances near them.
DST_DAYS = [date(2024, 3, 10), date(2024, 3, 31), date(2024, 4, 7), date(2024, 9, 29),
            date(2024, 10, 6), date(2024, 10, 27), date(2024, 11, 3), date(2025, 3, 30)]
# Local times at or near the changes: in the gaps (02:30, 02:15, 02:45), in the overlaps (01:30, 02:30).
TRICKY_TIMES = [(2, 30), (1, 30), (2, 15), (2, 45), (3, 30), (0, 0), (23, 30), (1, 0), (3, 0)]
# Conventions of real feeds that icsview is adopting; generated only on demand.
CONVENTIONS = ("floating-on-zoned", "dtend-before-dtstart", "count-not-positive",
               "x-wr-timezone-utc-series", "thisandfuture-partial")


@dataclass
class Calendar:
    """One generated calendar: its text, the query to run, and what it exercises."""
    index: int
    text: str
    from_day: str
    to_day: str
    tz: str
    features: set = field(default_factory=set)

    @property
    def name(self) -> str:
        return f"cal-{self.index:05d}.ics"


def draw_start(rng: random.Random, window: tuple[date, date]) -> date:
    lo, hi = window
    pick = rng.random()
    if pick < 0.3:
        return rng.choice(DST_DAYS) - timedelta(days=rng.choice([0, 0, 1, 7, 14, 28]))
    if pick < 0.5:
        return rng.choice([lo, hi]) - timedelta(days=rng.randint(0, 3))
    return lo + timedelta(days=rng.randint(-60, max(1, (hi - lo).days + 5)))


def draw_series(rng: random.Random, n: int, uid: str, window: tuple[date, date], features: set,
                conventions: bool, x_wr: str | None) -> list[list[str]]:
    """One series: its master and its overrides, as lists of content lines."""
    kinds = ["zoned"] * 5 + ["utc"] * 2 + ["floating"] * 2 + ["date"] * 2
    kind = rng.choice(kinds)
    if x_wr and kind == "utc" and not conventions:
        kind = "zoned"
    zone = rng.choice(ZONES) if kind == "zoned" else None
    day = draw_start(rng, window)
    if kind == "date":
        start = day
    else:
        hour, minute = rng.choice(TRICKY_TIMES) if rng.random() < 0.5 else (rng.randrange(24), rng.choice([0, 15, 30, 45]))
        start = datetime(day.year, day.month, day.day, hour, minute, rng.choice([0, 0, 0, 30]))
    features.add(kind)
    s = Series(rng, uid, kind, zone, start, f"E{n}")
    master = [f"UID:{uid}", "DTSTAMP:20240101T000000Z", s.value(start, "DTSTART")]
    # The end: DTEND in the same form (or another zone), DURATION nominal or exact, or none.
    end_pick = rng.random()
    if kind == "date":
        days = rng.choice([1, 1, 2, 3])
        s.duration = timedelta(days=days)
        if end_pick < 0.5:
            master.append(s.value(start + timedelta(days=days), "DTEND"))
        elif end_pick < 0.8:
            master.append(f"DURATION:P{days}D")
        else:
            s.duration = timedelta(days=1)
    else:
        minutes = rng.choice([0, 30, 60, 90, 180, 1440, 1500, 2880])
        s.duration = timedelta(minutes=minutes)
        end_wall = start + s.duration
        if end_pick < 0.45:
            master.append(s.value(end_wall, "DTEND"))
            s.check_order(start, end_wall, features)
        elif end_pick < 0.55 and kind == "zoned":
            other = rng.choice(ZONES)
            end_utc = s.instant(start) + s.duration
            local = end_utc.replace(tzinfo=timezone.utc).astimezone(ZoneInfo(other)).replace(tzinfo=None)
            master.append(f"DTEND;TZID={other}:{fmt_dt(local)}")
            features.add("dtend-other-zone")
        elif end_pick < 0.85:
            if minutes % 1440 == 0 and minutes and rng.random() < 0.5:
                master.append(f"DURATION:P{minutes // 1440}D")
            else:
                master.append(f"DURATION:PT{minutes // 60}H{minutes % 60}M" if minutes % 60 else f"DURATION:PT{minutes // 60}H")
            features.add("duration")
        elif conventions and end_pick < 0.9 and minutes:
            master.append(s.value(start - s.duration, "DTEND"))
            features.add("dtend-before-dtstart")
        elif conventions and end_pick < 0.95 and kind == "zoned":
            master.append(f"DTEND:{fmt_dt(end_wall)}")
            features.add("floating-on-zoned")
        else:
            s.duration = timedelta(0) if kind != "date" else s.duration
    recurring = rng.random() < 0.85
    if recurring:
        if rng.random() < 0.9:
            master.append("RRULE:" + draw_rule(rng, s, features, conventions))
        add_exdates(rng, s, master, features, conventions)
        add_rdates(rng, s, master, features)
    master.append(f"SUMMARY:{s.summary}")
    components = [master]
    if recurring and s.rule and rng.random() < 0.5:
        components += draw_overrides(rng, s, master, window, features, conventions)
    return components


def generate(seed: int, index: int, conventions: bool = False) -> Calendar:
    """Calendar `index` of `seed`."""
    rng = random.Random(f"{seed}:{index}")
    from_day, to_day = rng.choice(WINDOWS)
    tz = rng.choice(VIEW_ZONES)
    window = (date.fromisoformat(from_day), date.fromisoformat(to_day))
    features: set = set()
    head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//differential//EN"]
    x_wr = None
    if rng.random() < 0.15:
        x_wr = rng.choice(ZONES)
        head.append(f"X-WR-TIMEZONE:{x_wr}")
        features.add("x-wr-timezone")
    body = []
    for n in range(rng.randint(1, 4)):
        uid = f"s{n}-c{index}@differential"
        for component in draw_series(rng, n, uid, window, features, conventions, x_wr):
            body += ["BEGIN:VEVENT", *component, "END:VEVENT"]
    if x_wr and "utc" in features:
        features.add("x-wr-timezone-utc-series")
    text = "\r\n".join(head + body + ["END:VCALENDAR"]) + "\r\n"
    return Calendar(index, text, from_day, to_day, tz, features)
