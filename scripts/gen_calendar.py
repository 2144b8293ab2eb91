#!/usr/bin/env python3
"""Write a deterministic synthetic iCalendar (RFC 5545) file for benchmarks.

The calendar looks like a Google Calendar export: CRLF line ends, lines folded
at 75 octets (on UTF-8 character boundaries), a VCALENDAR with PRODID, VERSION,
X-WR-CALNAME and X-WR-TIMEZONE, and three VTIMEZONEs as Google writes them
(America/New_York, Europe/Berlin, Asia/Tokyo).

Events (VEVENTs, RECURRENCE-ID overrides included in the count) start between
2023 and 2026. About a third are recurring (DAILY, WEEKLY with BYDAY, MONTHLY
with BYMONTHDAY or BYDAY=2TU, YEARLY; ending by COUNT, UNTIL or never), some
with EXDATEs and RECURRENCE-ID overrides that name real instances. Starts mix
UTC, zoned (TZID=...), floating and all-day (VALUE=DATE) values.

Usage: gen_calendar.py [--events N] [--seed S] [--shape SHAPE] [--out FILE]
Only the standard library is used; the same N, seed and shape give the same bytes.

Shapes other than the default mix (for benchmarks that must hold on other inputs):
  zoned-count        nine in ten events recurring, every start zoned, every rule ending by COUNT
                     (10 to 400 instances), DAILY and WEEKLY mostly;
  overrides          half the events recurring, and every series with 2 to 8 RECURRENCE-ID
                     overrides (moved, retitled, some cancelled) and EXDATEs;
  long-descriptions  every event with a DESCRIPTION of 0.2 to 1.5 KB (paragraphs, links, escapes),
                     folded over dozens of lines;
  many-vtimezones    300 VTIMEZONEs (each its own TZID with its own offsets and DST rules), and
                     the zoned starts spread over all of them.
"""

import argparse
import datetime as dt
import random
import sys

ZONES = ["America/New_York", "Europe/Berlin", "Asia/Tokyo"]

VTIMEZONES = {
    "America/New_York": [
        "BEGIN:VTIMEZONE", "TZID:America/New_York", "X-LIC-LOCATION:America/New_York",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "TZNAME:EDT",
        "DTSTART:19700308T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST",
        "DTSTART:19701101T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "Europe/Berlin": [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "X-LIC-LOCATION:Europe/Berlin",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST",
        "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET",
        "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "Asia/Tokyo": [
        "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "X-LIC-LOCATION:Asia/Tokyo",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "TZNAME:JST",
        "DTSTART:19700101T000000", "END:STANDARD",
        "END:VTIMEZONE",
    ],
}

WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

TOPICS = ["Team sync", "1:1", "Sprint planning", "Design review", "Lunch", "Dentist",
          "Standup", "Quarterly review", "Yoga", "Board meeting", "Release party",
          "Interview", "Customer call", "Workshop", "Retro", "Budget review",
          "Café with Zoë", "Besprechung Übergabe", "会議 (Tokyo)", "Flight LH 400",
          "School run", "Gym", "Book club", "Offsite planning", "On-call handover"]
PLACES = ["Room 4.12", "Zoom", "Google Meet", "Alexanderplatz 1, 10178 Berlin, Germany",
          "350 5th Ave, New York, NY 10118, USA", "東京都千代田区丸の内1丁目", "Cafeteria",
          "Home", "Main St; Building B", "Conference room \"Everest\"", "München Hbf"]
WORDS = ("agenda review notes follow-up decision budget roadmap metrics customer "
         "release schedule feedback owner deadline draft proposal risk migration "
         "Überblick Größe naïve résumé 日本語 テスト").split()
NAMES = ["Alice Archer", "Bob Brown", "Carla Díaz", "Dmitri Orlov", "Emma Schmidt",
         "Fumiko Tanaka", "George Miller", "Hana Kim", "Ivan Petrov", "Jürgen Weiß"]
CATEGORIES = ["Work", "Personal", "Travel", "Health", "Family", "Finance", "Meeting"]

