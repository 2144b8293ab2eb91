"""A series while the generator draws it: its start kind and zone, its rule, and how its
values are written (DATE, floating, UTC or TZID forms)."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from dateutil import rrule as du

# Zones of the series: DST gaps and overlaps of one hour (Europe, America, Sydney), of 30
# minutes (Lord Howe), at :45 (Chatham), none (Tokyo, Sao Paulo since 2019).
ZONES = ["Europe/Berlin", "America/New_York", "Europe/London", "Australia/Sydney",
         "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Tokyo", "America/Sao_Paulo"]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


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

    def check_order(self, start, end, features: set) -> None:
        """A DTEND written as DTSTART plus the duration in wall time ends before DTSTART when
        DTSTART is in a DST gap (3.3.5 moves it forward): that is the DTEND-before-DTSTART
        convention's input, generated only as such."""
        if self.kind == "zoned" and isinstance(start, datetime) and self.instant(end) < self.instant(start):
            features.add("dtend-before-dtstart")

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
