#!/usr/bin/env bash
# Differential test: icsview's --agenda --format json against icalendar + recurring-ical-events.
#
# Usage: scripts/differential.sh [count] [seed]      (defaults: 300 calendars, seed 5545)
#
# Generates `count` calendars from `seed` (scripts/differential/generate.py), runs icsview once
# per query over all calendars with that query, expands every calendar with the Python
# libraries in one process, and compares (uid, recurrence id, start, end, summary) per calendar,
# skipping narrowly where the library departs from RFC 5545 (scripts/differential/skips.py).
# Exits 1 when a calendar differs; the failing ones are saved in differential-out/failing/.
#
# Environment: ICSVIEW_BIN=path uses that binary (else .build/release or .build/debug, else a
# debug build); DIFF_VENV=dir the virtual environment (default $XDG_CACHE_HOME/icsview-differential
# or ~/.cache/icsview-differential, made on first use); DIFF_OUT=dir the output directory;
# DIFF_CONVENTIONS=1 also generates the real-feed conventions (listed, not counted);
# DIFF_ONLY=N[,N…] runs only those calendar numbers.
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${1:-300}
SEED=${2:-5545}
for n in "$COUNT" "$SEED"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "usage: scripts/differential.sh [count] [seed]" >&2; exit 64; }
done
OUT=${DIFF_OUT:-differential-out}
VENV=${DIFF_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/icsview-differential}
REQUIREMENTS=scripts/differential/requirements.txt

# The Python side, pinned: a venv made once and kept while the pins are unchanged.
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
    echo "differential: $PYTHON has no venv/ensurepip; installing python3-venv" >&2
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    PYTHON=/usr/bin/python3
fi
if ! cmp -s "$REQUIREMENTS" "$VENV/requirements.txt" 2>/dev/null; then
    echo "differential: installing $(tr '\n' ' ' < "$REQUIREMENTS")into $VENV" >&2
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$REQUIREMENTS"
    cp "$REQUIREMENTS" "$VENV/requirements.txt"
fi

# icsview: the given binary, else one already built, else a debug build.
BIN=${ICSVIEW_BIN:-}
if [ -z "$BIN" ]; then
    # the newer of a release and a debug build
    BIN=$(ls -t .build/release/icsview .build/debug/icsview 2>/dev/null | head -n 1 || true)
fi
if [ -z "$BIN" ]; then
    swift build --product icsview >&2
    BIN=.build/debug/icsview
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

mkdir -p "$OUT"
# Alarm shapes first (a few seconds): each the same as recurring-ical-events, or a difference
# argued in docs/library.md.
if ! "$VENV/bin/python" scripts/differential/alarm_shapes.py "$BIN" >"$OUT/alarm-shapes.txt"; then
    cat "$OUT/alarm-shapes.txt" >&2
    exit 1
fi
tail -n 1 "$OUT/alarm-shapes.txt"
# Then the calendars with alarms that the pinned Python packages ship with their tests.
if ! "$VENV/bin/python" scripts/differential/alarm_calendars.py "$BIN" >"$OUT/alarm-calendars.txt"; then
    cat "$OUT/alarm-calendars.txt" >&2
    exit 1
fi
tail -n 1 "$OUT/alarm-calendars.txt"
exec "$VENV/bin/python" scripts/differential/run.py "$BIN" "$COUNT" "$SEED" "$OUT"
