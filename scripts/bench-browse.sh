#!/usr/bin/env bash
# The browser's speed in a real terminal: from start to the first full screen, and from each key
# to its frame written (icsview browse --benchmark), for the bundled calendar and a generated one
# of 10,000 events, in a detached tmux session of 100×30.
#
#   bash scripts/bench-browse.sh [--runs N] [--build debug|release]
#
# Keys, 0.3 s apart (a person's pace; the browser works out the months beside the shown one
# while no key waits): l l j j k PageDown PageDown PageUp h Space l Shift+Right, then
# PageDown ×3 and PageUp ×3 0.05 s apart (faster than the months ahead can be worked out).
# Prints one line of timings per run and the medians over the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3 build=release
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--build debug|release]" >&2; exit 64 ;;
  esac
done
command -v tmux >/dev/null || { echo "tmux is needed (scripts/setup.sh installs it)" >&2; exit 69; }
if [ "$build" = release ]; then swift build -c release --product icsview >/dev/null; fi
bin="$(swift build -c "$build" --show-bin-path)/icsview"
work="$(mktemp -d)"
trap 'tmux -L icsview-bench kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
python3 scripts/gen_calendar.py --events 10000 --out "$work/10k.ics" >/dev/null

one_run() { # calendar → the timings line
  local calendar="$1" out="$work/timings.txt"
  rm -f "$out"
  tmux -L icsview-bench -f /dev/null new-session -d -s bench -x 100 -y 30 \
    "NO_COLOR=1 TZ=UTC LANG=C.UTF-8 ICSVIEW_CONFIG= XDG_CONFIG_HOME=/nonexistent '$bin' browse --benchmark --today 2024-10-10 '$calendar' 2>'$out'"
  # The first screen: wait until the month's title is drawn.
  for _ in $(seq 1 600); do
    tmux -L icsview-bench capture-pane -p -t bench 2>/dev/null | grep -q "October 2024" && break
    sleep 0.05
  done
  for key in l l j j k NPage NPage PPage h Space l S-Right; do
    tmux -L icsview-bench send-keys -t bench "$key"; sleep 0.3
  done
  for key in NPage NPage NPage PPage PPage PPage; do
    tmux -L icsview-bench send-keys -t bench "$key"; sleep 0.05
  done
  sleep 1
  tmux -L icsview-bench send-keys -t bench q
  for _ in $(seq 1 200); do [ -s "$out" ] && break; sleep 0.05; done
  sleep 0.2
  tmux -L icsview-bench kill-server 2>/dev/null || true
  cat "$out"
}

echo "icsview browse, $build build, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
for calendar in Fixtures/import/google-team.ics "$work/10k.ics"; do
  name="$(basename "$calendar")"
  lines=()
  for run in $(seq 1 "$runs"); do
    line="$(one_run "$calendar")"
    echo "$name run $run: $line"
    lines+=("$line")
  done
  printf '%s\n' "${lines[@]}" | python3 -c '
import re, statistics, sys
rows = [l for l in sys.stdin.read().splitlines() if l.strip()]
def grab(pattern):
    return [float(m.group(1)) for m in (re.search(pattern, r) for r in rows) if m]
read = grab(r"calendars read ([0-9.]+) ms"); first = grab(r"first full screen ([0-9.]+) ms")
keys = [[float(x) for x in m.group(1).split()] for m in (re.search(r"\(each: ([0-9. ]+)\)", r) for r in rows) if m]
nan = float("nan")
med = lambda xs: statistics.median(xs) if xs else nan
# Keys 6-7 and 13-18 (1-based) show months not shown before (PageDown, PageDown; the fast ones).
paced = [k[i] for k in keys for i in (5, 6) if len(k) > i]
fast = [k[i] for k in keys for i in range(12, 18) if len(k) > i]
inmonth = [k[i] for k in keys for i in (0, 1, 2, 3, 4, 8, 9, 10, 11) if len(k) > i]
print(f"  medians over {len(rows)} runs: calendars read {med(read):.1f} ms, first full screen {med(first):.1f} ms, "
      f"a key in the month {med(inmonth):.1f} ms (max {max(inmonth, default=nan):.1f}), "
      f"PageDown to a new month at 0.3 s pace {med(paced):.1f} ms (max {max(paced, default=nan):.1f}), "
      f"PageDown/Up 0.05 s apart {med(fast):.1f} ms (max {max(fast, default=nan):.1f})")
'
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