DTSTAMP = "20250601T120000Z"
FIRST_DAY = dt.date(2023, 1, 1)
LAST_DAY = dt.date(2026, 12, 31)


def escape_text(s):
    """TEXT escaping of RFC 5545 section 3.3.11."""
    return (s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def fold(line):
    """Fold one content line at 75 octets, never splitting a UTF-8 sequence."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return data + b"\r\n"
    out = []
    limit = 75
    start = 0
    while start < len(data):
        end = min(start + limit, len(data))
        while end < len(data) and (data[end] & 0xC0) == 0x80:
            end -= 1  # back off to a character boundary
        out.append((b" " if start else b"") + data[start:end] + b"\r\n")
        start = end
        limit = 74  # continuation lines carry one leading space
    return b"".join(out)


def fmt_date(d):
    return d.strftime("%Y%m%d")


def fmt_dt(t):
    return t.strftime("%Y%m%dT%H%M%S")


class Start:
    """The kind of an event's start: utc, zoned, floating or date."""

    def __init__(self, kind, zone=None):
        self.kind, self.zone = kind, zone

    def prop(self, name, value):
        """A DTSTART/DTEND/EXDATE/RECURRENCE-ID line for a date or datetime."""
        if self.kind == "date":
            return "%s;VALUE=DATE:%s" % (name, fmt_date(value))
        if self.kind == "utc":
            return "%s:%sZ" % (name, fmt_dt(value))
        if self.kind == "zoned":
            return "%s;TZID=%s:%s" % (name, self.zone, fmt_dt(value))
        return "%s:%s" % (name, fmt_dt(value))

    def until(self, day):
        if self.kind == "date":
            return fmt_date(day)
        if self.kind == "floating":
            return fmt_date(day) + "T235959"
        return fmt_date(day) + "T235959Z"  # UTC, as RFC 5545 asks for zoned starts


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    return d.replace(year=d.year + y, month=m + 1)


def second_tuesday(year, month):
    first = dt.date(year, month, 1)
    return first + dt.timedelta(days=(1 - first.weekday()) % 7 + 7)


def instances(rule, start, k):
    """The first k instance starts of a rule made by Generator.rule (WEEKLY and later have interval 1)."""
    out = []
    freq = rule["freq"]
    if freq == "DAILY":
        for i in range(k):
            out.append(start + dt.timedelta(days=i * rule["interval"]))
    elif freq == "WEEKLY":
        days, cur = set(rule["byday"]), start
        while len(out) < k:
            if cur.weekday() in days:
                out.append(cur)
            cur += dt.timedelta(days=1)
    elif freq == "MONTHLY" and "bymonthday" in rule:
        out = [add_months(start, i) for i in range(k)]
    elif freq == "MONTHLY":
        for i in range(k):
            m = add_months(start.replace(day=1), i)
            d = second_tuesday(m.year, m.month)
            out.append(start.replace(year=d.year, month=d.month, day=d.day))
    else:
        out = [start.replace(year=start.year + i) for i in range(k)]
    return out


SHAPES = ["default", "zoned-count", "overrides", "long-descriptions", "many-vtimezones"]


def custom_zones(n):
    """n VTIMEZONEs with TZIDs of their own: offsets from -11:00 to +13:45 by quarter hours,
    every other one with a DST rule (a week of March to a week of October, or the southern way)."""
    zones = {}
    for i in range(n):
        minutes = -660 + (i * 15 * 7) % (25 * 60)
        std = "%s%02d%02d" % ("-" if minutes < 0 else "+", abs(minutes) // 60, abs(minutes) % 60)
        tzid = "Custom/Zone-%03d" % i
        lines = ["BEGIN:VTIMEZONE", "TZID:" + tzid]
        if i % 2:
            dst_minutes = minutes + 60
            dst = "%s%02d%02d" % ("-" if dst_minutes < 0 else "+", abs(dst_minutes) // 60, abs(dst_minutes) % 60)
            north = i % 4 == 1
            week = 1 + i % 4
            lines += ["BEGIN:DAYLIGHT", "TZOFFSETFROM:" + std, "TZOFFSETTO:" + dst, "TZNAME:D%03d" % i,
                      "DTSTART:19700%d0%dT020000" % (3 if north else 9, week),
                      "RRULE:FREQ=YEARLY;BYMONTH=%d;BYDAY=%dSU" % (3 if north else 9, week), "END:DAYLIGHT",
                      "BEGIN:STANDARD", "TZOFFSETFROM:" + dst, "TZOFFSETTO:" + std, "TZNAME:S%03d" % i,
                      "DTSTART:1970%02d0%dT030000" % (10 if north else 4, week),
                      "RRULE:FREQ=YEARLY;BYMONTH=%d;BYDAY=%dSU" % (10 if north else 4, week), "END:STANDARD"]
        else:
            lines += ["BEGIN:STANDARD", "TZOFFSETFROM:" + std, "TZOFFSETTO:" + std, "TZNAME:S%03d" % i,
                      "DTSTART:19700101T000000", "END:STANDARD"]
        lines.append("END:VTIMEZONE")
        zones[tzid] = lines
    return zones


class Generator:
    def __init__(self, seed, shape="default"):
        self.rng = random.Random(seed)
        self.uid_counter = 0
        self.shape = shape
        self.zones = list(custom_zones(300)) if shape == "many-vtimezones" else ZONES

    def uid(self):
        self.uid_counter += 1
        r = self.rng
        body = "".join(r.choice("abcdefghijklmnopqrstuv0123456789") for _ in range(18))
        return "%s%06d@google.com" % (body, self.uid_counter)

    def text(self, lo, hi):
        r = self.rng
        return " ".join(r.choice(WORDS) for _ in range(r.randint(lo, hi)))

    def description(self):
        r = self.rng
        if self.shape == "long-descriptions":
            paras = [self.text(20, 60).capitalize() + ", see notes; thanks: https://example.com/a?b=c&d=e"
                     for _ in range(r.randint(1, 3))]
            return "\n\n".join(paras)
        x = r.random()
        if x < 0.55:
            return None
        if x < 0.95:
            return self.text(2, 6).capitalize() + "."
        # a long one: paragraphs, commas and semicolons, folded several times
        paras = [self.text(8, 20).capitalize() + ", see notes; thanks." for _ in range(r.randint(1, 2))]
        return "\n\n".join(paras) + "\nJoin: https://meet.google.com/abc-defg-hij?authuser=0&hs=122"

    def start_kind(self):
        if self.shape == "zoned-count":
            return Start("zoned", self.rng.choice(self.zones))
        x = self.rng.random()
        if x < 0.30:
            return Start("utc")
        if x < 0.72:
            return Start("zoned", self.rng.choice(self.zones))
        if x < 0.82:
            return Start("floating")
        return Start("date")

    def start_value(self, kind):
        r = self.rng
        day = FIRST_DAY + dt.timedelta(days=r.randrange((LAST_DAY - FIRST_DAY).days + 1))
        if kind.kind == "date":
            return day
        return dt.datetime(day.year, day.month, day.day, r.choice(range(7, 21)), r.choice((0, 0, 15, 30, 45)))

    def rule(self, kind, start):
        """A recurrence rule dict and its RRULE text; may move start (e.g. to a 2nd Tuesday)."""
        r = self.rng
        x = r.random()
        if self.shape == "zoned-count":
            x *= 0.6  # DAILY and WEEKLY only
        rule = {"interval": 1}
        if x < 0.20:
            rule["freq"] = "DAILY"
            rule["interval"] = r.choice((1, 1, 1, 2, 3))
            parts = ["FREQ=DAILY"] + (["INTERVAL=%d" % rule["interval"]] if rule["interval"] > 1 else [])
        elif x < 0.60:
            rule["freq"] = "WEEKLY"
            days = {start.weekday()}
            if r.random() < 0.3:
                days |= set(r.sample(range(5), r.randint(1, 3)))
            rule["byday"] = sorted(days)
            parts = ["FREQ=WEEKLY", "BYDAY=" + ",".join(WEEKDAYS[d] for d in rule["byday"])]
        elif x < 0.85:
            rule["freq"] = "MONTHLY"
            if r.random() < 0.5:
                start = start.replace(day=min(start.day, 28))
                rule["bymonthday"] = start.day
                parts = ["FREQ=MONTHLY", "BYMONTHDAY=%d" % start.day]
            else:
                d = second_tuesday(start.year, start.month)
                start = start.replace(day=d.day)
                parts = ["FREQ=MONTHLY", "BYDAY=2TU"]
        else:
            rule["freq"] = "YEARLY"
            if start.month == 2 and start.day == 29:
                start = start.replace(day=28)
            parts = ["FREQ=YEARLY"]
        y = r.random()
        if self.shape == "zoned-count":
            rule["count"] = r.randint(10, 400)
            parts.append("COUNT=%d" % rule["count"])
        elif y < 0.35:
            rule["count"] = r.choice((2, 5, 10, 10, 12, 20, 52, 100))
            parts.append("COUNT=%d" % rule["count"])
        elif y < 0.70:
            span = {"DAILY": 60, "WEEKLY": 365, "MONTHLY": 730, "YEARLY": 1460}[rule["freq"]]
            day = start if isinstance(start, dt.date) and not isinstance(start, dt.datetime) else start.date()
            rule["until"] = day + dt.timedelta(days=r.randint(span // 4, span))
            parts.append("UNTIL=" + kind.until(rule["until"]))
        if r.random() < 0.1 and rule["freq"] == "WEEKLY":
            parts.append("WKST=SU")
        return rule, start, ";".join(parts)

    def event_lines(self, uid, kind, start, end, summary, rrule=None, exdates=(), recurrence_id=None, sequence=0):
        r = self.rng
        lines = ["BEGIN:VEVENT", kind.prop("DTSTART", start), kind.prop("DTEND", end)]
        if rrule:
            lines.append("RRULE:" + rrule)
        for ex in exdates:
            lines.append(kind.prop("EXDATE", ex))
        lines.append("DTSTAMP:" + DTSTAMP)
        if r.random() < 0.10:
            org = r.choice(NAMES)
            lines.append("ORGANIZER;CN=%s:mailto:%s@example.com" % (org, org.split()[0].lower()))
            for name in r.sample(NAMES, r.randint(1, 2)):
                lines.append("ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=%s;CN=%s;X-NUM-GUESTS=0:mailto:%s@example.com"
                             % (r.choice(("ACCEPTED", "NEEDS-ACTION", "DECLINED", "TENTATIVE")), name,
                                name.split()[0].lower()))
        lines.append("UID:" + uid)
        if recurrence_id is not None:
            lines.append(kind.prop("RECURRENCE-ID", recurrence_id))
        created = dt.datetime(2022, 12, 1) + dt.timedelta(minutes=r.randrange(800000))
        stamped = r.random() < 0.3
        if stamped:
            lines.append("CREATED:%sZ" % fmt_dt(created))
        desc = self.description()
        if desc is not None:
            lines.append("DESCRIPTION:" + escape_text(desc))
        if stamped:
            lines.append("LAST-MODIFIED:%sZ" % fmt_dt(created + dt.timedelta(minutes=r.randrange(100000))))
        if r.random() < 0.55:
            lines.append("LOCATION:" + escape_text(r.choice(PLACES)))
        if sequence:
            lines.append("SEQUENCE:%d" % sequence)
        if r.random() < 0.6:
            lines.append("STATUS:" + ("CONFIRMED" if r.random() < 0.9 else "TENTATIVE"))
        lines.append("SUMMARY:" + escape_text(summary))
        if r.random() < 0.2:
            lines.append("CATEGORIES:" + ",".join(r.sample(CATEGORIES, r.randint(1, 3))))
        if kind.kind == "date":
            lines.append("TRANSP:TRANSPARENT")
        if r.random() < 0.2:
            for minutes in r.sample((10, 30, 60, 1440), r.randint(1, 2)):
                lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder",
                          "TRIGGER:-P%dDT%dH%dM0S" % (minutes // 1440, minutes % 1440 // 60, minutes % 60),
                          "END:VALARM"]
        lines.append("END:VEVENT")
        return lines

    def series(self):
        """One event, or a recurring master with its overrides: a list of VEVENT line lists."""
        r = self.rng
        kind = self.start_kind()
        start = self.start_value(kind)
        summary = r.choice(TOPICS)
        recurring = {"zoned-count": 0.9, "overrides": 0.5}.get(self.shape, 1 / 3)
        if r.random() >= recurring:
            return [self.event_lines(self.uid(), kind, start, self.end_of(kind, start), summary)]
        rule, start, rrule = self.rule(kind, start)
        uid = self.uid()
        # instances that exist: within COUNT and UNTIL
        known = instances(rule, start, min(rule.get("count", 12), 12))
        if "until" in rule:
            known = [t for t in known if (t if kind.kind == "date" else t.date()) <= rule["until"]]
        later = known[1:]
        exdates, overrides = [], []
        many = self.shape == "overrides"
        if later and r.random() < (0.5 if many else 0.15):
            exdates = sorted(r.sample(later, min(len(later), r.randint(1, 3))))
        rest = [t for t in later if t not in exdates]
        if rest and (many or r.random() < 0.10):
            overrides = sorted(r.sample(rest, min(len(rest), r.randint(2, 8) if many else r.randint(1, 2))))
        end = self.end_of(kind, start)
        out = [self.event_lines(uid, kind, start, end, summary, rrule=rrule, exdates=exdates)]
        for rid in overrides:
            moved = rid + dt.timedelta(days=r.choice((0, 0, 1))) if kind.kind == "date" else \
                rid + dt.timedelta(hours=r.choice((1, 2, -1, 24)))
            out.append(self.event_lines(uid, kind, moved, self.end_of(kind, moved), summary + " (moved)",
                                        recurrence_id=rid, sequence=1))
        return out

    def end_of(self, kind, start):
        if kind.kind == "date":
            return start + dt.timedelta(days=self.rng.choice((1, 1, 1, 2, 3)))
        return start + dt.timedelta(minutes=self.rng.choice((15, 30, 30, 45, 60, 60, 90, 120)))


def write_calendar(out, events, seed, shape="default"):
    gen = Generator(seed, shape)
    head = ["BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
            "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:ICSKit benchmark (%d events)" % events,
            "X-WR-TIMEZONE:Europe/Berlin",
            "X-WR-CALDESC:A synthetic calendar for benchmarks\\, generated with seed %d." % seed]
    if shape == "many-vtimezones":
        for lines in custom_zones(300).values():
            head += lines
    else:
        for zone in ZONES:
            head += VTIMEZONES[zone]
    out.write(b"".join(fold(l) for l in head))
    written = 0
    while written < events:
        for lines in gen.series():
            if written == events:
                break
            out.write(b"".join(fold(l) for l in lines))
            written += 1
    out.write(fold("END:VCALENDAR"))


def main():
    p = argparse.ArgumentParser(description="Write a synthetic RFC 5545 calendar for benchmarks.")
    p.add_argument("--events", type=int, default=100000, help="number of VEVENTs (default 100000)")
    p.add_argument("--seed", type=int, default=5545, help="random seed (default 5545)")
    p.add_argument("--shape", default="default", choices=SHAPES, help="the mix of events (default: default)")
    p.add_argument("--out", default="-", help="output file (default: standard output)")
    a = p.parse_args()
    if a.events < 0:
        p.error("--events must be >= 0")
    if a.out == "-":
        write_calendar(sys.stdout.buffer, a.events, a.seed, a.shape)
    else:
        with open(a.out, "wb") as f:
            write_calendar(f, a.events, a.seed, a.shape)


if __name__ == "__main__":
    main()
