#!/usr/bin/env python3
"""The sync benchmark of docs/caldav.md ("Measured"): icsview's first and incremental sync of a
collection of N resources (default 10,000) on a Radicale started on 127.0.0.1 by
scripts/caldav-test-server.py, and of a vdir of N items. Not a test: it prints figures.

For CalDAV, requests and bytes are counted by the test server's proxy, which the sync goes through
(bodies as they crossed the wire, Radicale's gzip included), independently of icsview's own count;
the time is icsview's wall-clock time. The resources are written straight into Radicale's storage
folder (an upload over HTTP of 10,000 resources takes Radicale many minutes), after MKCALENDAR made
the collection; a sync-collection REPORT sent from here (Radicale reads and caches every item then,
for longer than icsview's 15-s idle limit) and a first sync of a throwaway section ("warm") let
it build its caches, so that the measured first sync ("bench", a section with its own copy) is a
client's first sync of a server that already serves the collection. Then one resource is changed over HTTP
and "bench" synced again. For the vdir: `icsview sync` of N files, then again after one file changed
(a re-read by name, size and mtime), and a view of the vdir (the re-read every command does).

  python3 scripts/bench-caldav.py [--items 10000] [--binary .build/release/icsview]

Load averages (/proc/loadavg) are printed beside each figure: the machine is shared."""
import argparse, base64, http.client, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
USER, PASSWORD = "alice", "bench-password"


def event(i, summary="Event"):
    day = 1 + i % 28
    month = 1 + (i // 28) % 12
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit bench//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:bench-{i}\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:2024{month:02d}{day:02d}T{8 + i % 10:02d}0000Z\r\n"
            f"DURATION:PT1H\r\nSUMMARY:{summary} {i}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def request(port, method, path, body=b"", content_type="text/calendar; charset=utf-8"):
    auth = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3600)
    connection.request(method, path, body=body, headers={"Authorization": "Basic " + auth, "Content-Type": content_type})
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, data


def run(binary, home, arguments):
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(home, "cache"), TZ="UTC", NO_COLOR="1")
    started = time.monotonic()
    result = subprocess.run([binary, "--config", os.path.join(home, "config")] + arguments, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        sys.exit(f"icsview {' '.join(arguments)} failed ({result.returncode}): {result.stderr[-2000:]}")
    return seconds, result.stdout


def first_line(text):
    return text.split("\n", 1)[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--binary")
    args = parser.parse_args()
    binary = args.binary or next((os.path.join(ROOT, ".build", c, "icsview") for c in ("release", "debug")
                                  if os.path.exists(os.path.join(ROOT, ".build", c, "icsview"))), None)
    if not binary:
        sys.exit("build icsview first: swift build -c release --product icsview")
    n = args.items
    work = tempfile.mkdtemp(prefix="icskit-bench-caldav-")
    print(f"icsview: {binary}; {n} items; load average at the start: {load()}")
    try:
        storage = os.path.join(work, "radicale")
        os.makedirs(storage)
        server = subprocess.Popen([sys.executable, os.path.join(ROOT, "scripts", "caldav-test-server.py"), "radicale", storage,
                                   "--user", USER, "--password", PASSWORD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        words = server.stdout.readline().split()
        if len(words) != 3 or words[0] != "ready":
            sys.exit("the Radicale test server did not start")
        port, proxy = int(words[1]), int(words[2])
        body = ('<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                '<D:set><D:prop><D:displayname>Bench</D:displayname></D:prop></D:set></C:mkcalendar>')
        status, _ = request(port, "MKCALENDAR", f"/{USER}/bench/", body.encode(), "application/xml")
        assert status == 201, status
        folder = os.path.join(storage, "collections", "collection-root", USER, "bench")
        for i in range(n):
            with open(os.path.join(folder, f"bench-{i}.ics"), "w", newline="") as f:
                f.write(event(i))
        url = f"http://127.0.0.1:{proxy}/{USER}/bench/"
        home = os.path.join(work, "home")
        os.makedirs(home)
        section = lambda name: f"[calendar {name}]\ncaldav = {url}\nusername = {USER}\npassword-command = echo {PASSWORD}\n\n"
        with open(os.path.join(home, "config"), "w") as f:
            f.write(section("warm") + section("bench"))

        def measured(label, arguments):
            request(proxy, "GET", "/__stats__")
            before = load()
            seconds, out = run(binary, home, arguments)
            _, stats = request(proxy, "GET", "/__stats__")
            requests, sent, received = map(int, stats.split())
            print(f"{label}: {seconds:.2f} s, {requests} requests, {sent:,} bytes sent, {received:,} bytes received "
                  f"[{first_line(out)}] (load {before} → {load()})", flush=True)

        # Radicale reads and caches every item at the first listing, taking longer than icsview's
        # idle limit (15 s without a byte) for 10,000 items: a listing from here, without a limit.
        report = ('<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token/>'
                  '<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>')
        before, started = load(), time.monotonic()
        status, _ = request(port, "REPORT", f"/{USER}/bench/", report.encode(), "application/xml")
        print(f"Radicale's first listing (it caches every item): {time.monotonic() - started:.2f} s, HTTP {status} "
              f"(load {before} → {load()})", flush=True)
        measured("CalDAV first sync of another section (Radicale warm)", ["sync", "warm", "--timeout", "3600"])
        measured("CalDAV first sync", ["sync", "bench", "--timeout", "3600"])
        measured("CalDAV sync, nothing changed", ["sync", "bench", "--timeout", "3600"])
        status, _ = request(port, "PUT", f"/{USER}/bench/bench-{n // 2}.ics", event(n // 2, "Changed").encode())
        assert status in (201, 204), status
        measured("CalDAV incremental sync (one resource changed)", ["sync", "bench", "--timeout", "3600"])
        server.stdin.close()
        server.wait()

        vdir = os.path.join(work, "vdir")
        os.makedirs(vdir)
        for i in range(n):
            with open(os.path.join(vdir, f"item-{i}.ics"), "w", newline="") as f:
                f.write(event(i))
        with open(os.path.join(home, "config"), "w") as f:
            f.write(f"[calendar v]\nvdir = {vdir}\n")
        for label, arguments in [("vdir first sync", ["sync", "v"]), ("vdir sync, nothing changed", ["sync", "v"])]:
            before = load()
            seconds, out = run(binary, home, arguments)
            print(f"{label}: {seconds:.2f} s [{first_line(out)}] (load {before} → {load()})", flush=True)
        with open(os.path.join(vdir, f"item-{n // 2}.ics"), "w", newline="") as f:
            f.write(event(n // 2, "Changed"))
        for label, arguments in [("vdir incremental sync (one file changed)", ["sync", "v"]),
                                 ("vdir view (a month, re-read by name, size and mtime)", ["v", "--month", "2024-06"])]:
            before = load()
            seconds, out = run(binary, home, arguments)
            print(f"{label}: {seconds:.2f} s [{first_line(out).strip()}] (load {before} → {load()})", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
