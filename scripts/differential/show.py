"""Both sides of one calendar, instance by instance, for triage:
show.py BINARY FILE FROM TO TZ (run with the harness's venv python)."""

from __future__ import annotations

import os
import sys

import icsview_side
import reference


def main() -> None:
    binary, path, from_day, to_day, tz = sys.argv[1:6]
    path = os.path.abspath(path)
    with open(path, newline="") as f:
        text = f.read()
    theirs, _ = reference.expand(text, from_day, to_day, tz)
    ours, errors = icsview_side.run(binary, [path], from_day, to_day, tz)
    rows = [("icsview  ", i) for i in ours.get(path, [])] + [("reference", i) for i in theirs]
    rows.sort(key=lambda r: (r[1].uid, r[1].start, r[0]))
    for side, i in rows:
        print(f"{side} {i.uid:<22} rid={i.rid or '-':<22} {i.start} → {i.end} {i.summary!r}")
    if errors.strip():
        print(errors.strip())


if __name__ == "__main__":
    main()
