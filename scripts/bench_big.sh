#!/usr/bin/env bash
# Big components: one VEVENT with many ATTENDEE, X- or EXDATE lines, many VALARMs,
# or a million EXDATE/RDATE values in 1,000 lines, each at N and at 2N, through every command
# (import alone as `--format json`, --agenda, --month, validate). Prints a Markdown table: for N and 2N the
# best CPU seconds (user + system) with the wall seconds of that run in brackets, the ratio of
# the CPU seconds (linear work gives about 2x, quadratic 4x; CPU time, since on a shared,
# loaded machine wall time mostly measures the other jobs), and the peak RSS.
#
# Usage: scripts/bench_big.sh ICSVIEW [RUNS]   (scripts/bench.sh calls it with its release build)
# Environment: BIG_SCALE=k divides every N by k (a quick look); BENCH_TIMEOUT bounds each run.
set -uo pipefail
ICSVIEW=${1:?usage: scripts/bench_big.sh ICSVIEW [RUNS]}
RUNS=${2:-3}
SCALE=${BIG_SCALE:-1}
TIMEOUT=${BENCH_TIMEOUT:-120}
cd "$(dirname "$0")/.." || exit 1
OUT=bench-out/big
mkdir -p "$OUT"
log() { echo "== $*" >&2; }

# best KEY CMD...: of RUNS runs, the least CPU seconds into CPU and that run's wall seconds
# into WALL; peak RSS (MB) into PEAK; CPU="fail(rc)" on a crash or a timeout.
CPU="" WALL="" PEAK=0
best() {
    local key=$1; shift
    CPU="" WALL="" PEAK=0
    local i wall user sys kb cpu rc
    for ((i = 1; i <= RUNS; i++)); do
        timeout "$TIMEOUT" /usr/bin/time -f '%e %U %S %M' -o "$OUT/$key.time" "$@" >/dev/null 2>"$OUT/$key.err"
        rc=$?
        # validate exits 1 when it finds errors; anything else (a crash, a timeout) is a failure.
        if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then CPU="fail($rc)"; WALL=""; return; fi
        read -r wall user sys kb < <(tail -n 1 "$OUT/$key.time")
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        if [ -z "$CPU" ] || awk -v a="$cpu" -v b="$CPU" 'BEGIN { exit !(a < b) }'; then CPU=$cpu; WALL=$wall; fi
        [ "$kb" -gt "$PEAK" ] && PEAK=$kb
    done
    PEAK=$(( PEAK / 1024 ))
}

echo "One VEVENT, each input at N and 2N (\`scripts/gen_big_component.py SHAPE N\`); best of $RUNS runs;" \
    "CPU seconds (user + system) at N → 2N, wall seconds of those runs in brackets, (ratio of the CPU seconds);" \
    "peak MB: the largest of the eight runs; $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the start."
echo
echo "| one VEVENT with | N | import (\`icsview f.ics --format json\`) | \`--agenda\` (2000) | \`--month 2000-06\` | \`validate\` | peak MB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for spec in "attendees 16000 ATTENDEE lines" "xprops 16000 X- lines" "exdate-lines 16000 EXDATE lines (daily RRULE)" \
            "exdate-zones 16000 EXDATE lines, each with its own TZID" \
            "alarms 100000 VALARMs" "exdate-values 1000000 EXDATE values in 1,000 lines" "rdate-values 1000000 RDATE values in 1,000 lines"; do
    read -r shape n label <<<"$spec"
    n=$(( n / SCALE ))
    for size in "$n" $(( 2 * n )); do
        file="$OUT/$shape-$size.ics"
        [ -f "$file" ] || { log "generating $file"; python3 scripts/gen_big_component.py "$shape" "$size" --out "$file" || exit 1; }
    done
    row="| $label | $(printf '%d' "$n" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') |"
    peak=0
    for cmd in import agenda month validate; do
        secs=() walls=()
        for size in "$n" $(( 2 * n )); do
            file="$OUT/$shape-$size.ics"
            log "$shape $size: $cmd"
            case $cmd in
                # The import alone: the JSON summary has no next-occurrence search.
                import) best "$shape-$size-$cmd" "$ICSVIEW" "$file" --format json ;;
                agenda) best "$shape-$size-$cmd" "$ICSVIEW" "$file" --agenda --from 2000-01-01 --to 2000-12-31 ;;
                month) best "$shape-$size-$cmd" "$ICSVIEW" "$file" --month 2000-06 ;;
                validate) best "$shape-$size-$cmd" "$ICSVIEW" validate "$file" ;;
            esac
            secs+=("$CPU")
            walls+=("$WALL")
            [ "$PEAK" -gt "$peak" ] && peak=$PEAK
        done
        ratio=$(awk -v a="${secs[1]}" -v b="${secs[0]}" 'BEGIN { if (a + 0 == a && b + 0 == b && b > 0) printf "%.2f×", a / b; else print "n/a" }')
        row="$row ${secs[0]} [${walls[0]}] → ${secs[1]} [${walls[1]}] ($ratio) |"
    done
    echo "$row $peak |"
done
