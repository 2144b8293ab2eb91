#!/usr/bin/env bash
# Release-build figures for every reproducer of the trust audit: each command's wall time, peak
# memory (GNU time's maximum resident set), exit status and output size, as the Markdown table of
# docs/trust.md ("The reproducers, measured"). Bound: 1 s and 200 MB, except where the output is
# the work (then it says how much was written).
#
# Usage: scripts/bench-reproducers.sh [--runs R]
#   --runs R  each row is the median of R runs (default 3)
#   ICSVIEW_BIN=path times that binary instead of building `swift build -c release --product icsview`.
# The reproducers are Fixtures/bounds/*, Fixtures/hostile/terminal-escapes.ics, the 211-byte
# calendar of Fixtures/validation/invalid/ and files written here into bench-out/reproducers/ (a
# 94 KB title, a 50,000-zero-width title, BYSETPOS series with EXDATEs that match nothing,
# 300,000 nested BEGIN lines, 30,000 and 300,000 repeated BEGIN:VEVENT lines, 300,000 BEGIN
# lines of other kinds (VTODO, VJOURNAL, VTIMEZONE, VEVENT with VALARM) and stray END lines,
# 300,000 events of one UID and nothing else, 20,000 alarms with UIDs, 20,000 snoozes of alarms
# that are not there, a 252-byte SECONDLY rule, 300 and 30 SECONDLY series begun months before,
# an EXDATE of five million empty values, an ATTENDEE of five million empty parameters and one
# of five million `X=` parameters, 10,000
# [calendar] sections; from the third audit: a 100 MB ATTACH line, 60 MB of short lines in one
# event, a 200 KB description searched for a 10 KB text, a directory holding a FIFO, export with
# one open end, a minutely COUNT series begun years before, two 100,000-event calendars to diff
# and a directory of 10,000 one-event files; from the fourth pass: 100,000 alarms with UIDs in one
# event, a SECONDLY series whose alarm repeats 2,000,000,000 times, a million RDATE lines and 60 MB
# of short lines in one event of the month shown; 100,000 single-event calendars one after the
# other), and a feed and a CalDAV
# collection served by scripts/hostile-feed-server.py on 127.0.0.1 (a million BEGIN and END lines
# that never pair up; a sync-collection answer of a million members).
# Prints the table on stdout (also bench-out/reproducers/results.md) with the load average.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
RUNS=3
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS=$2; shift 2 ;;
        *) echo "usage: scripts/bench-reproducers.sh [--runs R]" >&2; exit 64 ;;
    esac
