#!/usr/bin/env python3
"""Helpers for bench/http_bench.sh (standard library only, loopback only).

  http_probe.py free-port
  http_probe.py start-time PORT LOG -- SERVER ARGV...   exec → first 200 from /api/v1/healthz
  http_probe.py wait-healthy PORT SECONDS
  http_probe.py mixed PORT N [SEED]                      N mixed GETs like a map session
  http_probe.py find-bbox PORT LAT LNG MIN MAX           a screen-shaped bbox holding MIN..MAX stores
  http_probe.py screen-bbox LAT LNG ZOOM                 the bbox a 1280×800 map shows at ZOOM
  http_probe.py rss PID                                  VmRSS/RssAnon/RssFile/VmHWM in KiB
"""
import http.client
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time

HOST = "127.0.0.1"


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def healthz_once(port, timeout=1.0):
    """True when GET /api/v1/healthz answers 200 right now."""
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as s:
            s.sendall(b"GET /api/v1/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            head = s.recv(64)
            return head.startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def stop(proc, grace=15):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def start_time(port, log, argv):
    """Seconds from fork/exec to the first 200 from healthz (polled every 1 ms), and the
    server's own startup_ms from its "listening" log line."""
    with open(log, "wb") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = t0 + 20
            while not healthz_once(port):
                if proc.poll() is not None:
                    raise SystemExit(f"server exited with {proc.returncode} (see {log})")
                if time.perf_counter() > deadline:
                    raise SystemExit("server not healthy after 20 s")
                time.sleep(0.001)
            elapsed = time.perf_counter() - t0
        finally:
            stop(proc)
    m = re.search(rb'"startup_ms":"(\d+)"', open(log, "rb").read())
    print(f"{elapsed:.4f} {m.group(1).decode() if m else '?'}")


def wait_healthy(port, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if healthz_once(port):
            return
        time.sleep(0.005)
    raise SystemExit(f"no healthy server on port {port} after {seconds} s")


class Client:
    """Keep-alive GETs; reconnects when the server closes (it caps requests per connection)."""

    def __init__(self, port):
        self.port = port
        self.conn = None

    def get(self, path):
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=10)
            try:
                self.conn.request("GET", path)
                resp = self.conn.getresponse()
                body = resp.read()
                if resp.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return resp.status, body
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        raise AssertionError


CITIES = [(35.6938, 139.7036), (34.7025, 135.4959), (35.1709, 136.8815), (43.0687, 141.3508),
          (33.5902, 130.4207), (38.2601, 140.8822), (34.3853, 132.4553), (35.4437, 139.6380),
          (26.2124, 127.6809), (36.5613, 136.6562), (37.9162, 139.0364), (34.6913, 135.1830)]
PREFS = ["tokyo", "osaka", "aichi", "hokkaido", "fukuoka", "miyagi", "kanagawa", "okinawa", "tottori", "kyoto"]


def screen_bbox(lat, lng, zoom, w=1280, h=800):
    world = 256 * 2 ** zoom
    cx = (lng + 180) / 360 * world
    r = math.radians(lat)
    cy = (1 - math.log(math.tan(r) + 1 / math.cos(r)) / math.pi) / 2 * world
    lng_at = lambda x: x / world * 360 - 180
    lat_at = lambda y: math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / world))))
    return f"{lng_at(cx - w / 2):.4f},{lat_at(cy + h / 2):.4f},{lng_at(cx + w / 2):.4f},{lat_at(cy - h / 2):.4f}"


def mixed_paths(n, seed, index_assets):
    rng = random.Random(seed)
    paths = []
    for i in range(n):
        lat, lng = rng.choice(CITIES)
        lat += rng.uniform(-0.05, 0.05)
        lng += rng.uniform(-0.05, 0.05)
        k = i % 20
        if k < 7:
            zoom = rng.choice([5, 6, 8, 10, 11, 12, 13, 14])
            paths.append(f"/api/v1/stores/clusters?bbox={screen_bbox(lat, lng, zoom)}&zoom={zoom}")
        elif k < 10:
            paths.append(f"/api/v1/stores?bbox={screen_bbox(lat, lng, 15)}&limit=300")
        elif k < 12:
            paths.append(f"/api/v1/stores?lat={lat:.5f}&lng={lng:.5f}")
        elif k < 13:
            paths.append(f"/api/v1/stores?prefecture={rng.choice(PREFS)}")
        elif k < 15:
            paths.append(f"/api/v1/stores/{rng.randint(1, 1000)}")
        elif k == 15:
            paths.append(rng.choice(["/api/v1/healthz", "/api/v1/config", "/api/v1/initial_data"]))
        elif k == 16:
            paths.append(rng.choice(["/api/v1/prefectures", "/api/v1/stats/summary", "/api/v1/purchases/timeline"]))
        elif k == 17:
            paths.append(f"/api/v1/stores/clusters?bbox={screen_bbox(lat, lng, 11)}&zoom=11&type=card_shop")
        else:
            paths.append(rng.choice(["/", "/map?prefecture=tokyo"] + index_assets))
    return paths


def mixed(port, n, seed):
    c = Client(port)
    _, index = c.get("/")
    assets = re.findall(r'(?:src|href)="(/assets/[^"]+)"', index.decode())
    statuses = {}
    total_bytes = 0
    t0 = time.perf_counter()
    for path in mixed_paths(n, seed, assets):
        status, body = c.get(path)
        statuses[status] = statuses.get(status, 0) + 1
        total_bytes += len(body)
    elapsed = time.perf_counter() - t0
    print(json.dumps({"requests": n, "statuses": statuses, "body_bytes": total_bytes, "seconds": round(elapsed, 3)}))


def find_bbox(port, lat, lng, lo_count, hi_count):
    """Binary search on the half-width of a 1280×800-shaped box around (lat, lng)."""
    c = Client(port)
    aspect = 800 / 1280 * math.cos(math.radians(lat))
    lo, hi = 0.0005, 0.5
    for _ in range(40):
        mid = (lo + hi) / 2
        bbox = f"{lng - mid:.4f},{lat - mid * aspect:.4f},{lng + mid:.4f},{lat + mid * aspect:.4f}"
        status, body = c.get(f"/api/v1/stores?bbox={bbox}&limit=500")
        if status != 200:
            raise SystemExit(f"bbox search: HTTP {status}")
        n = len(json.loads(body)["data"])
        if lo_count <= n <= hi_count:
            print(bbox, n)
            return
        if n < lo_count:
            lo = mid
        else:
            hi = mid
    raise SystemExit("no bbox found")


def rss(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"):
                fields[key] = int(value.split()[0])
    print(json.dumps(fields))


def main(argv):
    cmd = argv[1]
    if cmd == "free-port":
        print(free_port())
    elif cmd == "start-time":
        sep = argv.index("--")
        start_time(int(argv[2]), argv[3], argv[sep + 1:])
    elif cmd == "wait-healthy":
        wait_healthy(int(argv[2]), float(argv[3]))
    elif cmd == "mixed":
        mixed(int(argv[2]), int(argv[3]), int(argv[4]) if len(argv) > 4 else 1)
    elif cmd == "find-bbox":
        find_bbox(int(argv[2]), float(argv[3]), float(argv[4]), int(argv[5]), int(argv[6]))
    elif cmd == "screen-bbox":
        print(screen_bbox(float(argv[2]), float(argv[3]), int(argv[4])))
    elif cmd == "rss":
        rss(int(argv[2]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
