#!/usr/bin/env python3
"""The issue-14 audit, repeatable (standard library only; loopback only, 127.0.0.1).

  hostile_load.py SERVER_BIN WORKDIR [phase …]

Phases (default: all, in this order), each bounded in count and time:
  mix        hostile request mixes (bad request lines, methods, headers, targets, bodies,
             queries, encodings): counts per status; any 500 or a dead server fails
  slowloris  SLOW_CONNS connections that dribble header bytes, while the map is timed
  flood      FLOOD_CONNS anonymous POST /api/v1/store_submissions of FLOOD_MIB MiB − 1
  flood_users  the same from FLOOD_ACCOUNTS signed-in accounts (a server without
             sign-up limits): the per-account upload bound and the body budget
             each; the server's peak RSS is sampled (must stay < RSS_LIMIT_MB)
  login      LOGIN_BURST wrong-password logins for one account, then its owner logs in
             from the device that logged in before (the device cookie)
  conn_fill  CONN_FILL silent connections from one address (127.0.0.1), kept open (reopened
             when the server closes them) for CONN_SECONDS, while another address
             (127.0.0.2) asks GET /api/v1/healthz every 0.1 s: its answers per status
  body_drain BODY_ACCOUNTS signed-in accounts, each from its own address, open 32 MiB
             uploads and send nothing (reopened when closed) for BODY_SECONDS, while
             others log in (wrong password: 401 expected) and post reports: answers per status
  kill       WRITERS threads post purchase reports for KILL_SECONDS, the server is
             killed with SIGKILL, then: acknowledged (201) reports missing from the
             database, and PRAGMA integrity_check
Prints one Markdown table row per phase. Exit status 1 when a check fails.
"""
import http.client
import json
import os
import re
import select
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"
SLOW_CONNS = int(os.environ.get("SLOW_CONNS", "500"))
SLOW_SECONDS = float(os.environ.get("SLOW_SECONDS", "15"))
FLOOD_CONNS = int(os.environ.get("FLOOD_CONNS", "250"))
FLOOD_MIB = int(os.environ.get("FLOOD_MIB", "32"))
FLOOD_ACCOUNTS = int(os.environ.get("FLOOD_ACCOUNTS", "12"))
FLOOD_SECONDS = float(os.environ.get("FLOOD_SECONDS", "60"))
RSS_LIMIT_MB = int(os.environ.get("RSS_LIMIT_MB", "512"))
MIX_REQUESTS = int(os.environ.get("MIX_REQUESTS", "3000"))
LOGIN_BURST = int(os.environ.get("LOGIN_BURST", "200"))
WRITERS = int(os.environ.get("WRITERS", "8"))
KILL_SECONDS = float(os.environ.get("KILL_SECONDS", "10"))
CONN_FILL = int(os.environ.get("CONN_FILL", "4200"))
CONN_SECONDS = float(os.environ.get("CONN_SECONDS", "30"))
BODY_ACCOUNTS = int(os.environ.get("BODY_ACCOUNTS", "8"))
BODY_SECONDS = float(os.environ.get("BODY_SECONDS", "38"))
BIG = 1_000_000_000
UNLIMITED = ",".join(f"{n}={BIG}/1" for n in (
    "sign_up_ip", "login_ip", "login_account", "login_account_ip", "login_device", "write_ip",
    "write_account", "purchase_account", "submission_account", "resend_ip", "resend_account"))
# The transport phases need no stores: the server starts at once (reports then go to a store
# that does not exist, 404; what is counted is whether they are answered at all).
NO_DEMO = ["--demo-data", "false"]
MAP = "/api/v1/stores?bbox=139.60,35.60,139.80,35.75&limit=200"
PASSWORD = "hostile-bench-2026"

failures = []


class Server:
    def __init__(self, binary, work, rate_limits=None, fresh=True, extra_args=()):
        self.work = work
        self.var = os.path.join(work, "var")
        if fresh:
            subprocess.run(["rm", "-rf", self.var], check=True)
        self.log_path = os.path.join(work, "server.log")
        args = [binary, "serve", "--data-dir", self.var, "--port", "0", "--bind", HOST, "--static-dir", work]
        if rate_limits:
            args += ["--rate-limits", rate_limits]
        args += list(extra_args)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None
        deadline = time.time() + 120
        while time.time() < deadline and self.port is None:
            time.sleep(0.1)
            m = re.search(r'"event":"listening".*?"port":"(\d+)"', open(self.log_path).read())
            if m:
                self.port = int(m.group(1))
        if self.port is None:
            raise SystemExit("server did not start:\n" + open(self.log_path).read()[-2000:])

    def rss_kib(self):
        try:
            for line in open(f"/proc/{self.proc.pid}/status"):
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except OSError:
            return 0
        return 0

    def alive(self):
        try:
            return request(self.port, "GET", "/api/v1/healthz", timeout=10)[0] == 200
        except OSError:
            return False

    def stop(self, sig=signal.SIGTERM):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=60)
        self.log.close()


