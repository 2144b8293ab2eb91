"""What the skips need to know about each UID of a calendar, read from the calendar as the
library reads it (X-WR-TIMEZONE applied) and from its text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from dateutil import rrule as du

from instants import from_python, to_datetime


@dataclass
class SeriesInfo:
    """What the skips need to know about one UID."""
    this_and_future: bool = False
    exact_duration: bool = False
    zone: object = None  # the master's DTSTART tzinfo
    dtstart: object = None
    rdates: set = field(default_factory=set)  # normal forms
    tail_cutoff: str | None = None  # skip instances whose original start is at or after it
    until_before_start: bool = False
    # Skip 6: the naive UTC and local forms of EXDATEs, RECURRENCE-IDs and RDATE PERIOD starts,
    # and their instants.
    naive_keys: dict = field(default_factory=lambda: {"EXDATE": {}, "RECURRENCE-ID": {}, "PERIOD": {}})
    period_starts: set = field(default_factory=set)  # F2
    other_zone_rdates: set = field(default_factory=set)  # skip 10
    nominal_duration: bool = False
    date_exdate_on_timed: bool = False  # skip 13
    dtstart_nonexistent: bool = False
    future_exact: bool = False  # a THISANDFUTURE override with a DTEND
    dtstart_value: object = None  # the master's DTSTART as the library reads it
    gap_values: set = field(default_factory=set)  # DTSTART and RDATEs at nonexistent local times
    until_day: object = None  # an UNTIL DATE on a timed series (skip 8), a floating one under X-WR-TIMEZONE (12)
    until_reason: str = ""
    duration_misread: bool = False  # skip 2: DTSTART to DTEND crosses an offset change
    future_shifts: dict = field(default_factory=dict)  # THISANDFUTURE rid (normal) -> the library's shift
    range_dropped_from: str | None = None  # skip 7: from this original start on, nothing is compared
    finding_f1_after: str | None = None  # F1: after this original start, nothing is compared


def _add_naive(self, kind: str, value) -> None:
    if isinstance(value, datetime):
        self.naive_keys[kind].setdefault(from_python(value), set()).update(naive_forms(value))
    elif value is not None:  # a DATE: the library keys it as its midnight, without zone
        self.naive_keys[kind].setdefault(from_python(value), set()).add(datetime.combine(value, datetime.min.time()))


SeriesInfo.add_naive = _add_naive


def is_nonexistent(value) -> bool:
    """Whether a zoned wall time falls in a DST gap (it does not survive a round trip)."""
    if not isinstance(value, datetime) or value.tzinfo is None or not hasattr(value.tzinfo, "key"):
        return False
    back = value.astimezone(timezone.utc).astimezone(value.tzinfo)
    return back.replace(tzinfo=None) != value.replace(tzinfo=None)


def master_blocks(text: str) -> dict[str, str]:
    """The raw text of each UID's master VEVENT (no RECURRENCE-ID)."""
    out = {}
    for block in re.findall(r"BEGIN:VEVENT\r?\n(.*?)END:VEVENT", text, re.S):
        if "RECURRENCE-ID" in block:
            continue
        uid = re.search(r"^UID:(.*?)\r?$", block, re.M)
        if uid:
            out[uid.group(1)] = block
    return out


def rule_tail_cutoff(master, zone) -> str | None:
    """Skip 3 and 4: where the library's COUNT goes wrong, the original start from which on
    instances are not compared (None when it does not)."""
    rule = master.get("RRULE")
    if rule is None or "COUNT" not in rule:
        return None
    start = master["DTSTART"].dt
    wall = start.replace(tzinfo=None) if isinstance(start, datetime) else datetime.combine(start, datetime.min.time())
    try:
        values = list(du.rrulestr(rule.to_ical().decode(), dtstart=wall, ignoretz=True))
    except Exception:
        return None
    if not values:
        return None
    departures = 0 if values[0] == wall else 1
    if zone is not None and hasattr(zone, "key"):
        departures += sum(1 for v in values if is_nonexistent(v.replace(tzinfo=zone)))
    if departures == 0:
        return None
    cutoff = values[max(0, len(values) - departures)]
    if not isinstance(start, datetime):
        return from_python(cutoff.date())
    return from_python(cutoff.replace(tzinfo=start.tzinfo))


