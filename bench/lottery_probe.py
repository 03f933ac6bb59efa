#!/usr/bin/env python3
"""GET /api/v1/lotteries answer times on a running server, for bench/lottery_bench.sh.

    lottery_probe.py PORT N     prints one Markdown table row per query

Each query is asked N times one after another over keep-alive (Client from http_probe.py):
once with a distinct extra parameter each time (`_=i`, ignored by the handler, so every
request misses the response cache and runs the query), and once with the same URL (the
cached answer). Times are client-side wall clock, request sent → body read.
"""
import json
import statistics
import sys
import time

sys.path.insert(0, __import__("os").path.dirname(__file__))
from http_probe import Client  # noqa: E402

QUERIES = [
    ("no filter (50 soonest)", ""),
    ("prefecture=tokyo", "prefecture=tokyo"),
    ("prefecture=tottori", "prefecture=tottori"),
    ("method=store&loose=1", "method=store&loose=1"),
    ("product_id=1", "product_id=1"),
    ("near Shinjuku, 30 km", "lat=35.6938&lng=139.7036&radius_km=30"),
    ("limit=200", "limit=200"),
]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def timed(client, path):
    t0 = time.perf_counter()
    status, body = client.get(path)
    ms = (time.perf_counter() - t0) * 1000
    if status != 200:
        raise SystemExit(f"{path}: HTTP {status} {body[:200]!r}")
    return ms, body


def main():
    port, n = int(sys.argv[1]), int(sys.argv[2])
    client = Client(port)
    for label, query in QUERIES:
        base = "/api/v1/lotteries" + ("?" + query if query else "")
        sep = "&" if query else "?"
        _, body = timed(client, base)
        rows = len(json.loads(body)["data"])
        miss = [timed(client, f"{base}{sep}_={i}")[0] for i in range(n)]
        hit = [timed(client, base)[0] for _ in range(n)]
        print(f"| {label} | {rows} | {pct(miss, 50):.2f} | {pct(miss, 99):.2f} | {pct(hit, 50):.2f} | "
              f"{pct(hit, 99):.2f} | {len(body)} |")


if __name__ == "__main__":
    main()