def request(port, method, path, body=None, headers=None, timeout=30):
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        res = conn.getresponse()
        return res.status, res.read(), res.getheaders()
    finally:
        conn.close()


def post_json(port, path, obj, token=None, cookie=None, client_ip=None):
    headers = {"Content-Type": "application/json"}
    if client_ip:  # a server started with --trusted-proxy takes this as the client's address
        headers["X-Forwarded-For"] = client_ip
    if token:
        headers["Authorization"] = "Bearer " + token
    if cookie:
        headers["Cookie"] = cookie
    return request(port, "POST", path, json.dumps(obj).encode(), headers)


def account(server, email):
    """Signs up, verifies (the link is in the log: outbox mailer) and logs in."""
    port = server.port
    before = len(re.findall(r"token=([A-Za-z0-9_-]+)", open(server.log_path).read()))
    post_json(port, "/api/v1/users", {"user": {"email": email, "password": PASSWORD, "username": "bench", "prefecture": ""}})
    for _ in range(100):  # the mail thread sends it (the durable queue): wait for its line
        tokens = re.findall(r"token=([A-Za-z0-9_-]+)", open(server.log_path).read())
        if len(tokens) > before:
            break
        time.sleep(0.1)
    post_json(port, "/api/v1/auth/verify-email", {"token": tokens[-1]})
    status, body, headers = post_json(port, "/api/v1/auth/login", {"email": email, "password": PASSWORD})
    if status != 200:
        raise SystemExit(f"login failed: {status} {body[:200]}")
    cookies = "; ".join(v.split(";")[0] for k, v in headers if k.lower() == "set-cookie")
    return json.loads(body)["access_token"], cookies


def raw(port, data, timeout=10):
    """Sends bytes on a fresh connection; the status code of the answer, or 0 (closed)."""
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        out = b""
        try:
            while len(out) < 64:
                chunk = s.recv(4096)
                if not chunk:
                    break
                out += chunk
        except OSError:
            pass
    m = re.match(rb"HTTP/1\.[01] (\d{3})", out)
    return int(m.group(1)) if m else 0


def hostile_requests():
    long = "a" * 20000
    return [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"BREW /api/v1/stores HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /photos/../../var/pokeca.db HTTP/1.1\r\nHost: x\r\n\r\n",
        ("GET /api/v1/stores?bbox=" + long + " HTTP/1.1\r\nHost: x\r\n\r\n").encode(),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b" * 70000 + "\r\n\r\n").encode(),
        b"GET /api/v1/stores?bbox=nan,nan,inf,-inf&zoom=99 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/v1/stores/clusters?bbox=-180,-90,180,90&zoom=0 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/v1/stores?prefecture=%ZZ&lat=1e309 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/v1/stores/99999999999999999999999 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"email\":",
        b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]",
        b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{}",
        b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"user\":{\"email\":\"\\u0000@x\",\"password\":1}}",
        b"POST /api/v1/purchases HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer eyJhbGciOiJub25lIn0.e30.\r\nContent-Length: 2\r\n\r\n{}",
        b"POST /api/v1/store_submissions HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\r\nContent-Length: 4\r\n\r\n----",
        b"DELETE /api/v1/admin/purchases/1 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/v1/users/ranking?period=%00&limit=-1 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET http://evil.example/ HTTP/1.1\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    ]


def phase_mix(server):
    counts = {}
    requests = hostile_requests()
    t0 = time.time()
    for i in range(MIX_REQUESTS):
        status = raw(server.port, requests[i % len(requests)])
        counts[status] = counts.get(status, 0) + 1
    seconds = time.time() - t0
    alive = server.alive()
    bad = sum(n for s, n in counts.items() if s == 500)
    if bad or not alive:
        failures.append(f"mix: {bad} × 500, alive={alive}")
    summary = ", ".join(f"{s or 'closed'}: {n}" for s, n in sorted(counts.items()))
    return f"| mix | {MIX_REQUESTS} hostile requests ({len(requests)} kinds) in {seconds:.1f} s | {summary} | 500s: {bad}, server alive: {alive} |"


