#!/usr/bin/env python3
"""The 抽選情報 list query alone (SQLite, the server's page cache and mmap settings), before and after
naming lotteries_open_by_end: median of 15 runs each. Usage: lottery_query.py DB_FILE (a make_bench_db copy
with add_bench_lotteries run on it)."""
import sqlite3, time, statistics, sys
db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
for p in ["PRAGMA cache_size = -16384", "PRAGMA mmap_size = 16777216", "PRAGMA temp_store = MEMORY"]: db.execute(p)
cols = ("l.id, l.store_id, l.product_id, l.product_name, l.methods, l.apply_start, l.apply_end, l.result_at,"
        " l.purchase_start, l.purchase_end, l.conditions, l.condition_note, l.source_url, l.status, l.author_id,"
        " l.points_awarded, l.reject_reason, l.created_at, l.updated_at, l.reviewed_at, s.name, s.prefecture, s.city, s.lat, s.lng")
now = int(time.time())
base = " WHERE l.status = 'approved' AND l.apply_end > ? AND s.status = 'active'"
cases = [("no filter", "", ()), ("prefecture=tokyo", " AND s.prefecture = ?", ("tokyo",)),
         ("prefecture=tottori", " AND s.prefecture = ?", ("tottori",)),
         ("method=store&loose=1", " AND (l.methods & 1) <> 0 AND (l.conditions & 3) = 0", ()),
         ("product_id=1", " AND l.product_id = ?", (1,))]
for label, extra, args in cases:
    row = [label]
    for frm in (" FROM lotteries AS l JOIN stores AS s ON s.id = l.store_id",
                " FROM lotteries AS l INDEXED BY lotteries_open_by_end JOIN stores AS s ON s.id = l.store_id"):
        sql = "SELECT " + cols + frm + base + extra + " ORDER BY l.apply_end, l.id LIMIT 50"
        times = []
        for i in range(15):
            t = time.perf_counter(); rows = db.execute(sql, (now,) + args).fetchall(); times.append((time.perf_counter() - t) * 1000)
        row.append(f"{statistics.median(times):.2f} ms ({len(rows)} rows)")
    print("| " + " | ".join(row) + " |")
