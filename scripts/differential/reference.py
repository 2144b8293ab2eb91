"""The independent side: icalendar + recurring-ical-events over the agenda's range.

The range is what `icsview --agenda --from F --to T --tz Z` expands: from F 00:00 to the day
after T 00:00 in zone Z, an occurrence kept when it overlaps it (both libraries: start < range
end and end > range start; a zero-length one when its start lies inside). The library reads
floating and all-day times in the zone of the range's bounds, as icsview reads them in --tz.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events
import x_wr_timezone

from instants import from_python


@dataclass
class Instance:
    uid: str
    rid: str | None
    start: str
    end: str
    summary: str
    raw_start: object  # the library's date or datetime, for the skips
    raw_rid: object


def query_range(from_day: str, to_day: str, tz: str) -> tuple[datetime, datetime]:
    zone = ZoneInfo(tz)
    start = datetime.combine(date.fromisoformat(from_day), datetime.min.time()).replace(tzinfo=zone)
    end = datetime.combine(date.fromisoformat(to_day) + timedelta(days=1), datetime.min.time()).replace(tzinfo=zone)
    return start, end


def single_uids(calendar: icalendar.Calendar) -> set[str]:
    """UIDs of events that are no series (no RRULE, RDATE or RECURRENCE-ID in any component):
    icsview gives them no recurrenceId, the library gives every occurrence one."""
    series, all_uids = set(), set()
    for event in calendar.walk("VEVENT"):
        uid = str(event.get("UID"))
        all_uids.add(uid)
        if any(name in event for name in ("RRULE", "RDATE", "RECURRENCE-ID")):
            series.add(uid)
    return all_uids - series


def expand(text: str, from_day: str, to_day: str, tz: str) -> tuple[list[Instance], icalendar.Calendar]:
    """The occurrences the library finds (raises what the library raises), and the calendar as
    the library reads it (X-WR-TIMEZONE applied, as recurring_ical_events.of does)."""
    calendar = icalendar.Calendar.from_ical(text)
    singles = single_uids(calendar)
    start, end = query_range(from_day, to_day, tz)
    out = []
    for component in recurring_ical_events.of(calendar).between(start, end):
        uid = str(component.get("UID"))
        dtstart = component["DTSTART"].dt
        if "DTEND" in component:
            dtend = component["DTEND"].dt
        elif "DURATION" in component:
            dtend = dtstart + component["DURATION"].dt
        else:
            dtend = dtstart + timedelta(days=1) if not isinstance(dtstart, datetime) else dtstart
        rid_prop = component.get("RECURRENCE-ID")
        raw_rid = rid_prop.dt if rid_prop is not None and uid not in singles else None
        out.append(Instance(uid, from_python(raw_rid), from_python(dtstart), from_python(dtend),
                            str(component.get("SUMMARY", "")), dtstart, raw_rid))
    return out, x_wr_timezone.to_standard(calendar)