def phase_slowloris(server):
    socks = []
    for _ in range(SLOW_CONNS):
        try:
            s = socket.create_connection((HOST, server.port), timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            socks.append(s)
        except OSError:
            break
    latencies, errors = [], 0
    t_end = time.time() + SLOW_SECONDS
    next_drip = time.time()
    while time.time() < t_end:
        if time.time() >= next_drip:
            for s in socks:
                try:
                    s.sendall(b"X-a: b\r\n")
                except OSError:
                    pass
            next_drip = time.time() + 5
        t = time.time()
        try:
            status = request(server.port, "GET", MAP, timeout=10)[0]
            if status != 200:
                errors += 1
        except OSError:
            errors += 1
        latencies.append((time.time() - t) * 1000)
        time.sleep(0.05)
    for s in socks:
        s.close()
    latencies.sort()
    p50 = latencies[len(latencies) // 2] if latencies else 0
    p99 = latencies[int(len(latencies) * 0.99)] if latencies else 0
    if errors:
        failures.append(f"slowloris: {errors} map requests failed")
    return f"| slowloris | {len(socks)} dribbling connections, {SLOW_SECONDS:.0f} s | map: {len(latencies)} requests, p50 {p50:.1f} ms, p99 {p99:.1f} ms | failed: {errors} |"


def phase_flood(server):
    return flood(server, [None], "anonymous")


def phase_flood_users(server):
    """The same flood from FLOOD_ACCOUNTS signed-in accounts: the per-account upload bound
    and the body budget (not the 401) must keep the memory down."""
    tokens = [account(server, f"flood{i}@example.com")[0] for i in range(FLOOD_ACCOUNTS)]
    return flood(server, tokens, f"signed-in ({FLOOD_ACCOUNTS} accounts)")


def flood(server, tokens, who):
    size = FLOOD_MIB * 1024 * 1024 - 1
    chunk = b"\0" * (1024 * 1024)
    statuses = {}
    lock = threading.Lock()
    peak = [server.rss_kib()]
    stop = threading.Event()
    deadline = time.time() + FLOOD_SECONDS

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], server.rss_kib())
            time.sleep(0.05)

    def attacker(token):
        status = 0
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        try:
            with socket.create_connection((HOST, server.port), timeout=30) as s:
                s.sendall(("POST /api/v1/store_submissions HTTP/1.1\r\nHost: x\r\n" + auth +
                           "Content-Type: multipart/form-data; boundary=XyZ\r\n"
                           f"Content-Length: {size}\r\n\r\n").encode())
                sent = 0
                while sent < size and time.time() < deadline:
                    # An early answer (401, 503) ends the upload: read it before the
                    # server closes the connection and a reset loses it.
                    if select.select([s], [], [], 0)[0]:
                        break
                    n = min(len(chunk), size - sent)
                    s.sendall(chunk[:n])
                    sent += n
                out = s.recv(64)
                m = re.match(rb"HTTP/1\.[01] (\d{3})", out)
                status = int(m.group(1)) if m else 0
        except OSError:
            status = 0
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    sampler = threading.Thread(target=sample)
    sampler.start()
    t0 = time.time()
    threads = [threading.Thread(target=attacker, args=(tokens[i % len(tokens)],)) for i in range(FLOOD_CONNS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.time() - t0
    alive = server.alive()
    stop.set()
    sampler.join()
    peak_mb = peak[0] / 1024
    if peak_mb >= RSS_LIMIT_MB or not alive:
        failures.append(f"flood ({who}): peak RSS {peak_mb:.0f} MB, alive={alive}")
    summary = ", ".join(f"{s or 'closed'}: {n}" for s, n in sorted(statuses.items()))
    return (f"| flood | {FLOOD_CONNS} × {FLOOD_MIB} MiB − 1 {who} uploads, {seconds:.1f} s | {summary} | "
            f"peak RSS {peak_mb:.0f} MB (limit {RSS_LIMIT_MB}), server alive: {alive} |")


def phase_login(server):
    _, cookies = account(server, "owner@example.com")
    device = "; ".join(c for c in cookies.split("; ") if c.startswith("pokeca_device="))
    counts = {}
    lock = threading.Lock()
    per_thread = LOGIN_BURST // 8

    def burst(n):
        for i in range(per_thread):
            # Real attackers come from many addresses (the server trusts the
            # forwarded address here): the per-IP limit alone cannot stop them.
            attacker_ip = f"198.51.{n}.{i % 250 + 1}"
            try:
                status = post_json(server.port, "/api/v1/auth/login", {"email": "owner@example.com", "password": "wrong-guess"},
                                   client_ip=attacker_ip)[0]
            except OSError:
                status = 0
            with lock:
                counts[status] = counts.get(status, 0) + 1

    t0 = time.time()
    threads = [threading.Thread(target=burst, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.time() - t0
    stranger = post_json(server.port, "/api/v1/auth/login", {"email": "owner@example.com", "password": PASSWORD},
                         client_ip="198.51.100.7")[0]
    owner = post_json(server.port, "/api/v1/auth/login", {"email": "owner@example.com", "password": PASSWORD},
                      cookie=device, client_ip="203.0.113.9")[0] if device else 0
    if counts.get(200) or (device and owner != 200):
        failures.append(f"login: wrong passwords accepted {counts.get(200, 0)}, owner with device cookie {owner}")
    summary = ", ".join(f"{s}: {n}" for s, n in sorted(counts.items()))
    return (f"| login | {per_thread * 8} wrong-password logins (8 threads) in {seconds:.1f} s | {summary} | "
            f"then right password without device cookie: {stranger}, owner's device: {owner or 'no cookie'} |")


def connect_from(port, source, timeout=10):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect((HOST, port))
    return s


def status_from(source, port, data, timeout=10):
    """Sends a request from `source`; the answer's status code, or 0 (closed, refused)."""
    try:
        with connect_from(port, source, timeout) as s:
            s.sendall(data)
            out = b""
            while b"\r\n" not in out:
                chunk = s.recv(4096)
                if not chunk:
                    break
                out += chunk
    except OSError:
        return 0
    m = re.match(rb"HTTP/1\.[01] (\d{3})", out)
    return int(m.group(1)) if m else 0


class Holder:
    """Keeps `count` connections from `source` open, sending `head` on each and nothing
    more, reopening those the server closes, until stop()."""

    def __init__(self, port, source, heads):
        self.port, self.source, self.heads = port, source, heads
        self.socks = [None] * len(heads)
        self.opened = 0
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def open(self, i):
        try:
            s = connect_from(self.port, self.source, 5)
            if self.heads[i]:
                s.sendall(self.heads[i])
            s.setblocking(False)
            self.socks[i] = s
            self.opened += 1
        except OSError:
            self.socks[i] = None

    def run(self):
        while not self.stop_event.is_set():
            for i, s in enumerate(self.socks):
                if self.stop_event.is_set():
                    break
                if s is not None:
                    try:
                        if s.recv(4096) == b"":  # closed by the server (or answered and closed)
                            s.close()
                            s = None
                    except BlockingIOError:
                        continue
                    except OSError:
                        s.close()
                        s = None
                    if s is None:
                        self.socks[i] = None
                if self.socks[i] is None:
                    self.open(i)
            time.sleep(0.05)

    def stop(self):
        self.stop_event.set()
        self.thread.join()
        for s in self.socks:
            if s is not None:
                s.close()


def summary_of(counts):
    return ", ".join(f"{s or 'closed'}: {n}" for s, n in sorted(counts.items()))


def phase_conn_fill(server):
    holder = Holder(server.port, "127.0.0.1", [b""] * CONN_FILL)
    time.sleep(3)  # the first round of connections
    counts = {}
    t_end = time.time() + CONN_SECONDS
    while time.time() < t_end:
        status = status_from("127.0.0.2", server.port, b"GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        counts[status] = counts.get(status, 0) + 1
        time.sleep(0.1)
    opened = holder.opened
    holder.stop()
    served = counts.get(200, 0)
    total = sum(counts.values())
    if served != total:
        failures.append(f"conn_fill: {total - served} of {total} requests from another address not served")
    return (f"| conn_fill | {CONN_FILL} silent connections from 127.0.0.1 for {CONN_SECONDS:.0f} s "
            f"({opened} opened in all) | 127.0.0.2: {summary_of(counts)} | served {served} of {total} |")


def phase_body_drain(server):
    size = 32 * 1024 * 1024
    uploaders = [account(server, f"drain{i}@example.com")[0] for i in range(BODY_ACCOUNTS)]
    reporter, _ = account(server, "reporter@example.com")
    ids = [int(i) for i in re.findall(rb'"id":(\d+)', request(server.port, "GET", MAP)[1])][:50] or [1]
    holders = [Holder(server.port, f"127.0.1.{i + 1}", [(
        "POST /api/v1/store_submissions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
        "\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n"
        f"Content-Length: {size}\r\n\r\n").encode()]) for i, token in enumerate(uploaders)]
    time.sleep(2)
    logins, reports = {}, {}
    t_end = time.time() + BODY_SECONDS
    n = 0
    while time.time() < t_end:
        n += 1
        body = json.dumps({"email": "nobody@example.com", "password": "wrong-guess"}).encode()
        status = status_from("127.0.0.3", server.port, (
            "POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
        logins[status] = logins.get(status, 0) + 1
        body = json.dumps({"store_id": ids[n % len(ids)], "kind": "bought", "product": "pack"}).encode()
        status = status_from("127.0.0.4", server.port, (
            "POST /api/v1/purchases HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Authorization: Bearer {reporter}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body)
        reports[status] = reports.get(status, 0) + 1
        time.sleep(0.5)
    for h in holders:
        h.stop()
    busy = logins.get(503, 0) + reports.get(503, 0) + logins.get(0, 0) + reports.get(0, 0)
    if busy:
        failures.append(f"body_drain: {busy} logins or reports refused (503) or dropped")
    return (f"| body_drain | {BODY_ACCOUNTS} accounts × one silent 32 MiB upload each, {BODY_SECONDS:.0f} s | "
            f"logins: {summary_of(logins)}; reports: {summary_of(reports)} | refused or dropped: {busy} |")


def phase_kill(binary, work):
    server = Server(binary, work, UNLIMITED)
    token, _ = account(server, "writer@example.com")
    ids = [int(i) for i in re.findall(rb'"id":(\d+)', request(server.port, "GET", MAP)[1])][:100] or [1]
    acknowledged, lock, stop = [], threading.Lock(), threading.Event()
    errors = [0]

    def writer(n):
        i = n
        conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
        while not stop.is_set():
            i += WRITERS
            body = json.dumps({"store_id": ids[i % len(ids)], "kind": "bought", "product": "pack",
                               "product_name": "耐久テスト"}).encode()
            try:
                conn.request("POST", "/api/v1/purchases", body, {"Content-Type": "application/json",
                                                                 "Authorization": "Bearer " + token})
                res = conn.getresponse()
                data = res.read()
                if res.status == 201:
                    rid = int(re.search(rb'"id":(\d+)', data).group(1))
                    with lock:
                        acknowledged.append(rid)
            except (OSError, http.client.HTTPException, AttributeError):
                errors[0] += 1
                conn.close()
                conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
                if stop.is_set():
                    break
                time.sleep(0.01)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for t in threads:
        t.start()
    time.sleep(KILL_SECONDS)
    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait()
    stop.set()
    for t in threads:
        t.join()
    server.log.close()
    db = sqlite3.connect(os.path.join(server.var, "pokeca.db"))
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    stored = {r[0] for r in db.execute("SELECT id FROM purchase_reports")}
    db.close()
    lost = [i for i in acknowledged if i not in stored]
    if lost or integrity != "ok":
        failures.append(f"kill: {len(lost)} acknowledged reports lost, integrity {integrity}")
    return (f"| kill -9 | {WRITERS} writers, SIGKILL after {KILL_SECONDS:.0f} s | {len(acknowledged)} acknowledged, "
            f"{len(stored)} stored | lost acknowledged: {len(lost)}, integrity_check: {integrity} |")


def main():
    binary, work = sys.argv[1], sys.argv[2]
    phases = sys.argv[3:] or ["mix", "slowloris", "flood", "flood_users", "login", "conn_fill", "body_drain", "kill"]
    print("| phase | load | answers | check |\n|---|---|---|---|")
    server = None
    for phase in phases:
        if phase == "kill":
            if server:
                server.stop()
                server = None
            print(phase_kill(binary, work), flush=True)
            continue
        if phase == "flood_users":  # many accounts: sign-up limits off for this one
            if server:
                server.stop()
            server = Server(binary, work, rate_limits=UNLIMITED)
            print(phase_flood_users(server), flush=True)
            server.stop()
            server = None
            continue
        if phase == "body_drain":  # several accounts from one machine: sign-up limits off
            if server:
                server.stop()
            server = Server(binary, work, rate_limits=UNLIMITED, extra_args=NO_DEMO)
            print(phase_body_drain(server), flush=True)
            server.stop()
            server = None
            continue
        if phase == "login":  # attackers from many addresses: X-Forwarded-For, trusted
            if server:
                server.stop()
            server = Server(binary, work, extra_args=["--trusted-proxy", "true"] + NO_DEMO)
            print(phase_login(server), flush=True)
            server.stop()
            server = None
            continue
        if phase == "conn_fill":
            if server:
                server.stop()
            server = Server(binary, work, extra_args=NO_DEMO)
            print(phase_conn_fill(server), flush=True)
            server.stop()
            server = None
            continue
        if server is None:
            server = Server(binary, work)  # the built-in rate limits: this is an attack
        print({"mix": phase_mix, "slowloris": phase_slowloris, "flood": phase_flood,
               "login": phase_login}[phase](server), flush=True)
    if server:
        server.stop()
    for f in failures:
        print("FAILED: " + f, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
