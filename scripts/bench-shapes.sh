#!/usr/bin/env bash
# The month view and the import against libical on calendars of other shapes than the project's
# own mix (scripts/gen_calendar.py --shape: default, zoned-count, overrides, long-descriptions,
# many-vtimezones), measured side by side: for each shape, R rounds of
#   libical's whole-file parse       Benchmarks/floor.c: floor parse FILE
#   the month view                   icsview FILE --month 2025-06 --no-agenda --today 2025-06-15 --tz UTC
#   the import (and summary)         icsview FILE --format json
# interleaved in that order, then the medians and the ratios to libical's: the month's time
# (target ≤ 0.25×) and the import's peak memory (target ≤ 0.3×). Prints the Markdown table of
# docs/benchmarks.md ("Other shapes") with the load average; also bench-out/shapes/results.md.
#
# Usage: scripts/bench-shapes.sh [--events N] [--runs R] [SHAPE...]
#   ICSVIEW_BIN=path times that binary instead of building it (release).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
EVENTS=100000
RUNS=5
SHAPES=()
while [ $# -gt 0 ]; do
    case "$1" in
        --events) EVENTS=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        -*) echo "usage: scripts/bench-shapes.sh [--events N] [--runs R] [SHAPE...]" >&2; exit 64 ;;
        *) SHAPES+=("$1"); shift ;;
    esac
done
[ ${#SHAPES[@]} -gt 0 ] || SHAPES=(default zoned-count overrides long-descriptions many-vtimezones)
[ -x /usr/bin/time ] || { echo "bench-shapes: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
OUT=bench-out/shapes
mkdir -p "$OUT"
ICSVIEW=${ICSVIEW_BIN:-}
if [ -z "$ICSVIEW" ]; then
    echo "== building icsview (release)" >&2
    swift build -c release --product icsview >&2 || exit 1
    ICSVIEW="$(swift build -c release --show-bin-path)/icsview"
fi
# shellcheck disable=SC2046
cc -O2 Benchmarks/floor.c $(pkg-config --cflags --libs libical) -o "$OUT/floor" || exit 1

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
timed() { # file-for-times command... → appends "secs kb" to the file
    local into=$1
    shift
    /usr/bin/time -f '%e %M' -o "$OUT/t.txt" "$@" >/dev/null 2>&1
    tail -n 1 "$OUT/t.txt" >> "$into"
}

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
for shape in "${SHAPES[@]}"; do
    cal="$OUT/$shape-$EVENTS.ics"
    if [ ! -s "$cal" ]; then
        echo "== generating $cal" >&2
        # Written under another name and moved: a run measuring meanwhile never reads half a file.
        python3 scripts/gen_calendar.py --events "$EVENTS" --shape "$shape" --out "$cal.$$.tmp" || exit 1
        mv "$cal.$$.tmp" "$cal"
    fi
    rm -f "$OUT/floor.txt" "$OUT/month.txt" "$OUT/import.txt"
    for i in $(seq "$RUNS"); do
        echo "== $shape: round $i/$RUNS" >&2
        timed "$OUT/floor.txt" "$OUT/floor" parse "$cal"
        timed "$OUT/month.txt" "$ICSVIEW" "$cal" --month 2025-06 --no-agenda --today 2025-06-15 --tz UTC
        timed "$OUT/import.txt" "$ICSVIEW" "$cal" --format json
    done
    f_t=$(cut -d' ' -f1 "$OUT/floor.txt" | median); f_m=$(cut -d' ' -f2 "$OUT/floor.txt" | median)
    m_t=$(cut -d' ' -f1 "$OUT/month.txt" | median); m_m=$(cut -d' ' -f2 "$OUT/month.txt" | median)
    i_t=$(cut -d' ' -f1 "$OUT/import.txt" | median); i_m=$(cut -d' ' -f2 "$OUT/import.txt" | median)
    size=$(stat -L -c %s "$cal")
    rows+=("$(awk -v s="$shape" -v sz="$size" -v ft="$f_t" -v fm="$f_m" -v mt="$m_t" -v mm="$m_m" -v it="$i_t" -v im="$i_m" 'BEGIN {
        printf "| %s | %.0f | %.2f | %.0f | %.2f | %.0f | **%.2f×** %s | %.2f | %.0f | **%.2f×** %s |",
            s, sz / 1e6, ft, fm / 1024, mt, mm / 1024, mt / ft, (mt / ft <= 0.25 ? "" : "(missed)"),
            it, im / 1024, im / fm, (im / fm <= 0.3 ? "" : "(missed)") }')")
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
{
echo "$EVENTS events a shape, release build, median of $RUNS interleaved rounds (libical's parse, the month, the import), $(date -u +%Y-%m-%d), $(nproc) cores, load average $load_start at the start and $load_end at the end."
echo
echo "| shape | file (MB) | libical parse (s) | libical peak (MB) | month (s) | month peak (MB) | month / libical time (≤ 0.25×) | import + summary (s) | import peak (MB) | import / libical memory (≤ 0.3×) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
} | tee "$OUT/results.md"
