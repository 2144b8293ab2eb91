"""RRULEs for the generator: every FREQ with its BY-part shapes, INTERVAL, and an end (COUNT,
UNTIL in each form, or none)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from series import WEEKDAYS, Series, fmt_date, fmt_dt

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