done
[ -x /usr/bin/time ] || { echo "bench-reproducers: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
ICSVIEW=${ICSVIEW_BIN:-}
if [ -z "$ICSVIEW" ]; then
    echo "== building icsview (release)" >&2
    swift build -c release --product icsview >&2 || exit 1
    ICSVIEW="$(swift build -c release --show-bin-path)/icsview"
fi
OUT=bench-out/reproducers
mkdir -p "$OUT"

python3 - "$OUT" <<'EOF'
import sys
out = sys.argv[1]
head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//reproducers//EN"]
def write(name, lines):
    with open(f"{out}/{name}", "w", newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")
def minutely(uid, summary):
    return head + ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T000000Z",
                   "DURATION:PT1M", "RRULE:FREQ=MINUTELY", "SUMMARY:" + summary, "END:VEVENT", "END:VCALENDAR"]
write("title-94kb.ics", minutely("long@r", "x" * 94_000))
write("title-zero-width.ics", minutely("zw@r", "\u200b" * 50_000))
write("title-combining.ics", minutely("cm@r", "e" + "\u0301" * 80_000))
# 300,000 open to-dos, each due at one of nine times (a long task list).
write("todos-300000.ics", head + [line for i in range(300_000) for line in [
      "BEGIN:VTODO", f"UID:t{i}@r", "DTSTAMP:20240101T000000Z", f"SUMMARY:Task {i}", f"DUE:20240{1 + i % 9}15T120000Z",
      "END:VTODO"]] + ["END:VCALENDAR"])
# One hourly series with 100,000 overrides, each moving its instance by half an hour (2020 to 2031).
from datetime import datetime, timedelta
lines = head + ["BEGIN:VEVENT", "UID:m@r", "DTSTAMP:20240101T000000Z", "DTSTART:20200101T090000Z",
                "RRULE:FREQ=HOURLY", "SUMMARY:m", "END:VEVENT"]
for i in range(100_000):
    t = datetime(2020, 1, 1, 9) + timedelta(hours=i)
    lines += ["BEGIN:VEVENT", "UID:m@r", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:" + t.strftime("%Y%m%dT%H%M%SZ"),
              "DTSTART:" + (t + timedelta(minutes=30)).strftime("%Y%m%dT%H%M%SZ"), f"SUMMARY:o{i}", "END:VEVENT"]
write("overrides-100000.ics", lines + ["END:VCALENDAR"])
# A minutely series with a 180 KB DESCRIPTION ending in a meeting link (--details looks for it).
write("description-180kb-minutely.ics", head + ["BEGIN:VEVENT", "UID:d@r", "DTSTAMP:20240101T000000Z",
      "DTSTART:20240601T000000Z", "DURATION:PT1M", "RRULE:FREQ=MINUTELY", "SUMMARY:Stand-up",
      "DESCRIPTION:" + "lorem ipsum " * 15_000 + "https://meet.google.com/abc-defg-hij", "END:VEVENT", "END:VCALENDAR"])
# BYSETPOS series, each with an EXDATE that matches no instance (validate proves it cannot match).
events = []
i = 0
while sum(len(l) + 2 for l in events) < 99_000:
    events += ["BEGIN:VEVENT", f"UID:setpos-{i}@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240102T090000Z",
               "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "EXDATE:20240103T090000Z",
               "SUMMARY:Last weekday", "END:VEVENT"]
    i += 1
write("bysetpos-exdate.ics", head + events + ["END:VCALENDAR"])
write("nested-begin-300000.ics", head + ["BEGIN:VEVENT", "UID:n@r", "DTSTAMP:20240101T000000Z",
      "DTSTART:20240101T000000Z"] + ["BEGIN:X-NEST"] * 300_000 + ["END:VCALENDAR"])
write("repeated-begin-vevent-30000.ics", head + ["BEGIN:VEVENT"] * 30_000 + ["END:VCALENDAR"])
# Unclosed BEGIN lines of other kinds, 300,000 of each: top-level ones (each closes the one
# before and opens a block of its own), nested ones, a seeded mix, and stray END lines.
write("repeated-begin-vevent-300000.ics", head + ["BEGIN:VEVENT"] * 300_000)
write("repeated-begin-vtodo-300000.ics", head + ["BEGIN:VTODO"] * 300_000)
write("nested-begin-valarm-300000.ics", head + ["BEGIN:VEVENT"] + ["BEGIN:VALARM"] * 300_000)
import random
mix = random.Random(5545)
kinds = ["BEGIN:VALARM", "BEGIN:X-FOO", "BEGIN:VEVENT", "BEGIN:VTODO", "BEGIN:STANDARD", "BEGIN:VTIMEZONE", "BEGIN:DAYLIGHT"]
write("mixed-begin-300000.ics", head + [mix.choice(kinds) for _ in range(300_000)])
write("stray-end-vevent-300000.ics", head + ["END:VEVENT"] * 300_000)
# Blocks that hold nothing, of other kinds and shapes: lone journals and zones, an empty alarm in
# each event, and 300,000 events that share one UID and hold nothing else.
write("repeated-begin-vjournal-300000.ics", head + ["BEGIN:VJOURNAL"] * 300_000)
write("repeated-begin-vtimezone-300000.ics", head + ["BEGIN:VTIMEZONE"] * 300_000)
write("repeated-begin-vevent-valarm-300000.ics", head + ["BEGIN:VEVENT", "BEGIN:VALARM"] * 300_000)
write("repeated-vevent-uid-300000.ics", head + ["BEGIN:VEVENT", "UID:x"] * 300_000)
# 20,000 alarms with UIDs on a daily event, and 20,000 snooze alarms of alarms that are not there.
def alarms(name, alarm):
    lines = head + ["BEGIN:VEVENT", "UID:alarms@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T100000Z",
                    "DURATION:PT1H", "RRULE:FREQ=DAILY", "SUMMARY:Alarms"]
    for i in range(20_000):
        lines += ["BEGIN:VALARM"] + alarm(i) + ["ACTION:DISPLAY", "DESCRIPTION:Alarm", "END:VALARM"]
    write(name, lines + ["END:VEVENT", "END:VCALENDAR"])
alarms("alarms-with-uids-20000.ics", lambda i: [f"UID:a{i}", f"TRIGGER:-PT{i % 60 + 1}M"])
alarms("snoozes-of-missing-alarms-20000.ics", lambda i: [f"UID:s{i}", f"RELATED-TO;RELTYPE=SNOOZE:a{i}",
                                                         "TRIGGER;VALUE=DATE-TIME:20240601T090000Z"])
# One event whose EXDATE is five million commas (5 MB: as many empty values), and one whose
# ATTENDEE has five million empty parameters.
event = ["BEGIN:VEVENT", "UID:v@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "DURATION:PT1H",
         "RRULE:FREQ=DAILY", "SUMMARY:Values"]
write("exdate-5m-commas.ics", head + event + ["EXDATE:" + "," * 5_000_000, "END:VEVENT", "END:VCALENDAR"])
write("attendee-5m-semicolons.ics", head + event + ["ATTENDEE" + ";" * 5_000_000 + ":mailto:a@example.com",
      "END:VEVENT", "END:VCALENDAR"])
write("attendee-5m-empty-x.ics", head + event + ["ATTENDEE" + ";X=" * 5_000_000 + ":mailto:a@example.com",
      "END:VEVENT", "END:VCALENDAR"])
# A configuration of 10,000 [calendar] sections, each an empty calendar file beside it.
write("empty.ics", head + ["END:VCALENDAR"])
with open(f"{out}/calendars-10000.conf", "w") as f:
    f.write("\n".join(f"[calendar c{i}]\nfile = empty.ics\n" for i in range(10_000)))
write("secondly-252-bytes.ics", head + ["BEGIN:VEVENT", "UID:s@r", "DTSTAMP:20240101T000000Z",
      "DTSTART:20240601T000000Z", "RRULE:FREQ=SECONDLY", "SUMMARY:Tick", "END:VEVENT", "END:VCALENDAR"])
# Many SECONDLY series begun months before the range: 300 (39 KB) for the month, 30 for one
# day's agenda (2,592,000 lines).
for n in (30, 300):
    write(f"secondly-series-{n}.ics", head + [line for i in range(n) for line in [
          "BEGIN:VEVENT", f"UID:s{i}@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240101T000000Z",
          "RRULE:FREQ=SECONDLY", f"SUMMARY:Tick {i}", "END:VEVENT"]] + ["END:VCALENDAR"])
# The same 300 with an alarm five minutes before each start (remind over an hour: 1,080,000 reminders).
write("secondly-series-alarm-300.ics", head + [line for i in range(300) for line in [
      "BEGIN:VEVENT", f"UID:s{i}@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240101T000000Z",
      "RRULE:FREQ=SECONDLY", f"SUMMARY:Tick {i}", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x",
      "TRIGGER:-PT5M", "END:VALARM", "END:VEVENT"]] + ["END:VCALENDAR"])
# And beside one floating event (whose series alone is read with the reminder merge's two days of slack).
with open(f"{out}/secondly-series-alarm-300.ics", newline="") as f:
    body = f.read().replace("END:VCALENDAR\r\n", "")
with open(f"{out}/secondly-series-alarm-floating-300.ics", "w", newline="") as f:
    f.write(body + "\r\n".join(["BEGIN:VEVENT", "UID:floating@r", "DTSTAMP:20240101T000000Z",
            "DTSTART:20240603T090000", "SUMMARY:Floating", "END:VEVENT", "END:VCALENDAR", ""]))
# The third audit: one event with a 100 MB base64 ATTACH line; one of 60 MB of 74-byte lines; a
# 200 KB description of `a` (searched for a 10 KB text); a minutely COUNT series begun five years
# before today (summary); two calendars of 100,000 events sharing half their UIDs (diff); and a
# directory of 10,000 one-event files (validate DIR, below also with a FIFO named *.ics).
one = ["BEGIN:VEVENT", "UID:big@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240610T090000Z", "SUMMARY:Big"]
write("attach-100mb.ics", head + one + ["ATTACH;ENCODING=BASE64;VALUE=BINARY:" + "QUJD" * 25_000_000, "END:VEVENT", "END:VCALENDAR"])
# (in 2020: outside the month shown, so the view skims past it; an event of the month shown with
# as many properties is parsed whole, 750 MB: docs/trust.md, "Found, not fixed here")
write("lines-60mb-one-event.ics", head + one[:3] + ["DTSTART:20200610T090000Z", "SUMMARY:Big"] + ["X-A:" + "a" * 68] * 810_000
      + ["END:VEVENT", "END:VCALENDAR"])
write("description-200kb.ics", head + one + ["DESCRIPTION:" + "a" * 200_000, "END:VEVENT", "END:VCALENDAR"])
write("minutely-count-from-2020.ics", head + ["BEGIN:VEVENT", "UID:m@r", "DTSTAMP:20200101T000000Z",
      "DTSTART:20200601T090000Z", "RRULE:FREQ=MINUTELY;COUNT=2000000000", "SUMMARY:Every minute", "END:VEVENT", "END:VCALENDAR"])
def events(first, tag):
    return [l for i in range(100_000) for l in ("BEGIN:VEVENT", f"UID:u{first + i}", "DTSTAMP:20240101T000000Z",
            f"DTSTART:20240601T{(i // 60) % 24:02d}{i % 60:02d}00Z", f"SUMMARY:{tag} {i}", "END:VEVENT")]
write("diff-old-100000.ics", head + events(0, "a") + ["END:VCALENDAR"])
write("diff-new-100000.ics", head + events(50_000, "b") + ["END:VCALENDAR"])
# The fourth pass (validation and reminders): one event with 100,000 alarms with UIDs; a SECONDLY
# series whose alarm repeats 2,000,000,000 times; a million RDATE lines in one event of the month
# shown; 60 MB of 74-byte lines in one event of the month shown (validate reads it whole).
lines = head + ["BEGIN:VEVENT", "UID:alarms@r", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T100000Z",
                "DURATION:PT1H", "RRULE:FREQ=DAILY", "SUMMARY:Alarms"]
for i in range(100_000):
    lines += ["BEGIN:VALARM", f"UID:a{i}", f"TRIGGER:-PT{i % 60 + 1}M", "ACTION:DISPLAY", "DESCRIPTION:Alarm", "END:VALARM"]
write("alarms-with-uids-100000.ics", lines + ["END:VEVENT", "END:VCALENDAR"])
write("secondly-repeat-2000000000.ics", head + ["BEGIN:VEVENT", "UID:s@r", "DTSTAMP:20240101T000000Z",
      "DTSTART:20240601T000000Z", "RRULE:FREQ=SECONDLY", "SUMMARY:Tick", "BEGIN:VALARM", "ACTION:DISPLAY",
      "DESCRIPTION:Tick", "TRIGGER:-PT1M", "REPEAT:2000000000", "DURATION:PT1S", "END:VALARM", "END:VEVENT", "END:VCALENDAR"])
write("rdate-lines-1000000.ics", head + one + ["RDATE:20240%d%02dT090000Z" % (6 + i % 2, 1 + i % 28) for i in range(1_000_000)]
      + ["END:VEVENT", "END:VCALENDAR"])
write("lines-60mb-event-of-the-month.ics", head + one + ["X-A:" + "a" * 68] * 810_000 + ["END:VEVENT", "END:VCALENDAR"])
# 100,000 single-event calendars written one after the other (`cat` of a directory of them).
lines = []
for i in range(100_000):
    lines += head + ["BEGIN:VEVENT", f"UID:c{i}", "DTSTAMP:20240101T000000Z", f"DTSTART:202506{1 + i % 28:02d}T{i % 24:02d}0000Z",
                     "SUMMARY:Concatenated", "END:VEVENT", "END:VCALENDAR"]
write("calendars-100000.ics", lines)
import os
os.makedirs(f"{out}/files-10000", exist_ok=True)
for i in range(10_000):
    write(f"files-10000/e{i:05d}.ics", head + ["BEGIN:VEVENT", f"UID:f{i}", "DTSTAMP:20240101T000000Z",
          f"DTSTART:20240601T{(i // 60) % 24:02d}{i % 60:02d}00Z", f"SUMMARY:e {i}", "END:VEVENT", "END:VCALENDAR"])
EOF
mkdir -p "$OUT/fifo-dir"
[ -p "$OUT/fifo-dir/pipe.ics" ] || mkfifo "$OUT/fifo-dir/pipe.ics"

# The feed and CalDAV rows read from scripts/hostile-feed-server.py, started here on 127.0.0.1.
rm -f "$OUT/server-port"
python3 scripts/hostile-feed-server.py "$OUT/server-port" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null' EXIT
for _ in $(seq 50); do [ -s "$OUT/server-port" ] && break; sleep 0.1; done
PORT=$(cat "$OUT/server-port")
printf '[calendar gone]\ncaldav = http://127.0.0.1:%s/dav/1000000/\n' "$PORT" > "$OUT/caldav-gone.conf"
printf '[calendar full]\ncaldav = http://127.0.0.1:%s/full/10000/\n' "$PORT" > "$OUT/caldav-full.conf"

B=Fixtures/bounds
R=$OUT
# case | command line (after icsview)
CASES=(
"211-byte 20-digit DURATION, validate|validate Fixtures/validation/invalid/ICS2010-duration-twenty-digits.ics"
"211-byte 20-digit DURATION, month|--today 2024-06-15 --month Fixtures/validation/invalid/ICS2010-duration-twenty-digits.ics"
"--month 0001-01-15 (out of range: exit 64)|--month 0001-01-15 $B/weekly-all-day-0001-9999.ics"
"--from -99999y --format json (exit 64)|--agenda --from -99999y --format json $B/weekly-all-day-0001-9999.ics"
"terminal escapes, month + agenda|--today 2024-06-15 --month Fixtures/hostile/terminal-escapes.ics"
"REPEAT:100000000 minutely, month JSON|--today 2024-06-15 --month --tz UTC --format json $B/minutely-repeat-100000000.ics"
"REPEAT:100000000 minutely, remind 7 days|remind --from 2024-06-01 --next 7d --tz UTC $B/minutely-repeat-100000000.ics"
"weekly all-day 0001-9999, agenda 2024-2033|--agenda --from 2024-01-01 --to 2033-12-31 --tz UTC $B/weekly-all-day-0001-9999.ics"
"weekly all-day 0001-9999, agenda JSON 2024-2033|--agenda --from 2024-01-01 --to 2033-12-31 --tz UTC --format json $B/weekly-all-day-0001-9999.ics"
"TRIGGER:-P9999W minutely, remind 30 min|remind --from 2024-06-01 --next 30m --tz UTC $B/minutely-trigger-9999-weeks.ics"
"94 KB title minutely, month|--today 2024-06-15 --month --tz UTC $R/title-94kb.ics"
"94 KB title minutely, month JSON|--today 2024-06-15 --month --tz UTC --format json $R/title-94kb.ics"
"94 KB title minutely, agenda 7 days|--agenda --from 2024-06-03 --days 7 --tz UTC $R/title-94kb.ics"
"zero-width title minutely, month|--today 2024-06-15 --month --tz UTC $R/title-zero-width.ics"
"title of e and 80,000 combining accents minutely, month|--today 2024-06-15 --month --tz UTC $R/title-combining.ics"
"99 KB BYSETPOS + unmatched EXDATE, validate|validate $R/bysetpos-exdate.ics"
"300,000 nested BEGIN lines, validate|validate $R/nested-begin-300000.ics"
"300,000 nested BEGIN lines, month|--today 2024-01-15 --month $R/nested-begin-300000.ics"
"30,000 repeated BEGIN:VEVENT, validate|validate $R/repeated-begin-vevent-30000.ics"
"30,000 repeated BEGIN:VEVENT, month|--today 2024-01-15 --month $R/repeated-begin-vevent-30000.ics"
"300,000 repeated BEGIN:VEVENT, validate|validate $R/repeated-begin-vevent-300000.ics"
"300,000 repeated BEGIN:VTODO, validate|validate $R/repeated-begin-vtodo-300000.ics"
"300,000 nested BEGIN:VALARM, validate|validate $R/nested-begin-valarm-300000.ics"
"300,000 mixed BEGIN lines, validate|validate $R/mixed-begin-300000.ics"
"300,000 stray END:VEVENT, validate|validate $R/stray-end-vevent-300000.ics"
"300,000 stray END:VEVENT, month|--today 2024-01-15 --month $R/stray-end-vevent-300000.ics"
"300,000 repeated BEGIN:VEVENT, month|--today 2024-01-15 --month $R/repeated-begin-vevent-300000.ics"
"300,000 repeated BEGIN:VEVENT, month JSON|--today 2024-01-15 --month --format json $R/repeated-begin-vevent-300000.ics"
"300,000 repeated BEGIN:VTODO, month|--today 2024-01-15 --month $R/repeated-begin-vtodo-300000.ics"
"300,000 open to-dos, to-dos|--todos --today 2024-01-15 $R/todos-300000.ics"
"hourly series with 100,000 overrides, month|--month 2025-06 --today 2025-06-15 --tz UTC $R/overrides-100000.ics"
"100,000 calendars one after the other, summary|--format json $R/calendars-100000.ics"
"100,000 calendars one after the other, month|--month 2025-06 --no-agenda --today 2025-06-15 --tz UTC $R/calendars-100000.ics"
"300,000 repeated BEGIN:VTODO, to-dos|--todos --today 2024-01-15 $R/repeated-begin-vtodo-300000.ics"
"300,000 repeated BEGIN:VJOURNAL, validate|validate $R/repeated-begin-vjournal-300000.ics"
"300,000 repeated BEGIN:VJOURNAL, month|--today 2024-01-15 --month $R/repeated-begin-vjournal-300000.ics"
"300,000 repeated BEGIN:VTIMEZONE, validate|validate $R/repeated-begin-vtimezone-300000.ics"
"300,000 repeated BEGIN:VTIMEZONE, month|--today 2024-01-15 --month $R/repeated-begin-vtimezone-300000.ics"
"300,000 BEGIN:VEVENT + BEGIN:VALARM, validate|validate $R/repeated-begin-vevent-valarm-300000.ics"
"300,000 BEGIN:VEVENT + BEGIN:VALARM, month|--today 2024-01-15 --month $R/repeated-begin-vevent-valarm-300000.ics"
"300,000 BEGIN:VEVENT + UID:x, validate|validate $R/repeated-vevent-uid-300000.ics"
"300,000 BEGIN:VEVENT + UID:x, month|--today 2024-01-15 --month $R/repeated-vevent-uid-300000.ics"
"20,000 alarms with UIDs on a daily event, remind 1 day|remind --from 2024-06-03 --next 1d --tz UTC $R/alarms-with-uids-20000.ics"
"20,000 snoozes of missing alarms, validate|validate $R/snoozes-of-missing-alarms-20000.ics"
"20,000 snoozes of missing alarms, remind 7 days|remind --from 2024-06-01 --next 7d --tz UTC $R/snoozes-of-missing-alarms-20000.ics"
"252-byte SECONDLY, agenda 31 days|--today 2024-06-01 --agenda --tz UTC $R/secondly-252-bytes.ics"
"300 SECONDLY series begun in January (39 KB), month without agenda|--month 2024-06 --no-agenda --tz UTC $R/secondly-series-300.ics"
"300 SECONDLY series begun in January, month with agenda|--month 2024-06 --tz UTC $R/secondly-series-300.ics"
"300 SECONDLY series begun in January, week|--week 2024-05-27 --tz UTC $R/secondly-series-300.ics"
"300 SECONDLY series begun in January, summary (its next occurrence)|--summary --today 2024-06-15 --tz UTC $R/secondly-series-300.ics"
"300 SECONDLY series with an alarm, remind 1 hour|remind --from 2024-06-03 --next 1h --tz UTC $R/secondly-series-alarm-300.ics"
"the same beside one floating event, remind 1 hour|remind --from 2024-06-03 --next 1h --tz UTC $R/secondly-series-alarm-floating-300.ics"
"180 KB description on a minutely series, agenda --details of one day|--agenda --details --from 2024-06-03 --days 1 --tz UTC $R/description-180kb-minutely.ics"
"30 SECONDLY series begun in January, agenda of one day|--agenda --from 2024-06-03 --days 1 --tz UTC $R/secondly-series-30.ics"
"events from 2024 to 9999, agenda to 9999|--agenda --from 2024-01-01 --to 9999-12-31 --tz UTC $B/long-events-to-9999.ics"
"events from 2024 to 9999, search to 9999|search --from 2024-01-01 --to 9999-12-31 Last $B/long-events-to-9999.ics"
"search for one override of a SECONDLY series|search --from 2024-01-01 --to 2024-12-31 Needle $B/secondly-one-override.ics"
"--week of a minutely series begun a week before, JSON|--today 2024-06-12 --week --tz UTC --format json $B/minutely-from-the-week-before.ics"
"SECONDLY series, export --busy (12 weeks)|export --busy --from 2024-01-01 $B/secondly-one-override.ics"
"yearly rule naming every second, BYSETPOS=1,-1, month JSON|--month 2024-12 --tz UTC --format json $B/yearly-every-second-first-and-last.ics"
"EXDATE of 5,000,000 empty values, validate|validate $R/exdate-5m-commas.ics"
"ATTENDEE of 5,000,000 empty parameters, validate|validate $R/attendee-5m-semicolons.ics"
"ATTENDEE of 5,000,000 empty parameters, month|--today 2024-06-15 --month $R/attendee-5m-semicolons.ics"
"ATTENDEE of 5,000,000 empty parameters, month JSON|--today 2024-06-15 --month --format json $R/attendee-5m-semicolons.ics"
"ATTENDEE of 5,000,000 X= parameters, validate|validate $R/attendee-5m-empty-x.ics"
"ATTENDEE of 5,000,000 X= parameters, month|--today 2024-06-15 --month $R/attendee-5m-empty-x.ics"
"feed of 1,000,000 nested BEGIN:A then 1,000,000 END:B lines (16 MB, cut short), month|--cache-dir $OUT/cache --month 2024-06 http://127.0.0.1:$PORT/begin-end/1000000"
"CalDAV sync-collection answer of 1,000,000 gone members (73 MB), sync|sync --config $OUT/caldav-gone.conf --cache-dir $OUT/cache --max-size 100 gone"
"CalDAV first sync of 10,000 resources (20 multigets), sync|sync --config $OUT/caldav-full.conf --cache-dir $OUT/cache-full full"
"10,000 [calendar] sections of empty files, config check|config check --config $R/calendars-10000.conf"
"10,000 [calendar] sections of empty files, month|--month 2024-06 --config $R/calendars-10000.conf"
"10,000 [calendar] sections of empty files, validate|validate --config $R/calendars-10000.conf"
"VTIMEZONE rule naming every second, agenda JSON 1 day|--agenda --from 2024-06-10 --days 1 --tz UTC --format json $B/vtimezone-every-second.ics"
"100 MB ATTACH line, month|--today 2024-06-15 --month --tz UTC $R/attach-100mb.ics"
"60 MB of 74-byte lines in one event, month|--today 2024-06-15 --month --tz UTC $R/lines-60mb-one-event.ics"
"10 KB text in a 200 KB description, search|search $(printf 'a%.0s' $(seq 10000))b $R/description-200kb.ics --from 2024-06-01 --to 2024-06-30"
"validate DIR holding a FIFO named *.ics (exit 2)|validate $R/fifo-dir"
"export --from 2300-01-01 (open end)|export --from 2300-01-01 $R/description-200kb.ics"
"export --busy --to 2000-01-01 (open start)|export --busy --to 2000-01-01 --today 2025-06-15 $R/description-200kb.ics"
"minutely COUNT series begun 5 years before, summary|--summary --today 2025-06-15 --tz UTC $R/minutely-count-from-2020.ics"
"two calendars of 100,000 events, half the UIDs shared, diff|diff $R/diff-old-100000.ics $R/diff-new-100000.ics"
"two calendars of 100,000 events, half the UIDs shared, diff --occurrences of a day|diff --occurrences --from 2024-06-01 --to 2024-06-01 $R/diff-old-100000.ics $R/diff-new-100000.ics"
"10,000 one-event files, validate DIR|validate $R/files-10000"
"100,000 alarms with UIDs on a daily event, validate|validate $R/alarms-with-uids-100000.ics"
"100,000 alarms with UIDs on a daily event, remind 1 day|remind --from 2024-06-03 --next 1d --tz UTC $R/alarms-with-uids-100000.ics"
"SECONDLY series, alarm REPEAT:2000000000, remind 1 day|remind --from 2024-06-03 --next 1d --tz UTC $R/secondly-repeat-2000000000.ics"
"1,000,000 RDATE lines in one event, validate|validate $R/rdate-lines-1000000.ics"
"1,000,000 RDATE lines in one event, month|--today 2024-06-15 --month --tz UTC $R/rdate-lines-1000000.ics"
"60 MB of 74-byte lines in one event of the month, validate|validate $R/lines-60mb-event-of-the-month.ics"
)

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
load=$(cut -d' ' -f1-3 /proc/loadavg)
{
echo "Release build, median of $RUNS runs, load average $load at the start ($(date -u +%Y-%m-%d), $(nproc) cores)."
echo
echo "| reproducer | time (s) | peak memory (MB) | exit | output |"
echo "| --- | ---: | ---: | ---: | ---: |"
for entry in "${CASES[@]}"; do
    name=${entry%%|*}
    args=${entry#*|}
    times=() peaks=()
    for _ in $(seq "$RUNS"); do
        rm -rf "$OUT/cache" "$OUT/cache-full"    # every sync a first one, every feed fetched
        # shellcheck disable=SC2086
        /usr/bin/time -f '%e %M' -o "$OUT/time.txt" "$ICSVIEW" $args >"$OUT/stdout" 2>"$OUT/stderr"
        status=$?
        read -r t m < <(tail -n 1 "$OUT/time.txt")
        times+=("$t") peaks+=("$m")
    done
    t=$(printf '%s\n' "${times[@]}" | median)
    m=$(printf '%s\n' "${peaks[@]}" | median)
    bytes=$(stat -c %s "$OUT/stdout")
    lines=$(wc -l < "$OUT/stdout")
    printf '| %s | %.2f | %.0f | %s | %s bytes, %s lines |\n' "$name" "$t" "$(echo "$m / 1024" | bc -l)" "$status" "$bytes" "$lines"
done
} | tee "$OUT/results.md"
