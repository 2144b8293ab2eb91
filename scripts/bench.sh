#!/usr/bin/env bash
# ICSKit benchmark: icsview against the libical floor on a synthetic calendar.
#
# Usage (from anywhere; works in the repo root):
#   scripts/bench.sh [--events N] [--runs R] [--seed S]
#
# Steps: build icsview (release), generate bench-out/calendar.ics (skipped when
# one with the same N, seed and generator is there), compile Benchmarks/floor.c,
# then time each command R times (default 3) with /usr/bin/time, keeping the best
# wall time and the peak RSS. Prints a Markdown table for the README on stdout
# (also saved to bench-out/results.md); progress goes to stderr.
# A piece that is missing or fails (icsview without an option yet, a stub that
# prints no JSON) shows as "n/a" with a note; the rest still runs.
# Environment: ICSVIEW_BIN=path times that binary (and the icskit-bench beside it) instead of building;
# BENCH_TIMEOUT=seconds bounds each run (default 900); BENCH_BIG=0 skips the "Big components"
# rows (scripts/bench_big.sh).
set -uo pipefail

EVENTS=100000
RUNS=3
SEED=5545
FROM=2025-01-01
TO=2025-12-31
TIMEOUT=${BENCH_TIMEOUT:-900} # seconds per run

usage() { echo "usage: scripts/bench.sh [--events N] [--runs R] [--seed S]" >&2; exit 64; }
while [ $# -gt 0 ]; do
    case "$1" in
        --events) [ $# -ge 2 ] || usage; EVENTS=$2; shift 2 ;;
        --events=*) EVENTS=${1#*=}; shift ;;
        --runs) [ $# -ge 2 ] || usage; RUNS=$2; shift 2 ;;
        --runs=*) RUNS=${1#*=}; shift ;;
        --seed) [ $# -ge 2 ] || usage; SEED=$2; shift 2 ;;
        --seed=*) SEED=${1#*=}; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "Error: unknown argument '$1'" >&2; usage ;;
    esac
done
for n in "$EVENTS" "$RUNS" "$SEED"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "Error: '$n' is not a number" >&2; usage; }
done
[ "$RUNS" -ge 1 ] || usage

cd "$(dirname "$0")/.." || exit 1
OUT=bench-out
mkdir -p "$OUT"
log() { echo "== $*" >&2; }

# --- tools -------------------------------------------------------------------
if [ ! -x /usr/bin/time ]; then
    log "installing GNU time (/usr/bin/time)"
    if [ "$(id -u)" = 0 ]; then
        apt-get install -y -qq time >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq time >/dev/null 2>&1; }
    fi
    [ -x /usr/bin/time ] || { echo "Error: /usr/bin/time is missing: apt-get install time" >&2; exit 1; }
fi

declare -A NOTE=() # row key -> why it is n/a
ICSVIEW=${ICSVIEW_BIN:-}
if [ -n "$ICSVIEW" ]; then
    log "using ICSVIEW_BIN=$ICSVIEW (no build)"
elif log "building icsview (swift build -c release --product icsview)" &&
    swift build -c release --product icsview >"$OUT/build.log" 2>&1; then
    ICSVIEW="$(swift build -c release --show-bin-path)/icsview"
else
    NOTE[icsview]="the release build failed (see $OUT/build.log)"
    log "icsview build failed; its rows will be n/a"
fi

PHASES=""
if [ -n "${ICSVIEW_BIN:-}" ]; then
    # A given binary: use the icskit-bench built beside it, if there is one.
    [ -x "$(dirname "$ICSVIEW_BIN")/icskit-bench" ] && PHASES="$(dirname "$ICSVIEW_BIN")/icskit-bench"
elif swift build -c release --product icskit-bench >>"$OUT/build.log" 2>&1; then
    PHASES="$(swift build -c release --show-bin-path)/icskit-bench"
fi

# --- the calendar ---------------------------------------------------------------
CAL="$OUT/calendar.ics"
STAMP="events=$EVENTS seed=$SEED gen=$(sha1sum scripts/gen_calendar.py | cut -c1-12)"
if [ -f "$CAL" ] && [ "$(cat "$OUT/calendar.stamp" 2>/dev/null)" = "$STAMP" ]; then
    log "reusing $CAL ($STAMP)"
