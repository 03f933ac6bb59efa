#!/usr/bin/env python3
"""Map and search answer times on a running server, for bench/postgres_vs_sqlite.sh.

    backend_probe.py cases PORT LOG N WARMUP LABEL   one JSON line per case on stdout
    backend_probe.py table FILE...                   the JSON lines as one Markdown table

Every case is asked WARMUP times, then N times, one after another on one keep-alive
connection, each request with a distinct ignored parameter (`_=…`) so the response cache
never answers and the query runs. The server's own time is taken from its access log
(`duration_ms`: header arrival → end of the answer's write), matched to the request by the
X-Request-Id header; the client's wall clock (request sent → body read) is kept beside it.
The boxes are fixed places (Tokyo station, Tokyo prefecture, Japan), except the city view,
which is searched for (the binary search of http_probe.py find-bbox) so it holds 280–300
stores at any store count. The time of a miss is the answer's time with no cache in front.
"""
import http.client
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from http_probe import HOST, screen_bbox  # noqa: E402

# A slow case stops early: warm-up ends after WARMUP requests or 5 s, measuring after N
# requests or 60 s (at least 30 requests); the table shows the count when it is below N.
WARMUP_SECONDS, CASE_SECONDS, MIN_REQUESTS = 5.0, 60.0, 30
TOKYO = (35.6812, 139.7671)
TOKYO_PREF = "138.94,35.50,139.92,35.90"  # the prefecture's mainland, ~90 km × 45 km
S = "/api/v1/stores"
C = "/api/v1/stores/clusters"


def cases(city):
    z = {zoom: f"{C}?bbox={screen_bbox(*TOKYO, zoom)}&zoom={zoom}" for zoom in (10, 14)}
    z[5] = f"{C}?bbox={screen_bbox(36.5, 137.5, 5)}&zoom=5"
    out = [
        ("bbox city view (~300 stores, limit 300)", f"{S}?bbox={city}&limit=300"),
        ("bbox city view, reported within 24 h", f"{S}?bbox={city}&limit=300&reported_within_hours=24"),
        ("bbox Tokyo prefecture (cut to 300)", f"{S}?bbox={TOKYO_PREF}&limit=300"),
        ("bbox Tokyo prefecture, within 24 h", f"{S}?bbox={TOKYO_PREF}&limit=300&reported_within_hours=24"),
    ]
    for zoom, where in ((5, "Japan"), (10, "Kanto"), (14, "city")):
        out += [
            (f"clusters z{zoom} {where}", z[zoom]),
            (f"clusters z{zoom} {where}, within 24 h", z[zoom] + "&reported_within_hours=24"),
            (f"clusters z{zoom} {where}, type=card_shop", z[zoom] + "&type=card_shop"),
        ]
    out += [
        ("store detail (random id)", f"{S}/{{id}}"),
        ("search common word セブン", f"{S}/search?q=%E3%82%BB%E3%83%96%E3%83%B3"),
        ("search rare word ポケモンセンター",
         f"{S}/search?q=%E3%83%9D%E3%82%B1%E3%83%A2%E3%83%B3%E3%82%BB%E3%83%B3%E3%82%BF%E3%83%BC"),
        ("search 2 characters トレ", f"{S}/search?q=%E3%83%88%E3%83%AC"),
        ("search 1 character 店", f"{S}/search?q=%E5%BA%97"),
        ("search place name 渋谷", f"{S}/search?q=%E6%B8%8B%E8%B0%B7"),
        ("prefectures (home page counts)", "/api/v1/prefectures"),
        ("stats/summary (home page totals)", "/api/v1/stats/summary"),
        ("healthz", "/api/v1/healthz"),
        ("lotteries (50 soonest)", "/api/v1/lotteries"),
    ]
    return out


