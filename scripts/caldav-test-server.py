#!/usr/bin/env python3
"""Starts a real CalDAV server (Radicale or Xandikos) on 127.0.0.1 with a temporary storage,
for ICSKit's tests, and optionally a small proxy in front of it whose misbehaviour a test
switches at run time (POST /__proxy__ with the mode as body):

  pass            forward everything (the default)
  no-sync         refuse the sync-collection report (403, DAV:supported-report), as a server without it
  refuse-token    refuse sync-collection with a token (403, DAV:valid-sync-token), as after a token expired
  die-after N     forward N more requests, then close every connection without answering
  no-query        refuse the calendar-query report (501), as a server without time-range queries
  digest          require HTTP Digest authentication (RFC 7616: MD5, qop=auth) of the test user
                  from the client, and refuse Basic; forward with the server's own (Basic) login

GET /__stats__ answers "<requests> <bytes of request bodies> <bytes of response bodies>" counted by
the proxy since the last such GET (bodies as they crossed it, compressed ones compressed), and resets
them: scripts/bench-caldav.py measures a sync with it.

Prints one line, "ready <server port> <proxy port>", then serves until its standard input
closes (the test ended or died) and stops the server."""
import argparse, base64, hashlib, http.client, os, re, shutil, signal, socket, subprocess, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, process, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"the server exited with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    sys.exit("the server did not start listening")


def start_server(kind, storage, user, password):
    port = free_port()
    if kind == "radicale":
        users = os.path.join(storage, "users")
        with open(users, "w") as f:
            f.write(f"{user}:{password}\n")
        command = [shutil.which("radicale") or "radicale", "--server-hosts", f"127.0.0.1:{port}",
                   "--storage-filesystem-folder", os.path.join(storage, "collections"),
                   "--auth-type", "htpasswd", "--auth-htpasswd-filename", users,
                   "--auth-htpasswd-encryption", "plain", "--rights-type", "owner_only",
                   "--logging-level", "warning"]
    else:
        command = [shutil.which("xandikos") or "xandikos", "-d", storage, "-l", "127.0.0.1", "-p", str(port),
                   "--defaults", "--current-user-principal", "/user/"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=open(os.path.join(storage, "server.log"), "w"))
    wait_listening(port, process)
    return process, port


def md5(text):
    return hashlib.md5(text.encode()).hexdigest()


class Proxy(BaseHTTPRequestHandler):
    upstream = 0
    user = ""
    password = ""
    realm = "icskit-tests"
    nonce = "dcd98b7102dd2f0e8b11d0f600bfb0c093"
    mode = ["pass"]
    stats = [0, 0, 0]
    lock = threading.Lock()
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_one(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.path == "/__proxy__":
            with Proxy.lock:
                Proxy.mode[0] = body.decode().strip()
            self.reply(204, b"")
            return
        if self.path == "/__stats__":
            with Proxy.lock:
                text = " ".join(map(str, Proxy.stats)).encode()
                Proxy.stats[:] = [0, 0, 0]
            self.reply(200, text)
            return
        with Proxy.lock:
            Proxy.stats[0] += 1
            Proxy.stats[1] += len(body)
            mode = Proxy.mode[0]
            if mode.startswith("die-after"):
                left = int(mode.split()[1])
                if left <= 0:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                Proxy.mode[0] = f"die-after {left - 1}"
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        if mode == "digest":
            if not self.digest_ok():
                self.send_response(401)
                self.send_header("WWW-Authenticate", f'Digest realm="{Proxy.realm}", nonce="{Proxy.nonce}", qop="auth", algorithm=MD5')
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            headers = {k: v for k, v in headers.items() if k.lower() != "authorization"}
            headers["Authorization"] = "Basic " + base64.b64encode(f"{Proxy.user}:{Proxy.password}".encode()).decode()
        if mode == "no-query" and self.command == "REPORT" and b"calendar-query" in body:
            self.reply(501, b"")
            return
        if self.command == "REPORT" and b"sync-collection" in body:
            if mode == "no-sync":
                self.reply(403, b'<?xml version="1.0"?><D:error xmlns:D="DAV:"><D:supported-report/></D:error>')
                return
            if mode == "refuse-token" and b"<D:sync-token></D:sync-token>" not in body:
                self.reply(403, b'<?xml version="1.0"?><D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>')
                return
        connection = http.client.HTTPConnection("127.0.0.1", Proxy.upstream, timeout=30)
        connection.request(self.command, self.path, body=body, headers=headers)
        answer = connection.getresponse()
        data = answer.read()
        with Proxy.lock:
            Proxy.stats[2] += len(data)
        self.send_response(answer.status, answer.reason)
        for k, v in answer.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length", "server", "date"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        connection.close()

    def digest_ok(self):
        """RFC 7616 3.4.1: response = MD5(MD5(user:realm:password):nonce:nc:cnonce:qop:MD5(method:uri))."""
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Digest "):
            return False
        fields = dict((k, v1 or v2) for k, v1, v2 in re.findall(r'(\w+)=(?:"([^"]*)"|([^\s,]+))', header[7:]))
        if fields.get("username") != Proxy.user or fields.get("nonce") != Proxy.nonce or fields.get("uri") != self.path:
            return False
        ha1 = md5(f"{Proxy.user}:{Proxy.realm}:{Proxy.password}")
        ha2 = md5(f"{self.command}:{fields['uri']}")
        expected = md5(f"{ha1}:{Proxy.nonce}:{fields.get('nc', '')}:{fields.get('cnonce', '')}:{fields.get('qop', '')}:{ha2}")
        return fields.get("qop") == "auth" and fields.get("response") == expected

    def reply(self, status, data):
        self.send_response(status)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_MKCOL = do_POST = do_OPTIONS = handle_one


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["radicale", "xandikos"])
    parser.add_argument("storage")
    parser.add_argument("--user", default="alice")
    parser.add_argument("--password", default="")
    args = parser.parse_args()
    process, port = start_server(args.kind, args.storage, args.user, args.password)
    Proxy.upstream = port
    Proxy.user, Proxy.password = args.user, args.password
    proxy = ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    proxy.daemon_threads = True
    threading.Thread(target=proxy.serve_forever, daemon=True).start()

    def stop(*_):
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    print(f"ready {port} {proxy.server_address[1]}", flush=True)
    sys.stdin.read()
    stop()


if __name__ == "__main__":
    main()