else
    log "generating $CAL ($STAMP)"
    python3 scripts/gen_calendar.py --events "$EVENTS" --seed "$SEED" --out "$CAL.tmp" || exit 1
    mv "$CAL.tmp" "$CAL"
    echo "$STAMP" >"$OUT/calendar.stamp"
fi
SIZE_MB=$(awk -v b="$(stat -c %s "$CAL")" 'BEGIN { printf "%.1f", b / 1e6 }')

# --- the floor -------------------------------------------------------------------
log "compiling Benchmarks/floor.c"
# shellcheck disable=SC2046
cc -O2 Benchmarks/floor.c $(pkg-config --cflags --libs libical) -o "$OUT/floor" || exit 1

# --- measuring ---------------------------------------------------------------------
declare -A SECS=() MB=() STDOUT=() MEDIAN=()
# median "LINES": the median of numbers given one per line (the mean of the middle two for an even count).
median() { sort -g <<<"$1" | awk 'NF { v[n++] = $1 } END { if (n == 0) exit; m = int(n / 2); printf "%.3g", (n % 2) ? v[m] : (v[m - 1] + v[m]) / 2 }'; }

# first_byte_check KEY CMD...: one untimed run; n/a unless it exits 0 and prints JSON.
first_byte_check() {
    local key=$1; shift
    "$@" 2>"$OUT/$key.err" | { head -c 1 >"$OUT/$key.first"; cat >/dev/null; }
    local rc=${PIPESTATUS[0]}
    if [ "$rc" -ne 0 ]; then
        NOTE[$key]="exit $rc: $(head -n 1 "$OUT/$key.err")"
        return 1
    fi
    case "$(cat "$OUT/$key.first")" in
        "{"|"[") return 0 ;;
        *) NOTE[$key]="exit 0 but the output is not JSON (not implemented yet?)"; return 1 ;;
    esac
}

# measure KEY STDOUT_FILE CMD...: RUNS timed runs; best wall seconds, peak RSS.
measure() {
    local key=$1 sink=$2; shift 2
    local best="" peak=0 i secs kb rc all=""
    for ((i = 1; i <= RUNS; i++)); do
        log "$key: run $i/$RUNS"
        timeout "$TIMEOUT" /usr/bin/time -f '%e %M' -o "$OUT/$key.time" "$@" >"$sink" 2>"$OUT/$key.err"
        rc=$?
        if [ "$rc" -ne 0 ]; then
            NOTE[$key]="exit $rc$([ "$rc" = 124 ] && echo " (timed out after ${TIMEOUT}s)"): $(head -n 1 "$OUT/$key.err")"
            return 1
        fi
        read -r secs kb < <(tail -n 1 "$OUT/$key.time")
        all+="$secs"$'\n'
        if [ -z "$best" ] || awk -v a="$secs" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$secs
            [ "$sink" = /dev/null ] || cp "$sink" "$OUT/$key.best"
        fi
        [ "$kb" -gt "$peak" ] && peak=$kb
    done
    SECS[$key]=$best
    MEDIAN[$key]=$(median "$all")
    MB[$key]=$(awk -v k="$peak" 'BEGIN { printf "%.0f", k / 1024 }')
}

