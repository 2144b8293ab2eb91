#!/usr/bin/env bash
# Independent readers of `icsview export`: every fixture under Fixtures/ is exported, then read
# back by libical (scripts/export-readers/libical_check.c: its parse errors must not grow) and by
# Python's icalendar and recurring-ical-events in the differential harness's venv (the same
# components and occurrences as in the fixture). Takes seconds. Exits 1 on any difference.
#
# Environment: ICSVIEW_BIN=path uses that binary (else the newer of .build/release and
# .build/debug); DIFF_VENV as for scripts/differential.sh (made there on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${DIFF_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/icsview-differential}
if [ ! -x "$VENV/bin/python" ]; then
    # The differential script makes the venv; ask it for no calendars.
    bash scripts/differential.sh 0 1 >/dev/null
fi
BIN=${ICSVIEW_BIN:-$(ls -t .build/release/icsview .build/debug/icsview 2>/dev/null | head -n 1 || true)}
[ -n "$BIN" ] || { swift build --product icsview >&2; BIN=.build/debug/icsview; }
OUT=.build/export-readers
rm -rf "$OUT/out"
mkdir -p "$OUT/out"
cc -O1 -o "$OUT/libical_check" scripts/export-readers/libical_check.c $(pkg-config --cflags --libs libical)
: > "$OUT/pairs.tsv"
while IFS= read -r fixture; do
    exported="$OUT/out/${fixture//\//__}"
    # An input that is no calendar (the bad-input fixtures) exits 1 and writes nothing useful.
    if "$BIN" export -q --today 2026-01-01 -o "$exported" "$fixture" 2>/dev/null && [ -s "$exported" ]; then
        printf '%s\t%s\n' "$fixture" "$exported" >> "$OUT/pairs.tsv"
    fi
done < <(find Fixtures -name '*.ics' | sort)
cut -f1,2 "$OUT/pairs.tsv" | tr '\t' '\n' | xargs "$OUT/libical_check" > "$OUT/libical.tsv"
"$VENV/bin/python" scripts/export-readers/check.py "$OUT/pairs.tsv" "$OUT/libical.tsv"
