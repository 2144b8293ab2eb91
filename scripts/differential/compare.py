"""Compares one calendar's occurrences on both sides as (uid, recurrence id, start, end, summary),
after the narrow skips of skips.py, and says what differs in a few lines."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

import skips


@dataclass
class Result:
    only_icsview: list = field(default_factory=list)
    only_reference: list = field(default_factory=list)
    ends: list = field(default_factory=list)  # (key, icsview end, reference end)
    skipped: Counter = field(default_factory=Counter)

    @property
    def differs(self) -> bool:
        return bool(self.only_icsview or self.only_reference or self.ends)

    def lines(self, limit: int = 12) -> list[str]:
        out = []
        for key in self.only_icsview:
            out.append("  icsview only:   " + show(key))
        for key in self.only_reference:
            out.append("  reference only: " + show(key))
        for key, ours, theirs in self.ends:
            out.append(f"  end differs:    {show(key)}: icsview {ours[1:]}, reference {theirs[1:]}")
        if len(out) > limit:
            out = out[:limit] + [f"  … {len(out) - limit} more"]
        return out


def show(key) -> str:
    uid, rid, start, summary = key
    rid = "-" if not rid else rid if rid == "*" else rid[1:]
    return f"{uid} rid={rid} start={start[1:]} {summary!r}"


def compare(reference: list, ours: list, info: dict, range_start) -> Result:
    """`range_start`: the start of the agenda's range, an aware datetime in the viewer's zone."""
    result = Result()

    def keyed(instances, is_reference):
        groups = defaultdict(list)
        seen: set = set()
        for inst in instances:
            item = info.get(inst.uid, skips.SeriesInfo())
            if is_reference and skips.skip_reference_instance(item, inst, seen):
                result.skipped["nonexistent-local-time"] += 1
                continue
            if is_reference and skips.duplicate_rdate(item, inst, seen):
                result.skipped["duplicate-rdate"] += 1
                continue
            if skips.naive_collision(item, inst, "EXDATE") or skips.naive_collision(item, inst, "RECURRENCE-ID"):
                result.skipped["wall-time-as-utc"] += 1
                continue
            if skips.edge_by_exact_duration(item, inst, range_start):
                result.skipped["exact-duration-across-dst"] += 1
                continue
            if skips.naive_collision(item, inst, "PERIOD") and skips.before_range(inst, range_start):
                result.skipped["wall-time-as-utc"] += 1
                continue
            if skips.period_before_range(item, inst, range_start):
                result.skipped["rdate-period-before-range"] += 1
                continue
            reason = skips.skip_instance(item, inst, is_reference)
            if reason:
                result.skipped[reason] += 1
                continue
            rid = "*" if item.this_and_future and inst.rid else inst.rid
            groups[(inst.uid, rid, inst.start, inst.summary)].append(inst)
        return groups

    theirs = keyed(reference, True)
    mine = keyed(ours, False)
    for key in sorted(set(theirs) | set(mine), key=lambda k: tuple(str(x) for x in k)):
        a, b = mine.get(key, []), theirs.get(key, [])
        if len(a) > len(b):
            result.only_icsview += [key] * (len(a) - len(b))
        elif len(b) > len(a):
            result.only_reference += [key] * (len(b) - len(a))
        for x, y in zip(sorted(a, key=lambda i: i.end), sorted(b, key=lambda i: i.end)):
            if x.end == y.end:
                continue
            item = info.get(key[0], skips.SeriesInfo())
            reason = skips.skip_end(item, y.raw_start, [x.end, y.end], x.rid)
            if reason:
                result.skipped[reason] += 1
                continue
            if skips.naive_collision(item, x, "PERIOD"):
                result.skipped["wall-time-as-utc"] += 1
                continue
            if item.this_and_future and x.rid in item.period_starts:
                result.skipped["icsview-finding-F2"] += 1
                continue
            result.ends.append((key, x.end, y.end))
    return result