FROM8=${FROM//-/}
TO8=${TO//-/}
measure floor_parse "$OUT/floor_parse.out" "$OUT/floor" parse "$CAL"
if [ -n "$ICSVIEW" ]; then
    first_byte_check icsview_import "$ICSVIEW" "$CAL" --format json &&
        measure icsview_import /dev/null "$ICSVIEW" "$CAL" --format json
fi
if [ -n "$ICSVIEW" ]; then
    first_byte_check icsview_validate "$ICSVIEW" validate --format json "$CAL" &&
        measure icsview_validate /dev/null "$ICSVIEW" validate --format json "$CAL"
fi
measure floor_expand "$OUT/floor_expand.out" "$OUT/floor" expand "$CAL" "$FROM8" "$TO8"
if [ -n "$ICSVIEW" ]; then
    first_byte_check icsview_agenda "$ICSVIEW" "$CAL" --agenda --from "$FROM" --to "$TO" --format json &&
        measure icsview_agenda /dev/null "$ICSVIEW" "$CAL" --agenda --from "$FROM" --to "$TO" --format json
fi
# Reminders: every alarm's triggers over the same range, in trigger order.
if [ -n "$ICSVIEW" ]; then
    first_byte_check icsview_remind "$ICSVIEW" remind "$CAL" --from "$FROM" --to "$TO" --tz UTC --format json &&
        measure icsview_remind /dev/null "$ICSVIEW" remind "$CAL" --from "$FROM" --to "$TO" --tz UTC --format json
fi

# A month view: `--month 2025-06 --no-agenda` (the grid), through the
# window-aware import; interleaved with libical's whole-file parse, RUNS pairs, median and best of each.
MONTH_ROW=""
if [ -n "$ICSVIEW" ]; then
    month_secs=() floor_secs=() month_kb=0
    for ((i = 1; i <= RUNS; i++)); do
        log "month view: run $i/$RUNS"
        /usr/bin/time -f '%e %M' -o "$OUT/month_floor.time" "$OUT/floor" parse "$CAL" >/dev/null 2>&1 || break
        timeout "$TIMEOUT" /usr/bin/time -f '%e %M' -o "$OUT/month.time" \
            "$ICSVIEW" "$CAL" --month 2025-06 --no-agenda --today 2025-06-15 --tz UTC >/dev/null 2>"$OUT/month.err" || break
        floor_secs+=("$(cut -d' ' -f1 "$OUT/month_floor.time" | tail -n 1)")
        read -r secs kb < <(tail -n 1 "$OUT/month.time")
        month_secs+=("$secs")
        [ "$kb" -gt "$month_kb" ] && month_kb=$kb
    done
    if [ "${#month_secs[@]}" -eq "$RUNS" ]; then
        stats() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%s %s", v[1], (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
        read -r month_best month_median < <(stats "${month_secs[@]}")
        read -r floor_best floor_median < <(stats "${floor_secs[@]}")
        MONTH_ROW=$(awk -v mb="$month_best" -v mm="$month_median" -v fb="$floor_best" -v fm="$floor_median" -v kb="$month_kb" \
            'BEGIN { printf "| icsview: month 2025-06, grid only (`--month 2025-06 --no-agenda`, window-aware import) | %.2f (best %.2f) | %.0f | %.2f× (best %.2f×) |", mm, mb, kb / 1024, mm / fm, mb / fb }')
        MONTH_NOTE="- Month view: median of $RUNS runs interleaved with \`floor parse\` (median $floor_median s, best $floor_best s in those runs); the ratio is median to median (best to best). Target ≤ 0.25×."
    else
        NOTE[icsview_month]="the month view or the floor failed: $(head -n 1 "$OUT/month.err" 2>/dev/null)"
    fi
fi

# The expansion alone (no output), best of RUNS: Benchmarks/ExpansionBenchmark. Each run is
# paired with a run of `floor expand` (libical's iterator alone, as it reports it), so that both
# sides of the ratio are measured in the same minutes: on a shared machine the load drifts over
# the several minutes between this part and the table's own `floor expand` runs.
BEST_EXPAND=""; BEST_IMPORT=""; PHASE_COUNT=""; ALL_EXPAND=""; PAIR_ITERS=""
if [ -n "$PHASES" ]; then
    for ((i = 1; i <= RUNS; i++)); do
        log "icskit-bench: run $i/$RUNS (with floor expand)"
        "$OUT/floor" expand "$CAL" "$FROM8" "$TO8" >"$OUT/expand_pair.out" 2>/dev/null &&
            PAIR_ITERS+="$(sed -n 's/^iterate_seconds: //p' "$OUT/expand_pair.out")"$'\n'
        line=$("$PHASES" "$CAL" "$FROM" "$TO" 2>>"$OUT/phases.err") || break
        e=$(sed -n 's/.*"expansionSeconds":\([0-9.e-]*\).*/\1/p' <<<"$line")
        m=$(sed -n 's/.*"importSeconds":\([0-9.e-]*\).*/\1/p' <<<"$line")
        PHASE_COUNT=$(sed -n 's/.*"occurrences":\([0-9]*\).*/\1/p' <<<"$line")
        ALL_EXPAND+="$e"$'\n'
        if [ -z "$BEST_EXPAND" ] || awk -v a="$e" -v b="$BEST_EXPAND" 'BEGIN { exit !(a < b) }'; then BEST_EXPAND=$e; fi
        if [ -z "$BEST_IMPORT" ] || awk -v a="$m" -v b="$BEST_IMPORT" 'BEGIN { exit !(a < b) }'; then BEST_IMPORT=$m; fi
    done
fi
# libical's iterator in those pairs: best and median (empty when the floor failed).
BEST_ITER=$(sort -g <<<"$PAIR_ITERS" | awk 'NF { print; exit }')
MEDIAN_ITER=$(median "$PAIR_ITERS")

# --- the report ---------------------------------------------------------------------
field() { sed -n "s/^$2: //p" "$OUT/$1.best" 2>/dev/null; }
row() { # KEY BASE_KEY LABEL
    local key=$1 base=$2 label=$3 s=${SECS[$1]:-} ratio="n/a"
    if [ -z "$s" ]; then
        printf '| %s | n/a | n/a | n/a |\n' "$label"
        return
    fi
    if [ -n "${SECS[$base]:-}" ]; then
        ratio=$(awk -v a="$s" -v b="${SECS[$base]}" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "n/a" }')
    fi
    printf '| %s | %s | %s | %s |\n' "$label" "$s" "${MB[$key]}" "$ratio"
}

{
    echo "Calendar: $EVENTS events, $SIZE_MB MB (\`scripts/gen_calendar.py --events $EVENTS --seed $SEED\`);" \
        "best of $RUNS runs; $(nproc) cores, $(uname -m), libical $(pkg-config --modversion libical)."
    echo
    echo "| what | seconds | peak MB | ratio |"
    echo "| --- | ---: | ---: | ---: |"
    row floor_parse floor_parse "libical: parse the whole file (\`floor parse\`)"
    row icsview_import floor_parse "icsview: import + summary (\`--format json\`)"
    row icsview_validate icsview_import "icsview: validate (\`validate --format json\`)"
    row floor_expand floor_expand "libical: parse + expand every RRULE over $FROM..$TO (\`floor expand\`)"
    row icsview_agenda floor_expand "icsview: agenda $FROM..$TO (\`--agenda --format json\`)"
    row icsview_remind icsview_agenda "icsview: reminders $FROM..$TO (\`remind --format json\`)"
    [ -n "$MONTH_ROW" ] && echo "$MONTH_ROW"
    echo
    echo "- Ratios: import against libical's parse, validate against icsview's import, agenda against libical's parse + expand, reminders against the agenda. Seconds are wall time (\`/usr/bin/time -f %e\`), peak MB the maximum resident set."
    if [ -n "${SECS[floor_parse]:-}" ]; then
        echo "- libical parse alone: $(field floor_parse parse_seconds) s, $(field floor_parse x_lic_errors) X-LIC-ERROR, $(field floor_parse vevents) VEVENTs."
    fi
    if [ -n "${SECS[floor_expand]:-}" ]; then
        echo "- libical expand: parse $(field floor_expand parse_seconds) s + iterate $(field floor_expand iterate_seconds) s over $(field floor_expand series) series: $(field floor_expand instances_in_range) instances in range."
    fi
    if [ -n "$BEST_EXPAND" ] && [ -n "$BEST_ITER" ]; then
        echo "- The expansion alone (\`icskit-bench\`, every occurrence iterated, nothing written): best $(printf '%.3f' "$BEST_EXPAND") s, median $(median "$ALL_EXPAND") s for $PHASE_COUNT occurrences" \
            "(import $(printf '%.3f' "$BEST_IMPORT") s), against libical's iterator in $RUNS runs of \`floor expand\` interleaved with them, best $BEST_ITER s, median $MEDIAN_ITER s:" \
            "$(awk -v a="$BEST_ITER" -v b="$BEST_EXPAND" 'BEGIN { printf "%.1f", a / b }')× faster best to best, $(awk -v a="$MEDIAN_ITER" -v b="$(median "$ALL_EXPAND")" 'BEGIN { printf "%.1f", a / b }')× median to median." \
            "(libical counts instances whose own date is in the range, ICSKit occurrences that overlap it in UTC, multi-day ones included: the counts differ slightly.)"
    fi
    [ -n "$MONTH_ROW" ] && echo "$MONTH_NOTE"
    for key in icsview icsview_import icsview_validate floor_parse floor_expand icsview_agenda icsview_remind icsview_month; do
        [ -n "${NOTE[$key]:-}" ] && echo "- n/a ($key): ${NOTE[$key]}"
    done
} | tee "$OUT/results.md"

# ====== agenda, expansion and the Python peer ==================
# Own part of this script: the agenda and expansion rows side by side with libical's floor and with
# icalendar + recurring-ical-events (pinned as in scripts/differential/requirements.txt, in the
# differential harness's venv), as ratios of this run; best and median of RUNS.
# BENCH_PEER=0 skips the Python peer; BENCH_PEER_EVENTS (default 10000) sizes its calendar.
PEER_EVENTS=${BENCH_PEER_EVENTS:-10000}
if [ -n "$ICSVIEW" ] && [ "${BENCH_PEER:-1}" != 0 ]; then
    VENV=${DIFF_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/icsview-differential}
    REQUIREMENTS=scripts/differential/requirements.txt
    if ! cmp -s "$REQUIREMENTS" "$VENV/requirements.txt" 2>/dev/null; then
        log "installing the Python peer's pinned packages into $VENV"
        rm -rf "$VENV"
        python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$REQUIREMENTS" &&
            cp "$REQUIREMENTS" "$VENV/requirements.txt"
    fi
    PEER_CAL="$OUT/calendar-$PEER_EVENTS.ics"
    PEER_STAMP="events=$PEER_EVENTS seed=$SEED gen=$(sha1sum scripts/gen_calendar.py | cut -c1-12)"
    if [ ! -f "$PEER_CAL" ] || [ "$(cat "$PEER_CAL.stamp" 2>/dev/null)" != "$PEER_STAMP" ]; then
        log "generating $PEER_CAL ($PEER_STAMP)"
        python3 scripts/gen_calendar.py --events "$PEER_EVENTS" --seed "$SEED" --out "$PEER_CAL" && echo "$PEER_STAMP" >"$PEER_CAL.stamp"
    fi
    measure agenda_small /dev/null "$ICSVIEW" "$PEER_CAL" --agenda --from "$FROM" --to "$TO" --tz UTC --format json
    if [ -x "$VENV/bin/python" ]; then
        measure peer_small /dev/null "$VENV/bin/python" Benchmarks/peer.py "$PEER_CAL" "$FROM" "$TO"
    else
        NOTE[peer_small]="no venv with the pinned icalendar + recurring-ical-events at $VENV"
    fi
fi
{
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b != "" && b > 0) printf "%.2f", a / b; else print "n/a" }'; }
    echo
    echo "Agenda and expansion (best and median of $RUNS runs in this run; $(nproc) cores, libical $(pkg-config --modversion libical)):"
    echo
    echo "| what | best s | median s | against | ratio (best) | target |"
    echo "| --- | ---: | ---: | --- | ---: | --- |"
    echo "| icsview: agenda $FROM..$TO, $EVENTS events (\`--agenda --format json\`) | ${SECS[icsview_agenda]:-n/a} | ${MEDIAN[icsview_agenda]:-n/a} | libical parse + iterate (\`floor expand\`, ${SECS[floor_expand]:-n/a} s) | $(ratio "${SECS[icsview_agenda]:-}" "${SECS[floor_expand]:-}")× | ≤ 0.30× |"
    echo "| expansion alone, $EVENTS events (\`icskit-bench\`, nothing written) | $( [ -n "$BEST_EXPAND" ] && printf '%.2f' "$BEST_EXPAND" || echo n/a) | $(median "$ALL_EXPAND") | libical's iterator alone, interleaved runs (best ${BEST_ITER:-n/a} s, median ${MEDIAN_ITER:-n/a} s) | $(ratio "$BEST_ITER" "$BEST_EXPAND")× faster (median $(ratio "$MEDIAN_ITER" "$(median "$ALL_EXPAND")")×) | ≥ 10× faster |"
    echo "| icsview: agenda $FROM..$TO, $PEER_EVENTS events (\`--tz UTC --format json\`) | ${SECS[agenda_small]:-n/a} | ${MEDIAN[agenda_small]:-n/a} | icalendar + recurring-ical-events (\`Benchmarks/peer.py\`, ${SECS[peer_small]:-n/a} s, median ${MEDIAN[peer_small]:-n/a}) | $(ratio "${SECS[peer_small]:-}" "${SECS[agenda_small]:-}")× faster | ≥ 60× faster |"
    for key in agenda_small peer_small; do
        [ -n "${NOTE[$key]:-}" ] && echo "- n/a ($key): ${NOTE[$key]}"
    done
} | tee -a "$OUT/results.md"
# ====== end of the agenda, expansion and peer part ==========================================

