"""One normal form for the times of both sides: `D2024-03-10` (a date), `F2024-03-10T02:30:00`
(floating), `Z2024-03-10T07:30:00` (an instant, in UTC), so that icsview's JSON (local time
with the event zone's offset) and the library's datetimes (aware in the event's zone) compare."""

from __future__ import annotations

from datetime import date, datetime, timezone


def from_python(value) -> str | None:
    """The normal form of an icalendar `date` or `datetime`."""
    if value is None:
        return None
    if not isinstance(value, datetime):
        return "D" + value.isoformat()
    if value.tzinfo is None:
        return "F" + value.isoformat(timespec="seconds")
    return "Z" + value.astimezone(timezone.utc).replace(tzinfo=None).isoformat(timespec="seconds")


def from_json(text: str | None) -> str | None:
    """The normal form of an icsview JSON time (`2024-03-10`, `…T02:30:00`, `…Z`, `…+02:00`)."""
    if text is None:
        return None
    if len(text) == 10:
        return "D" + text
    if text.endswith("Z") or text[-6] in "+-":
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return "Z" + value.astimezone(timezone.utc).replace(tzinfo=None).isoformat(timespec="seconds")
    return "F" + text


def to_datetime(normal: str) -> datetime:
    """An aware UTC datetime (instants), else a naive one, for ordering and arithmetic."""
    if normal[0] == "D":
        return datetime.combine(date.fromisoformat(normal[1:]), datetime.min.time())
    value = datetime.fromisoformat(normal[1:])
    return value.replace(tzinfo=timezone.utc) if normal[0] == "Z" else value