class Client:
    def __init__(self, port):
        self.port, self.conn = port, None

    def get(self, path):
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            try:
                t0 = time.perf_counter()
                self.conn.request("GET", path)
                resp = self.conn.getresponse()
                body = resp.read()
                ms = (time.perf_counter() - t0) * 1000
                if resp.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                if resp.status != 200:
                    raise SystemExit(f"{path}: HTTP {resp.status} {body[:200]!r}")
                return resp.getheader("X-Request-Id"), ms, body
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        raise AssertionError


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def server_times(log, ids):
    """duration_ms of each request id, from the access log (waits for the last lines)."""
    want, found = set(ids), {}
    for _ in range(50):
        with open(log, "rb") as f:
            for line in f:
                if b'"duration_ms"' not in line:
                    continue
                e = json.loads(line)
                if e.get("request_id") in want:
                    found[e["request_id"]] = e["duration_ms"]
        if len(found) == len(want):
            return [found[i] for i in ids]
        time.sleep(0.1)
    raise SystemExit(f"{len(want) - len(found)} requests missing from {log}")


def find_city_box(client, lat, lng, lo_count=280, hi_count=300):
    aspect = 800 / 1280 * math.cos(math.radians(lat))
    lo, hi = 0.0005, 0.5
    for _ in range(40):
        mid = (lo + hi) / 2
        bbox = f"{lng - mid:.4f},{lat - mid * aspect:.4f},{lng + mid:.4f},{lat + mid * aspect:.4f}"
        n = len(json.loads(client.get(f"{S}?bbox={bbox}&limit=500")[2])["data"])
        if lo_count <= n <= hi_count:
            return bbox
        lo, hi = (mid, hi) if n < lo_count else (lo, mid)
    raise SystemExit("no city box found")


def run_cases(port, log, n, warmup, label):
    client = Client(port)
    stores = json.loads(client.get("/api/v1/healthz")[2])["data"]["stores"]
    city = find_city_box(client, *TOKYO)
    rng = random.Random(1)
    for k, (name, template) in enumerate(cases(city)):
        ids, client_ms, body = [], [], b""
        started, measured_from = time.monotonic(), None
        i = 0
        while len(ids) < n:
            i += 1
            path = template.replace("{id}", str(rng.randint(1, stores)))
            rid, ms, body = client.get(f"{path}{'&' if '?' in path else '?'}_={label}-{k}-{i}")
            if len(ids) >= MIN_REQUESTS and time.monotonic() - measured_from > CASE_SECONDS:
                break  # a slow case: fewer requests, the count is printed
            if i > warmup or (measured_from is None and time.monotonic() - started > WARMUP_SECONDS):
                measured_from = measured_from or time.monotonic()
                ids.append(rid)
                client_ms.append(ms)
        server_ms = server_times(log, ids)
        answer = json.loads(body)
        data = answer["data"] if "data" in answer else answer.get("stores", {})
        rows = len(data) if isinstance(data, list) else \
            f"{len(data['clusters'])}+{len(data['stores'])}" if "clusters" in data else ""
        print(json.dumps({"label": label, "case": name, "n": len(ids), "rows": rows, "bytes": len(body),
                          "p50": pct(server_ms, 50), "p99": pct(server_ms, 99),
                          "client_p50": round(pct(client_ms, 50), 3), "client_p99": round(pct(client_ms, 99), 3),
                          "path": template}), flush=True)


def table(files):
    rows, labels, counts = {}, [], []
    for f in files:
        for line in open(f):
            r = json.loads(line)
            if r["label"] not in labels:
                labels.append(r["label"])
            rows.setdefault(r["case"], {})[r["label"]] = r
            counts.append(r["n"])
    n = max(set(counts), key=counts.count)  # the requests asked for: most cases have them
    print("| case | " + " | ".join(f"{lb} p50 / p99 ms" for lb in labels) + " |")
    print("|---|" + "---:|" * len(labels))
    for case, by in rows.items():
        cells = [f"{by[lb]['p50']:.2f} / {by[lb]['p99']:.2f}" + (f" (n={by[lb]['n']})" if by[lb]["n"] < n else "")
                 if lb in by else "–" for lb in labels]
        print(f"| {case} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["cases"]:
        run_cases(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    elif sys.argv[1:2] == ["table"]:
        table(sys.argv[2:])
    else:
        raise SystemExit(__doc__)
