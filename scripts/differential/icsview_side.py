"""The side under test: `icsview FILE… --agenda --from F --to T --tz Z --format json`, run once
per query over every calendar that has that query (the files carry no NAME or X-WR-CALNAME,
so each JSON line's `calendar` is the path it was given as, and the UIDs are unique per file)."""

from __future__ import annotations

import json
import subprocess
from collections import defaultdict

from instants import from_json
from reference import Instance

# Files per icsview run: well under ARG_MAX, and a failure stays readable.
CHUNK = 400


def run(binary: str, paths: list[str], from_day: str, to_day: str, tz: str) -> tuple[dict, str]:
    """Occurrences by path, and what icsview wrote on stderr (a failed run raises)."""
    by_path: dict[str, list[Instance]] = defaultdict(list)
    errors = []
    for i in range(0, len(paths), CHUNK):
        chunk = paths[i:i + CHUNK]
        command = [binary, *chunk, "--agenda", "--from", from_day, "--to", to_day, "--tz", tz, "--format", "json"]
        done = subprocess.run(command, capture_output=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"icsview exited {done.returncode}: {' '.join(command[:3])}…\n"
                               f"{done.stderr.decode(errors='replace')[-2000:]}")
        errors.append(done.stderr.decode(errors="replace"))
        for line in done.stdout.decode().splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            by_path[item["calendar"]].append(Instance(
                item["uid"], from_json(item["recurrenceId"]), from_json(item["start"]), from_json(item["end"]),
                item["summary"] or "", item["start"], item["recurrenceId"]))
    return by_path, "".join(errors)


def stderr_of(text: str, path: str) -> str:
    """The diagnostics icsview wrote about one file."""
    return "\n".join(line for line in text.splitlines() if path in line)