def series_info(calendar, text: str) -> dict[str, SeriesInfo]:
    """What the skips need, by UID, from the calendar as the library reads it and its text."""
    blocks = master_blocks(text)
    info: dict[str, SeriesInfo] = {}
    x_wr = re.search(r"^X-WR-TIMEZONE:(.*?)\r?$", text, re.M)
    for block in re.findall(r"BEGIN:VEVENT\r?\n(.*?)END:VEVENT", text, re.S):
        line = re.search(r"^RECURRENCE-ID;(.*?)RANGE=THISANDFUTURE(.*?):(.*?)\r?$", block, re.M)
        uid = re.search(r"^UID:(.*?)\r?$", block, re.M)
        if not line or not uid:
            continue
        item = info.setdefault(uid.group(1), SeriesInfo())
        item.this_and_future = True
        if x_wr and "TZID=" not in line.group(1) + line.group(2) and "VALUE=DATE" not in line.group(0):
            value = line.group(3)
            wall = datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
            zone = timezone.utc if value.endswith("Z") else ZoneInfo(x_wr.group(1).strip())
            cutoff = from_python(wall.replace(tzinfo=zone))
            if item.range_dropped_from is None or to_datetime(cutoff) < to_datetime(item.range_dropped_from):
                item.range_dropped_from = cutoff
    for event in calendar.walk("VEVENT"):
        uid = str(event.get("UID"))
        item = info.setdefault(uid, SeriesInfo())
        rid = event.get("RECURRENCE-ID")
        if rid is not None:
            if isinstance(rid.dt, datetime):
                item.add_naive("RECURRENCE-ID", rid.dt)
            if rid.params.get("RANGE") == "THISANDFUTURE":
                # Its duration goes to later instances: exact when it has a DTEND (skip 2).
                item.duration_misread |= duration_misread(event)
                item.future_exact |= isinstance(event["DTSTART"].dt, datetime) and "DTEND" in event
                start, value = event["DTSTART"].dt, rid.dt
                if isinstance(start, datetime) != isinstance(value, datetime):
                    continue
                if isinstance(start, datetime) and (start.tzinfo is None) != (value.tzinfo is None):
                    continue
                shift = (start.replace(tzinfo=None) - value.replace(tzinfo=None)
                         if isinstance(start, datetime) and start.tzinfo is value.tzinfo else start - value)
                item.future_shifts[from_python(value)] = shift
                if is_nonexistent(start):
                    item.finding_f1_after = from_python(value)
            continue
        start = event["DTSTART"].dt
        item.dtstart = from_python(start)
        item.dtstart_value = start
        if is_nonexistent(start):
            item.gap_values.add(item.dtstart)
        item.zone = start.tzinfo if isinstance(start, datetime) else None
        raw = blocks.get(uid, "")
        nominal = re.search(r"^DURATION:P\d+[DW]\r?$", raw, re.M) is not None
        item.nominal_duration = nominal
        item.exact_duration = isinstance(start, datetime) and not nominal and (
            "DTEND" in event or "DURATION" in event)
        for rdate in event.get("RDATE", []) if isinstance(event.get("RDATE"), list) else [event.get("RDATE")]:
            if rdate is None:
                continue
            for value in rdate.dts:
                dt = value.dt[0] if isinstance(value.dt, tuple) else value.dt
                item.rdates.add(from_python(dt))
                if is_nonexistent(dt):
                    item.gap_values.add(from_python(dt))
                if (isinstance(dt, datetime) and isinstance(start, datetime) and dt.tzinfo is not None
                        and dt.tzinfo is not start.tzinfo):
                    item.other_zone_rdates.add(from_python(dt))
                if isinstance(value.dt, tuple) and isinstance(dt, datetime):
                    item.add_naive("PERIOD", dt)
                    item.period_starts.add(from_python(dt))
        item.date_exdate_on_timed = isinstance(start, datetime) and any(
            not isinstance(v, datetime) for v in values_of(event, "EXDATE"))
        for exdate in values_of(event, "EXDATE"):
            if isinstance(start, datetime):
                item.add_naive("EXDATE", exdate)
        item.dtstart_nonexistent = is_nonexistent(start)
        item.duration_misread |= duration_misread(event) or item.dtstart_nonexistent
        item.tail_cutoff = rule_tail_cutoff(event, item.zone)
        day_until = re.search(r"^RRULE:.*UNTIL=(\d{8})(;|\r?$)", raw, re.M)
        floating_until = re.search(r"^RRULE:.*UNTIL=(\d{8})T\d{6}(;|\r?$)", raw, re.M)
        if day_until and isinstance(start, datetime):
            item.until_day = datetime.strptime(day_until.group(1), "%Y%m%d").date()
            item.until_reason = "until-date-on-timed-series"
        elif floating_until and x_wr and re.search(r"^DTSTART:\d{8}T\d{6}\r?$", raw, re.M):
            item.until_day = datetime.strptime(floating_until.group(1), "%Y%m%d").date()
            item.until_reason = "x-wr-timezone-floating-until"
        rule = event.get("RRULE")
        if rule is not None and "UNTIL" in rule:
            until = rule["UNTIL"][0]
            item.until_before_start = compare_before(until, start)
    return info


def duration_misread(event) -> bool:
    """Skip 2: whether DTSTART to DTEND crosses an offset change, so that the library's duration
    (Python subtracts two times of one zone by their wall times) is not the exact one."""
    start, end = event["DTSTART"].dt, event.get("DTEND")
    if (end is None or not isinstance(start, datetime) or not isinstance(end.dt, datetime)
            or start.tzinfo is None or end.dt.tzinfo is not start.tzinfo):
        return False
    wall = end.dt.replace(tzinfo=None) - start.replace(tzinfo=None)
    return wall != end.dt.astimezone(timezone.utc) - start.astimezone(timezone.utc)


def values_of(event, name: str) -> list:
    """Every value of a multi-valued property (EXDATE, RDATE), over all its lines."""
    props = event.get(name)
    if props is None:
        return []
    props = props if isinstance(props, list) else [props]
    return [v.dt for p in props for v in p.dts]


def naive_forms(value: datetime) -> set:
    """The keys the library matches by: UTC and local wall time, both without zone."""
    if value.tzinfo is None:
        return {value}
    return {value.astimezone(timezone.utc).replace(tzinfo=None), value.replace(tzinfo=None)}


def compare_before(until, start) -> bool:
    """Whether UNTIL is before DTSTART (a DATE against a DATE-TIME by its day)."""
    if isinstance(until, datetime) != isinstance(start, datetime):
        u = until.date() if isinstance(until, datetime) else until
        s = start.date() if isinstance(start, datetime) else start
        return u < s
    if isinstance(until, datetime) and (until.tzinfo is None) != (start.tzinfo is None):
        return until.replace(tzinfo=None) < start.replace(tzinfo=None)
    return until < start
