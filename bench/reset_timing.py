#!/usr/bin/env python3
"""Password-reset and sign-up answer times for a known and an unknown address,
against a Release server on loopback (hostile_load.py's Server and account()).

  reset_timing.py SERVER_BIN WORKDIR [ROUNDS]

Prints one Markdown table row per case: median and p90 over ROUNDS (default 200)
requests, each on a fresh connection. Rate limits are lifted for the run.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_load as hl  # noqa: E402


def timed(port, path, body):
    t0 = time.perf_counter()
    status, _, _ = hl.post_json(port, path, body)
    return status, (time.perf_counter() - t0) * 1000


def row(name, samples, statuses):
    samples.sort()
    p90 = samples[int(len(samples) * 0.9) - 1]
    return f"| {name} | {statistics.median(samples):.2f} ms | {p90:.2f} ms | {sorted(set(statuses))} |"


def main():
    binary, work = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    limits = hl.UNLIMITED + f",reset_ip={hl.BIG}/1,reset_account={hl.BIG}/1"
    server = hl.Server(binary, work, rate_limits=limits)
    try:
        hl.account(server, "known@example.com")
        print("| request | median | p90 | statuses |\n|---|---|---|---|")
        cases = [("reset, known address", lambda i: "known@example.com"),
                 ("reset, unknown address", lambda i: f"ghost{i}@example.com")]
        for name, email in cases:
            out = [timed(server.port, "/api/v1/auth/password-reset", {"email": email(i)}) for i in range(rounds)]
            print(row(name, [ms for _, ms in out], [s for s, _ in out]), flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