# --- big components: one VEVENT of many lines, every command ----------------
if [ -n "$ICSVIEW" ] && [ "${BENCH_BIG:-1}" != 0 ]; then
    log "big components (scripts/bench_big.sh; BENCH_BIG=0 skips them)"
    { echo; echo "Big components:"; echo; bash scripts/bench_big.sh "$ICSVIEW" "$RUNS"; } | tee -a "$OUT/results.md"
fi

# --- hostile views -----------------------------------------
# Inputs from scripts/gen_hostile.py (generated here, kept in bench-out/hostile/); each row is
# one icsview command, best of RUNS; target: each under 0.5 s and 150 MB (the zone agenda: 1 s).
if [ -n "$ICSVIEW" ]; then
    HOSTILE="$OUT/hostile"
    mkdir -p "$HOSTILE"
    for shape in attach exdate longdaily year1 zones; do
        if [ ! -f "$HOSTILE/$shape.ics" ] || [ scripts/gen_hostile.py -nt "$HOSTILE/$shape.ics" ]; then
            log "generating $HOSTILE/$shape.ics"
            python3 scripts/gen_hostile.py "$shape" --out "$HOSTILE/$shape.ics" || exit 1
        fi
    done
    HOSTILE_ROWS=(
        "hv_attach|hourly event, 4 MB ATTACH: \`--month --format json\`|$HOSTILE/attach.ics --month 2025-01 --format json"
        "hv_exdate|hourly event, one 15 MB EXDATE line: \`--month --format json\`|$HOSTILE/exdate.ics --month 2025-01 --format json"
        "hv_long_json|four daily series of 1,000-day instances: \`--month --format json\`|$HOSTILE/longdaily.ics --month 2025-01 --format json"
        "hv_long_text|four daily series of 1,000-day instances: \`--month\` (text)|$HOSTILE/longdaily.ics --month 2025-01"
        "hv_long_week|four daily series of 1,000-day instances: \`--week --format json\`|$HOSTILE/longdaily.ics --week 2025-01-15 --format json"
        "hv_year1_json|weekly from 0001, 3,000-year instances: \`--month --format json\`|$HOSTILE/year1.ics --month 2025-01 --format json"
        "hv_year1_text|weekly from 0001, 3,000-year instances: \`--month\` (text)|$HOSTILE/year1.ics --month 2025-01"
        "hv_zones|VTIMEZONE of 100,000 observances: \`--agenda\` 0001–9999, 9,999 instances|$HOSTILE/zones.ics --agenda --from 0001-01-01 --to 9999-12-31 --format json"
    )
    for entry in "${HOSTILE_ROWS[@]}"; do
        IFS='|' read -r key _ command <<<"$entry"
        # shellcheck disable=SC2086
        measure "$key" /dev/null "$ICSVIEW" $command --today 2025-01-15
    done
    {
        echo
        echo "Hostile views (\`scripts/gen_hostile.py\`; best of $RUNS runs; target under 0.5 s and 150 MB each, the zone agenda under 1 s):"
        echo
        echo "| input and view | seconds | peak MB |"
        echo "| --- | ---: | ---: |"
        missing=""
        for entry in "${HOSTILE_ROWS[@]}"; do
            IFS='|' read -r key label _ <<<"$entry"
            if [ -n "${SECS[$key]:-}" ]; then
                printf '| %s | %s | %s |\n' "$label" "${SECS[$key]}" "${MB[$key]}"
            else
                printf '| %s | n/a | n/a |\n' "$label"
                missing+="- n/a ($key): ${NOTE[$key]:-}"$'\n'
            fi
        done
        echo
        printf '%s' "$missing"
        if [ -n "$PHASES" ]; then
            # The zone row is mostly the import of 500,000 lines; the expansion alone, from icskit-bench:
            line=$("$PHASES" "$HOSTILE/zones.ics" 0001-01-01 9999-12-31 2>/dev/null) &&
                echo "- VTIMEZONE of 100,000 observances, \`icskit-bench\` 0001–9999: import $(sed -n 's/.*"importSeconds":\([0-9.]*\).*/\1/p' <<<"$line" | cut -c1-5) s," \
                    "expansion $(sed -n 's/.*"expansionSeconds":\([0-9.]*\).*/\1/p' <<<"$line" | cut -c1-5) s" \
                    "for $(sed -n 's/.*"occurrences":\([0-9]*\).*/\1/p' <<<"$line") occurrences."
        fi
    } | tee -a "$OUT/results.md"
fi
