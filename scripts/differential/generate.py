"""Seeded generator of calendars for the differential harness.

Each calendar is drawn from its own `random.Random(f"{seed}:{index}")`, so calendar N of a seed
is the same whatever the count, and a failing one can be regenerated alone. A calendar has one
query (the agenda's --from/--to/--tz, from small fixed lists so that icsview can be run once per
query over many files) and one to four series drawn around that query's range: every FREQ with
its BY-part shapes, INTERVAL, COUNT, UNTIL in each form, EXDATE and RDATE in each value type and
zone, overrides that move instances across the range edges, THISANDFUTURE, zones with DST gaps
and overlaps (also 30-minute ones), all-day, floating, UTC, and X-WR-TIMEZONE.

Shapes that depend on conventions icsview is adopting (issue 11, item 2) are generated only
when `conventions=True` (DIFF_CONVENTIONS=1); see CONVENTIONS.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from dateutil import rrule as du

# Zones of the series: DST gaps and overlaps of one hour (Europe, America, Sydney), of 30
# minutes (Lord Howe), at :45 (Chatham), none (Tokyo, Sao Paulo since 2019).
ZONES = ["Europe/Berlin", "America/New_York", "Europe/London", "Australia/Sydney",
         "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Tokyo", "America/Sao_Paulo"]
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
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

# Conventions of real feeds (issue 11, item 2) that icsview is adopting; generated only on demand.
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


def fmt_dt(value: datetime) -> str:
    return value.strftime("%Y%m%dT%H%M%S")


def fmt_date(value: date) -> str:
    return value.strftime("%Y%m%d")


def utc_of(wall: datetime, zone: str | None) -> datetime:
    """The UTC instant of a wall time in `zone` (fold 0: the first of two, before a gap's offset)."""
    if zone is None:
        return wall.replace(tzinfo=timezone.utc)
    return wall.replace(tzinfo=ZoneInfo(zone)).astimezone(timezone.utc).replace(tzinfo=None)


class Series:
    """The pieces of one series while it is drawn: start kind, zone, rule, and its components."""

    def __init__(self, rng: random.Random, uid: str, kind: str, zone: str | None, start: datetime,
                 summary: str):
        self.rng, self.uid, self.kind, self.zone, self.start, self.summary = rng, uid, kind, zone, start, summary
        self.lines: list[str] = []
        self.extra: list[list[str]] = []
        self.rule: str | None = None
        self.duration = timedelta(0)
        self.excluded: set = set()  # EXDATE'd wall times and days: never overridden (see draw_overrides)

    # Values written in the series' own form.
    def value(self, wall: datetime | date, prop: str) -> str:
        if self.kind == "date":
            return f"{prop};VALUE=DATE:{fmt_date(wall)}"
        if self.kind == "zoned":
            return f"{prop};TZID={self.zone}:{fmt_dt(wall)}"
        if self.kind == "utc":
            return f"{prop}:{fmt_dt(wall)}Z"
        return f"{prop}:{fmt_dt(wall)}"

    def instant(self, wall: datetime) -> datetime:
        return utc_of(wall, self.zone if self.kind == "zoned" else None)

    def candidates(self, limit: int = 40) -> list:
        """The first instances of the rule as wall times (dateutil, only to choose values that match)."""
        if not self.rule:
            return [self.start]
        start = self.start if isinstance(self.start, datetime) else datetime.combine(self.start, datetime.min.time())
        try:
            rule = du.rrulestr(self.rule.split(";UNTIL=")[0] if "UNTIL=" in self.rule else self.rule,
                               dtstart=start, forceset=False, ignoretz=True)
            out = []
            for value in rule:
                out.append(value if self.kind != "date" else value.date())
                if len(out) >= limit:
                    break
            return out or [self.start]
        except Exception:
            return [self.start]


def draw_rule(rng: random.Random, s: Series, features: set, conventions: bool) -> str:
    """An RRULE for the series: FREQ, INTERVAL, BY-parts and an end."""
    freqs = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY", "HOURLY"]
    if s.kind != "date":
        freqs += ["MINUTELY", "SECONDLY"]
    freq = rng.choice(freqs) if s.kind != "date" else rng.choice(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    parts = [f"FREQ={freq}"]
    sub_daily = freq in ("HOURLY", "MINUTELY", "SECONDLY")
    if freq == "SECONDLY":
        parts.append(f"INTERVAL={rng.choice([900, 1800, 3600, 5400])}")
    elif freq == "MINUTELY":
        parts.append(f"INTERVAL={rng.choice([15, 30, 45, 90, 720])}")
    elif rng.random() < 0.35:
        parts.append(f"INTERVAL={rng.choice([2, 3, 4, 6])}")
    if freq == "HOURLY" and rng.random() < 0.3:
        hours = {str(rng.randrange(24)) for _ in range(3)} | ({str(s.start.hour)} if rng.random() < 0.8 else set())
        parts.append(f"BYHOUR={','.join(sorted(hours, key=int))}")
    if freq in ("MINUTELY", "SECONDLY") and rng.random() < 0.3:
        # Mostly with DTSTART's minute: a rule that never reaches its BYMINUTE is DTSTART alone,
        # which the library refuses to expand (not compared).
        parts.append("BYMINUTE=0,30" if rng.random() < 0.2 else f"BYMINUTE={s.start.minute},{(s.start.minute + 30) % 60}")
    if freq == "DAILY":
        shape = rng.random()
        if shape < 0.25:
            parts.append("BYDAY=" + ",".join(rng.sample(WEEKDAYS, rng.randint(1, 4))))
        elif shape < 0.35:
            parts.append(f"BYMONTH={rng.randint(1, 12)},{rng.randint(1, 12)}")
        elif shape < 0.45:
            parts.append(f"BYMONTHDAY={rng.choice(['1,15', '-1', '31', '29,30', '10,20'])}")
        elif shape < 0.55 and s.kind != "date":
            parts.append(f"BYHOUR={rng.randrange(24)},{rng.randrange(24)}")
    elif freq == "WEEKLY":
        if rng.random() < 0.6:
            parts.append("BYDAY=" + ",".join(rng.sample(WEEKDAYS, rng.randint(1, 3))))
        if rng.random() < 0.25:
            parts.append(f"WKST={rng.choice(['MO', 'SU', 'TH'])}")
        if rng.random() < 0.1:
            parts.append("BYSETPOS=-1")
    elif freq == "MONTHLY":
        shape = rng.random()
        if shape < 0.3:
            parts.append(f"BYMONTHDAY={rng.choice(['31', '-1', '29,30,31', '1,-1', '15', '-3'])}")
        elif shape < 0.6:
            parts.append(f"BYDAY={rng.choice(['1MO', '-1FR', '2TU,4TU', '3WE', '-2SU', '5FR'])}")
        elif shape < 0.8:
            parts.append(f"BYDAY={rng.choice(['MO,TU,WE,TH,FR', 'SA,SU', 'MO,WE'])};BYSETPOS={rng.choice(['-1', '1', '2,-2'])}")
        elif shape < 0.9:
            parts.append(f"BYMONTH={rng.randint(1, 6)},{rng.randint(7, 12)}")
    elif freq == "YEARLY":
        shape = rng.random()
        if shape < 0.2:
            parts.append(f"BYMONTH={rng.randint(1, 12)};BYMONTHDAY={rng.choice(['1', '29', '31', '-1', '15'])}")
        elif shape < 0.35:
            parts.append(f"BYYEARDAY={rng.choice(['1', '-1', '100', '60', '-306', '1,200'])}")
        elif shape < 0.5:
            parts.append(f"BYWEEKNO={rng.choice(['1', '20', '-1', '53', '10,11'])};BYDAY={rng.choice(['MO', 'TH', 'SU', 'MO,FR'])}")
        elif shape < 0.65:
            parts.append(f"BYDAY={rng.choice(['20MO', '-1SU', '1FR', '-10TU'])}")
        elif shape < 0.8:
            parts.append(f"BYMONTH={rng.choice(['3', '10', '3,10', '11'])};BYDAY={rng.choice(['-1SU', '1SU', '2SU', 'SU'])}")
        elif shape < 0.9:
            parts.append(f"BYMONTH={rng.choice(['3', '10,11'])};BYDAY=SU;BYSETPOS={rng.choice(['-1', '1', '2'])}")
    if (freq in ("DAILY", "WEEKLY", "MONTHLY") and s.kind != "date" and not sub_daily and rng.random() < 0.1
            and not any(p.startswith(("BYHOUR", "BYMINUTE")) for p in parts)):
        parts.append(f"BYHOUR={rng.choice(['2', '1,2', '9'])};BYMINUTE={rng.choice(['30', '0,30', '15'])}")
    s.rule = ";".join(parts)
    # The end: COUNT, UNTIL in one of its forms, or none (never none for sub-daily rules).
    end = rng.random()
    if sub_daily or end < 0.4:
        count = rng.randint(1, 60 if sub_daily else 25)
        if conventions and rng.random() < 0.05:
            count = rng.choice([0, -1])
            features.add("count-not-positive")
        parts.append(f"COUNT={count}")
        features.add("count")
    elif end < 0.8:
        parts.append("UNTIL=" + draw_until(rng, s, features, conventions, sub_daily))
        features.add("until")
    s.rule = ";".join(parts)
    return s.rule


def draw_until(rng: random.Random, s: Series, features: set, conventions: bool, sub_daily: bool) -> str:
    """UNTIL: exactly on an instance (inclusive), between instances, before DTSTART; UTC, DATE or local."""
    candidates = s.candidates(60 if sub_daily else 30)
    pick = rng.random()
    if pick < 0.1:
        wall = (s.start - timedelta(days=rng.randint(1, 5)))
        features.add("until-before-dtstart")
    else:
        wall = rng.choice(candidates[: (40 if sub_daily else 20)])
        if pick > 0.6 and isinstance(wall, datetime):
            wall = wall + timedelta(minutes=rng.choice([-30, 30, 90]))
        elif pick > 0.6:
            wall = wall + timedelta(days=rng.choice([-1, 1]))
    if s.kind == "date":
        if isinstance(wall, datetime):
            wall = wall.date()
        if rng.random() < 0.15:
            features.add("until-datetime-on-date")
            return fmt_dt(datetime.combine(wall, datetime.min.time())) + "Z"
        return fmt_date(wall)
    if not isinstance(wall, datetime):
        wall = datetime.combine(wall, datetime.min.time())
    form = rng.random()
    if form < 0.1:
        features.add("until-date-on-timed")
        return fmt_date(wall.date())
    if s.kind == "floating":
        return fmt_dt(wall)
    if s.kind == "zoned" and conventions and form < 0.2:
        features.add("floating-on-zoned")
        return fmt_dt(wall)
    return fmt_dt(s.instant(wall)) + "Z"


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
    (issue 11, edits left behind by CalDAV clients), not RFC 5545."""
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
            features.add("thisandfuture-partial")  # no end: only what it changes (issue 11)
        elif any(line.startswith(("DTEND", "DURATION")) for line in master):
            lines.append(s.value(new_start + s.duration, "DTEND"))
        lines += kept
        if not future and rng.random() < 0.15:
            lines.append("STATUS:CANCELLED")
        lines.append(f"SUMMARY:{s.summary} {'future' if future else 'moved'} {number}")
        out.append(lines)
        features.add("override")
    return out


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
