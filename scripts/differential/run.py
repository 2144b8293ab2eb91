"""Differential run: generate COUNT calendars from SEED, expand each with icsview and with
recurring-ical-events, and compare. Run by scripts/differential.sh (which makes the venv and
finds the binary); usage: run.py BINARY COUNT SEED OUTDIR.

Environment: DIFF_CONVENTIONS=1 also generates the shapes of the real-feed conventions (see
generate.CONVENTIONS); their differences are listed but do not fail the run.
DIFF_ONLY=N[,N…] runs only those calendar numbers (to reproduce one).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
import traceback
from collections import Counter, defaultdict

import compare
import generate
import icsview_side
import reference
import series_facts


def main() -> int:
    binary, count, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    conventions = os.environ.get("DIFF_CONVENTIONS") == "1"
    only = os.environ.get("DIFF_ONLY")
    indices = [int(n) for n in only.split(",")] if only else range(count)
    began = time.monotonic()
    calendars_dir = os.path.join(out, "calendars")
    failing_dir = os.path.join(out, "failing")
    for d in (calendars_dir, failing_dir):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    calendars = [generate.generate(seed, i, conventions) for i in indices]
    groups = defaultdict(list)
    for cal in calendars:
        path = os.path.join(calendars_dir, cal.name)
        with open(path, "w", newline="") as f:
            f.write(cal.text)
        groups[(cal.from_day, cal.to_day, cal.tz)].append((cal, path))

    ours, stderr = {}, {}
    for (from_day, to_day, tz), members in groups.items():
        group_began = time.monotonic()
        found, errors = icsview_side.run(binary, [p for _, p in members], from_day, to_day, tz)
        if os.environ.get("DIFF_TIMING"):
            print(f"icsview {from_day}..{to_day} {tz}: {len(members)} files, {time.monotonic() - group_began:.2f} s")
        ours.update(found)
        for _, p in members:
            stderr[p] = errors
    icsview_seconds = time.monotonic() - began

    failed, passed, convention_diffs, reference_errors = [], 0, [], []
    skipped = Counter()
    for cal in calendars:
        path = os.path.join(calendars_dir, cal.name)
        try:
            theirs, parsed = reference.expand(cal.text, cal.from_day, cal.to_day, cal.tz)
            info = series_facts.series_info(parsed, cal.text)
        except Exception as error:  # the library rejects the calendar: nothing to compare
            reference_errors.append(f"{cal.name}: {type(error).__name__}: {error}")
            continue
        range_start, _ = reference.query_range(cal.from_day, cal.to_day, cal.tz)
        result = compare.compare(theirs, ours.get(path, []), info, range_start)
        skipped += result.skipped
        if not result.differs:
            passed += 1
            continue
        convention = sorted(cal.features & set(generate.CONVENTIONS))
        head = (f"{cal.name}: --from {cal.from_day} --to {cal.to_day} --tz {cal.tz}"
                f" ({', '.join(sorted(cal.features))})")
        report = [head, *result.lines()]
        if convention:
            convention_diffs.append(report[0] + f" [convention: {', '.join(convention)}]")
            continue
        failed.append(cal.name)
        print("\n".join(report))
        shutil.copy(path, os.path.join(failing_dir, cal.name))
        with open(os.path.join(failing_dir, cal.name + ".diff"), "w") as f:
            f.write("\n".join(report) + "\n")
            f.write(f"\n$ {binary} {cal.name} --agenda --from {cal.from_day} --to {cal.to_day}"
                    f" --tz {cal.tz} --format json\n")
            f.write(icsview_side.stderr_of(stderr.get(path, ""), path) + "\n")
    for line in convention_diffs:
        print("convention (not counted): " + line)
    for line in reference_errors[:5]:
        print("reference error (not compared): " + line)
    if len(reference_errors) > 5:
        print(f"… {len(reference_errors) - 5} more calendars the library could not expand (not compared)")
    seconds = time.monotonic() - began
    print(f"differential: seed {seed}, {len(calendars)} calendars in {seconds:.1f} s"
          f" (icsview {icsview_seconds:.1f} s); skipped comparisons: "
          + (", ".join(f"{k} {v}" for k, v in sorted(skipped.items())) or "none")
          + (f"; {len(convention_diffs)} differ on conventions" if conventions else "")
          + f"; {len(reference_errors)} not expandable by the library")
    if failed:
        print(f"failing calendars saved in {failing_dir} (reproduce one: DIFF_ONLY=<n> bash scripts/differential.sh {count} {seed})")
    print(f"differential: {passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        traceback.print_exc()
        sys.exit(2)
