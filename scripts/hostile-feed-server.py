#!/usr/bin/env python3
"""A hostile feed and CalDAV server on 127.0.0.1, for scripts/bench-reproducers.sh.

Usage: hostile-feed-server.py PORT_FILE
Writes its port to PORT_FILE, then serves until killed:
  GET /begin-end/N     a calendar of N nested `BEGIN:A` lines, then N `END:B` lines, never closed
                       (the download looks cut short: the body is checked, not parsed)
  PROPFIND /dav/N/     a calendar collection (Depth 0)
  REPORT /dav/N/       a sync-collection answer of N members, each gone (404), and a new token
  PROPFIND /full/N/    a calendar collection (Depth 0)
  REPORT /full/N/      sync-collection: N members with their ETags; calendar-multiget: an event
                       for each href asked (a weekly series, a UID of its own)
  GET /error-escapes   a 500 whose reason phrase and body hold ESC sequences (OSC 52, CSI 2J)
  GET /endless-chunked a chunked body that never ends (a calendar, then X- lines for ever)
  GET /drip            a calendar's headers, then one byte of its body a second
  PROPFIND /laughs/    a multistatus behind a DTD of nested entities (billion laughs: 10^9 "lol")
  PROPFIND /xxe/       a display name that is an external entity (file:///etc/passwd)
  PROPFIND /deep/N/    a multistatus nested N elements deep inside its display name
  PROPFIND /attr/N/    a multistatus with an attribute of N bytes
"""
import re
import sys
import time
from functools import lru_cache
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler


@lru_cache(maxsize=4)
def begin_end(n):
    return b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit//hostile//EN\r\n" + b"BEGIN:A\r\n" * n + b"END:B\r\n" * n


@lru_cache(maxsize=4)
def gone(n):
    parts = ['<?xml version="1.0"?><multistatus xmlns="DAV:">']
    parts += ["<response><href>/g/%d</href><status>HTTP/1.1 404 x</status></response>" % i for i in range(n)]
    parts.append("<sync-token>t2</sync-token></multistatus>")
    return "".join(parts).encode()


@lru_cache(maxsize=4)
def members(n):
    parts = ['<?xml version="1.0"?><multistatus xmlns="DAV:">']
    parts += ['<response><href>/full/%d/e%d.ics</href><propstat><prop><getetag>"1"</getetag></prop>'
              '<status>HTTP/1.1 200 OK</status></propstat></response>' % (n, i) for i in range(n)]
    parts.append("<sync-token>t2</sync-token></multistatus>")
    return "".join(parts).encode()


EVENT = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit//hostile//EN\r\nBEGIN:VEVENT\r\nUID:%s@full\r\n"
         "DTSTAMP:20240101T000000Z\r\nDTSTART:20240603T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;COUNT=10\r\n"
         "SUMMARY:Event %s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


COLLECTION = ('<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
              '<D:response><D:href>%s</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/>'
              '</D:resourcetype><D:displayname%s>%s</D:displayname><D:sync-token>t1</D:sync-token></D:prop>'
              '<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>')


def hostile_xml(path):
    """The PROPFIND answers of the XML attacks, or None for another path."""
    if path.startswith("/laughs/"):
        dtd = ['<!DOCTYPE D:multistatus [<!ENTITY lol "lol">']
        dtd += ['<!ENTITY lol%d "%s">' % (i, ("&lol%s;" % ("" if i == 1 else i - 1)) * 10) for i in range(1, 10)]
        return ('<?xml version="1.0"?>' + "".join(dtd) + "]>" + COLLECTION % (path, "", "&lol9;")).encode()
    if path.startswith("/xxe/"):
        dtd = '<!DOCTYPE D:multistatus [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        return ('<?xml version="1.0"?>' + dtd + COLLECTION % (path, "", "&xxe;")).encode()
    if path.startswith("/deep/"):
        n = int(path.strip("/").split("/")[1])
        return ('<?xml version="1.0"?>' + COLLECTION % (path, "", "<x>" * n + "deep" + "</x>" * n)).encode()
    if path.startswith("/attr/"):
        n = int(path.strip("/").split("/")[1])
        return ('<?xml version="1.0"?>' + COLLECTION % (path, ' a="%s"' % ("A" * n), "Attr")).encode()
    return None


def multiget(asked):
    parts = ['<?xml version="1.0"?><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">']
    for href in re.findall(rb"<D:href>([^<]*)</D:href>", asked):
        name = href.decode().rsplit("/", 1)[-1][:-4]
        parts.append('<response><href>%s</href><propstat><prop><getetag>"1"</getetag><C:calendar-data>%s'
                     '</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>'
                     % (href.decode(), EVENT % (name, name)))
    parts.append("</multistatus>")
    return "".join(parts).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def count(self):
        return int(self.path.strip("/").split("/")[1])

    def do_GET(self):
        if self.path == "/error-escapes":
            self.send_response(500, "Oops \x1b]52;c;aGVsbG8=\x07\x1b[2J")
            body = b"<h1>\x1b]0;owned\x07\x1b[2JServer error\x1b[8m hidden</h1>"
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return self.wfile.write(body)
        if self.path == "/endless-chunked":
            return self.endless_chunked()
        if self.path == "/drip":
            return self.drip()
        if not self.path.startswith("/begin-end/"):
            return self.answer(404, b"", "text/plain")
        self.answer(200, begin_end(self.count()), "text/calendar")

    def endless_chunked(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        piece = b"X-A:" + b"a" * 60 + b"\r\n"
        chunk = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n" + piece * 1000
        try:
            while True:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                chunk = piece * 1000
        except (BrokenPipeError, ConnectionResetError):
            pass

    def drip(self):
        body = EVENT.replace("%s", "drip").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for i in range(len(body)):
                self.wfile.write(body[i:i + 1])
                self.wfile.flush()
                time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_PROPFIND(self):
        self.read_body()
        special = hostile_xml(self.path)
        if special is not None:
            return self.answer(207, special, "application/xml; charset=utf-8")
        body = ('<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                '<D:response><D:href>%s</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/>'
                '</D:resourcetype><D:displayname>Gone</D:displayname><D:sync-token>t1</D:sync-token></D:prop>'
                '<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>' % self.path)
        self.answer(207, body.encode(), "application/xml; charset=utf-8")

    def do_REPORT(self):
        asked = self.read_body()
        if self.path.startswith("/full/"):
            body = multiget(asked) if b"calendar-multiget" in asked else members(self.count())
            return self.answer(207, body, "application/xml; charset=utf-8")
        if hostile_xml(self.path) is not None:
            return self.answer(207, b'<?xml version="1.0"?><multistatus xmlns="DAV:"><sync-token>t2</sync-token></multistatus>',
                               "application/xml; charset=utf-8")
        self.answer(207, gone(self.count()), "application/xml; charset=utf-8")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % server.server_port)
server.serve_forever()
